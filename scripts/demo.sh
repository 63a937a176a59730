#!/usr/bin/env bash
# Builds the `photos` command and shows the library working end to end on ./demo-library, using only media
# the repository ships (Demo/media). Idempotent: each run starts from a fresh demo library.
# It ends by serving the demo library with `photos serve` and printing its URL and a login; pass --no-serve
# (or set PHOTOS_DEMO_SERVE=0) to stop before that, e.g. in scripts.
set -euo pipefail
SERVE="${PHOTOS_DEMO_SERVE:-1}"
for argument in "$@"; do
  case "$argument" in
    --no-serve) SERVE=0 ;;
    *) echo "usage: scripts/demo.sh [--no-serve]"; exit 64 ;;
  esac
done
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --product photos
swift build --product photokit-raw-probe   # LibRaw reads RAW files in it first (Sources/RAWProbe)
swift build --product photokit-example
swift build --product filtster
BIN="$(swift build --show-bin-path)"
LIB="$PWD/demo-library/Demo.photoslibrary"
rm -rf "$LIB" "$PWD/demo-library/exports" "$PWD/demo-library/photos.sock"
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
LIVE=$("$BIN/photos" list --predicate 'mediaSubtypes & 8 == 8' --json --library "$LIB" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["localIdentifier"])')
photos live "$LIVE" --filter CIPhotoEffectNoir --crop square --volume 0.5   # the still and every movie frame, one chain
photos export "$LIVE" --preset 960x540 -o "$PWD/demo-library/exports"     # its movie, with an AVAssetExportSession preset
photos live "$LIVE" --effect bounce  # forward then backward (WWDC 2017); `--effect live` or `photos revert` undoes it
photos revert "$LIVE"
photos verify                        # every stored file against its SHA-256, and the database (like fsck)
echo; echo "\$ photokit-example $LIB   (PhotoKit code, as written for iOS)"
"$BIN/photokit-example" "$LIB"

[ "$SERVE" = 1 ] || exit 0
echo; echo "\$ photos user add demo --role admin   (password: demo-password)"
echo "demo-password" | "$BIN/photos" user add demo --role admin --password-stdin --library "$LIB"
TOKEN=$("$BIN/photos" user token demo --label demo --library "$LIB")
PORT="${PHOTOS_DEMO_PORT:-8080}"
echo
echo "Serving the demo library. Open http://127.0.0.1:$PORT/ in a browser and sign in as demo / demo-password"
echo "(the web app: timeline, albums, viewer, editor, uploads, live updates), or use the API token below. Ctrl-C stops."
echo "  curl -H 'Authorization: Bearer $TOKEN' http://127.0.0.1:$PORT/api/fetches -d '{\"entity\":\"assets\"}'"
echo "  curl -N -H 'Authorization: Bearer $TOKEN' http://127.0.0.1:$PORT/api/changes/stream   # live changes"
# Also on a Unix socket, where PhotoKit programs are its clients: the same example program, now over the service.
SOCKET="$PWD/demo-library/photos.sock"
"$BIN/photos" serve --library "$LIB" --listen "127.0.0.1:$PORT" --socket "$SOCKET" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null' INT TERM EXIT
for _ in $(seq 100); do [ -S "$SOCKET" ] && break; sleep 0.1; done
echo; echo "\$ PHOTOS_LIBRARY_TOKEN=… photokit-example unix:$SOCKET   (the same PhotoKit code, a client of the service)"
PHOTOS_LIBRARY_TOKEN="$TOKEN" "$BIN/photokit-example" "unix:$SOCKET" || echo "(photokit-example over the socket failed; see Docs/ServedLibrary.md)"
wait $SERVER
