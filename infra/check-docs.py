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

usage: check-docs.py [--only NAME[,NAME]]
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
# LICENSE is the SPDX licence-list text of AGPL-3.0-only (npm
# spdx-license-list 6.12.0, licenses/AGPL-3.0-only.json, tarball sha1
# 20b9ae77c3410ad08720bcd5cf562e9d4eeebadb as the registry states it).
LICENSE_SHA256 = "d8a6cc31abc16b6748c7a21f21611f5a1ec33f67d22ca23d7da1c19b95496bee"

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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="comma-separated checks: examples, codes, families, licence, readme")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
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
        report("examples", failures, f"all {checked} examples of docs/openapi.yaml validate against their schemas")
    if problems:
        print(f"check-docs: {problems} problem(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
