#ifndef TEXT_RENDER_H
#define TEXT_RENDER_H
/* Text for Core Image's text generators: a font found by name through fontconfig, text shaped by HarfBuzz
   (kerning, ligatures, combining marks, right-to-left runs), glyph outlines rasterised by FreeType with
   anti-aliasing and no hinting. Swift sees only these functions; FreeType, HarfBuzz and fontconfig types
   stay in the .c file. Every function is safe to call from several threads at once: each font handle owns
   its FreeType library instance, and fontconfig is initialised once. */
#include <stddef.h>
#include <stdint.h>

typedef struct tr_font tr_font;

/* Opens the installed face fontconfig matches best for `name` (a family such as "DejaVu Sans", a PostScript
   or full name such as "HelveticaNeue-Bold", or a fontconfig pattern) at `pixel_size` pixels per em.
   `resolved` (capacity `resolved_capacity`) receives "family|style|file" of the face chosen. NULL when no
   face can be opened at all. */
tr_font *tr_font_open(const char *name, double pixel_size, char *resolved, size_t resolved_capacity);
void tr_font_close(tr_font *font);

/* The face's ascender (above the baseline, positive) and descender (below, positive) in pixels, from the
   font's own metrics scaled to the size (not rounded). */
void tr_font_metrics(const tr_font *font, double *ascender, double *descender);

/* The advance width in pixels of `utf8` (`length` bytes) shaped with this font. Negative on failure. */
double tr_measure(tr_font *font, const char *utf8, int length);

/* Shapes `utf8` and composites its glyphs, anti-aliased, over `rgba`: `width` x `height` premultiplied
   float RGBA pixels, row 0 at the top, `stride` floats per row. The pen starts at (`x`, `baseline`) in
   pixels from the top-left corner, sub-pixel positions kept. Each glyph pixel of coverage c adds
   colour * c over what is there (colour premultiplied by the caller). Returns 0, or -1 on failure. */
int tr_draw(tr_font *font, const char *utf8, int length, double x, double baseline, const float colour[4],
            float *rgba, int width, int height, int stride);

/* Renders `utf8` with this font into an 8-bit coverage buffer (`width` x `height`, row 0 at the top)
   the same way tr_draw does: used by tests to compare against an independent renderer. */
int tr_draw_coverage(tr_font *font, const char *utf8, int length, double x, double baseline,
                     uint8_t *coverage, int width, int height);

#endif
