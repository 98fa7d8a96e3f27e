//===- cu2hip/bf16_config.h - can this unit include <hip/hip_bf16.h>? ------===//
//
// CU2HIP_HIP_BF16 is 1 where <hip/hip_bf16.h> exists (ROCm 6 and later; HIP
// 5.2 has none) and the compiler parses it, else 0. HIP's bf16 header uses
// the __bf16 type, which clang has and GCC has on x86 only from GCC 13: a
// host C++ unit built with g++ 12 (Debian 12, Ubuntu 22.04), which includes a
// ported header that includes a cu2hip runtime header, stops in
// amd_hip_bf16.h ("'__bf16' was not declared in this scope"). The runtime
// headers include HIP's bf16 header, and define their bf16 overloads, only
// where this is 1; a unit that uses bf16 itself includes <hip/hip_bf16.h>
// (the port maps <cuda_bf16.h> to it). nvcc (HIP on NVIDIA) and the CPU
// emulator have their own bf16 types.
// CU2HIP_NO_BF16 forces 0.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BF16_CONFIG_H
#define CU2HIP_BF16_CONFIG_H

#if defined(CU2HIP_NO_BF16) || !defined(__has_include)
#define CU2HIP_HIP_BF16 0
#elif __has_include(<hip/hip_bf16.h>) &&                                                     \
    (defined(__clang__) || defined(__CUDACC__) || defined(__CU2HIP_EMU__) ||                 \
     (defined(__GNUC__) && __GNUC__ >= 13))
#define CU2HIP_HIP_BF16 1
#else
#define CU2HIP_HIP_BF16 0
#endif

#endif // CU2HIP_BF16_CONFIG_H
