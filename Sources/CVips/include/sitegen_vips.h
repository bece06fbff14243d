#ifndef SITEGEN_VIPS_H
#define SITEGEN_VIPS_H

#include <stddef.h>

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

// Whether a libvips loader reads these bytes: 0 for a non-image.
int sitegen_vips_is_image(const void *bytes, size_t length);

// The image in `bytes` shrunk (never enlarged) to fit width × height, turned upright by its EXIF orientation,
// converted to sRGB, and cropped at the centre to fill the box exactly when `fill` is set (CSS object-fit: cover).
int sitegen_vips_thumbnail(const void *bytes, size_t length, int width, int height, int fill, VipsImage **out);

// An SVG document drawn by librsvg at its own size.
int sitegen_vips_svg(const void *bytes, size_t length, VipsImage **out);

// A copy of `image` without any metadata field: EXIF (a phone photo's GPS position), XMP, IPTC, the ICC profile
// (the pixels are sRGB already), comments.
int sitegen_vips_without_metadata(VipsImage *image, VipsImage **out);

// Encoded; `*bytes` is released with sitegen_vips_free.
int sitegen_vips_jpeg(VipsImage *image, int quality, void **bytes, size_t *length);
int sitegen_vips_png(VipsImage *image, int compression, void **bytes, size_t *length);
int sitegen_vips_webp(VipsImage *image, int quality, void **bytes, size_t *length);

int sitegen_vips_width(VipsImage *image);
int sitegen_vips_height(VipsImage *image);
int sitegen_vips_bands(VipsImage *image);
int sitegen_vips_has_alpha(VipsImage *image);

// The pixels, row by row; released with sitegen_vips_free. NULL on failure.
void *sitegen_vips_pixels(VipsImage *image, size_t *length);

void sitegen_vips_free(void *memory);
void sitegen_vips_release(VipsImage *image);

#endif
