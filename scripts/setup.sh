#!/usr/bin/env bash
# Installs what building and testing need (Debian packages), only when something is missing. Idempotent.
set -euo pipefail

PACKAGES=(
  pkg-config libsqlite3-dev libssl-dev openssl curl
  libturbojpeg0-dev libjpeg62-turbo-dev libspng-dev libheif-dev libraw-dev libexif-dev
  libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libgif-dev libwebp-dev libtiff-dev liblcms2-dev
  # QR codes (CIQRCodeGenerator) and their decoder for the tests.
  libqrencode-dev zbar-tools
  # CIDetector: QR codes through ZBar, faces and landmarks through dlib (with its 68-point model); test photos from scikit-image.
  libzbar-dev libdlib-dev libdlib-data python3-skimage
  # CIDetector text regions: candidate lines confirmed by Tesseract's recogniser and its English model.
  libtesseract-dev tesseract-ocr-eng
  # Aztec, PDF417, Code 128 and Data Matrix symbols (libzint) for the other barcode generators.
  libzint-dev
  # Text for CITextImageGenerator: fonts found by fontconfig, shaped by HarfBuzz, drawn by FreeType; DejaVu as
  # the fonts (fontconfig's stand-in for Apple's Helvetica Neue); Pillow draws the tests' reference text.
  libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core python3-pil
  # The example photo book extension writes its PDF with cairo; poppler (pdfinfo, pdftoppm) reads it back in tests.
  libcairo2-dev poppler-utils
  # Independent readers for what ImageIO writes: libwebp's own decoder (dwebp) and exiftool.
  webp libimage-exiftool-perl
  # Test movies made on the fly (poster frames).
  ffmpeg
  # LibRaw's own development (dcraw_emu), the reference RAW development is compared with.
  libraw-bin
  # The web app's browser tests: headless Chromium driven by Selenium (Debian's python3).
  chromium chromium-driver python3-selenium fonts-dejavu-core
  # Peers of `photos bench coreimage` (--all): libvips (its C API through ctypes, and the vips command) and
  # OpenCV's cv2, both driven from Debian's python3 on numpy arrays.
  libvips-tools python3-numpy python3-opencv
  # The lazy-library stubs' self-test runs their arm64 form too (cross-compiled, under qemu-user).
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
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

# Python tools the tests use (PyPI): schemathesis checks the served API against its OpenAPI document.
if ! python3 -c "import schemathesis" 2>/dev/null; then
  echo "Installing: schemathesis (PyPI)"
  python3 -m pip install --quiet --disable-pip-version-check schemathesis==4.32.5
fi
# zxing-cpp decodes the Aztec, PDF417, Code 128 and Data Matrix symbols the barcode tests generate; Pillow
# (for the python3 on PATH, which may not be Debian's) reads the PNGs and draws reference text.
if ! python3 -c "import zxingcpp" 2>/dev/null; then
  echo "Installing: zxing-cpp (PyPI)"
  python3 -m pip install --quiet --disable-pip-version-check zxing-cpp==3.1.1
fi
if ! python3 -c "import PIL" 2>/dev/null; then
  echo "Installing: Pillow (PyPI)"
  python3 -m pip install --quiet --disable-pip-version-check pillow
fi

# Photo analysis: dlib's ResNet face-recognition model (CC0), which Debian's libdlib-data lacks, from PyPI's
# face_recognition_models; and, for the analysis tests, the public-domain portraits in face_recognition's own test
# images (US government photos), unpacked to /usr/local/share/photokit-test-faces.
if ! python3 -c "import face_recognition_models" 2>/dev/null; then
  echo "Installing: face_recognition_models (PyPI, 100 MB)"
  python3 -m pip install --quiet --disable-pip-version-check face_recognition_models==0.3.0
fi
# Where PhotoAnalysis looks first, whichever Python installed it.
model=/usr/local/share/dlib/dlib_face_recognition_resnet_model_v1.dat
if [ ! -f "$model" ]; then
  mkdir -p "$(dirname "$model")"
  cp "$(python3 -c 'import face_recognition_models as m; print(m.face_recognition_model_location())')" "$model.tmp"
  mv "$model.tmp" "$model"
fi
# `photos bench analysis` compares with Python's dlib (a prebuilt wheel; Debian has no python3-dlib).
if ! python3 -c "import dlib" 2>/dev/null; then
  echo "Installing: dlib-bin (PyPI)"
  python3 -m pip install --quiet --disable-pip-version-check dlib-bin==20.0.1.post1
fi
faces=/usr/local/share/photokit-test-faces
if [ ! -f "$faces/biden.jpg" ]; then
  echo "Fetching: face_recognition 1.3.0's test portraits (PyPI source archive)"
  work=$(mktemp -d)
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: -d "$work" face_recognition==1.3.0
  tar -xzf "$work"/face_recognition-1.3.0.tar.gz -C "$work" face_recognition-1.3.0/tests/test_images
  mkdir -p "$faces.tmp"
  cp "$work"/face_recognition-1.3.0/tests/test_images/{obama,obama2,obama3,biden}.jpg "$faces.tmp"/
  rm -rf "$faces" && mv "$faces.tmp" "$faces"
  rm -rf "$work"
fi

command -v swift >/dev/null || { echo "swift is not on PATH (expected Swift 6.3 at /opt/swift)"; exit 1; }
