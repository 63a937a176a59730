#ifndef CLIBRAW_SHIM_H
#define CLIBRAW_SHIM_H
#include <stdio.h>
#include <libraw/libraw.h>
#endif
