//===- cu2hip/launch.h - CUDA's minimum blocks as AMD waves per EU --------===//
//
// Included by code that cu2hip ported (rule wave-launch-bounds). CUDA's
// __launch_bounds__(maxThreads, minBlocksPerSM) asks for registers such that
// minBlocksPerSM blocks fit on one multiprocessor; HIP passes the second
// argument to amdgpu_waves_per_eu, the minimum number of waves per execution
// unit (SIMD) (ROCm/hip#2521; porting-guide formula of rocm-systems#646).
// The port writes
//
//   __launch_bounds__(T, CU2HIP_WAVES_PER_EU(T, B))
//
// which is, per device-compilation target,
//
//   ceil(B * ceil(T / wave size) / EUs per CU), at least 1, at most the
//   target's maximum waves per EU
//
// so that B blocks of T threads can be resident on one CU (one WGP on
// gfx10+). The target facts are LLVM AMDGPU's (AMDGPUBaseInfo.cpp,
// getEUsPerCU and getMaxWavesPerEU):
//   gfx9 (GCN, CDNA)        wave 64, 4 SIMDs per CU, max 10 waves per SIMD,
//                           8 on gfx90a / gfx94x / gfx950
//   gfx10+ (RDNA), WGP mode wave 32, 4 SIMD32 per WGP (2 per CU with
//                           -mcumode: __AMDGCN_CUMODE__), max 20 waves per
//                           SIMD on gfx10.1, 16 on gfx10.3 and later
// Examples: (128, 8) -> 4 on gfx942, 8 on gfx1100; (64, 32) -> 8 on gfx942,
// 16 (the maximum) on gfx1100. On HIP's NVIDIA platform and in the host pass
// the second argument is CUDA's own minimum blocks.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_LAUNCH_H
#define CU2HIP_LAUNCH_H

#include <hip/hip_runtime.h>

#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__) ||                  \
    !defined(__HIP_DEVICE_COMPILE__)
#define CU2HIP_WAVES_PER_EU(threads, min_blocks) (min_blocks)
#else
#if defined(__GFX9__) || defined(__GFX8__) || defined(__GFX7__) || defined(__GFX6__)
#define CU2HIP_LB_WAVE 64
#define CU2HIP_LB_EUS 4
#if defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx941__) ||                  \
    defined(__gfx942__) || defined(__gfx950__)
#define CU2HIP_LB_MAX_WAVES 8
#else
#define CU2HIP_LB_MAX_WAVES 10
#endif
#else
#define CU2HIP_LB_WAVE 32
#if defined(__AMDGCN_CUMODE__) && __AMDGCN_CUMODE__
#define CU2HIP_LB_EUS 2
#else
#define CU2HIP_LB_EUS 4
#endif
#if defined(__gfx1010__) || defined(__gfx1011__) || defined(__gfx1012__) ||               \
    defined(__gfx1013__)
#define CU2HIP_LB_MAX_WAVES 20
#else
#define CU2HIP_LB_MAX_WAVES 16
#endif
#endif
#define CU2HIP_LB_WANTED(threads, min_blocks)                                              \
  (((min_blocks) * (((threads) + CU2HIP_LB_WAVE - 1) / CU2HIP_LB_WAVE) + CU2HIP_LB_EUS -    \
    1) /                                                                                   \
   CU2HIP_LB_EUS)
#define CU2HIP_WAVES_PER_EU(threads, min_blocks)                                           \
  (CU2HIP_LB_WANTED(threads, min_blocks) < 1                                               \
       ? 1                                                                                 \
       : CU2HIP_LB_WANTED(threads, min_blocks) > CU2HIP_LB_MAX_WAVES                       \
             ? CU2HIP_LB_MAX_WAVES                                                         \
             : CU2HIP_LB_WANTED(threads, min_blocks))
#endif

#endif // CU2HIP_LAUNCH_H
