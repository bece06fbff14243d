#include <cairo.h>
#include <pango/pango-features.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "png_frame.h"
#include "sitegen_vips.h"
// librsvg's version header alone (its other headers bring gdk-pixbuf's); it asks to be included through rsvg.h.
#define __RSVG_RSVG_H_INSIDE__
#include <librsvg-2.0/librsvg/rsvg-version.h>
#undef __RSVG_RSVG_H_INSIDE__

// Drawing without libvips: the share card (card.c) and an SVG avatar's pictures need Cairo, Pango and librsvg alone,
// which librsvg brings (about 50 shared libraries), where libvips brings about 100 more and its modules (ImageMagick,
// poppler, HDF5, …) and registers hundreds of operations on start: a build that draws a new site's card and its SVG
// avatar, and nothing else, spent most of its time loading those. libvips is loaded only for a photo (JPEG, PNG, WebP,
// GIF) to decode, resize or re-encode.
//
// librsvg's few functions are declared here rather than through its headers (which bring gdk-pixbuf's): their types
// are those of librsvg 2.52 and later, whose ABI (librsvg-2.so.2) keeps them.
typedef struct _RsvgHandle RsvgHandle;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef struct { double length; int unit; } RsvgLength;
typedef struct _GError GError;
static RsvgHandle *(*draw_rsvg_handle_new_from_data)(const unsigned char *data, size_t length, GError **error);
static int (*draw_rsvg_handle_get_intrinsic_size_in_pixels)(RsvgHandle *handle, double *width, double *height);
static void (*draw_rsvg_handle_get_intrinsic_dimensions)(RsvgHandle *handle, int *has_width, RsvgLength *width, int *has_height,
                                                         RsvgLength *height, int *has_viewbox, RsvgRectangle *viewbox);
static int (*draw_rsvg_handle_render_document)(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
static void (*draw_g_object_unref)(void *object);
static void (*draw_g_error_free)(GError *error);
static __typeof__(&cairo_image_surface_create) draw_surface_create;
static __typeof__(&cairo_image_surface_get_data) draw_surface_data;
static __typeof__(&cairo_image_surface_get_stride) draw_surface_stride;
static __typeof__(&cairo_surface_flush) draw_surface_flush;
static __typeof__(&cairo_surface_destroy) draw_surface_destroy;
static __typeof__(&cairo_create) draw_create;
static __typeof__(&cairo_destroy) draw_destroy;
static __typeof__(&compress2) draw_compress2;
static __typeof__(&compressBound) draw_compress_bound;
static __typeof__(&crc32) draw_crc32;

static char draw_problem[512];

int sitegen_draw_start(void) {
    const char *name = "librsvg-2.so.2";
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(draw_problem, sizeof draw_problem, "%s could not be loaded (%s); install librsvg2-2", name, dlerror());
        return -1;
    }
#define SITEGEN_DRAW_FIND(variable, function)                                                                        \
    if (!(*(void **)&variable = dlsym(library, #function))) {                                                        \
        snprintf(draw_problem, sizeof draw_problem, "the libraries %s loads have no function %s", name, #function); \
        return -1;                                                                                                   \
    }
    SITEGEN_DRAW_FIND(draw_rsvg_handle_new_from_data, rsvg_handle_new_from_data)
    SITEGEN_DRAW_FIND(draw_rsvg_handle_get_intrinsic_size_in_pixels, rsvg_handle_get_intrinsic_size_in_pixels)
    SITEGEN_DRAW_FIND(draw_rsvg_handle_get_intrinsic_dimensions, rsvg_handle_get_intrinsic_dimensions)
    SITEGEN_DRAW_FIND(draw_rsvg_handle_render_document, rsvg_handle_render_document)
    SITEGEN_DRAW_FIND(draw_g_object_unref, g_object_unref)
    SITEGEN_DRAW_FIND(draw_g_error_free, g_error_free)
    SITEGEN_DRAW_FIND(draw_surface_create, cairo_image_surface_create)
    SITEGEN_DRAW_FIND(draw_surface_data, cairo_image_surface_get_data)
    SITEGEN_DRAW_FIND(draw_surface_stride, cairo_image_surface_get_stride)
    SITEGEN_DRAW_FIND(draw_surface_flush, cairo_surface_flush)
    SITEGEN_DRAW_FIND(draw_surface_destroy, cairo_surface_destroy)
    SITEGEN_DRAW_FIND(draw_create, cairo_create)
    SITEGEN_DRAW_FIND(draw_destroy, cairo_destroy)
    SITEGEN_DRAW_FIND(draw_compress2, compress2)
    SITEGEN_DRAW_FIND(draw_compress_bound, compressBound)
    SITEGEN_DRAW_FIND(draw_crc32, crc32)
#undef SITEGEN_DRAW_FIND
    extern int sitegen_card_bind(void *library, char *problem, size_t size);
    return sitegen_card_bind(library, draw_problem, sizeof draw_problem);
}

const char *sitegen_draw_error(void) { return draw_problem; }

const char *sitegen_draw_built_versions(void) {
    return "librsvg " LIBRSVG_VERSION " cairo " CAIRO_VERSION_STRING " pango " PANGO_VERSION_STRING " zlib " ZLIB_VERSION;
}

// Cairo's premultiplied ARGB32 as an 8-bit RGBA PNG: rows with the Up filter (the first with Sub), compressed by zlib
// at level 6 (what libvips' PNG writer used for these pictures), no metadata.
static int rgba_png(const unsigned char *data, int stride, int width, int height, void **png, size_t *png_length) {
    const size_t row = 1 + 4 * (size_t)width, raw_length = row * height;
    unsigned char *raw = malloc(raw_length), *line = malloc(4 * (size_t)width), *above = calloc(4 * (size_t)width, 1);
    if (!raw || !line || !above) { free(raw); free(line); free(above); return -1; }
    for (int y = 0; y < height; y++) {
        const uint32_t *pixels = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            const uint32_t a = pixels[x] >> 24;
            unsigned char *out = line + 4 * x;
            for (int channel = 0; channel < 3; channel++) {
                const uint32_t c = pixels[x] >> (16 - 8 * channel) & 255;
                out[channel] = a ? (unsigned char)((c * 255 + a / 2) / a) : 0;
            }
            out[3] = (unsigned char)a;
        }
        unsigned char *filtered = raw + (size_t)y * row;
        filtered[0] = y ? 2 : 1;
        for (size_t i = 0; i < 4 * (size_t)width; i++) filtered[1 + i] = y ? line[i] - above[i] : line[i] - (i >= 4 ? line[i - 4] : 0);
        memcpy(above, line, 4 * (size_t)width);
    }
    free(line);
    free(above);
    uLongf compressed_length = draw_compress_bound(raw_length);
    unsigned char *out = malloc(PNG_HEAD + compressed_length + PNG_TAIL);
    if (!out) { free(raw); return -1; }
    const int status = draw_compress2(out + PNG_HEAD, &compressed_length, raw, raw_length, 6);
    free(raw);
    if (status != Z_OK) { free(out); return -1; }
    png_head(out, (uint32_t)width, (uint32_t)height, PNG_RGBA, (uint32_t)compressed_length, draw_crc32);
    png_tail(out, (uint32_t)compressed_length, draw_crc32);
    *png = out;
    *png_length = PNG_HEAD + compressed_length + PNG_TAIL;
    return 0;
}

int sitegen_draw_svg(const void *bytes, size_t length, int side, void **png, size_t *png_length) {
    GError *error = NULL;
    RsvgHandle *handle = draw_rsvg_handle_new_from_data(bytes, length, &error);
    if (!handle) {
        if (error) draw_g_error_free(error);
        snprintf(draw_problem, sizeof draw_problem, "librsvg cannot read it");
        return -1;
    }
    double width = 0, height = 0;
    if (!draw_rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
        int has_width = 0, has_height = 0, has_viewbox = 0;
        RsvgLength w, h;
        RsvgRectangle viewbox = {0, 0, 0, 0};
        draw_rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
        if (has_viewbox) { width = viewbox.width; height = viewbox.height; }
    }
    if (!(width > 0 && height > 0)) {
        draw_g_object_unref(handle);
        snprintf(draw_problem, sizeof draw_problem, "it has no size librsvg can draw it at");
        return -1;
    }
    // Cover the square, centred (CSS object-fit: cover), as the page's round avatar shows it.
    const double scale = side / width > side / height ? side / width : side / height;
    const RsvgRectangle viewport = {(side - width * scale) / 2, (side - height * scale) / 2, width * scale, height * scale};
    cairo_surface_t *surface = draw_surface_create(CAIRO_FORMAT_ARGB32, side, side);
    cairo_t *cr = draw_create(surface);
    const int drawn = draw_rsvg_handle_render_document(handle, cr, &viewport, &error);
    draw_destroy(cr);
    draw_g_object_unref(handle);
    if (!drawn) {
        if (error) draw_g_error_free(error);
        draw_surface_destroy(surface);
        snprintf(draw_problem, sizeof draw_problem, "librsvg cannot draw it");
        return -1;
    }
    draw_surface_flush(surface);
    const int status = rgba_png(draw_surface_data(surface), draw_surface_stride(surface), side, side, png, png_length);
    draw_surface_destroy(surface);
    if (status != 0) snprintf(draw_problem, sizeof draw_problem, "out of memory");
    return status;
}

void sitegen_draw_free(void *png) { free(png); }
