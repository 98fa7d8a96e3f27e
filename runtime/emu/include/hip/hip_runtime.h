// cu2hip CPU SIMT emulator: stand-in for HIP's <hip/hip_runtime.h>.
//
// Compiles HIP sources with the host C++ compiler and runs their kernels on
// the CPU, one fiber per GPU thread, with a wavefront of 32 or 64 lanes
// (CU2HIP_EMU_WAVE, default 64). See docs/emulator.md.
#pragma once

#ifndef __CU2HIP_EMU__
#define __CU2HIP_EMU__ 1
#endif
// The emulator reproduces AMD's wavefront semantics.
#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#ifndef __HIPCC__
#define __HIPCC__ 1
#endif
// HIP's own include guards: code tests them to see whether HIP's runtime
// (API) is included (e.g. the CUDA samples' helper_cuda.h, as ported).
#ifndef HIP_INCLUDE_HIP_HIP_RUNTIME_H
#define HIP_INCLUDE_HIP_HIP_RUNTIME_H
#endif
#ifndef HIP_INCLUDE_HIP_HIP_RUNTIME_API_H
#define HIP_INCLUDE_HIP_HIP_RUNTIME_API_H
#endif
#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 0
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000)

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cmath>

#include "cu2hip_emu/types.h"
#include "cu2hip_emu/texture_types.h"
#include "cu2hip_emu/core.h"
#include "cu2hip_emu/device_functions.h"
#include "cu2hip_emu/hip_atomic.h"
#include "cu2hip_emu/launch_call.h"
#include "cu2hip_emu/host_math.h"

// ---------------------------------------------------------------------------
// Function and variable qualifiers
// ---------------------------------------------------------------------------
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
// __noinline__ is left alone: libstdc++ uses __attribute__((__noinline__)).
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
// __shared__: one copy per block in flight. Blocks run one at a time per OS
// thread, so an OS-thread-local object is exactly that (thread_local on a
// block-scope variable implies static).
#define __shared__ thread_local
// A pointer to the block's buffer, so it converts and casts as the array of
// `extern __shared__ type var[]` does (reinterpret_cast<x128*>(var) too).
// Inside a kernel only: at namespace scope it stops with "dynamic shared
// memory used outside a kernel".
#define HIP_DYNAMIC_SHARED(type, var) \
  type* const var = static_cast<type*>(::cu2hip_emu::dynamic_shared());
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

// ---------------------------------------------------------------------------
// Launch
// ---------------------------------------------------------------------------
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(X) ((const void*)&(X))
// The kernel is called as written (cu2hip_emu/launch_call.h), so overloads
// and templates resolve as for kernel<<<...>>>(args).
#define hipLaunchKernelGGL(kernel, grid, block, smem, stream, ...)          \
  ::cu2hip_emu::launch_call(                                               \
      #kernel,                                                             \
      [&](auto&... cu2hip_emu_a) {                                         \
        ::cu2hip_emu::call_kernel(                                         \
            [&](auto&&... cu2hip_emu_b) -> decltype(kernel(cu2hip_emu_b...)) { \
              return kernel(cu2hip_emu_b...);                              \
            },                                                             \
            cu2hip_emu_a...);                                              \
      },                                                                   \
      ::cu2hip_emu::to_dim3(grid), ::cu2hip_emu::to_dim3(block),           \
      (size_t)(smem), (hipStream_t)(stream), ##__VA_ARGS__)
#define hipLaunchKernelGGLInternal hipLaunchKernelGGL

// ---------------------------------------------------------------------------
// Runtime API
// ---------------------------------------------------------------------------
hipError_t hipGetLastError();
hipError_t hipPeekAtLastError();
const char* hipGetErrorString(hipError_t e);
const char* hipGetErrorName(hipError_t e);
hipError_t hipInit(unsigned flags);
hipError_t hipDeviceSynchronize();
hipError_t hipDeviceReset();
hipError_t hipGetDeviceCount(int* n);
hipError_t hipSetDevice(int d);
hipError_t hipGetDevice(int* d);
// Peer access between emulated devices (CU2HIP_EMU_DEVICES): kernels of one
// device may read another's memory only after hipDeviceEnablePeerAccess.
hipError_t hipDeviceCanAccessPeer(int* can, int dev, int peer);
hipError_t hipDeviceEnablePeerAccess(int peer, unsigned flags);
hipError_t hipDeviceDisablePeerAccess(int peer);
hipError_t hipSetDeviceFlags(unsigned flags);
hipError_t hipGetDeviceProperties(hipDeviceProp_t* p, int d);
hipError_t hipDeviceGetAttribute(int* v, hipDeviceAttribute_t a, int d);
hipError_t hipDriverGetVersion(int* v);
hipError_t hipRuntimeGetVersion(int* v);
hipError_t hipMemGetInfo(size_t* free_bytes, size_t* total_bytes);
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t c);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig c);

hipError_t hipMalloc(void** p, size_t n);
hipError_t hipFree(void* p);
hipError_t hipMallocManaged(void** p, size_t n, unsigned flags = hipMemAttachGlobal);
hipError_t hipHostMalloc(void** p, size_t n, unsigned flags = 0);
hipError_t hipHostAlloc(void** p, size_t n, unsigned flags = 0);
hipError_t hipMallocHost(void** p, size_t n);
hipError_t hipHostFree(void* p);
hipError_t hipFreeHost(void* p);
hipError_t hipMallocAsync(void** p, size_t n, hipStream_t s);
hipError_t hipFreeAsync(void* p, hipStream_t s);
hipError_t hipMallocPitch(void** p, size_t* pitch, size_t w, size_t h);
hipError_t hipHostGetDevicePointer(void** d, void* h, unsigned flags);
hipError_t hipHostRegister(void* p, size_t n, unsigned flags);
hipError_t hipHostUnregister(void* p);
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* a, const void* p);
// Base and size of the allocation (hipMalloc, hipMallocManaged, host
// allocations) holding p; hipErrorNotFound when none does (HIP's answer).
typedef void* hipDeviceptr_t;
hipError_t hipMemGetAddressRange(hipDeviceptr_t* base, size_t* size, hipDeviceptr_t p);
hipError_t hipMemcpy(void* dst, const void* src, size_t n, hipMemcpyKind k);
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t n, hipMemcpyKind k,
                          hipStream_t s = nullptr);
hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch,
                       size_t w, size_t h, hipMemcpyKind k);
hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src,
                            size_t spitch, size_t w, size_t h, hipMemcpyKind k,
                            hipStream_t s = nullptr);
hipError_t hipMemcpyPeer(void* dst, int dstDev, const void* src, int srcDev,
                         size_t n);
hipError_t hipMemcpyPeerAsync(void* dst, int dstDev, const void* src, int srcDev,
                              size_t n, hipStream_t s = nullptr);
hipError_t hipMemcpyHtoD(void* dst, const void* src, size_t n);
hipError_t hipMemcpyDtoH(void* dst, const void* src, size_t n);
hipError_t hipMemcpyDtoD(void* dst, const void* src, size_t n);
hipError_t hipMemset(void* p, int v, size_t n);
hipError_t hipMemsetAsync(void* p, int v, size_t n, hipStream_t s = nullptr);
hipError_t hipMemsetD32(void* p, int v, size_t count);
hipError_t hipMemsetD32Async(void* p, int v, size_t count, hipStream_t s = nullptr);
hipError_t hipMemsetD8(void* p, unsigned char v, size_t count);
hipError_t hipMemPrefetchAsync(const void* p, size_t n, int device,
                               hipStream_t s = nullptr);
// Unified-memory advice: every allocation is host memory here, so advice has
// no effect; the arguments are checked as HIP checks them (values as in ROCm
// 7.2's hip_runtime_api.h / driver_types.h).
#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)
enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101
};
enum hipMemLocationType {
  hipMemLocationTypeInvalid = 0,
  hipMemLocationTypeDevice = 1,
  hipMemLocationTypeHost = 2,
  hipMemLocationTypeHostNuma = 3,
  hipMemLocationTypeHostNumaCurrent = 4
};
struct hipMemLocation {
  hipMemLocationType type;
  int id;
};
hipError_t hipMemAdvise(const void* p, size_t n, hipMemoryAdvise advice, int device);
// Profiler control: no profiler here; both succeed.
hipError_t hipProfilerStart();
hipError_t hipProfilerStop();
hipError_t hipMemcpyToSymbol(const void* sym, const void* src, size_t n,
                             size_t offset = 0,
                             hipMemcpyKind k = hipMemcpyHostToDevice);
hipError_t hipMemcpyFromSymbol(void* dst, const void* sym, size_t n,
                               size_t offset = 0,
                               hipMemcpyKind k = hipMemcpyDeviceToHost);
hipError_t hipMemcpyToSymbolAsync(const void* sym, const void* src, size_t n,
                                  size_t offset, hipMemcpyKind k,
                                  hipStream_t s = nullptr);
hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* sym, size_t n,
                                    size_t offset, hipMemcpyKind k,
                                    hipStream_t s = nullptr);
hipError_t hipGetSymbolAddress(void** p, const void* sym);
hipError_t hipGetSymbolSize(size_t* n, const void* sym);
template <class T>
inline hipError_t hipMemcpyToSymbol(const T& sym, const void* src, size_t n,
                                    size_t offset = 0,
                                    hipMemcpyKind k = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol((const void*)&sym, src, n, offset, k);
}
template <class T>
inline hipError_t hipMemcpyFromSymbol(void* dst, const T& sym, size_t n,
                                      size_t offset = 0,
                                      hipMemcpyKind k = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, (const void*)&sym, n, offset, k);
}

// HIP's C++ wrappers taking T** (hip_runtime_api.h, unless
// __HIP_DISABLE_CPP_FUNCTIONS__): the same set as ROCm, no more, so code the
// emulator accepts also compiles there.
#if !defined(__HIP_DISABLE_CPP_FUNCTIONS__)
template <class T>
inline hipError_t hipMalloc(T** p, size_t n) {
  return hipMalloc((void**)p, n);
}
template <class T>
inline hipError_t hipMallocPitch(T** p, size_t* pitch, size_t w, size_t h) {
  return hipMallocPitch((void**)p, pitch, w, h);
}
template <class T>
inline hipError_t hipHostMalloc(T** p, size_t n,
                                unsigned flags = hipHostMallocDefault) {
  return hipHostMalloc((void**)p, n, flags);
}
template <class T>
inline hipError_t hipHostAlloc(T** p, size_t n,
                               unsigned flags = hipHostAllocDefault) {
  return hipHostAlloc((void**)p, n, flags);
}
template <class T>
inline hipError_t hipMallocManaged(T** p, size_t n,
                                   unsigned flags = hipMemAttachGlobal) {
  return hipMallocManaged((void**)p, n, flags);
}
template <class T>
inline hipError_t hipMallocAsync(T** p, size_t n, hipStream_t s) {
  return hipMallocAsync((void**)p, n, s);
}
#endif

hipError_t hipStreamCreate(hipStream_t* s);
hipError_t hipStreamCreateWithFlags(hipStream_t* s, unsigned flags);
hipError_t hipStreamCreateWithPriority(hipStream_t* s, unsigned flags, int prio);
hipError_t hipStreamDestroy(hipStream_t s);
hipError_t hipStreamSynchronize(hipStream_t s);
hipError_t hipStreamQuery(hipStream_t s);
hipError_t hipStreamWaitEvent(hipStream_t s, hipEvent_t e, unsigned flags = 0);
hipError_t hipDeviceGetStreamPriorityRange(int* least, int* greatest);
hipError_t hipEventCreate(hipEvent_t* e);
hipError_t hipEventCreateWithFlags(hipEvent_t* e, unsigned flags);
hipError_t hipEventDestroy(hipEvent_t e);
hipError_t hipEventRecord(hipEvent_t e, hipStream_t s = nullptr);
hipError_t hipEventSynchronize(hipEvent_t e);
hipError_t hipEventQuery(hipEvent_t e);
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);

hipError_t hipFuncSetAttribute(const void* f, hipFuncAttribute a, int v);
hipError_t hipFuncSetCacheConfig(const void* f, hipFuncCache_t c);
hipError_t hipFuncGetAttributes(hipFuncAttributes* a, const void* f);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* n, const void* f,
                                                        int block, size_t smem);
hipError_t hipOccupancyMaxPotentialBlockSize(int* grid, int* block, const void* f,
                                             size_t smem = 0, int limit = 0);
template <class F>
inline hipError_t hipFuncSetAttribute(F* f, hipFuncAttribute a, int v) {
  return hipFuncSetAttribute((const void*)f, a, v);
}
template <class F>
inline hipError_t hipFuncGetAttributes(hipFuncAttributes* a, F* f) {
  return hipFuncGetAttributes(a, (const void*)f);
}
template <class F>
inline hipError_t hipFuncSetCacheConfig(F* f, hipFuncCache_t c) {
  return hipFuncSetCacheConfig((const void*)f, c);
}
template <class F>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* n, F* f,
                                                               int block,
                                                               size_t smem) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(n, (const void*)f, block,
                                                      smem);
}
template <class F>
inline hipError_t hipOccupancyMaxPotentialBlockSize(int* grid, int* block, F* f,
                                                    size_t smem = 0,
                                                    int limit = 0) {
  return hipOccupancyMaxPotentialBlockSize(grid, block, (const void*)f, smem,
                                           limit);
}

// Launch forms that take the kernel as an untyped pointer cannot recover the
// parameter types on the host: reported as unsupported at run time.
hipError_t hipLaunchKernel(const void* f, dim3 grid, dim3 block, void** args,
                           size_t smem, hipStream_t s);
hipError_t hipLaunchCooperativeKernel(const void* f, dim3 grid, dim3 block,
                                      void** args, unsigned smem, hipStream_t s);

// Device-side assert and printf work as on the host.
#include <cassert>
