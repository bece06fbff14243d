#include <cairo.h>
#include <dlfcn.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vips/vips.h>
#include <zlib.h>
#include "png_frame.h"
#include "sitegen_vips.h"

// The share card drawn by Cairo and Pango (what librsvg draws with, loaded with it: draw.c) and written
// as PNG here. Drawing it as SVG through librsvg cost ~8 ms a card, most of it in turning each glyph into a path and
// filling it; Pango through Cairo draws glyphs from a cache. Most of a card is the same on every card of a site (the
// page colour, the card, the footer with the site's address): that part is drawn once (sitegen_card_frame_new), and
// its rows above and below the band where the avatar and the text go are compressed once, so a card costs drawing and
// compressing its band alone. The zlib stream is made of independently compressed pieces, each ending on a byte,
// with the Adler-32 checksums combined: a valid PNG byte for byte.

#define SITEGEN_CARD_FUNCTIONS(X) \
    X(cairo_image_surface_create) X(cairo_image_surface_create_for_data) X(cairo_image_surface_get_data) \
    X(cairo_image_surface_get_stride) X(cairo_surface_flush) X(cairo_surface_mark_dirty) X(cairo_surface_destroy) \
    X(cairo_create) X(cairo_destroy) X(cairo_set_source_rgb) X(cairo_set_source_surface) X(cairo_paint) X(cairo_fill) \
    X(cairo_arc) X(cairo_reset_clip) X(cairo_new_sub_path) X(cairo_close_path) X(cairo_rectangle) X(cairo_clip) X(cairo_save) X(cairo_restore) \
    X(cairo_move_to) X(cairo_translate) X(cairo_scale) X(cairo_font_options_create) X(cairo_font_options_destroy) \
    X(cairo_font_options_set_antialias) X(cairo_font_options_set_hint_style) X(cairo_font_options_set_hint_metrics) \
    X(pango_cairo_create_layout) X(pango_cairo_show_layout) X(pango_cairo_context_set_font_options) \
    X(pango_layout_get_context) X(pango_context_set_round_glyph_positions) X(pango_layout_context_changed) \
    X(pango_layout_set_text) X(pango_layout_set_font_description) X(pango_layout_set_width) X(pango_layout_set_height) \
    X(pango_layout_set_wrap) X(pango_layout_set_ellipsize) X(pango_layout_set_auto_dir) \
    X(pango_layout_get_pixel_size) X(pango_layout_get_log_attrs_readonly) X(pango_layout_get_iter) \
    X(pango_layout_iter_get_char_extents) X(pango_layout_iter_next_char) X(pango_layout_iter_free) X(pango_layout_get_baseline) X(pango_layout_get_line_count) X(pango_layout_is_ellipsized) X(pango_layout_set_spacing) \
    X(pango_font_description_from_string) X(pango_font_description_set_absolute_size) X(pango_font_description_free) \
    X(cairo_image_surface_create_from_png_stream) X(cairo_surface_status) X(cairo_image_surface_get_width) X(cairo_image_surface_get_height) X(g_object_unref) X(g_free) \
    X(crc32) X(adler32_combine)

#define SITEGEN_CARD_DECLARE(name) static __typeof__(&name) card_##name;
SITEGEN_CARD_FUNCTIONS(SITEGEN_CARD_DECLARE)
static __typeof__(&vips_jpegload_buffer) card_jpegload;
static __typeof__(&vips_image_write_to_memory) card_write_to_memory;
#define card_unref card_g_object_unref

// Cairo, Pango, GLib and zlib, from the libraries librsvg loads (draw.c): all the card needs but for a JPEG avatar.
int sitegen_card_bind(void *library, char *problem, size_t size) {
#define SITEGEN_CARD_FIND(function)                                                                                  \
    if (!(card_##function = (__typeof__(&function))dlsym(library, #function))) {                                   \
        snprintf(problem, size, "the libraries libvips loads have no function %s", #function);                     \
        return -1;                                                                                                  \
    }
    SITEGEN_CARD_FUNCTIONS(SITEGEN_CARD_FIND)
#undef SITEGEN_CARD_FIND
    return 0;
}

// libvips' JPEG loader, for a card whose avatar is a JPEG: bound when libvips is started (vips.c), which the caller does
// before drawing such a card.
int sitegen_card_bind_vips(void *library) {
    card_write_to_memory = (__typeof__(card_write_to_memory))dlsym(library, "vips_image_write_to_memory");
    card_jpegload = (__typeof__(card_jpegload))dlsym(library, "vips_jpegload_buffer");
    return card_jpegload && card_write_to_memory ? 0 : -1;
}

enum { W = SITEGEN_CARD_WIDTH, H = SITEGEN_CARD_HEIGHT, ROW = 1 + 3 * W };

struct sitegen_card_frame {
    sitegen_card_palette palette;
    int mirrored;
    unsigned char *pixels;  // the whole frame, Cairo's RGB24 (B, G, R, unused), stride 4 * W
    unsigned char *top, *bottom;  // rows above and below the band, compressed (raw deflate, ending on a byte)
    size_t top_length, bottom_length;
    uLong top_adler, bottom_adler;
};

static void set_colour(cairo_t *cr, unsigned colour) {
    card_cairo_set_source_rgb(cr, (colour >> 16 & 255) / 255.0, (colour >> 8 & 255) / 255.0, (colour & 255) / 255.0);
}

// Where the avatar's centre is across the card: beside the text, on the side it starts.
static double avatar_centre_x(int mirrored) {
    return mirrored ? W - 100 - (SITEGEN_CARD_AVATAR / 2 + 10) : 100 + (SITEGEN_CARD_AVATAR / 2 + 10);
}

static void rounded(cairo_t *cr, double x, double y, double w, double h, double r) {
    card_cairo_new_sub_path(cr);
    card_cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    card_cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    card_cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    card_cairo_arc(cr, x + r, y + r, r, M_PI, 1.5 * M_PI);
    card_cairo_close_path(cr);
}

// A layout whose glyphs are drawn the same on every machine: grey antialiasing, no hinting, positions unrounded
// (fontconfig's local settings would otherwise choose, and a card's bytes would differ between a laptop and CI).
static PangoLayout *layout(cairo_t *cr, const char *family, double size) {
    PangoLayout *layout = card_pango_cairo_create_layout(cr);
    cairo_font_options_t *options = card_cairo_font_options_create();
    card_cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    card_cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    card_cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    PangoContext *context = card_pango_layout_get_context(layout);
    card_pango_cairo_context_set_font_options(context, options);
    card_pango_context_set_round_glyph_positions(context, FALSE);
    card_cairo_font_options_destroy(options);
    card_pango_layout_context_changed(layout);
    PangoFontDescription *font = card_pango_font_description_from_string(family);
    card_pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    card_pango_layout_set_font_description(layout, font);
    card_pango_font_description_free(font);
    return layout;
}

// `rows` rows of Cairo's RGB24 pixels as PNG rows (filter byte, then R, G, B): each row as its difference from the
// one above (PNG's Up filter: the card's flat colours become zeros), the first as its difference from its left
// neighbour (Sub), so that a piece depends on no row outside it. Four pixels at a time: sixteen bytes subtracted at
// once, then Cairo's B, G, R, x of each turned into R, G, B by one shuffle and stored as sixteen bytes, of which the
// last four are overwritten by the next four pixels (so `out` has four bytes to spare at its end). A byte at a time
// cost a fifth of a card.
typedef unsigned char sixteen_bytes __attribute__((vector_size(16)));

// The rows, written by `filter_rows` compiled twice: for any x86-64 (SSE2, whose shuffle takes a dozen instructions) and
// for SSSE3 (one pshufb; every x86-64 processor since 2006), picked once at run time. Other machines: the plain one.
#define SITEGEN_FILTER_ROWS                                                                                          \
    for (int y = 0; y < rows; y++) {                                                                                 \
        unsigned char *row = out + (size_t)y * ROW;                                                                  \
        const unsigned char *here = pixels + (size_t)y * 4 * W;                                                      \
        row[0] = y ? 2 : 1;                                                                                          \
        for (int x = 0; x < W; x += 4) {                                                                             \
            sixteen_bytes pixel, before = {0};                                                                       \
            memcpy(&pixel, here + 4 * x, 16);                                                                        \
            if (y) memcpy(&before, here - 4 * W + 4 * x, 16);                                                        \
            else if (x) memcpy(&before, here + 4 * x - 4, 16);                                                       \
            else memcpy((unsigned char *)&before + 4, here, 12);                                                     \
            const sixteen_bytes difference = pixel - before;                                                         \
            const sixteen_bytes rgb = __builtin_shufflevector(difference, difference, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 3, 7, 11, 15); \
            memcpy(row + 1 + 3 * x, &rgb, 16);                                                                       \
        }                                                                                                            \
    }

static void filter_rows(const unsigned char *pixels, int rows, unsigned char *out) { SITEGEN_FILTER_ROWS }
#if defined(__x86_64__)
__attribute__((target("ssse3"))) static void filter_rows_ssse3(const unsigned char *pixels, int rows, unsigned char *out) { SITEGEN_FILTER_ROWS }
#endif

static unsigned char *filtered(const unsigned char *pixels, int rows) {
    _Static_assert(W % 4 == 0, "the rows are read four pixels at a time");
    unsigned char *out = malloc((size_t)ROW * rows + 4);
    if (!out) return NULL;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("ssse3")) { filter_rows_ssse3(pixels, rows, out); return out; }
#endif
    filter_rows(pixels, rows, out);
    return out;
}

sitegen_card_frame *sitegen_card_frame_new(const sitegen_card_palette *palette, const char *address, int mirrored) {
    sitegen_card_frame *frame = calloc(1, sizeof *frame);
    if (!frame) return NULL;
    frame->palette = *palette;
    frame->mirrored = mirrored;
    cairo_surface_t *surface = card_cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
    cairo_t *cr = card_cairo_create(surface);
    set_colour(cr, palette->page);
    card_cairo_paint(cr);
    // The card, with a band of the accent colour along its foot.
    rounded(cr, 40, 40, W - 80, H - 80, 36);
    card_cairo_clip(cr);
    set_colour(cr, palette->ring);
    card_cairo_paint(cr);
    card_cairo_rectangle(cr, 40, 40, W - 80, H - 80 - 20);
    set_colour(cr, palette->card);
    card_cairo_fill(cr);
    // The footer: a thin rule, then the site's address, on the side the text starts.
    card_cairo_rectangle(cr, 100, SITEGEN_CARD_BAND_BOTTOM + 46, W - 200, 2);
    set_colour(cr, palette->rule);
    card_cairo_fill(cr);
    if (address && *address) {
        PangoLayout *text = layout(cr, "DejaVu Sans Bold", 30);
        card_pango_layout_set_text(text, address, -1);
        card_pango_layout_set_width(text, (W - 200) * PANGO_SCALE);
        card_pango_layout_set_ellipsize(text, PANGO_ELLIPSIZE_MIDDLE);
        card_pango_layout_set_auto_dir(text, FALSE);  // an address reads left to right on every card
        int width = 0, height = 0;
        card_pango_layout_get_pixel_size(text, &width, &height);
        const double baseline = card_pango_layout_get_baseline(text) / (double)PANGO_SCALE;
        card_cairo_move_to(cr, mirrored ? W - 100 - width : 100, 514 - baseline);
        set_colour(cr, palette->accent_text);
        card_pango_cairo_show_layout(cr, text);
        card_unref(text);
    }
    // The ring round the avatar, the same on every card: drawn here once, not on each (the fill cost a twentieth of a
    // card). It is the first thing a card draws, inside the card, so the pixels are those it drew.
    card_cairo_reset_clip(cr);
    card_cairo_arc(cr, avatar_centre_x(mirrored), SITEGEN_CARD_CENTRE, SITEGEN_CARD_AVATAR / 2 + 10, 0, 2 * M_PI);
    set_colour(cr, palette->ring);
    card_cairo_fill(cr);
    card_cairo_destroy(cr);
    card_cairo_surface_flush(surface);
    frame->pixels = malloc((size_t)4 * W * H);
    if (frame->pixels) {
        const unsigned char *data = card_cairo_image_surface_get_data(surface);
        const int stride = card_cairo_image_surface_get_stride(surface);
        for (int y = 0; y < H; y++) memcpy(frame->pixels + (size_t)y * 4 * W, data + (size_t)y * stride, 4 * W);
    }
    card_cairo_surface_destroy(surface);
    if (!frame->pixels) { free(frame); return NULL; }
    const int band_top = SITEGEN_CARD_BAND_TOP, band_bottom = SITEGEN_CARD_BAND_BOTTOM;
    unsigned char *top = filtered(frame->pixels, band_top);
    unsigned char *bottom = filtered(frame->pixels + (size_t)band_bottom * 4 * W, H - band_bottom);
    int status = top && bottom ? 0 : -1;
    uint32_t top_adler = 0, bottom_adler = 0;
    if (status == 0) status = sitegen_deflate_piece(top, (size_t)ROW * band_top, 0, &frame->top, &frame->top_length, &top_adler);
    if (status == 0) status = sitegen_deflate_piece(bottom, (size_t)ROW * (H - band_bottom), 1, &frame->bottom, &frame->bottom_length, &bottom_adler);
    frame->top_adler = top_adler;
    frame->bottom_adler = bottom_adler;
    free(top);
    free(bottom);
    if (status != 0) { sitegen_card_frame_free(frame); return NULL; }
    return frame;
}

void sitegen_card_frame_free(sitegen_card_frame *frame) {
    if (!frame) return;
    free(frame->pixels);
    free(frame->top);
    free(frame->bottom);
    free(frame);
}

// Bytes handed to Cairo's PNG reader in pieces.
typedef struct { const unsigned char *bytes; size_t length, at; } png_source;

static cairo_status_t read_png(void *closure, unsigned char *data, unsigned int length) {
    png_source *source = closure;
    if (source->length - source->at < length) return CAIRO_STATUS_READ_ERROR;
    memcpy(data, source->bytes + source->at, length);
    source->at += length;
    return CAIRO_STATUS_SUCCESS;
}

// The avatar (a PNG or JPEG sitegen made) as Cairo's premultiplied ARGB32; NULL when it cannot be read. A PNG is read
// by Cairo; a JPEG by libvips, which must have been started.
static cairo_surface_t *avatar_surface(const void *bytes, size_t length, int is_png, int *side) {
    if (is_png) {
        png_source source = {bytes, length, 0};
        cairo_surface_t *surface = card_cairo_image_surface_create_from_png_stream(read_png, &source);
        if (card_cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) { card_cairo_surface_destroy(surface); return NULL; }
        const int width = card_cairo_image_surface_get_width(surface), height = card_cairo_image_surface_get_height(surface);
        *side = width > height ? width : height;
        return surface;
    }
    if (!card_jpegload) return NULL;
    VipsImage *image = NULL;
    if (card_jpegload((void *)bytes, length, &image, NULL) != 0 || !image) return NULL;
    const int width = image->Xsize, height = image->Ysize, bands = image->Bands;
    size_t size = 0;
    unsigned char *pixels = image->BandFmt == VIPS_FORMAT_UCHAR ? card_write_to_memory(image, &size) : NULL;
    card_unref(image);
    if (!pixels || bands < 1 || bands > 4 || size != (size_t)width * height * bands) { if (pixels) card_g_free(pixels); return NULL; }
    cairo_surface_t *surface = card_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    unsigned char *data = card_cairo_image_surface_get_data(surface);
    const int stride = card_cairo_image_surface_get_stride(surface);
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            const unsigned char *p = pixels + ((size_t)y * width + x) * bands;
            unsigned r, g, b;
            if (bands <= 2) r = g = b = p[0];
            else { r = p[0]; g = p[1]; b = p[2]; }
            uint32_t *out = (uint32_t *)(data + (size_t)y * stride) + x;
            *out = 255u << 24 | r << 16 | g << 8 | b;  // a JPEG has no transparency
        }
    }
    card_g_free(pixels);
    card_cairo_surface_mark_dirty(surface);
    *side = width > height ? width : height;
    return surface;
}

// Whether `lines` lines hold the text when Pango wraps it greedily at `width` (Pango units), from each character's
// width (`advance`, from the text laid out on one line) and where a line may break (`attributes`): a line breaks at the
// last place it may before a character that is not white space would pass the width, or before that character when
// there is none (PANGO_WRAP_WORD_CHAR). White space at a line's end may pass it.
static int fits(const int *advance, const PangoLogAttr *attributes, int count, int width, int lines) {
    int used = 1, start = 0, last_break = -1;
    long long line = 0;
    for (int i = 0; i < count; i++) {
        if (i > start && attributes[i].is_line_break) last_break = i;
        line += advance[i];
        if (attributes[i].is_white || line <= width) continue;
        const int at = last_break > start ? last_break : i > start ? i : i + 1;
        if (++used > lines) return 0;
        line = 0;
        for (int j = at; j <= i; j++) line += advance[j];
        start = at;
        last_break = -1;
        if (at == i + 1) line = 0;
    }
    return 1;
}

// The tagline's narrowest width in pixels, between `narrow` and `wide`, at which it keeps `lines` lines (balanced, as
// the page's tagline is with text-wrap: balance). Laying the text out again for each width tried shapes it again each
// time (HarfBuzz and Pango were 15 % of a card); here it is shaped once on one line, the width found from its
// characters' widths, and checked by one more layout, wider by 4 px at a time where Pango disagrees.
static int balanced_width(PangoLayout *layout, int lines, int narrow, int wide) {
    card_pango_layout_set_width(layout, -1);
    int count = 0;
    const PangoLogAttr *attributes = card_pango_layout_get_log_attrs_readonly(layout, &count);
    count--;  // one more attribute than characters: the position after the last
    int *advance = count > 0 ? calloc((size_t)count, sizeof *advance) : NULL;
    int found = wide;
    if (advance) {
        PangoLayoutIter *iter = card_pango_layout_get_iter(layout);
        int index = 0;
        do {
            PangoRectangle extent;
            card_pango_layout_iter_get_char_extents(iter, &extent);
            if (index < count) advance[index] = extent.width < 0 ? -extent.width : extent.width;
            index++;
        } while (card_pango_layout_iter_next_char(iter));
        card_pango_layout_iter_free(iter);
        int low = narrow, high = wide;  // fits at `high`, as Pango wrapped it there
        while (high - low > 1) {
            const int middle = (low + high) / 2;
            if (fits(advance, attributes, count, middle * PANGO_SCALE, lines)) high = middle;
            else low = middle;
        }
        found = high;
        free(advance);
    }
    for (; found < wide; found += 4) {
        card_pango_layout_set_width(layout, found * PANGO_SCALE);
        if (card_pango_layout_get_line_count(layout) == lines && !card_pango_layout_is_ellipsized(layout)) return found;
    }
    return wide;
}

int sitegen_card_draw(const sitegen_card_frame *frame, const sitegen_card_text *text, const void *avatar, size_t avatar_length,
                      int avatar_is_png, void **png, size_t *png_length) {
    enum { TOP = SITEGEN_CARD_BAND_TOP, ROWS = SITEGEN_CARD_BAND_BOTTOM - SITEGEN_CARD_BAND_TOP };
    const sitegen_card_palette *palette = &frame->palette;
    unsigned char *band = malloc((size_t)4 * W * ROWS);
    if (!band) return -1;
    memcpy(band, frame->pixels + (size_t)TOP * 4 * W, (size_t)4 * W * ROWS);
    cairo_surface_t *surface = card_cairo_image_surface_create_for_data(band, CAIRO_FORMAT_RGB24, W, ROWS, 4 * W);
    cairo_t *cr = card_cairo_create(surface);
    card_cairo_translate(cr, 0, -TOP);
    const double centre = SITEGEN_CARD_CENTRE, avatar_x = avatar_centre_x(frame->mirrored);
    // The avatar: a circle of SITEGEN_CARD_AVATAR px in the frame's ring of the accent colour, or the title's initials on it.
    int picture_side = 0;
    cairo_surface_t *picture = avatar && avatar_length ? avatar_surface(avatar, avatar_length, avatar_is_png, &picture_side) : NULL;
    if (picture) {
        card_cairo_save(cr);
        card_cairo_arc(cr, avatar_x, centre, SITEGEN_CARD_AVATAR / 2, 0, 2 * M_PI);
        card_cairo_clip(cr);
        set_colour(cr, palette->card);
        card_cairo_paint(cr);  // under a transparent avatar: the card, as on the page
        // Drawn at the size it was made for (SITEGEN_CARD_AVATAR, pixel for pixel): scaled only if it is not.
        const int side = SITEGEN_CARD_AVATAR;
        card_cairo_translate(cr, avatar_x - side / 2.0, centre - side / 2.0);
        if (picture_side != side) card_cairo_scale(cr, (double)side / picture_side, (double)side / picture_side);
        card_cairo_set_source_surface(cr, picture, 0, 0);
        card_cairo_paint(cr);
        card_cairo_restore(cr);
        card_cairo_surface_destroy(picture);
    } else if (text->initials && *text->initials) {
        PangoLayout *initials = layout(cr, "DejaVu Sans Bold", 104);
        card_pango_layout_set_text(initials, text->initials, -1);
        int width = 0, height = 0;
        card_pango_layout_get_pixel_size(initials, &width, &height);
        card_cairo_move_to(cr, avatar_x - width / 2.0, centre - height / 2.0);
        set_colour(cr, palette->ring_text);
        card_pango_cairo_show_layout(cr, initials);
        card_unref(initials);
    }
    // The title on one line, smaller as it is longer (72 px down to 44), cut with … beyond that; under it the
    // tagline in at most three lines, the last cut with …; the two centred together on the avatar's middle. Each
    // starts on its own side (Pango's alignment follows each paragraph's direction): right-to-left text at the box's
    // right edge, by the avatar when the card is mirrored.
    const int text_width = 640;
    const double text_left = frame->mirrored ? 100 : W - 100 - text_width;
    PangoLayout *title = layout(cr, "DejaVu Sans Bold", 72);
    card_pango_layout_set_text(title, text->title ? text->title : "", -1);
    int width = 0, height = 0;
    card_pango_layout_get_pixel_size(title, &width, &height);
    if (width > text_width) {
        double size = 72.0 * text_width / width;
        if (size < 44) size = 44;
        card_unref(title);
        title = layout(cr, "DejaVu Sans Bold", floor(size));
        card_pango_layout_set_text(title, text->title ? text->title : "", -1);
    }
    card_pango_layout_set_width(title, text_width * PANGO_SCALE);
    card_pango_layout_set_ellipsize(title, PANGO_ELLIPSIZE_END);
    card_pango_layout_get_pixel_size(title, &width, &height);
    PangoLayout *tagline = NULL;
    int tagline_height = 0, tagline_box = text_width;
    if (text->tagline && *text->tagline) {
        tagline = layout(cr, "DejaVu Sans", 34);
        card_pango_layout_set_text(tagline, text->tagline, -1);
        card_pango_layout_set_width(tagline, text_width * PANGO_SCALE);
        card_pango_layout_set_height(tagline, -3);  // three lines at most
        card_pango_layout_set_wrap(tagline, PANGO_WRAP_WORD_CHAR);
        card_pango_layout_set_ellipsize(tagline, PANGO_ELLIPSIZE_END);
        card_pango_layout_set_spacing(tagline, 8 * PANGO_SCALE);
        // Balanced, as the page's tagline is (text-wrap: balance): as narrow as it can be in as many lines, so that
        // no line is a word alone.
        const int lines = card_pango_layout_get_line_count(tagline);
        if (lines > 1 && !card_pango_layout_is_ellipsized(tagline)) {
            tagline_box = balanced_width(tagline, lines, text_width / 2, text_width);
            card_pango_layout_set_width(tagline, tagline_box * PANGO_SCALE);
        }
        int tagline_width = 0;
        card_pango_layout_get_pixel_size(tagline, &tagline_width, &tagline_height);
    }
    const int gap = tagline ? 20 : 0;
    double y = centre - (height + gap + tagline_height) / 2.0;
    card_cairo_move_to(cr, text_left, y);
    set_colour(cr, palette->text);
    card_pango_cairo_show_layout(cr, title);
    card_unref(title);
    if (tagline) {
        // Right-to-left, a narrower box still ends at the text's right edge.
        card_cairo_move_to(cr, text_left + (frame->mirrored ? text_width - tagline_box : 0), y + height + gap);
        set_colour(cr, palette->muted);
        card_pango_cairo_show_layout(cr, tagline);
        card_unref(tagline);
    }
    card_cairo_destroy(cr);
    card_cairo_surface_flush(surface);
    card_cairo_surface_destroy(surface);

    // The PNG: signature, header, one IDAT (zlib header, the frame's top piece, this band, the frame's bottom piece,
    // Adler-32 of all the rows), end.
    unsigned char *rows = filtered(band, ROWS);
    free(band);
    unsigned char *middle = NULL;
    size_t middle_length = 0;
    uint32_t band_adler = 0;
    if (!rows || sitegen_deflate_piece(rows, (size_t)ROW * ROWS, 0, &middle, &middle_length, &band_adler) != 0) { free(rows); return -1; }
    uLong adler = band_adler;
    free(rows);
    adler = card_adler32_combine(frame->top_adler, adler, (z_off_t)ROW * ROWS);
    adler = card_adler32_combine(adler, frame->bottom_adler, (z_off_t)ROW * (H - SITEGEN_CARD_BAND_BOTTOM));
    const size_t data_length = 2 + frame->top_length + middle_length + frame->bottom_length + 4;
    const size_t total = PNG_HEAD + data_length + PNG_TAIL;
    unsigned char *out = malloc(total);
    if (!out) { free(middle); return -1; }
    png_head(out, W, H, PNG_RGB, (uint32_t)data_length, card_crc32);
    unsigned char *data = out + PNG_HEAD;
    data[0] = 0x78; data[1] = 0x5e;  // deflate, 32 KiB window, "default" level; 0x785e is a multiple of 31
    memcpy(data + 2, frame->top, frame->top_length);
    memcpy(data + 2 + frame->top_length, middle, middle_length);
    memcpy(data + 2 + frame->top_length + middle_length, frame->bottom, frame->bottom_length);
    png_put32(data + data_length - 4, (uint32_t)adler);
    free(middle);
    png_tail(out, (uint32_t)data_length, card_crc32);
    *png = out;
    *png_length = total;
    return 0;
}

void sitegen_card_free(void *png) { free(png); }
