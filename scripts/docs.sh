#!/usr/bin/env bash
# Builds the DocC documentation of Photos, PhotosUI and CoreImage (swift-docc-plugin) into .build/docs/<Module>,
# failing on any DocC warning (an unresolved symbol link, a missing article). Usage: scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/docs
for target in Photos PhotosUI CoreImage; do
  rm -rf ".build/docs/$target"
  swift package --allow-writing-to-directory ".build/docs/$target" generate-documentation --target "$target" \
    --output-path ".build/docs/$target" --warnings-as-errors --disable-indexing
done
echo "Documentation in .build/docs/{Photos,PhotosUI,CoreImage}"
