// Flat spelling used by older hipBLAS releases; same test-only shim.
#include "hipblas/hipblas.h"
