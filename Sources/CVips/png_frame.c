#include <string.h>
#include "png_frame.h"

void png_put32(unsigned char *at, uint32_t value) {
    at[0] = value >> 24; at[1] = value >> 16; at[2] = value >> 8; at[3] = value;
}

// A chunk's CRC covers its type and data.
static void put_crc(unsigned char *type, uint32_t data_length, png_crc32 crc) {
    png_put32(type + 4 + data_length, (uint32_t)crc(crc(0, NULL, 0), type, (uInt)(4 + data_length)));
}

void png_head(unsigned char *png, uint32_t width, uint32_t height, unsigned char colour_type, uint32_t stream_length, png_crc32 crc) {
    memcpy(png, "\x89PNG\r\n\x1a\n", 8);
    unsigned char *header = png + 8;
    png_put32(header, 13);
    memcpy(header + 4, "IHDR", 4);
    png_put32(header + 8, width);
    png_put32(header + 12, height);
    header[16] = 8; header[17] = colour_type; header[18] = 0; header[19] = 0; header[20] = 0;  // deflate, adaptive filters, no interlace
    put_crc(header + 4, 13, crc);
    png_put32(png + 33, stream_length);
    memcpy(png + 37, "IDAT", 4);
}

void png_tail(unsigned char *png, uint32_t stream_length, png_crc32 crc) {
    put_crc(png + 37, stream_length, crc);
    unsigned char *end = png + PNG_HEAD + stream_length + 4;
    png_put32(end, 0);
    memcpy(end + 4, "IEND", 4);
    put_crc(end + 4, 0, crc);
}
