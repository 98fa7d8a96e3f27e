// The device pass's wall_clock64() rate per gfx target (cu2hip/clock.h):
// 25 MHz on CDNA1/CDNA2 (ISA manuals: S_MEMREALTIME), 100 MHz elsewhere.
#include <hip/hip_runtime.h>
#include <cu2hip/clock.h>
#if defined(__HIP_DEVICE_COMPILE__)
#if defined(__gfx908__) || defined(__gfx90a__)
static_assert(CU2HIP_WALL_CLOCK_KHZ == 25000, "CDNA1/2 wall clock is 25 MHz");
#else
static_assert(CU2HIP_WALL_CLOCK_KHZ == 100000, "wall clock is 100 MHz");
#endif
#endif
__global__ void k(unsigned long long *t) { *t = cu2hip::globaltimer_ns(); }
