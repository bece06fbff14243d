#include <qrencode.h>

/* Declared only in libqrencode's internal header (qrencode_inner.h). It encodes `input` like QRcode_encodeInput,
   with `mask` 0-7 forced instead of chosen; -1 chooses as QRcode_encodeInput does, and -2 leaves the symbol unmasked,
   without format information: QRCode.swift chooses the mask itself, much faster. libqrencode exports it only when
   built with its tests (STATIC_IN_RELEASE empty), as Debian's libqrencode4 4.1.1 is (`nm -D` lists it); a build
   without them makes it static, and sitegen would not link against that one. */
QRcode *QRcode_encodeMask(QRinput *input, int mask);
