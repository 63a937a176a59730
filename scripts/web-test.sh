#!/usr/bin/env bash
# The web app in a real browser: starts `photos serve` on loopback over a fresh library and drives it in headless
# Chromium (Debian's chromium, chromium-driver and python3-selenium). Screenshots of every step go to
# .build/webapp-screenshots (look at them).
# Usage: scripts/web-test.sh [PHOTOS_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/debug/photos}"
screenshots=.build/webapp-screenshots
rm -rf "$screenshots"
# Debian's python3 has python3-selenium; a python3 earlier on PATH (pyenv, venv) may not.
/usr/bin/python3 Tests/WebApp/webapp_test.py "$binary" "$screenshots"
