#!/usr/bin/env python3
"""The documents that cannot drift (issue 31): checks that docs/openapi.yaml,
README.md, Cargo.toml and LICENSE agree with each other, with template.yaml
and with the code's error-code table. Run by infra/check-docs.sh in its own
virtualenv; exits 1 naming every disagreement, 0 when there is none.

  examples   every `example`/`examples` of the OpenAPI document (schemas,
             media types, parameters, headers) validates against its schema,
             as JSON Schema 2020-12 (what OpenAPI 3.1 schemas are), $ref
             resolved in the document
  codes      ErrorObject.code's enum is the table of shared/src/http/codes.rs
  families   info.description's "Families." paragraph names the families
             template.yaml packages (CodeUri target/lambda/<family>/...)
  licence    one licence in Cargo.toml, README.md, info.license and LICENSE
  readme     README.md's function count, family list and endpoint table
             are template.yaml's functions, families and routes

usage: check-docs.py [--only NAME[,NAME]] [--write]
"""

import argparse
import hashlib
import re
import sys
import tomllib
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = Path(__file__).resolve().parent.parent
OPENAPI = ROOT / "docs/openapi.yaml"
TEMPLATE = ROOT / "template.yaml"
README = ROOT / "README.md"
CODES = ROOT / "shared/src/http/codes.rs"

# The one licence. The Swiss Ephemeris is AGPL-3.0 unless a professional
# licence is bought, and the service links it: the whole is AGPL-3.0-only.
SPDX = "AGPL-3.0-only"
SPDX_NAME = "GNU Affero General Public License v3.0 only"
# LICENSE is the SPDX licence-list text of AGPL-3.0-only (npm
# spdx-license-list 6.12.0, licenses/AGPL-3.0-only.json, tarball sha1
# 20b9ae77c3410ad08720bcd5cf562e9d4eeebadb as the registry states it).
LICENSE_SHA256 = "d8a6cc31abc16b6748c7a21f21611f5a1ec33f67d22ca23d7da1c19b95496bee"

CHECKS = {"examples", "codes", "families", "licence", "readme"}
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# Keywords whose value is a schema, a list of schemas or a map of them:
# everything else in a schema is data (a property named `example` included).
SUBSCHEMA = ("additionalProperties", "items", "not", "if", "then", "else", "contains",
             "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema")
SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
SUBSCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")


def pointer(parts):
    return "#/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def load_yaml(path):
    # template.yaml's CloudFormation tags (!Ref, !Sub, ...) read as plain data.
    class Loader(yaml.SafeLoader):
        pass

    def any_tag(loader, suffix, node):
        if isinstance(node, yaml.MappingNode):
            return loader.construct_mapping(node)
        if isinstance(node, yaml.SequenceNode):
            return loader.construct_sequence(node)
        return loader.construct_scalar(node)

    Loader.add_multi_constructor("!", any_tag)
    return yaml.load(path.read_text(), Loader=Loader)


def check_examples(spec):
    """Every example against its schema; returns (checked, failures)."""
    registry = Registry().with_resource("urn:openapi", Resource.from_contents(spec, default_specification=DRAFT202012))
    checker = FormatChecker()
    failures = []
    checked = 0
    seen = set()

    def resolve(node, parts):
        # A `$ref` to a component (parameter, example, response, ...): the
        # component's own place, so one shared by many is checked once.
        while isinstance(node, dict) and "$ref" in node and node["$ref"].startswith("#/"):
            parts = [p.replace("~1", "/").replace("~0", "~") for p in node["$ref"][2:].split("/")]
            node = spec
            for p in parts:
                node = node[p]
        return node, list(parts)

    def validate(instance, schema_parts, where):
        nonlocal checked
        checked += 1
        validator = Draft202012Validator({"$ref": "urn:openapi" + pointer(schema_parts)}, registry=registry,
                                         format_checker=checker)
        errors = list(validator.iter_errors(instance))
        for error in errors:
            # Under a oneOf/anyOf the top error only says no branch matched:
            # the nearest branch's own error is the one to read.
            while error.context:
                error = best_match(error.context)
            at = "/" + "/".join(str(p) for p in error.absolute_path)
            failures.append(f"{where}: at {at}: {error.message[:300]}")

    def walk_schema(schema, parts):
        if not isinstance(schema, dict):
            return
        key = tuple(parts)
        if key in seen:
            return
        seen.add(key)
        where = pointer(parts)
        if "example" in schema:
            validate(schema["example"], parts, f"{where}/example")
        if isinstance(schema.get("examples"), list):
            for i, example in enumerate(schema["examples"]):
                validate(example, parts, f"{where}/examples/{i}")
        for word in SUBSCHEMA:
            if isinstance(schema.get(word), dict):
                walk_schema(schema[word], parts + [word])
        for word in SUBSCHEMA_LISTS:
            for i, sub in enumerate(schema.get(word) or []):
                walk_schema(sub, parts + [word, i])
        for word in SUBSCHEMA_MAPS:
            for name, sub in (schema.get(word) or {}).items():
                walk_schema(sub, parts + [word, name])

    def walk_examples_of(holder, parts, schema_parts):
        """`example` and the `examples` map of a media type, parameter or header."""
        where = pointer(parts)
        if "example" in holder:
            validate(holder["example"], schema_parts, f"{where}/example")
        for name, example in (holder.get("examples") or {}).items():
            example, example_parts = resolve(example, parts + ["examples", name])
            if "value" in example:
                validate(example["value"], schema_parts, f"{where}/examples/{name}")

    def walk_content(content, parts):
        for media, holder in (content or {}).items():
            if "schema" not in holder:
                continue
            schema_parts = parts + [media, "schema"]
            walk_schema(*resolve(holder["schema"], schema_parts))
            walk_examples_of(holder, parts + [media], schema_parts)

    def walk_parameter(parameter, parts):
        parameter, parts = resolve(parameter, parts)
        key = ("parameter",) + tuple(parts)
        if key in seen:
            return
        seen.add(key)
        if "schema" in parameter:
            walk_schema(*resolve(parameter["schema"], parts + ["schema"]))
            walk_examples_of(parameter, parts, parts + ["schema"])
        walk_content(parameter.get("content"), parts + ["content"])

    def walk_response(response, parts):
        response, parts = resolve(response, parts)
        walk_content(response.get("content"), parts + ["content"])
        for name, header in (response.get("headers") or {}).items():
            walk_parameter(header, parts + ["headers", name])

    for path, item in (spec.get("paths") or {}).items():
        base = ["paths", path]
        for i, parameter in enumerate(item.get("parameters") or []):
            walk_parameter(parameter, base + ["parameters", i])
        for method in HTTP_METHODS:
            operation = item.get(method)
            if not operation:
                continue
            op = base + [method]
            for i, parameter in enumerate(operation.get("parameters") or []):
                walk_parameter(parameter, op + ["parameters", i])
            if "requestBody" in operation:
                body, body_parts = resolve(operation["requestBody"], op + ["requestBody"])
                walk_content(body.get("content"), body_parts + ["content"])
            for status, response in (operation.get("responses") or {}).items():
                walk_response(response, op + ["responses", status])
    components = spec.get("components") or {}
    for name, schema in (components.get("schemas") or {}).items():
        walk_schema(schema, ["components", "schemas", name])
    for name, parameter in (components.get("parameters") or {}).items():
        walk_parameter(parameter, ["components", "parameters", name])
    for name, header in (components.get("headers") or {}).items():
        walk_parameter(header, ["components", "headers", name])
    for name, response in (components.get("responses") or {}).items():
        walk_response(response, ["components", "responses", name])
    for name, body in (components.get("requestBodies") or {}).items():
        walk_content(body.get("content"), ["components", "requestBodies", name, "content"])
    return checked, failures


def template_functions(template):
    """[(logical id, family, [(method, path)])] in template.yaml's order.

    A function's family is its package, `target/lambda/<family>/bootstrap.zip`
    (the chat package serves two functions). Routes are its HttpApi and Api
    events; a function without any (edge metering) has none."""
    functions = []
    for name, resource in template["Resources"].items():
        if resource.get("Type") != "AWS::Serverless::Function":
            continue
        properties = resource["Properties"]
        match = re.fullmatch(r"target/lambda/([a-z0-9-]+)/bootstrap\.zip", str(properties.get("CodeUri")))
        if not match:
            raise SystemExit(f"check-docs: {name}'s CodeUri is not target/lambda/<family>/bootstrap.zip")
        routes = []
        for event in (properties.get("Events") or {}).values():
            route = event.get("Properties") or {}
            if event.get("Type") in ("HttpApi", "Api") and "Path" in route:
                routes.append((route["Method"].upper(), route["Path"]))
        functions.append((name, match.group(1), routes))
    return functions


def families_of(functions):
    return list(dict.fromkeys(family for _, family, _ in functions))


def check_codes(spec):
    # The code table is the `codes!` macro's rows: `Variant = "id", status, "title";`.
    table = re.findall(r'^\s*[A-Z][A-Za-z]* = "([a-z_]+)", \d{3}, "', CODES.read_text(), re.M)
    listed = spec["components"]["schemas"]["ErrorObject"]["properties"]["code"]["enum"]
    failures = []
    if not table:
        failures.append(f"no code rows found in {CODES.relative_to(ROOT)}")
    for code in sorted(set(table) - set(listed)):
        failures.append(f"ErrorObject.code's enum lacks `{code}` ({CODES.relative_to(ROOT)} has it)")
    for code in sorted(set(listed) - set(table)):
        failures.append(f"ErrorObject.code's enum lists `{code}`, which {CODES.relative_to(ROOT)} does not have")
    for code in sorted({c for c in listed if listed.count(c) > 1}):
        failures.append(f"ErrorObject.code's enum lists `{code}` more than once")
    return len(table), failures


def check_families(spec, functions):
    families = families_of(functions)
    description = spec["info"].get("description", "")
    # The paragraph "**Families.** ..." names them, each in backticks.
    match = re.search(r"\*\*Families\.\*\*(.*?)(?:\n\s*\n|\Z)", description, re.S)
    if not match:
        return families, [f"info.description has no **Families.** paragraph naming {families}"]
    named = re.findall(r"`([a-z0-9-]+)`", match.group(1))
    failures = [f"info.description's **Families.** paragraph lacks `{family}` (template.yaml packages it)"
                for family in families if family not in named]
    failures += [f"info.description's **Families.** paragraph names `{family}`, which template.yaml does not package"
                 for family in dict.fromkeys(named) if family not in families]
    return families, failures


def check_licence(spec):
    failures = []
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text())
    cargo_licence = cargo.get("workspace", {}).get("package", {}).get("license")
    if cargo_licence != SPDX:
        failures.append(f"Cargo.toml [workspace.package] license is {cargo_licence!r}, not {SPDX!r}")
    for manifest in sorted(ROOT.glob("*/**/Cargo.toml")):
        # vendor/: third-party crates keep their own manifests (the Swiss
        # Ephemeris crate says AGPL-3.0, the deprecated id of the same licence).
        if "target" in manifest.parts or ".test-run" in manifest.parts or manifest.parts[len(ROOT.parts)] == "vendor":
            continue
        package = tomllib.loads(manifest.read_text()).get("package", {})
        if "license" in package and package["license"] != {"workspace": True} and package["license"] != SPDX:
            failures.append(f"{manifest.relative_to(ROOT)} license is {package['license']!r}, not {SPDX!r}")
    licence = spec["info"].get("license") or {}
    if licence.get("identifier") != SPDX or licence.get("name") != SPDX_NAME:
        failures.append(f"docs/openapi.yaml info.license is {licence!r}, not {SPDX_NAME!r} ({SPDX})")
    licence_file = ROOT / "LICENSE"
    if not licence_file.exists():
        failures.append("no LICENSE file")
    elif hashlib.sha256(licence_file.read_bytes()).hexdigest() != LICENSE_SHA256:
        failures.append("LICENSE is not the AGPL-3.0 text (SPDX licence list, sha256 " + LICENSE_SHA256[:12] + "...)")
    section = re.search(r"^## Licence\n(.*?)(?=^## |\Z)", README.read_text(), re.M | re.S)
    if not section:
        failures.append("README.md has no '## Licence' section")
    else:
        text = " ".join(section.group(1).split())
        for needed in (SPDX, "LICENSE", "Swiss Ephemeris", "professional licence", "Astrodienst"):
            if needed not in text:
                failures.append(f"README.md's Licence section does not say {needed!r}")
        # The data's own licences (GeoNames CC BY, OpenStreetMap ODbL) are
        # named there too; only another licence for the code is a drift.
        for other in re.findall(r"\b(Proprietary|MIT|Apache[- ][\d.]+|BSD|L?GPL-\d[\d.]*\S*|AGPL-3\.0-or-later)", text):
            failures.append(f"README.md's Licence section names another licence for the code: {other!r}")
    for document in (OPENAPI, README, ROOT / "docs/api.md"):
        if re.search(r"\bProprietary\b", document.read_text()):
            failures.append(f"{document.relative_to(ROOT)} still says 'Proprietary'")
    return failures


TABLE_START = "<!-- endpoint table: template.yaml's functions and routes, written by `infra/check-docs.py --write`; `make check-docs` fails when they differ -->"
TABLE_END = "<!-- end of the endpoint table -->"
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14}


def credentials(spec, method, path):
    """Who may call a route, in the README's words, from the operation's
    `security` in docs/openapi.yaml."""
    if path == "/mcp":
        # A protocol of its own, described by its tool list (docs/mcp.md).
        return "API key (`X-Api-Key` or `Authorization: Bearer`; MCP, docs/mcp.md)"
    operation = ((spec.get("paths") or {}).get(path) or {}).get(method.lower())
    if operation is None:
        return "none (CORS preflight)" if method == "OPTIONS" else "not in docs/openapi.yaml"
    security = operation.get("security", spec.get("security", []))
    if not security:
        # The signed-link routes carry their credential in a `token` query parameter.
        names = [p.get("name") or p.get("$ref", "").rsplit("/", 1)[-1] for p in operation.get("parameters") or []]
        return "the link's token" if any(n == "token" or n.endswith("Token") for n in names) else "none"
    words = {"ApiKey": "API key", "Bearer": "bearer token", "KeyManagerKey": "API key with `keys:write`"}
    return " or ".join(" and ".join(words.get(name, name) for name in requirement) for requirement in security)


def endpoint_table(spec, template, functions):
    families = families_of(functions)
    lines = [
        TABLE_START,
        "",
        f"`template.yaml` declares {len(functions)} functions in {len(families)} families (a family is a package,"
        " `target/lambda/<family>/bootstrap.zip`; one package may serve more than one function). Their routes, with"
        " the credentials `docs/openapi.yaml` gives each:",
        "",
        "| Family | Function | Credentials | Routes |",
        "|---|---|---|---|",
    ]
    for name, family, routes in functions:
        if not routes:
            condition = template["Resources"][name].get("Condition")
            note = f"no route (deployed only when `{condition}`)" if condition else "no route"
            lines.append(f"| {family} | `{name}` | | {note} |")
            continue
        groups = {}
        for method, path in routes:
            groups.setdefault(credentials(spec, method, path), []).append(f"`{method} {path}`")
        for who, listed in groups.items():
            lines.append(f"| {family} | `{name}` | {who} | {', '.join(listed)} |")
    lines += ["", TABLE_END]
    return "\n".join(lines)


def check_readme(spec, template, functions, write):
    text = README.read_text()
    failures = []
    table = endpoint_table(spec, template, functions)
    start, end = text.find(TABLE_START), text.find(TABLE_END)
    if start < 0 or end < start:
        if not write:
            failures.append("README.md has no endpoint table generated from template.yaml (infra/check-docs.py --write)")
    elif text[start:end + len(TABLE_END)] != table:
        if write:
            text = text[:start] + table + text[end + len(TABLE_END):]
            README.write_text(text)
        else:
            failures.append("README.md's endpoint table is not template.yaml's functions and routes"
                            " (infra/check-docs.py --write rewrites it)")
    flat = " ".join(text.split())
    for number in re.findall(r"\b(\d+|" + "|".join(NUMBER_WORDS) + r") (?:Lambda )?functions\b", flat, re.I):
        value = int(number) if number.isdigit() else NUMBER_WORDS[number.lower()]
        if value != len(functions):
            failures.append(f"README.md says '{number} functions'; template.yaml declares {len(functions)}")
    families = families_of(functions)
    listing = re.search(r"one Lambda binary per family: ([a-z0-9, -]+?);", flat)
    if not listing:
        failures.append("README.md's layout no longer lists the families ('one Lambda binary per family: ...;')")
    else:
        named = [f.strip() for f in listing.group(1).split(",")]
        if named != families:
            failures.append(f"README.md's layout lists the families {named}; template.yaml packages {families}")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="comma-separated checks: examples, codes, families, licence, readme")
    parser.add_argument("--write", action="store_true",
                        help="rewrite README.md's endpoint table from template.yaml, then check")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    # A misspelt name would otherwise check nothing and pass.
    if only and only - CHECKS:
        parser.error(f"no check named {', '.join(sorted(only - CHECKS))} (checks: {', '.join(sorted(CHECKS))})")
    spec = load_yaml(OPENAPI)
    problems = 0

    def report(name, failures, passed):
        nonlocal problems
        if failures:
            problems += len(failures)
            print(f"check-docs {name}: {len(failures)} problem(s)")
            for failure in failures:
                print(f"  {failure}")
        else:
            print(f"check-docs {name}: {passed}")

    if not only or "examples" in only:
        checked, failures = check_examples(spec)
        failing = len({failure.split(": at ")[0] for failure in failures})
        if failures:
            print(f"check-docs examples: {failing} of {checked} examples of docs/openapi.yaml break their schemas")
        report("examples", failures, f"all {checked} examples of docs/openapi.yaml validate against their schemas")
    template = load_yaml(TEMPLATE)
    functions = template_functions(template)
    if not only or "codes" in only:
        count, failures = check_codes(spec)
        report("codes", failures, f"ErrorObject.code's enum is the {count} codes of shared/src/http/codes.rs")
    if not only or "families" in only:
        families, failures = check_families(spec, functions)
        report("families", failures, f"info.description names the {len(families)} families of template.yaml")
    if not only or "licence" in only:
        report("licence", check_licence(spec), f"{SPDX} in Cargo.toml, README.md, info.license and LICENSE")
    if not only or "readme" in only:
        failures = check_readme(spec, template, functions, args.write)
        report("readme", failures, f"README.md's count, families and endpoint table are template.yaml's"
               f" {len(functions)} functions")
    if problems:
        print(f"check-docs: {problems} problem(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
