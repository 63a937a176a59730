#!/usr/bin/env bash
# Installs what building and testing need (Debian packages), only when something is missing. Idempotent.
set -euo pipefail

PACKAGES=(
  pkg-config libsqlite3-dev libssl-dev
  libturbojpeg0-dev libjpeg62-turbo-dev libspng-dev libheif-dev libraw-dev libexif-dev
  libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libgif-dev libwebp-dev libtiff-dev liblcms2-dev
)

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

command -v swift >/dev/null || { echo "swift is not on PATH (expected Swift 6.3 at /opt/swift)"; exit 1; }
