#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>
#include "sitegen_vips.h"

// Every libvips and GLib function sitegen calls, found by dlsym in the loaded libvips (and the GLib it loads). The
// headers give each its exact type, so a call through the pointer is checked as a direct call would be.
#define SITEGEN_VIPS_FUNCTIONS(X) \
    X(vips_init) X(vips_version) X(vips_concurrency_set) X(vips_cache_set_max) X(vips_block_untrusted_set) \
    X(vips_operation_block_set) X(vips_error_buffer) X(vips_error_clear) X(vips_foreign_find_load_buffer) \
    X(vips_jpegload_buffer) X(vips_pngload_buffer) X(vips_webpload_buffer) X(vips_gifload_buffer) \
    X(vips_svgload_buffer) X(vips_thumbnail_image) X(vips_crop) X(vips_image_copy_memory) X(vips_image_new_from_buffer) X(vips_copy) X(vips_image_get_fields) \
    X(vips_image_remove) X(vips_image_get_int) X(vips_jpegsave_buffer) X(vips_pngsave_buffer) X(vips_webpsave_buffer) \
    X(vips_gifsave_buffer) X(vips_image_get_width) X(vips_image_get_height) X(vips_image_get_page_height) \
    X(vips_image_get_bands) X(vips_image_hasalpha) X(vips_image_write_to_memory) X(g_object_unref) X(g_free) \
    X(g_strfreev) X(g_log_set_handler)

#define SITEGEN_DECLARE(name) static __typeof__(&name) call_##name;
SITEGEN_VIPS_FUNCTIONS(SITEGEN_DECLARE)

// Why libvips could not be loaded, when it could not; libvips' own buffer holds every later failure.
static char load_problem[512];

static void sitegen_vips_ignore(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

// One worker thread per operation: pages are already processed on every core, and libvips' own pool would only
// compete with them. Its operation cache is off: each photo is made once. Its warnings (one line per row of a damaged
// file) are not printed: a damaged file fails with an error instead.
int sitegen_vips_start(void) {
    // The ABI these headers describe: libvips.so.42 for every 8.x.
    const int abi = VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE;
    char name[32];
    snprintf(name, sizeof name, "libvips.so.%d", abi);
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_problem, sizeof load_problem, "%s could not be loaded (%s); install libvips%d", name, dlerror(), abi);
        return -1;
    }
#define SITEGEN_FIND(function)                                                                                       \
    if (!(call_##function = (__typeof__(&function))dlsym(library, #function))) {                                    \
        snprintf(load_problem, sizeof load_problem, "%s has no function %s", name, #function);                       \
        return -1;                                                                                                   \
    }
    SITEGEN_VIPS_FUNCTIONS(SITEGEN_FIND)
#undef SITEGEN_FIND
    if (call_vips_version(3) - call_vips_version(5) != abi) {
        snprintf(load_problem, sizeof load_problem, "%s has ABI version %d, sitegen needs %d", name,
                 call_vips_version(3) - call_vips_version(5), abi);
        return -1;
    }
#ifndef SITEGEN_VIPS_PROBE  // the packaging probe links this file alone
    // The share card's JPEG avatar, read by libvips (card.c).
    extern int sitegen_card_bind_vips(void *library);
    if (sitegen_card_bind_vips(library) != 0) {
        snprintf(load_problem, sizeof load_problem, "%s has no JPEG loader", name);
        return -1;
    }
#endif
    if (call_vips_init("sitegen") != 0) return -1;
    call_g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, sitegen_vips_ignore, NULL);
    call_vips_concurrency_set(1);
    call_vips_cache_set_max(0);
    // Every operation libvips flags untrusted is refused for the whole process: ImageMagick's loader above all, which
    // takes bytes no other loader claims and whose SVG renderer reads files named inside them. librsvg's SVG loader is
    // flagged too, and is let through for buffers only: sitegen draws its share card with it, and librsvg given a
    // buffer has no base file, so it refuses every reference to another file. (libvips 8.14's sniffing still names a
    // blocked loader, vips_foreign_find_load_buffer included; loading with it fails: "operation is blocked".)
    call_vips_block_untrusted_set(TRUE);
    call_vips_operation_block_set("VipsForeignLoadSvgBuffer", FALSE);
    return 0;
}

const char *sitegen_vips_built_version(void) { return VIPS_VERSION; }

const char *sitegen_vips_error(void) {
    if (load_problem[0] || !call_vips_error_buffer) return load_problem;
    return call_vips_error_buffer();
}

void sitegen_vips_error_clear(void) {
    if (call_vips_error_clear) call_vips_error_clear();
}

const char *sitegen_vips_sniffed_loader(const void *bytes, size_t length) {
    const char *loader = call_vips_foreign_find_load_buffer(bytes, length);
    call_vips_error_clear();
    return loader;
}

int sitegen_vips_load_by_sniffing(const void *bytes, size_t length) {
    VipsImage *image = call_vips_image_new_from_buffer(bytes, length, "", NULL);
    if (!image) return -1;
    call_g_object_unref(image);
    return 0;
}

// The format's own loader, never libvips' sniffing. `shrink` is how much the caller will shrink the picture: JPEG
// decodes at 1/2, 1/4 or 1/8 of its size (leaving at least half the shrinking to the resampler, as vips_thumbnail
// does, for sharpness), WebP and SVG at any scale; PNG and GIF have no such thing. Rows are read in order, so a PNG
// is decoded as it streams, never held whole. A file cut short is an error (libvips would fill in the missing rows).
static int sitegen_vips_load(int format, const void *bytes, size_t length, double shrink, int all_frames, VipsImage **out) {
    void *buffer = (void *)bytes;
    const int frames = all_frames ? -1 : 1;
    switch (format) {
    case SITEGEN_VIPS_JPEG: {
        const int factor = shrink >= 16 ? 8 : shrink >= 8 ? 4 : shrink >= 4 ? 2 : 1;
        return call_vips_jpegload_buffer(buffer, length, out, "shrink", factor, "access", VIPS_ACCESS_SEQUENTIAL,
                                         "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    }
    case SITEGEN_VIPS_PNG:
        return call_vips_pngload_buffer(buffer, length, out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    case SITEGEN_VIPS_WEBP:
        return call_vips_webpload_buffer(buffer, length, out, "scale", 1.0 / shrink, "n", frames, "access", VIPS_ACCESS_SEQUENTIAL,
                                         "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    case SITEGEN_VIPS_GIF:
        return call_vips_gifload_buffer(buffer, length, out, "n", frames, "access", VIPS_ACCESS_SEQUENTIAL,
                                        "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    case SITEGEN_VIPS_SVG:
        return call_vips_svgload_buffer(buffer, length, out, "scale", 1.0 / shrink, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    }
    return -1;
}

// Whether loading shrunk by `shrink` is the same call as loading at full size: PNG and GIF have no shrink-on-load,
// and a JPEG shrunk less than 4×, or a WebP or SVG not shrunk, loads at its own size.
static int loads_at_full_size(int format, double shrink) {
    switch (format) {
    case SITEGEN_VIPS_JPEG: return shrink < 4;
    case SITEGEN_VIPS_WEBP: case SITEGEN_VIPS_SVG: return shrink == 1.0;
    default: return 1;
    }
}

// Loading is lazy: the first load reads the header alone (the size, the EXIF orientation), which says how much to
// shrink; the second decodes, shrunk where the format allows, and vips_thumbnail_image does the rest (turns it upright,
// crops, converts to sRGB), one frame after another for an animation. Where the second load would be the first again
// (no shrink-on-load for this format or this shrink), the first is decoded: its header is not read twice. With `in_memory` the result is decoded into
// memory, so it can be saved more than once and made smaller again without decoding the file a second time; without,
// it is decoded as it is saved, row by row, and `bytes` must outlive it.
int sitegen_vips_thumbnail(int format, const void *bytes, size_t length, int width, int height, int fill, int all_frames,
                           int in_memory, VipsImage **out) {
    VipsImage *probe = NULL;
    if (sitegen_vips_load(format, bytes, length, 1.0, all_frames, &probe) != 0) return -1;
    double from_width = call_vips_image_get_width(probe), from_height = call_vips_image_get_page_height(probe);
    int orientation = 1;
    if (call_vips_image_get_int(probe, "orientation", &orientation) != 0) {
        orientation = 1;
        call_vips_error_clear();
    }
    if (orientation >= 5 && orientation <= 8) {
        const double turned = from_width;
        from_width = from_height;
        from_height = turned;
    }
    const double across = from_width / width, down = from_height / height;
    double shrink = fill ? (across < down ? across : down) : (across > down ? across : down);
    // Never enlarged, but for a drawing: an SVG is drawn at the size it is shown (the share card's avatar from an icon
    // 112 px wide is drawn at 240, not drawn at 112 and blown up), a little over it, for the crop to take the rest.
    if (shrink < 1.0) shrink = format == SITEGEN_VIPS_SVG ? shrink * 0.999 : 1.0;

    VipsImage *loaded = NULL, *thumbnail = NULL;
    if (loads_at_full_size(format, shrink)) {
        loaded = probe;
    } else {
        call_g_object_unref(probe);
        if (sitegen_vips_load(format, bytes, length, shrink, all_frames, &loaded) != 0) return -1;
    }
    const int status = call_vips_thumbnail_image(loaded, &thumbnail, width, "height", height, "size",
                                                 format == SITEGEN_VIPS_SVG ? VIPS_SIZE_BOTH : VIPS_SIZE_DOWN,
                                                 "crop", fill ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, NULL);
    call_g_object_unref(loaded);
    if (status != 0) return -1;
    if (!in_memory) {
        *out = thumbnail;
        return 0;
    }
    *out = call_vips_image_copy_memory(thumbnail);
    call_g_object_unref(thumbnail);
    return *out ? 0 : -1;
}

// An image sitegen made already, made smaller: the favicon from the avatar, with no second decode. Of an animation,
// the first frame.
int sitegen_vips_smaller(VipsImage *image, int width, int height, int fill, VipsImage **out) {
    VipsImage *frame = NULL, *thumbnail = NULL;
    if (call_vips_crop(image, &frame, 0, 0, call_vips_image_get_width(image), call_vips_image_get_page_height(image), NULL) != 0) return -1;
    const int status = call_vips_thumbnail_image(frame, &thumbnail, width, "height", height, "size", VIPS_SIZE_DOWN,
                                                 "crop", fill ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, NULL);
    call_g_object_unref(frame);
    if (status != 0) return -1;
    *out = call_vips_image_copy_memory(thumbnail);
    call_g_object_unref(thumbnail);
    return *out ? 0 : -1;
}

int sitegen_vips_svg(const void *bytes, size_t length, VipsImage **out) {
    VipsImage *loaded = NULL;
    if (call_vips_svgload_buffer((void *)bytes, length, &loaded, NULL) != 0) return -1;
    *out = call_vips_image_copy_memory(loaded);
    call_g_object_unref(loaded);
    return *out ? 0 : -1;
}

// `strip` on save alone left EXIF in WebP in libvips 8.14, so the fields go before saving.
int sitegen_vips_without_metadata(VipsImage *image, VipsImage **out) {
    if (call_vips_copy(image, out, NULL) != 0) return -1;
    gchar **fields = call_vips_image_get_fields(*out);
    // An animation's frame height, delays and loop count are kept: they are how its frames are told apart and timed.
    static const char *const kept[] = {"width", "height", "bands", "format", "coding", "interpretation",
                                       "xoffset", "yoffset", "xres", "yres", "filename", "page-height", "n-pages",
                                       "delay", "loop", NULL};
    for (gchar **field = fields; *field; field++) {
        int keep = 0;
        for (const char *const *name = kept; *name; name++) if (strcmp(*field, *name) == 0) keep = 1;
        if (!keep) call_vips_image_remove(*out, *field);
    }
    call_g_strfreev(fields);
    return 0;
}

int sitegen_vips_jpeg(VipsImage *image, int quality, void **bytes, size_t *length) {
    return call_vips_jpegsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

int sitegen_vips_png(VipsImage *image, int compression, void **bytes, size_t *length) {
    return call_vips_pngsave_buffer(image, bytes, length, "compression", compression, "strip", TRUE, NULL);
}

int sitegen_vips_webp(VipsImage *image, int quality, void **bytes, size_t *length) {
    return call_vips_webpsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, NULL);
}

// GIF's own comments, application blocks and the like are not written: cgif writes frames, delays and the loop count.
int sitegen_vips_gif(VipsImage *image, void **bytes, size_t *length) {
    return call_vips_gifsave_buffer(image, bytes, length, "strip", TRUE, NULL);
}

int sitegen_vips_width(VipsImage *image) { return call_vips_image_get_width(image); }
int sitegen_vips_height(VipsImage *image) { return call_vips_image_get_height(image); }
int sitegen_vips_frame_height(VipsImage *image) { return call_vips_image_get_page_height(image); }
int sitegen_vips_bands(VipsImage *image) { return call_vips_image_get_bands(image); }
int sitegen_vips_has_alpha(VipsImage *image) { return call_vips_image_hasalpha(image) != 0; }

void *sitegen_vips_pixels(VipsImage *image, size_t *length) { return call_vips_image_write_to_memory(image, length); }

void sitegen_vips_free(void *memory) { call_g_free(memory); }
void sitegen_vips_release(VipsImage *image) { call_g_object_unref(image); }

#ifdef SITEGEN_VIPS_PROBE
// For packaging only (scripts/package-deb.sh): a program that links every function this file loads, so that
// dpkg-shlibdeps finds the libvips package, and the version of it, that sitegen needs at run time.
#define SITEGEN_REFERENCE(function) (void *)&function,
int main(void) {
    void *volatile used[] = {SITEGEN_VIPS_FUNCTIONS(SITEGEN_REFERENCE)};
    return used[0] == NULL;
}
#endif
