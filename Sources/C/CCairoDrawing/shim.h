/* cairo's image surfaces for CoreGraphics' bitmap contexts (CGContext). No library is named here: cairo is loaded
   on first use through the stubs of CLazyLibraries (group "cairo"), so programs that never draw do not map it. */
#include <cairo/cairo.h>
