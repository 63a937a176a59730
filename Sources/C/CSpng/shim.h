#ifndef CSPNG_SHIM_H
#define CSPNG_SHIM_H
#include <spng.h>
#endif
