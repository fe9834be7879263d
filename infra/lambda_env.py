"""The environment AWS Lambda gives a function process, for the scripts that
play the Lambda Runtime API on this machine (infra/lambda_start.py,
infra/edge_metering_check.py, infra/chat_lambda_check.py): one place, so
the emulations cannot drift apart.

AWS is reached nowhere unless a script says where (`AWS_ENDPOINT_URL`
defaults to a closed port: a stray call fails at once instead of reaching
out); the credentials are placeholders.
"""
import os


def lambda_environment(runtime_api_port, function_name, region="eu-west-1", **settings):
    """Lambda's variables for `function_name` polling the Runtime API on
    127.0.0.1:`runtime_api_port`, with PATH, then the function's own
    `settings` (as template.yaml would give them) on top."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "AWS_LAMBDA_RUNTIME_API": f"127.0.0.1:{runtime_api_port}",
        "AWS_LAMBDA_FUNCTION_NAME": function_name,
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "512",
        "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
        "AWS_LAMBDA_LOG_GROUP_NAME": f"/aws/lambda/{function_name}",
        "AWS_LAMBDA_LOG_STREAM_NAME": "local",
        "AWS_REGION": region,
        "AWS_DEFAULT_REGION": region,
        "AWS_ACCESS_KEY_ID": "test",
        "AWS_SECRET_ACCESS_KEY": "test",
        "AWS_SESSION_TOKEN": "test",
        "AWS_ENDPOINT_URL": "http://127.0.0.1:9",
    }
    env.update({name: str(value) for name, value in settings.items()})
    return env
