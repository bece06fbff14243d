#ifndef SITEGEN_VIPS_H
#define SITEGEN_VIPS_H

#include <stddef.h>
#include <stdint.h>

// libvips for sitegen, loaded when the first picture is made, not when sitegen starts: libvips brings about 90
// shared libraries (GLib, librsvg, Cairo, Pango, …), which cost every run about 13 MB of memory and 25 ms whether or
// not it draws anything, and most builds draw nothing (pictures are made only when what they show changes).
//
// Every call returns 0 on success, -1 with the reason in sitegen_vips_error(). libvips' operations take their options
// as a NULL-ended variadic list, which Swift cannot call: each use sitegen makes has a fixed-argument function here.

typedef struct _VipsImage VipsImage;

// Loads libvips and starts it. Call once per process, before any other function here.
int sitegen_vips_start(void);

// The libvips version sitegen was compiled against (`8.14.1`), known without loading it.
const char *sitegen_vips_built_version(void);

// The last failure's message (libvips' error buffer, or why libvips could not be loaded); never NULL.
const char *sitegen_vips_error(void);
void sitegen_vips_error_clear(void);

// The loader libvips' own sniffing would pick for these bytes (its class name), or NULL: sitegen never loads by
// sniffing; this says what the process-wide block of untrusted loaders leaves to be picked.
const char *sitegen_vips_sniffed_loader(const void *bytes, size_t length);
// What loading by that loader does (reading the header): -1 for a blocked loader, with libvips' reason.
int sitegen_vips_load_by_sniffing(const void *bytes, size_t length);

// The formats sitegen decodes, each by its own loader; the caller has read the header and checked the format.
enum { SITEGEN_VIPS_JPEG, SITEGEN_VIPS_PNG, SITEGEN_VIPS_WEBP, SITEGEN_VIPS_GIF, SITEGEN_VIPS_SVG };

// The image in `bytes` (of `format`) shrunk (never enlarged) to fit width × height, shrunk while it is decoded where
// the format allows, turned upright by its EXIF orientation, converted to sRGB, and cropped at the centre to fill the
// box exactly when `fill` is set (CSS object-fit: cover). `all_frames`: every frame of a GIF or WebP animation, one
// under the other (sitegen_vips_frame_height says where each starts); otherwise the first. `in_memory`: decoded now,
// to be saved more than once; otherwise decoded while it is saved (once), and `bytes` must outlive the image.
int sitegen_vips_thumbnail(int format, const void *bytes, size_t length, int width, int height, int fill, int all_frames,
                           int in_memory, VipsImage **out);

// `image` made smaller in the same way, from the pixels in memory.
int sitegen_vips_smaller(VipsImage *image, int width, int height, int fill, VipsImage **out);

// An SVG document drawn by librsvg at its own size.
int sitegen_vips_svg(const void *bytes, size_t length, VipsImage **out);

// A copy of `image` without any metadata field: EXIF (a phone photo's GPS position), XMP, IPTC, the ICC profile
// (the pixels are sRGB already), comments.
int sitegen_vips_without_metadata(VipsImage *image, VipsImage **out);

// Encoded; `*bytes` is released with sitegen_vips_free.
int sitegen_vips_jpeg(VipsImage *image, int quality, void **bytes, size_t *length);
int sitegen_vips_png(VipsImage *image, int compression, void **bytes, size_t *length);
int sitegen_vips_webp(VipsImage *image, int quality, void **bytes, size_t *length);
int sitegen_vips_gif(VipsImage *image, void **bytes, size_t *length);

int sitegen_vips_width(VipsImage *image);
int sitegen_vips_height(VipsImage *image);
int sitegen_vips_frame_height(VipsImage *image);
int sitegen_vips_bands(VipsImage *image);
int sitegen_vips_has_alpha(VipsImage *image);

// The pixels, row by row; released with sitegen_vips_free. NULL on failure.
void *sitegen_vips_pixels(VipsImage *image, size_t *length);

void sitegen_vips_free(void *memory);

// Drawing without libvips (draw.c): loads librsvg (and the Cairo, Pango, GLib and zlib it brings), which the share
// card and an SVG avatar's pictures need, and nothing else. Call once per process before sitegen_card_frame_new or
// sitegen_draw_svg; -1 with the reason in sitegen_draw_error(). A card whose avatar is a JPEG needs libvips started too.
int sitegen_draw_start(void);
const char *sitegen_draw_error(void);
// What draws without libvips, as sitegen was built against it (`librsvg 2.54.7 cairo 1.16.0 pango 1.50.12 zlib
// 1.2.13`): librsvg and the Cairo, Pango and zlib it loads, which draw the card and an SVG avatar's pictures. Known
// without loading any of them.
const char *sitegen_draw_built_versions(void);

// An SVG document drawn by librsvg to cover a `side` × `side` square, centred, as an 8-bit RGBA PNG; `*png` is
// released with sitegen_draw_free. -1 with the reason in sitegen_draw_error() when librsvg cannot read or draw it, or
// it has no size.
int sitegen_draw_svg(const void *bytes, size_t length, int side, void **png, size_t *png_length);
void sitegen_draw_free(void *png);

// The share card (card.c): 1200 × 630, drawn by Cairo and Pango in DejaVu Sans (fonts-dejavu-core), written as PNG.
// Everything but the band of rows [SITEGEN_CARD_BAND_TOP, SITEGEN_CARD_BAND_BOTTOM) is the same on every card of a
// frame (one palette, one address, one direction): the frame is drawn and its rows compressed once.
enum {
    SITEGEN_CARD_WIDTH = 1200, SITEGEN_CARD_HEIGHT = 630, SITEGEN_CARD_AVATAR = 240,
    SITEGEN_CARD_CENTRE = 262, SITEGEN_CARD_BAND_TOP = 122, SITEGEN_CARD_BAND_BOTTOM = 402
};

// Colours as 0xRRGGBB.
typedef struct {
    unsigned page, card, text, muted, ring, ring_text, rule, accent_text;
} sitegen_card_palette;

typedef struct {
    const char *title, *tagline, *initials;  // UTF-8, plain text (no markup: Pango draws it as it is)
} sitegen_card_text;

typedef struct sitegen_card_frame sitegen_card_frame;

// NULL when it cannot be made (out of memory). `address` is drawn in the footer; `mirrored`: right to left.
sitegen_card_frame *sitegen_card_frame_new(const sitegen_card_palette *palette, const char *address, int mirrored);
void sitegen_card_frame_free(sitegen_card_frame *frame);

// A card on `frame`: the avatar (a PNG or JPEG of SITEGEN_CARD_AVATAR px sitegen made; NULL: the initials), the title
// and the tagline. `*png` is released with sitegen_card_free.
int sitegen_card_draw(const sitegen_card_frame *frame, const sitegen_card_text *text, const void *avatar, size_t avatar_length,
                      int avatar_is_png, void **png, size_t *png_length);
void sitegen_card_free(void *png);
void sitegen_vips_release(VipsImage *image);

// The card's deflate writer (deflate.c), apart so that tests and the fuzz harness inflate what it writes with zlib:
// `data` as one raw deflate piece (no zlib header or checksum), the final one of its stream when `last`, else ending on
// a byte with an empty stored block so that the next piece can follow it. `*piece` is released with
// sitegen_deflate_free; -1 when out of memory. `*adler` (unless NULL): the Adler-32 of `data` as zlib's adler32 gives
// it from its start value, counted from the runs the writer finds anyway (zlib's took 15 % of a card).
int sitegen_deflate_piece(const unsigned char *data, size_t length, int last, unsigned char **piece, size_t *piece_length,
                          uint32_t *adler);
void sitegen_deflate_free(unsigned char *piece);

#endif
