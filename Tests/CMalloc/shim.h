// glibc's heap statistics (mallinfo2), which the Glibc module does not export: tests count bytes in use.
#include <malloc.h>
