// runtime/hip-nvidia/include/hip/hip_bf16.h — TEST-ONLY: HIP's bf16 header for the NVIDIA
// platform, on top of CUDA's <cuda_bf16.h>. Debian 12's HIP 5.2 NVIDIA headers have no
// hip_bf16.h; make-headers.sh copies this file into its output's hip/ directory.
//
// Current HIP names the bf16 types __hip_bfloat16 / __hip_bfloat162 (and the _raw structs) and
// keeps CUDA's names for the intrinsics (__float2bfloat16, __bfloat162float,
// __halves2bfloat162, __ushort_as_bfloat16, __hadd2, ...), so on NVIDIA the types are CUDA's
// and every intrinsic is CUDA's own. Not installed; AMD builds use ROCm's real header.
#ifndef CU2HIP_HIP_NVIDIA_HIP_BF16_H
#define CU2HIP_HIP_NVIDIA_HIP_BF16_H

#if !defined(__HIP_PLATFORM_NVIDIA__)
#error "this hip_bf16.h is the test-only header for HIP on NVIDIA; use ROCm's on AMD"
#endif

#include <cuda_bf16.h>

typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
typedef __nv_bfloat16_raw __hip_bfloat16_raw;
typedef __nv_bfloat162_raw __hip_bfloat162_raw;

#ifndef HIP_R_16BF
#define HIP_R_16BF CUDA_R_16BF
#endif

#endif // CU2HIP_HIP_NVIDIA_HIP_BF16_H
