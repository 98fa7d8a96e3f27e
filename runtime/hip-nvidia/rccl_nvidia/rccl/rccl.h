// runtime/hip-nvidia/rccl_nvidia/rccl/rccl.h — TEST-ONLY forwarding header: RCCL's API on
// NVIDIA GPUs, for running HIP ports that use <rccl/rccl.h> on an NVIDIA machine
// (nvcc -D__HIP_PLATFORM_NVIDIA__ -I runtime/hip-nvidia/rccl_nvidia, see
// scripts/gpu-multi-check.sh).
//
// RCCL exposes NCCL's API under the same nccl* names and values (cu2hip maps <nccl.h> to
// <rccl/rccl.h> and keeps every name); RCCL has no NVIDIA backend, so this header forwards to
// NVIDIA's NCCL: it includes <nccl.h> and checks that HIP's stream type on NVIDIA is CUDA's,
// which is what lets the ported calls pass their hipStream_t straight through. It is not an
// RCCL implementation, refuses to compile for AMD (hipcc finds ROCm's real <rccl/rccl.h>),
// and is not installed. Link with -lnccl.
#ifndef CU2HIP_HIP_NVIDIA_RCCL_H
#define CU2HIP_HIP_NVIDIA_RCCL_H

#if !defined(__HIP_PLATFORM_NVIDIA__)
#error "rccl_nvidia is a test-only shim for HIP on NVIDIA; use ROCm's RCCL on AMD"
#endif

#include <hip/hip_runtime.h>
#include <nccl.h>

#ifdef __cplusplus
#include <type_traits>
static_assert(std::is_same<hipStream_t, cudaStream_t>::value,
              "rccl_nvidia: hipStream_t must be cudaStream_t on NVIDIA to forward to NCCL");
#endif

#endif // CU2HIP_HIP_NVIDIA_RCCL_H
