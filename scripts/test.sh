#!/usr/bin/env bash
# Runs the whole test suite: installs what is missing, builds, and runs every test target.
# Corpus tests read ../shared/media when it is there and skip with a message otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase's duration, printed at the end (CI's limit is 90 minutes; the aim is under 30).
phases=()
phase() { phases+=("$(printf '%-44s %3dm%02ds' "$1" $((SECONDS / 60)) $((SECONDS % 60)))"); }
# Served libraries' local caches (downloaded resources, derivatives) go to a folder of this run, removed at the end.
export PHOTOKIT_SERVED_CACHE="$(mktemp -d -t photokit-served-XXXXXX)"
trap 'rm -rf "$PHOTOKIT_SERVED_CACHE"; printf "\nTime at the end of each phase (since the start):\n"; printf "  %s\n" "${phases[@]}"' EXIT
scripts/setup.sh
phase "set-up"
# The stubs that load FFmpeg, libheif, LibRaw… on first use (Sources/C/CLazyLibraries): arguments survive the
# binding call, a missing library is named; on x86-64 and on arm64 under qemu (a few seconds).
python3 scripts/lazy-stubs-selftest.py
swift build --build-tests
phase "build"
swift test --skip-build --skip LibraryServiceTests --skip PropertyListBytesTests
# Alone, because one of its tests counts the process's heap bytes in use (a leak check), which other suites'
# allocations meanwhile would blur (it failed once that way).
swift test --skip-build --filter PropertyListBytesTests
phase "tests"
# PhotoKit against a served library: the fetch, change, observation, history, editing, image and editing-extension
# suites again, each test's library served by a real `photos serve` on a Unix socket and opened as
# PHPhotoLibrary(url: unix:…)
# (Docs/ServedLibrary.md); a fetch's answer carries 3 ids, so every larger fetch arrives in pages, and every download
# larger than 64 KiB in several ranges. Suites about the directory's own derivative store skip themselves there.
PHOTOS_TEST_BACKEND=served PHOTOS_SERVED_FIRST_PAGE=3 PHOTOS_SERVED_DOWNLOAD_CHUNK=65536 swift test --skip-build \
    --filter 'PhotosTests\.(ChangeObservationTests|ChangeDetailsPropertyTests|BurstChangeDetailsTests|CompoundPredicateTests|FetchResultConversionTests|FetchResultSnapshotTests|PersistentHistoryTests|TransientCollectionTests|SeedSnippetTests|ContentEditingTests|ImageSavingTests|WWDC2014EditingDemoTests|RAWEditingTests|CorpusImportTests)'
PHOTOS_TEST_BACKEND=served PHOTOS_SERVED_DOWNLOAD_CHUNK=65536 swift test --skip-build --filter ImageManagementTests
PHOTOS_TEST_BACKEND=served swift test --skip-build --filter 'PhotosUITests\.(ExtensionHostTests|ExtensionFailureTests|ExtensionMotionTests)'
phase "tests against a served library"
# The service's tests on their own: they start real HTTP servers whose handlers run on the same cooperative thread
# pool (one thread per core) as every test, and with the rest running, long synchronous tests could starve them
# until requests timed out after 60 s (eight at once in a loaded fresh-clone run). Alone they take ~15 s.
swift test --skip-build --filter LibraryServiceTests
phase "service tests"
# A short fuzz pass over every input surface (Docs/Fuzzing.md): each libFuzzer target a fixed number of executions
# (10–30 s) in a separate sanitizer build (.build-fuzz); a crash fails the run and prints the reproducer's path.
scripts/fuzz.sh --ci --seconds 60
phase "fuzzing (sanitizer build + runs)"
# The served API against its OpenAPI document (a real `photos serve`, schemathesis from PyPI).
scripts/api-contract.sh .build/debug/photos
phase "API contract"
# The web app in headless Chromium against a real `photos serve` (setup, upload, timeline, viewer, editor, live updates, sharing).
scripts/web-test.sh .build/debug/photos
phase "web app in Chromium"
# The DocC documentation of Photos, PhotosUI and CoreImage (swift-docc-plugin): any warning (a broken symbol link,
# a missing article) fails the run.
scripts/docs.sh
phase "documentation"
