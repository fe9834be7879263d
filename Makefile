# Two commands do all the set-up on a fresh machine:
#   make run    the whole API on 127.0.0.1:$(PORT), embedded storage in $(DATA_DIR)
#   make test   every test (starts and stops its own moto server for DynamoDB/S3)

PORT ?= 3000
DATA_DIR ?= ./.data
export PORT DATA_DIR

.PHONY: run test check-core lint check-template bench load load-image package build deploy load-content sam-local clean

run:
	cargo build --release -p local-server
	STORAGE_BACKEND=embedded ./target/release/local-server serve

test:
	bash infra/run-tests.sh

# The pure core must build without HTTP and AWS: a leak of either breaks this.
check-core:
	cargo check -p shared --no-default-features

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings

bench:
	cargo bench -p shared --bench natal

# Load run against a local server (see docs/benchmarks.md).
load:
	bash infra/load.sh

# cfn-lint on template.yaml and on its SAM expansion (also part of `make test`).
check-template:
	bash infra/check-template.sh

# Fresh chart image renders (GET /api/chart/image.svg) against a local server.
load-image:
	bash infra/load.sh image

# One Lambda zip per function, where template.yaml's CodeUri points
# (target/lambda/<family>/bootstrap.zip), for the architecture the template's
# Globals state. cargo-lambda and zig come from a pinned virtualenv under
# .test-run/ (see docs/deploy.md).
package:
	bash infra/package.sh

build: package

# `sam local start-api` on this template's packaged functions, offline: built
# for this machine (target/lambda-<arch>/ when template.yaml states another
# architecture), storage on a moto container, random secrets for the run, a
# fresh organization and API key printed. Port $(SAM_PORT); Ctrl-C stops
# everything it started. Needs root and a container engine (Debian's docker.io
# is installed and started if none answers). See README "sam local".
SAM_PORT ?= 3300
sam-local:
	SAM_PORT=$(SAM_PORT) bash infra/sam-local.sh

# Uploads the zips of `make package` and deploys the stack (SAM CLI and AWS
# credentials needed; see docs/deploy.md). No `sam build`: the zips are built.
deploy: package
	sam deploy --guided
	@echo "Then load the interpretation corpus into the table: make load-content TABLE_NAME=<table> BUCKET_NAME=<bucket> URL_SIGNING_SECRET_ARN=<arn>"

# The base interpretation corpus into DynamoDB (once per corpus version).
load-content:
	STORAGE_BACKEND=aws cargo run --release -p local-server -- load-content

clean:
	cargo clean
	rm -rf .test-run
