// A header of a ROCm library this ROCm does not ship.
#include <cuda_runtime.h>
#ifdef __HIP_PLATFORM_AMD__
#include <hipnonexistent/hipnonexistent.h>
#endif
int main() { return 0; }
