#!/usr/bin/env python3
"""Expands template.yaml's SAM transform offline, as CloudFormation would.

  python infra/expand_template.py template.yaml out.json

Runs the same library CloudFormation's AWS::Serverless transform runs
(aws-sam-translator), with no AWS call: the managed-policy map, which the
translator would otherwise list from IAM, is a stub naming the one AWS
managed policy SAM attaches itself, and any attempt to reach AWS fails the run.
The expanded template is then linted like any plain CloudFormation template
(infra/check-template.sh), which catches what linting the SAM form cannot
see (circular dependencies through the generated API, roles, permissions).
"""
import json
import os
import sys

# Offline: a region for the ARNs the translator writes, fake credentials, and
# no instance-metadata look-ups.
os.environ.setdefault("AWS_DEFAULT_REGION", "eu-west-1")
os.environ["AWS_ACCESS_KEY_ID"] = "offline"
os.environ["AWS_SECRET_ACCESS_KEY"] = "offline"
os.environ["AWS_EC2_METADATA_DISABLED"] = "true"

import botocore.endpoint  # noqa: E402
from cfnlint.decode import decode  # noqa: E402  (reads !Ref, !Sub, ... tags)
from samtranslator.translator.transform import transform  # noqa: E402


def _no_network(*_args, **_kwargs):
    raise SystemExit("expand_template: the SAM translator tried to call AWS")


botocore.endpoint.Endpoint._send = _no_network


class ManagedPolicies:
    """The policy map the translator asks for (name -> ARN), without IAM."""

    def load(self):
        return {"AWSLambdaBasicExecutionRole": "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"}


def as_packaged(template):
    """What `sam package`/`sam deploy` hands CloudFormation: each local
    CodeUri (a zip of `make package`) replaced by the S3 object it uploads."""
    for name, resource in template.get("Resources", {}).items():
        if resource.get("Type") != "AWS::Serverless::Function":
            continue
        code = resource.get("Properties", {}).get("CodeUri")
        if isinstance(code, str) and not code.startswith("s3://"):
            if not code.endswith(".zip"):
                raise SystemExit(f"{name}: CodeUri {code} is not a package zip of `make package`")
            resource["Properties"]["CodeUri"] = f"s3://deployment-artifacts/{code}"


def main():
    source, target = sys.argv[1], sys.argv[2]
    template, problems = decode(source)
    if problems:
        for problem in problems:
            print(problem, file=sys.stderr)
        raise SystemExit(f"{source}: cannot be read")
    as_packaged(template)
    expanded = transform(template, {}, ManagedPolicies())
    with open(target, "w") as out:
        json.dump(expanded, out, indent=1, default=str)
    print(f"{source}: expanded to {target} ({len(expanded.get('Resources', {}))} resources)")


if __name__ == "__main__":
    main()
