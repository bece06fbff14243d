#include <qrencode.h>

/* Exported by libqrencode (nm -D shows it) but declared only in its internal header. It encodes `input` like
   QRcode_encodeInput, with `mask` 0-7 forced instead of chosen; -1 chooses as QRcode_encodeInput does, and -2 leaves
   the symbol unmasked, without format information: QRCode.swift chooses the mask itself, much faster. */
QRcode *QRcode_encodeMask(QRinput *input, int mask);
