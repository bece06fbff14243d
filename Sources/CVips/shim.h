#include <string.h>
#include <vips/vips.h>

// libvips' operations take their options as a NULL-ended variadic list, which Swift cannot call: each use sitegen
// makes has a fixed-argument wrapper here. Every one returns 0 on success, -1 with vips_error_buffer() set.

static void sitegen_vips_ignore(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

// Once per process, before any other call. One worker thread per operation: pages are already processed on every
// core, and libvips' own pool would only compete with them. Its operation cache is off: each photo is made once.
// Its warnings (one line per row of a damaged file) are not printed: a damaged file fails with an error instead.
static inline int sitegen_vips_start(void) {
    if (VIPS_INIT("sitegen") != 0) return -1;
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, sitegen_vips_ignore, NULL);
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    return 0;
}

// Which loader reads these bytes (VipsForeignLoadJpegBuffer, …), or NULL when none does: a non-image.
static inline const char *sitegen_vips_loader(const void *bytes, size_t length) {
    const char *loader = vips_foreign_find_load_buffer(bytes, length);
    vips_error_clear();
    return loader;
}

// The image in `bytes` shrunk (never enlarged) to fit width × height, turned upright by its EXIF orientation,
// converted to sRGB, and cropped at the centre to fill the box exactly when `fill` is set (CSS object-fit: cover).
// A file cut short is an error (libvips would fill in the missing rows).
// The result is in memory, so it can be saved more than once (vips_thumbnail reads sequentially).
static inline int sitegen_vips_thumbnail(const void *bytes, size_t length, int width, int height, int fill, VipsImage **out) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail_buffer((void *)bytes, length, &thumbnail, width, "height", height, "size", VIPS_SIZE_DOWN,
                              "crop", fill ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                              "option_string", "fail_on=truncated", NULL) != 0) return -1;
    *out = vips_image_copy_memory(thumbnail);
    g_object_unref(thumbnail);
    return *out ? 0 : -1;
}

// A copy of `image` without any metadata field: EXIF (a phone photo's GPS position), XMP, IPTC, the ICC profile
// (the pixels are sRGB already), comments. `strip` on save alone left EXIF in WebP in libvips 8.14.
static inline int sitegen_vips_without_metadata(VipsImage *image, VipsImage **out) {
    if (vips_copy(image, out, NULL) != 0) return -1;
    gchar **fields = vips_image_get_fields(*out);
    static const char *const kept[] = {"width", "height", "bands", "format", "coding", "interpretation",
                                       "xoffset", "yoffset", "xres", "yres", "filename", NULL};
    for (gchar **field = fields; *field; field++) {
        int keep = 0;
        for (const char *const *name = kept; *name; name++) if (strcmp(*field, *name) == 0) keep = 1;
        if (!keep) vips_image_remove(*out, *field);
    }
    g_strfreev(fields);
    return 0;
}

static inline int sitegen_vips_jpeg(VipsImage *image, int quality, void **bytes, size_t *length) {
    return vips_jpegsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

static inline int sitegen_vips_png(VipsImage *image, int compression, void **bytes, size_t *length) {
    return vips_pngsave_buffer(image, bytes, length, "compression", compression, "strip", TRUE, NULL);
}

static inline int sitegen_vips_webp(VipsImage *image, int quality, void **bytes, size_t *length) {
    return vips_webpsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, NULL);
}

// An SVG document drawn by librsvg at its own size.
static inline int sitegen_vips_svg(const void *bytes, size_t length, VipsImage **out) {
    VipsImage *loaded = NULL;
    if (vips_svgload_buffer((void *)bytes, length, &loaded, NULL) != 0) return -1;
    *out = vips_image_copy_memory(loaded);
    g_object_unref(loaded);
    return *out ? 0 : -1;
}

static inline void sitegen_vips_release(VipsImage *image) { g_object_unref(image); }
