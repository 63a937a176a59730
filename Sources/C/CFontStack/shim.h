#ifndef CFONTSTACK_SHIM_H
#define CFONTSTACK_SHIM_H
/* FreeType, HarfBuzz and fontconfig, for the C target CTextRender (no Swift module imports this one). */
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>
#include <fontconfig/fontconfig.h>
#endif
