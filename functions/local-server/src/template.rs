//! Reads the HTTP routes out of the SAM template.

use serde_norway::Value;

/// The template, compiled in: the local server always matches the
/// template of the same commit.
pub const TEMPLATE: &str = include_str!("../../../template.yaml");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateRoute {
    /// The function's binary name: the `<family>` of its
    /// `CodeUri: target/lambda/<family>/bootstrap.zip` (`make package`).
    pub family: String,
    pub method: String,
    pub path: String,
}

/// The HTTP API's route of every CORS preflight (`OPTIONS /{proxy+}`).
pub const PREFLIGHT_PATH: &str = "/{proxy+}";

impl TemplateRoute {
    /// A CORS preflight: `OPTIONS /{proxy+}` on the HTTP API, or `OPTIONS`
    /// of the one path of the chat's REST API. A family's shared stack
    /// answers every preflight whatever the path (`shared::http::stack`), so
    /// no route table lists them.
    pub fn is_preflight(&self) -> bool {
        self.method == "OPTIONS"
    }
}

pub fn template_routes() -> Result<Vec<TemplateRoute>, String> {
    parse_routes(TEMPLATE)
}

/// The family of every `AWS::Serverless::Function` in the template, in
/// order (with or without routes; a family may have more than one function,
/// as the chat has its streaming one).
pub fn parse_functions(text: &str) -> Result<Vec<String>, String> {
    let template: Value = serde_norway::from_str(text).map_err(|e| e.to_string())?;
    let resources = template.get("Resources").and_then(Value::as_mapping).ok_or("no Resources")?;
    resources
        .iter()
        .filter(|(_, resource)| resource.get("Type").and_then(Value::as_str) == Some("AWS::Serverless::Function"))
        .map(|(name, resource)| {
            resource
                .get("Properties")
                .and_then(|p| p.get("CodeUri"))
                .and_then(Value::as_str)
                .and_then(family_of_package)
                .map(str::to_owned)
                .ok_or_else(|| format!("{}: CodeUri is not target/lambda/<family>/bootstrap.zip", name.as_str().unwrap_or("?")))
        })
        .collect()
}

pub fn parse_routes(text: &str) -> Result<Vec<TemplateRoute>, String> {
    let template: Value = serde_norway::from_str(text).map_err(|e| e.to_string())?;
    let resources = template.get("Resources").and_then(Value::as_mapping).ok_or("no Resources")?;
    let mut routes = Vec::new();
    for (name, resource) in resources {
        if resource.get("Type").and_then(Value::as_str) != Some("AWS::Serverless::Function") {
            continue;
        }
        let name = name.as_str().unwrap_or("?");
        let family = resource
            .get("Properties")
            .and_then(|p| p.get("CodeUri"))
            .and_then(Value::as_str)
            .and_then(family_of_package)
            .ok_or_else(|| format!("{name}: CodeUri is not target/lambda/<family>/bootstrap.zip"))?;
        let Some(events) = resource.get("Properties").and_then(|p| p.get("Events")).and_then(Value::as_mapping) else { continue };
        for (event_name, event) in events {
            // The HTTP API's routes and the REST API's (the chat's
            // streaming door): both are the API's.
            if !matches!(event.get("Type").and_then(Value::as_str), Some("HttpApi" | "Api")) {
                continue;
            }
            let properties = event.get("Properties").ok_or_else(|| format!("{name}.{event_name:?}: no Properties"))?;
            let method = properties.get("Method").and_then(Value::as_str).ok_or_else(|| format!("{name}.{event_name:?}: no Method"))?;
            let path = properties.get("Path").and_then(Value::as_str).ok_or_else(|| format!("{name}.{event_name:?}: no Path"))?;
            routes.push(TemplateRoute { family: family.to_owned(), method: method.to_uppercase(), path: path.to_owned() });
        }
    }
    Ok(routes)
}

/// `target/lambda/<family>/bootstrap.zip` -> `<family>`: where `make package`
/// (cargo lambda) leaves each binary's zip.
pub fn family_of_package(code_uri: &str) -> Option<&str> {
    code_uri.strip_prefix("target/lambda/")?.strip_suffix("/bootstrap.zip").filter(|f| !f.is_empty() && !f.contains('/'))
}
