#include <lib/suppress_begin.h>
#include <lib/foo.h>
#include <lib/suppress_end.h>
void clear(float *x) { cudaMemset(x, 0, 4); }
