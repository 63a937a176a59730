#ifndef CLCMS2_SHIM_H
#define CLCMS2_SHIM_H
#include <lcms2.h>

// lcms2's TYPE_* pixel formats are function-like macro compositions Swift cannot import.
static const cmsUInt32Number CLCMS2_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number CLCMS2_TYPE_BGRA_8 = TYPE_BGRA_8;
static const cmsUInt32Number CLCMS2_TYPE_RGB_16 = TYPE_RGB_16;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_16 = TYPE_RGBA_16;
static const cmsUInt32Number CLCMS2_TYPE_RGB_FLT = TYPE_RGB_FLT;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_FLT = TYPE_RGBA_FLT;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_HALF_FLT = TYPE_RGBA_HALF_FLT;
static const cmsUInt32Number CLCMS2_TYPE_GRAY_8 = TYPE_GRAY_8;
static const cmsUInt32Number CLCMS2_TYPE_GRAY_16 = TYPE_GRAY_16;
static const cmsUInt32Number CLCMS2_TYPE_GRAY_FLT = TYPE_GRAY_FLT;
static const cmsUInt32Number CLCMS2_TYPE_GRAYA_8 = TYPE_GRAYA_8;
static const cmsUInt32Number CLCMS2_TYPE_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number CLCMS2_TYPE_XYZ_DBL = TYPE_XYZ_DBL;
static const cmsUInt32Number CLCMS2_TYPE_Lab_DBL = TYPE_Lab_DBL;
static const cmsUInt32Number CLCMS2_TYPE_RGB_DBL = TYPE_RGB_DBL;
#endif
