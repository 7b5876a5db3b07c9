# ratebook: the period-end run and its helpers.
# One build profile (dev, with optimised dependencies) serves the binary and the tests.

CARGO ?= cargo
# Not --quiet: the first build takes minutes, and cargo's progress shows it is working.
RATEBOOK = $(CARGO) run --bin ratebook --

.PHONY: period next check test sample template build bench fmt screenshots

SAMPLE = generate --out data --players 3000 --events 150 --seed 1993 --periods 4

## Publish the period from data/ into output/ (booklet.pdf, ratings.xlsx, players.xlsx, site/, …).
period: data/record.sqlite
	$(RATEBOOK) period --data data --out output

# The shipped sample's rating record (its four periods), made on the first run
# of a fresh clone rather than committed (it is 12 MB, most of it the reports
# kept for rerate). It is made only while data/ is the sample exactly as
# shipped (git says so): never over a federation's own data, which starts its
# record with its first publication.
data/record.sqlite:
	@if git diff --quiet -- data 2>/dev/null && git ls-files --error-unmatch data/period.toml >/dev/null 2>&1; then \
	  echo "first run of the sample: building ratebook (a few minutes the first time), then recording its four periods into data/record.sqlite"; \
	  $(RATEBOOK) $(SAMPLE) && \
	  echo "the sample's periods were just recorded in data/record.sqlite (the lines above); August 1996, the last, is published below, which finds it recorded already"; \
	fi

## Start the next period in data/ once this one is published into output/ (see README, "The next period").
next:
	$(RATEBOOK) next --data data --from output

## Read and validate data/ only, and print every finding.
check:
	$(RATEBOOK) check --data data

# Whether the site's browser tests can run (they look for the same names, or $$CHROMIUM).
HAVE_CHROMIUM = test -n "$$CHROMIUM" || command -v chromium || command -v chromium-browser \
	|| command -v google-chrome || command -v chrome

## Unit, integration and snapshot tests; the site's browser tests need chromium (skipped without it, except under CI=1).
test:
	$(CARGO) test
	@$(HAVE_CHROMIUM) >/dev/null || echo "NOTE: the site's browser tests were SKIPPED: no chromium on PATH (apt-get install -y chromium)"

## Pictures of the published site from the sample (index at 390 px and 1280 px, the top lists and the top player's page at 390 px) into screenshots/
screenshots: period
	$(CARGO) run --quiet --example screenshots -- output/site screenshots

## Regenerate the shipped sample data folder: four periods (August 1993 to August 1996), each
## published and recorded in data/record.sqlite; data/ keeps the last one's inputs.
sample:
	$(RATEBOOK) $(SAMPLE)

## A blank tournament report for state officers.
template:
	$(RATEBOOK) template report.xlsx

build:
	$(CARGO) build

## Format the code, the rule-set folders included (cargo fmt does not follow modules a macro declares).
fmt:
	$(CARGO) fmt
	rustfmt --edition 2021 src/rate/*/mod.rs

## Time the whole run on the sample, a large and a world-sized folder (generated once into .bench/), then
## the rating record: recording the world folder against record = false, and a national record of
## 240 periods (history, rerate, size).
bench:
	$(CARGO) build --quiet --bin ratebook --example bench
	$(CARGO) run --quiet --example bench
