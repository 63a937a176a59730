#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H
#include <qrencode.h>

/* Exported by libqrencode 4 (its own tests use them) but not declared in qrencode.h: the number of data
   codewords of a version at a level, and encoding with a chosen mask pattern (CIBarcodeGenerator draws a
   CIQRCodeDescriptor's symbol with the descriptor's mask). */
extern int QRspec_getDataLength(int version, QRecLevel level);
extern QRcode *QRcode_encodeMask(QRinput *input, int mask);

/* Also exported and used by CIDetector to read a found symbol's data codewords back (CIQRCodeFeature's
   symbolDescriptor): the block structure of a version at a level (blocks and data codewords of the first group,
   error-correction codewords per block, blocks and data codewords of the second), the 15-bit format word of a
   mask and level (BCH-coded and masked, least significant bit at row 0 of column 8), and an empty frame of a
   version whose function modules (finders, separators, timing, alignment, format, version, dark module) have
   bit 0x80 set. The frame is malloc'd: free() it. */
extern void QRspec_getEccSpec(int version, QRecLevel level, int spec[5]);
extern unsigned int QRspec_getFormatInfo(int mask, QRecLevel level);
extern unsigned char *QRspec_newFrame(int version);
#endif
