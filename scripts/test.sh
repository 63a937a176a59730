#!/usr/bin/env bash
# Runs the whole test suite: installs what is missing, builds, and runs every test target.
# Corpus tests read ../shared/media when it is there and skip with a message otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --skip-build --skip LibraryServiceTests
# PhotoKit against a served library: the fetch, change, observation, history, editing, image and editing-extension
# suites again, each
# test's library served by a real `photos serve` on a Unix socket and opened as PHPhotoLibrary(url: unix:…)
# (Docs/ServedLibrary.md); a fetch's answer carries 3 ids, so every larger fetch arrives in pages (the rest loaded in
# the background), and every download larger than 64 KiB in several ranges. The image suites run one test at a time: each test's library hands its token to the client
# through the environment. Suites about the directory's own derivative store skip themselves there.
PHOTOS_TEST_BACKEND=served PHOTOS_SERVED_FIRST_PAGE=3 PHOTOS_SERVED_DOWNLOAD_CHUNK=65536 swift test --skip-build \
    --filter 'PhotosTests\.(ChangeObservationTests|ChangeDetailsPropertyTests|BurstChangeDetailsTests|CompoundPredicateTests|FetchResultConversionTests|FetchResultSnapshotTests|PersistentHistoryTests|TransientCollectionTests|SeedSnippetTests|ContentEditingTests|ImageSavingTests|WWDC2014EditingDemoTests|RAWEditingTests|CorpusImportTests)'
PHOTOS_TEST_BACKEND=served PHOTOS_SERVED_DOWNLOAD_CHUNK=65536 swift test --skip-build --no-parallel --filter ImageManagementTests
PHOTOS_TEST_BACKEND=served swift test --skip-build --filter 'PhotosUITests\.(ExtensionHostTests|ExtensionFailureTests|ExtensionMotionTests)'
# The service's tests on their own: they start real HTTP servers whose handlers run on the same cooperative thread
# pool (one thread per core) as every test, and with the rest running, long synchronous tests could starve them
# until requests timed out after 60 s (eight at once in a loaded fresh-clone run). Alone they take ~15 s.
swift test --skip-build --filter LibraryServiceTests
# A short fuzz pass over every input surface (Docs/Fuzzing.md): each libFuzzer target a fixed number of executions
# (10–30 s) in a separate sanitizer build (.build-fuzz); a crash fails the run and prints the reproducer's path.
scripts/fuzz.sh --ci --seconds 60
# The served API against its OpenAPI document (a real `photos serve`, schemathesis from PyPI).
scripts/api-contract.sh .build/debug/photos
# The web app in headless Chromium against a real `photos serve` (setup, upload, timeline, viewer, editor, live updates, sharing).
scripts/web-test.sh .build/debug/photos
# The DocC documentation of Photos, PhotosUI and CoreImage (swift-docc-plugin): any warning (a broken symbol link,
# a missing article) fails the run.
scripts/docs.sh
