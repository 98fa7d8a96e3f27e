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

/// The rate of wall_clock64() in kHz where device code must know it: HIP
/// documents the rate only as the host query hipDeviceAttributeWallClockRate
/// ("constant frequency of wall clock in kilohertz", per device; the counter
/// is the board's, ROCm/hip#3110), so the device pass takes it per gfx target:
///   gfx908, gfx90a (CDNA1/CDNA2): 25000 -- the ISA manuals: S_MEMREALTIME
///     reads "a constant 25MHz clock";
///   every other target: 100000 (100 MHz), what ROCm reports for gfx942
///     (MI300) and the RDNA parts; an assumption for a target whose board
///     counts at another rate.
///   the CPU emulator: 1000000 (its wall clock counts nanoseconds).
/// Define CU2HIP_WALL_CLOCK_KHZ to the value hipDeviceGetAttribute(
/// hipDeviceAttributeWallClockRate) gives on the device to override it;
/// cu2hip::wall_clock_khz_matches() checks it on the host.
#ifdef CU2HIP_WALL_CLOCK_KHZ
#define CU2HIP_WALL_CLOCK_KHZ_GIVEN 1
#else
#if defined(__CU2HIP_EMU__)
#define CU2HIP_WALL_CLOCK_KHZ 1000000ull // the emulator's wall clock counts nanoseconds
#elif defined(__gfx908__) || defined(__gfx90a__)
#define CU2HIP_WALL_CLOCK_KHZ 25000ull
#else
#define CU2HIP_WALL_CLOCK_KHZ 100000ull
#endif
#endif // CU2HIP_WALL_CLOCK_KHZ

#if !defined(HIP_VERSION) || HIP_VERSION >= 50300000 || defined(__HIP_PLATFORM_NVIDIA__)
/// Host check of the device pass's rate for device `Device`, whose gfx
/// target is `GcnArchName` (hipDeviceProp_t::gcnArchName): true when the
/// rate CU2HIP_WALL_CLOCK_KHZ takes for that target (the table above, or
/// the defined override) is the device's hipDeviceAttributeWallClockRate.
/// False on a query error or a 0 rate (rocm-systems#1911).
inline bool wall_clock_khz_matches(int Device, const char *GcnArchName) {
  int Khz = 0;
  if (hipDeviceGetAttribute(&Khz, hipDeviceAttributeWallClockRate, Device) != hipSuccess)
    return false;
#if defined(CU2HIP_WALL_CLOCK_KHZ_GIVEN) || defined(__CU2HIP_EMU__)
  unsigned long long Want = CU2HIP_WALL_CLOCK_KHZ;
  (void)GcnArchName;
#else
  bool Cdna12 = !__builtin_strncmp(GcnArchName, "gfx908", 6) ||
                !__builtin_strncmp(GcnArchName, "gfx90a", 6);
  unsigned long long Want = Cdna12 ? 25000ull : 100000ull;
#endif
  return Khz > 0 && static_cast<unsigned long long>(Khz) == Want;
}
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
