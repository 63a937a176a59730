#!/usr/bin/env bash
# The web app's benchmark (issue 18): a release `photos`, a 1,000,000-asset filler library (made once, kept in
# .build/bench-web-library), and Benchmarks/webapp_bench.py in headless Chromium. Prints each figure next to its target.
# Usage: scripts/bench-web.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
count="${1:-1000000}"
swift build -c release --product photos
swift build -c release --product photokit-raw-probe
binary=.build/release/photos
library=".build/bench-web-library-$count"
if [ ! -f "$library/database/Photos.sqlite" ]; then
  rm -rf "$library"
  "$binary" fill --library "$library" --count "$count" --seed 1
fi
/usr/bin/python3 Benchmarks/webapp_bench.py "$binary" "$library"
