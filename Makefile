# Two commands do all the set-up on a fresh machine:
#   make run    the whole API on 127.0.0.1:$(PORT), embedded storage in $(DATA_DIR)
#   make test   every test (starts and stops its own moto server for DynamoDB/S3)

PORT ?= 3000
DATA_DIR ?= ./.data
export PORT DATA_DIR

.PHONY: run test check-core lint bench load load-image build deploy load-content clean

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

# Fresh chart image renders (GET /api/chart/image.svg) against a local server.
load-image:
	bash infra/load.sh image

# Lambda artifacts (needs cargo-lambda: `pip install cargo-lambda` or `cargo install cargo-lambda`).
build:
	cargo lambda build --release --arm64 --workspace --exclude local-server --exclude api-tests

deploy: build
	sam deploy --guided
	@echo "Then load the interpretation corpus into the table: make load-content TABLE_NAME=<table> BUCKET_NAME=<bucket> URL_SIGNING_SECRET=<secret>"

# The base interpretation corpus into DynamoDB (once per corpus version).
load-content:
	STORAGE_BACKEND=aws cargo run --release -p local-server -- load-content

clean:
	cargo clean
	rm -rf .test-run
