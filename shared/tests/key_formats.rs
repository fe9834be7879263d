//! Every partition and sort key of the table is spelled in one module,
//! `shared/src/repo/schema.rs`: a key prefix (`"WIDGET#"`, `"RATE#…"`)
//! written as a literal anywhere else in the service's code fails here. Test
//! code may spell keys to check them.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            if !matches!(path.file_name().and_then(|n| n.to_str()), Some("target" | "tests" | "benches" | "examples")) {
                rust_files(&path, found);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// A string literal starting with three or more capitals and `#`.
fn key_literals(source: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    // Test modules sit at the end of a file: stop there.
    for (number, line) in source.lines().enumerate().take_while(|(_, line)| !line.trim_start().starts_with("#[cfg(test)]")) {
        if line.trim_start().starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find('"') {
            let literal = &rest[at + 1..];
            let capitals = literal.chars().take_while(|c| c.is_ascii_uppercase()).count();
            if capitals >= 3 && literal[capitals..].starts_with('#') {
                found.push((number + 1, line.trim().to_owned()));
            }
            rest = &rest[at + 1..];
        }
    }
    found
}

#[test]
fn table_keys_are_built_in_the_schema_module_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&root.join("shared/src"), &mut files);
    rust_files(&root.join("functions"), &mut files);
    assert!(files.len() > 50, "the sources were not found");
    let schema = root.join("shared/src/repo/schema.rs").canonicalize().expect("schema.rs");
    let mut elsewhere = Vec::new();
    for file in files {
        if file.canonicalize().expect("path") == schema {
            continue;
        }
        let source = std::fs::read_to_string(&file).expect("readable source");
        for (line, text) in key_literals(&source) {
            elsewhere.push(format!("{}:{line}: {text}", file.display()));
        }
    }
    assert!(elsewhere.is_empty(), "table keys spelled outside repo/schema.rs:\n{}", elsewhere.join("\n"));
}

#[test]
fn the_check_finds_a_key_literal() {
    assert_eq!(key_literals("let pk = format!(\"WIDGET#{id}\");").len(), 1);
    assert!(key_literals("// \"WIDGET#\" in a comment").is_empty());
    assert!(key_literals("let x = \"a#b\"; let y = \"#[cfg]\";").is_empty());
}
