#!/usr/bin/env bash
# Builds the `photos` command and shows the library working end to end on ./demo-library, using only media
# the repository ships (Demo/media). Idempotent: each run starts from a fresh demo library.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --product photos
swift build --product photokit-example
swift build --product filtster
BIN="$(swift build --show-bin-path)"
LIB="$PWD/demo-library/Demo.photoslibrary"
rm -rf "$LIB"
photos() { echo; echo "\$ photos $*"; "$BIN/photos" "$@" --library "$LIB"; }

photos init
photos import Demo/media            # the HEIC + MOV Live Photo pair becomes one asset
photos list
FIRST=$("$BIN/photos" list --json --library "$LIB" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["localIdentifier"])')
photos show "$FIRST"
photos favorite "$FIRST"
photos list --favorites
echo; echo "\$ photos album create \"Demo album\""
ALBUM=$("$BIN/photos" album create "Demo album" --library "$LIB")
echo "$ALBUM"
photos album add "$ALBUM" "$FIRST"
photos albums
photos list --predicate 'mediaSubtypes & 8 == 8'   # Live Photos
photos moments
photos edit "$FIRST" --filter CISepiaTone inputIntensity=0.8      # non-destructive: the original is kept
photos extensions install --for-library "$BIN/filtster"           # the example editing extension
photos extensions
photos edit "$FIRST" --extension Filtster filter=noir vignette=1.5 \
  || echo "(the extension edit needs Landlock to sandbox the extension; see Docs/EditingExtensions.md)"
photos history "$FIRST"
photos revert "$FIRST"
echo; echo "\$ photokit-example $LIB   (PhotoKit code, as written for iOS)"
"$BIN/photokit-example" "$LIB"
