#!/usr/bin/env bash
# `photos bench raw` with its peers installed: LibRaw's dcraw_emu and cjpeg (Debian), rawpy, Pillow, numpy and
# pidng (PyPI; pidng makes the deterministic 24 MP DNG). Builds the release binary first. Idempotent.
# usage: scripts/bench-raw.sh [photos bench raw options, e.g. --runs 5 --large]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
missing=()
for package in libraw-bin libjpeg-turbo-progs time; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
if ((${#missing[@]})); then
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
python3 -c "import numpy, pidng, rawpy, PIL" 2>/dev/null || python3 -m pip install -q --break-system-packages numpy pidng rawpy pillow \
  || python3 -m pip install -q numpy pidng rawpy pillow
swift build -c release --product photos
swift build -c release --product photokit-raw-probe
exec .build/release/photos bench raw "$@"
