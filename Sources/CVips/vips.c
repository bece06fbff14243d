#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>
#include "sitegen_vips.h"

// Every libvips and GLib function sitegen calls, found by dlsym in the loaded libvips (and the GLib it loads). The
// headers give each its exact type, so a call through the pointer is checked as a direct call would be.
#define SITEGEN_VIPS_FUNCTIONS(X) \
    X(vips_init) X(vips_version) X(vips_concurrency_set) X(vips_cache_set_max) X(vips_error_buffer) \
    X(vips_error_clear) X(vips_foreign_find_load_buffer) X(vips_thumbnail_buffer) X(vips_image_copy_memory) \
    X(vips_copy) X(vips_image_get_fields) X(vips_image_remove) X(vips_jpegsave_buffer) X(vips_pngsave_buffer) \
    X(vips_webpsave_buffer) X(vips_svgload_buffer) X(vips_image_get_width) X(vips_image_get_height) \
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
    if (call_vips_init("sitegen") != 0) return -1;
    call_g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, sitegen_vips_ignore, NULL);
    call_vips_concurrency_set(1);
    call_vips_cache_set_max(0);
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

int sitegen_vips_is_image(const void *bytes, size_t length) {
    const char *loader = call_vips_foreign_find_load_buffer(bytes, length);
    call_vips_error_clear();
    return loader != NULL;
}

// A file cut short is an error (libvips would fill in the missing rows). The result is in memory, so it can be saved
// more than once (vips_thumbnail reads sequentially).
int sitegen_vips_thumbnail(const void *bytes, size_t length, int width, int height, int fill, VipsImage **out) {
    VipsImage *thumbnail = NULL;
    if (call_vips_thumbnail_buffer((void *)bytes, length, &thumbnail, width, "height", height, "size", VIPS_SIZE_DOWN,
                                   "crop", fill ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                                   "option_string", "fail_on=truncated", NULL) != 0) return -1;
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
    static const char *const kept[] = {"width", "height", "bands", "format", "coding", "interpretation",
                                       "xoffset", "yoffset", "xres", "yres", "filename", NULL};
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

int sitegen_vips_width(VipsImage *image) { return call_vips_image_get_width(image); }
int sitegen_vips_height(VipsImage *image) { return call_vips_image_get_height(image); }
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
