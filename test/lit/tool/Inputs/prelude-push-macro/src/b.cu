#include <pushhdr.h>
#pragma pop_macro("PRELUDE_LEVEL")
static_assert(PRELUDE_LEVEL == 1, "the pushed definition is back");
void clear(float *x) { cudaMemset(x, 0, 4); }
