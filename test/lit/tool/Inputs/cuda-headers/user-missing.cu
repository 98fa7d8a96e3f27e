// A header of the user's own that is missing: the SDK has none of that name,
// so the parse with the bundled headers stands.
#include <cuda_runtime.h>
#include "cu2hip_no_such_user_header.h"
void f(void *p) { cudaFree(p); }
