/* cairo's image surfaces and PDF writer, for the example photo book extension (Examples/PhotoBook). */
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
