//===- cu2hip/arch.h - CUDA architecture feature gates on AMD targets ----===//
//
// CUDA code gates features on the compute capability: `#if __CUDA_ARCH__ >=
// 800` in device code, `prop.major >= 8` on the host. On AMD __CUDA_ARCH__
// is undefined (every gate takes its fallback, often "no device code") and
// hipDeviceProp_t::major/minor are the gfx version (9.4 for gfx942, 11.0 for
// gfx1100), which compare as newer than any NVIDIA part a tree knows.
//
// cu2hip ports each such gate to the CUDA level whose gated features the
// port provides on the target (rule cuda-arch-gate, device; rule
// compute-capability, host), from one table (docs/arch-features.md):
//
//   level 800 (fp16 and packed fp16 math, double atomicAdd, 4-way byte dot
//     products, bf16 math, matrix cores through rocWMMA):
//     CDNA gfx908, gfx90a, gfx940, gfx941, gfx942, gfx950;
//     RDNA 3/4 gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1151,
//     gfx1200, gfx1201
//   level 610 (fp16, double atomicAdd, byte dot products through
//     cu2hip/simd.h; no matrix cores): every other gfx target
//   no target: 900 and up (TMA, wgmma, thread block clusters, distributed
//     shared memory), cp.async (no AMD instruction behind the PTX)
//
// CU2HIP_CUDA_ARCH: the level, defined in the device pass only (as CUDA
// defines __CUDA_ARCH__), so host-pass tests of it read 0. The CPU emulator
// (runtime/emu) compiles device and host code in one pass for the targets it
// emulates, gfx942 at wave 64 and gfx1100 at wave 32 (its gcnArchName): both
// level 800, so there it is 800 and ported gates take the branch a real
// target of that wave size takes.
// cu2hip::cc_major(prop) / cc_minor(prop) / cc_level(prop): the same level
// on the host, from hipDeviceProp_t::gcnArchName ("gfx942:sramecc+:xnack-"),
// so host dispatch agrees with what the device pass compiled.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ARCH_H
#define CU2HIP_ARCH_H

#include <hip/hip_runtime.h>
#include <cstring>

#if defined(__HIP_DEVICE_COMPILE__) && !defined(CU2HIP_CUDA_ARCH)
#if defined(__gfx908__) || defined(__gfx90a__) || defined(__gfx940__) ||        \
    defined(__gfx941__) || defined(__gfx942__) || defined(__gfx950__) ||       \
    defined(__gfx1100__) || defined(__gfx1101__) || defined(__gfx1102__) ||    \
    defined(__gfx1103__) || defined(__gfx1150__) || defined(__gfx1151__) ||    \
    defined(__gfx1200__) || defined(__gfx1201__)
#define CU2HIP_CUDA_ARCH 800
#else
#define CU2HIP_CUDA_ARCH 610
#endif
#elif defined(__CU2HIP_EMU__) && !defined(CU2HIP_CUDA_ARCH)
#define CU2HIP_CUDA_ARCH 800 // gfx942 (wave 64) and gfx1100 (wave 32): see above
#endif

namespace cu2hip {

/// The CUDA level (e.g. 800) whose gated features the port provides on the
/// gfx target named by `GcnArchName` (hipDeviceProp_t::gcnArchName, with or
/// without the ":feature" suffixes); 610 for targets not in the table.
/// Same table as CU2HIP_CUDA_ARCH.
inline int cc_level_of(const char *GcnArchName) {
  static const char *const Level800[] = {
      "gfx908",  "gfx90a",  "gfx940",  "gfx941",  "gfx942",  "gfx950",  "gfx1100",
      "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"};
  size_t N = std::strcspn(GcnArchName, ":");
  for (const char *T : Level800)
    if (std::strlen(T) == N && std::strncmp(T, GcnArchName, N) == 0)
      return 800;
  return 610;
}
/// The level of device `Prop` (800, 610); see cc_level_of.
inline int cc_level(const hipDeviceProp_t &Prop) { return cc_level_of(Prop.gcnArchName); }
/// CUDA's cudaDeviceProp::major for the level: 8 or 6.
inline int cc_major(const hipDeviceProp_t &Prop) { return cc_level(Prop) / 100; }
/// CUDA's cudaDeviceProp::minor for the level: 0 or 1.
inline int cc_minor(const hipDeviceProp_t &Prop) { return cc_level(Prop) / 10 % 10; }

/// cudaGetDeviceProperties as ported: hipGetDeviceProperties, then
/// major.minor set to the device's level (8.0 or 6.1) instead of the gfx
/// version, so `prop.major >= 8` and `100 * major + 10 * minor` dispatch to
/// the kernels the device pass compiled (CU2HIP_CUDA_ARCH). The gfx target
/// stays readable in gcnArchName. Errors: those of hipGetDeviceProperties.
inline hipError_t getDeviceProperties(hipDeviceProp_t *Prop, int Device) {
  hipError_t E = hipGetDeviceProperties(Prop, Device);
  if (E == hipSuccess) {
    Prop->major = cc_major(*Prop);
    Prop->minor = cc_minor(*Prop);
  }
  return E;
}
/// cudaDeviceGetAttribute as ported: the compute-capability attributes give
/// the level's major/minor (as getDeviceProperties), others are HIP's.
inline hipError_t deviceGetAttribute(int *Value, hipDeviceAttribute_t Attr, int Device) {
  if (Attr != hipDeviceAttributeComputeCapabilityMajor &&
      Attr != hipDeviceAttributeComputeCapabilityMinor)
    return hipDeviceGetAttribute(Value, Attr, Device);
  hipDeviceProp_t Prop;
  hipError_t E = getDeviceProperties(&Prop, Device);
  if (E == hipSuccess)
    *Value = Attr == hipDeviceAttributeComputeCapabilityMajor ? Prop.major : Prop.minor;
  return E;
}

} // namespace cu2hip

#endif // CU2HIP_ARCH_H
