// Tesseract (Debian libtesseract-dev, English model tesseract-ocr-eng): reads candidate text lines back so
// CIDetectorTypeText reports only regions that hold characters.
#include <tesseract/capi.h>
