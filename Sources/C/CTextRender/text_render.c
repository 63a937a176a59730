#include "text_render.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <hb.h>
#include <hb-ft.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct tr_font {
    FT_Library library;
    FT_Face face;
    hb_font_t *shaper;
    double pixel_size;
};

static pthread_once_t fontconfig_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t fontconfig_lock = PTHREAD_MUTEX_INITIALIZER;
static int fontconfig_ready = 0;

static void fontconfig_start(void) { fontconfig_ready = FcInit() ? 1 : 0; }

/* The file and face index fontconfig prefers for `name`: tried first as a PostScript or full name, then as a
   family / pattern; fontconfig always answers with its best substitute (DejaVu Sans when nothing matches). */
static int find_face(const char *name, char *path, size_t path_capacity, int *index, char *resolved, size_t resolved_capacity) {
    pthread_once(&fontconfig_once, fontconfig_start);
    if (!fontconfig_ready) return -1;
    pthread_mutex_lock(&fontconfig_lock);
    int found = -1;
    const char *keys[] = {FC_POSTSCRIPT_NAME, FC_FULLNAME, NULL};
    FcPattern *chosen = NULL;
    /* An exact PostScript or full name wins over a family's best guess. */
    FcFontSet *all = NULL;
    FcPattern *any = FcPatternCreate();
    FcObjectSet *objects = FcObjectSetBuild(FC_FILE, FC_INDEX, FC_POSTSCRIPT_NAME, FC_FULLNAME, FC_FAMILY, FC_STYLE, (char *)0);
    if (any && objects) all = FcFontList(NULL, any, objects);
    for (int k = 0; keys[k] && all && !chosen; k++) {
        for (int i = 0; i < all->nfont && !chosen; i++) {
            FcChar8 *value = NULL;
            for (int n = 0; FcPatternGetString(all->fonts[i], keys[k], n, &value) == FcResultMatch; n++) {
                if (value && strcasecmp((const char *)value, name) == 0) { chosen = FcPatternDuplicate(all->fonts[i]); break; }
            }
        }
    }
    if (all) FcFontSetDestroy(all);
    if (objects) FcObjectSetDestroy(objects);
    if (any) FcPatternDestroy(any);
    if (!chosen) {
        FcPattern *pattern = FcNameParse((const FcChar8 *)(name && *name ? name : "sans-serif"));
        if (pattern) {
            FcConfigSubstitute(NULL, pattern, FcMatchPattern);
            FcDefaultSubstitute(pattern);
            FcResult result;
            chosen = FcFontMatch(NULL, pattern, &result);
            FcPatternDestroy(pattern);
        }
    }
    if (chosen) {
        FcChar8 *file = NULL, *family = NULL, *style = NULL;
        int face_index = 0;
        if (FcPatternGetString(chosen, FC_FILE, 0, &file) == FcResultMatch && file) {
            FcPatternGetInteger(chosen, FC_INDEX, 0, &face_index);
            FcPatternGetString(chosen, FC_FAMILY, 0, &family);
            FcPatternGetString(chosen, FC_STYLE, 0, &style);
            snprintf(path, path_capacity, "%s", (const char *)file);
            *index = face_index;
            if (resolved && resolved_capacity)
                snprintf(resolved, resolved_capacity, "%s|%s|%s", family ? (const char *)family : "",
                         style ? (const char *)style : "", (const char *)file);
            found = 0;
        }
        FcPatternDestroy(chosen);
    }
    pthread_mutex_unlock(&fontconfig_lock);
    return found;
}

tr_font *tr_font_open(const char *name, double pixel_size, char *resolved, size_t resolved_capacity) {
    if (!(pixel_size > 0) || pixel_size > 100000) return NULL;
    char path[4096];
    int index = 0;
    if (find_face(name ? name : "", path, sizeof path, &index, resolved, resolved_capacity) != 0) return NULL;
    tr_font *font = calloc(1, sizeof *font);
    if (!font) return NULL;
    if (FT_Init_FreeType(&font->library) != 0) { free(font); return NULL; }
    if (FT_New_Face(font->library, path, index, &font->face) != 0 || !FT_IS_SCALABLE(font->face)) {
        if (font->face) FT_Done_Face(font->face);
        FT_Done_FreeType(font->library);
        free(font);
        return NULL;
    }
    font->pixel_size = pixel_size;
    /* 26.6 fixed point at 72 dpi: one point is one pixel. */
    FT_Set_Char_Size(font->face, 0, (FT_F26Dot6)lround(pixel_size * 64.0), 72, 72);
    font->shaper = hb_ft_font_create_referenced(font->face);
    hb_ft_font_set_load_flags(font->shaper, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    return font;
}

void tr_font_close(tr_font *font) {
    if (!font) return;
    hb_font_destroy(font->shaper);
    FT_Done_Face(font->face);
    FT_Done_FreeType(font->library);
    free(font);
}

void tr_font_metrics(const tr_font *font, double *ascender, double *descender) {
    double scale = font->pixel_size / (double)font->face->units_per_EM;
    *ascender = font->face->ascender * scale;
    *descender = -font->face->descender * scale;
}

static hb_buffer_t *shape(tr_font *font, const char *utf8, int length) {
    hb_buffer_t *buffer = hb_buffer_create();
    if (!hb_buffer_allocation_successful(buffer)) { hb_buffer_destroy(buffer); return NULL; }
    hb_buffer_add_utf8(buffer, utf8, length, 0, length);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font->shaper, buffer, NULL, 0);
    return buffer;
}

double tr_measure(tr_font *font, const char *utf8, int length) {
    hb_buffer_t *buffer = shape(font, utf8, length);
    if (!buffer) return -1;
    unsigned count = 0;
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    double advance = 0;
    for (unsigned i = 0; i < count; i++) advance += positions[i].x_advance / 64.0;
    hb_buffer_destroy(buffer);
    return advance;
}

/* Calls `plot(context, x, y, coverage)` for every pixel of every glyph of the shaped text. */
typedef void (*plot_fn)(void *context, int x, int y, int coverage);

static int render(tr_font *font, const char *utf8, int length, double x, double baseline, plot_fn plot, void *context) {
    hb_buffer_t *buffer = shape(font, utf8, length);
    if (!buffer) return -1;
    unsigned count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    double pen_x = x, pen_y = baseline;
    for (unsigned i = 0; i < count; i++) {
        double gx = pen_x + positions[i].x_offset / 64.0;
        double gy = pen_y - positions[i].y_offset / 64.0;
        pen_x += positions[i].x_advance / 64.0;
        pen_y -= positions[i].y_advance / 64.0;
        if (FT_Load_Glyph(font->face, infos[i].codepoint, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) != 0) continue;
        FT_GlyphSlot slot = font->face->glyph;
        if (slot->format != FT_GLYPH_FORMAT_OUTLINE) continue;
        /* Keep the sub-pixel part of the pen position in the outline; render at the whole-pixel part. */
        double whole_x = floor(gx), whole_y = floor(gy);
        FT_Outline_Translate(&slot->outline, (FT_Pos)lround((gx - whole_x) * 64.0), (FT_Pos)lround(-(gy - whole_y) * 64.0));
        if (FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) != 0) continue;
        FT_Bitmap *bitmap = &slot->bitmap;
        int left = (int)whole_x + slot->bitmap_left;
        int top = (int)whole_y - slot->bitmap_top;
        for (unsigned row = 0; row < bitmap->rows; row++) {
            const unsigned char *line = bitmap->buffer + (long)row * bitmap->pitch;
            for (unsigned column = 0; column < bitmap->width; column++) {
                if (line[column]) plot(context, left + (int)column, top + (int)row, line[column]);
            }
        }
    }
    hb_buffer_destroy(buffer);
    return 0;
}

typedef struct { const float *colour; float *rgba; int width, height, stride; } rgba_target;

static void plot_rgba(void *context, int x, int y, int coverage) {
    rgba_target *t = context;
    if (x < 0 || y < 0 || x >= t->width || y >= t->height) return;
    float c = coverage / 255.0f;
    float *p = t->rgba + (long)y * t->stride + (long)x * 4;
    float keep = 1.0f - t->colour[3] * c;
    for (int k = 0; k < 4; k++) p[k] = t->colour[k] * c + p[k] * keep;
}

int tr_draw(tr_font *font, const char *utf8, int length, double x, double baseline, const float colour[4],
            float *rgba, int width, int height, int stride) {
    rgba_target target = {colour, rgba, width, height, stride};
    return render(font, utf8, length, x, baseline, plot_rgba, &target);
}

typedef struct { uint8_t *coverage; int width, height; } coverage_target;

static void plot_coverage(void *context, int x, int y, int coverage) {
    coverage_target *t = context;
    if (x < 0 || y < 0 || x >= t->width || y >= t->height) return;
    uint8_t *p = t->coverage + (long)y * t->width + x;
    int sum = *p + coverage - (*p * coverage) / 255;
    *p = (uint8_t)(sum > 255 ? 255 : sum);
}

int tr_draw_coverage(tr_font *font, const char *utf8, int length, double x, double baseline,
                     uint8_t *coverage, int width, int height) {
    coverage_target target = {coverage, width, height};
    return render(font, utf8, length, x, baseline, plot_coverage, &target);
}
