// ZBar (Debian libzbar-dev): the QR code decoder behind CIDetectorTypeQRCode.
#include <zbar.h>
