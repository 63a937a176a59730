#ifndef CPIXELKERNELS_H
#define CPIXELKERNELS_H
// Umbrella header: each kernel family has its own header beside this one.
#include "pk_cpu.h"
#include "pk_img.h"
#include "pk_ci.h"
#include "pk_raw.h"
#endif
