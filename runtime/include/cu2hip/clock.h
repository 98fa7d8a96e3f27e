//===- cu2hip/clock.h - device time from the fixed-rate wall clock --------===//
//
// Included by code that cu2hip ported (rule clock-time). CUDA code that turns
// clock64() cycles into time with the clock rate (cudaDevAttrClockRate,
// cudaDeviceProp::clockRate) is wrong on AMD: clock64() counts the shader
// clock, which changes with DVFS and on gfx11+ is another counter, so a wait
// sized from the peak rate lasts far longer (ROCm/hip#978, #3110,
// rocm-systems#7667). The port reads wall_clock64(), a constant-rate counter,
// and its rate:
//
//   cu2hip::wall_clock_rate_attribute(hipDeviceAttributeClockRate)
//       -> hipDeviceAttributeWallClockRate (kHz, like CUDA's clock rate)
//
// The argument is the attribute the code asked for, kept so the call reads
// as the original; only the clock rate is redirected. The wall clock rate
// can be 0 on some parts (rocm-systems#1911): code that checks for a
// non-positive rate keeps working. hipDeviceAttributeWallClockRate exists
// from ROCm 5.3 on; with HIP 5.2 the helper is unavailable, with a message.
// PTX's %globaltimer (rule ptx-builtin) becomes globaltimer_ns().
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CLOCK_H
#define CU2HIP_CLOCK_H

#include <hip/hip_runtime.h>

namespace cu2hip {

#if !defined(HIP_VERSION) || HIP_VERSION >= 50300000 || defined(__HIP_PLATFORM_NVIDIA__)
/// The rate of wall_clock64() as a device attribute (see the file comment).
inline hipDeviceAttribute_t wall_clock_rate_attribute(hipDeviceAttribute_t asked) {
  return asked == hipDeviceAttributeClockRate ? hipDeviceAttributeWallClockRate : asked;
}
#else
__attribute__((unavailable("HIP < 5.3 has no hipDeviceAttributeWallClockRate: build with "
                           "ROCm >= 5.3 (cu2hip/clock.h)"))) hipDeviceAttribute_t
wall_clock_rate_attribute(hipDeviceAttribute_t asked);
#endif

/// The rate of wall_clock64() in kHz when the device code must know it
/// (hipDeviceAttributeWallClockRate is a host query): 100000 (100 MHz) on
/// the gfx9 and gfx11 parts ROCm 7.2 supports; define it for another rate.
#ifndef CU2HIP_WALL_CLOCK_KHZ
#if defined(__CU2HIP_EMU__)
#define CU2HIP_WALL_CLOCK_KHZ 1000000ull // the emulator's wall clock counts nanoseconds
#else
#define CU2HIP_WALL_CLOCK_KHZ 100000ull
#endif
#endif

/// PTX's %globaltimer: a global nanosecond timer (rule ptx-builtin), from
/// the constant-rate wall clock (steps of 1e6 / CU2HIP_WALL_CLOCK_KHZ ns).
#if defined(__HIP__) || defined(__CUDACC__) || defined(__CU2HIP_EMU__) // device code: not in a host C++ unit (see cu2hip/wave.h)
__device__ inline unsigned long long globaltimer_ns() {
  return static_cast<unsigned long long>(wall_clock64()) * (1000000ull / CU2HIP_WALL_CLOCK_KHZ);
}
#endif

} // namespace cu2hip

#endif // CU2HIP_CLOCK_H
