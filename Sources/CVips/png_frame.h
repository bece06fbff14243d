// PNG's framing around one zlib stream, for the pictures sitegen writes itself (card.c, draw.c): the signature, the
// header, one IDAT chunk and the end. A picture is PNG_HEAD bytes, its stream, then PNG_TAIL bytes; the caller writes
// the stream at `png + PNG_HEAD`. The CRC-32 is zlib's, as the caller loaded it (neither links zlib).
#ifndef SITEGEN_PNG_FRAME_H
#define SITEGEN_PNG_FRAME_H
#include <stdint.h>
#include <zlib.h>

enum { PNG_HEAD = 8 + 25 + 8, PNG_TAIL = 4 + 12 };
enum { PNG_RGB = 2, PNG_RGBA = 6 };

typedef __typeof__(&crc32) png_crc32;

void png_put32(unsigned char *at, uint32_t value);
// The signature, the header (8 bits a channel, `colour_type`, no interlace) and the IDAT chunk's length and type.
void png_head(unsigned char *png, uint32_t width, uint32_t height, unsigned char colour_type, uint32_t stream_length, png_crc32 crc);
// After the stream: the IDAT chunk's CRC and the end chunk.
void png_tail(unsigned char *png, uint32_t stream_length, png_crc32 crc);
#endif
