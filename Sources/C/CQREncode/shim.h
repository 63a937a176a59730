#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H
#include <qrencode.h>

/* Exported by libqrencode 4 (its own tests use them) but not declared in qrencode.h: the number of data
   codewords of a version at a level, and encoding with a chosen mask pattern (CIBarcodeGenerator draws a
   CIQRCodeDescriptor's symbol with the descriptor's mask). */
extern int QRspec_getDataLength(int version, QRecLevel level);
extern QRcode *QRcode_encodeMask(QRinput *input, int mask);
#endif
