// cu2hip CPU SIMT emulator: basic HIP types (vector types, dim3, errors, enums).
// Part of the emulator's header set; include <hip/hip_runtime.h> instead.
#pragma once

#include <cstddef>
#include <cstdint>

#ifndef __CU2HIP_EMU__
#define __CU2HIP_EMU__ 1
#endif

// ---------------------------------------------------------------------------
// Vector types. Plain aggregates (trivial), with the alignment HIP uses.
// ---------------------------------------------------------------------------
#define CU2HIP_EMU_VEC2(T, N, A)                                               \
  struct alignas(A) N##2 { T x, y; };                                          \
  inline N##2 make_##N##2(T x, T y) { return N##2{x, y}; }
#define CU2HIP_EMU_VEC3(T, N)                                                  \
  struct N##3 { T x, y, z; };                                                  \
  inline N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; }
#define CU2HIP_EMU_VEC4(T, N, A)                                               \
  struct alignas(A) N##4 { T x, y, z, w; };                                    \
  inline N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
#define CU2HIP_EMU_VEC1(T, N)                                                  \
  struct N##1 { T x; };                                                        \
  inline N##1 make_##N##1(T x) { return N##1{x}; }
#define CU2HIP_EMU_VECS(T, N, A2, A4)                                          \
  CU2HIP_EMU_VEC1(T, N) CU2HIP_EMU_VEC2(T, N, A2) CU2HIP_EMU_VEC3(T, N)        \
      CU2HIP_EMU_VEC4(T, N, A4)

CU2HIP_EMU_VECS(signed char, char, 2, 4)
CU2HIP_EMU_VECS(unsigned char, uchar, 2, 4)
CU2HIP_EMU_VECS(short, short, 4, 8)
CU2HIP_EMU_VECS(unsigned short, ushort, 4, 8)
CU2HIP_EMU_VECS(int, int, 8, 16)
CU2HIP_EMU_VECS(unsigned int, uint, 8, 16)
CU2HIP_EMU_VECS(long, long, 16, 16)
CU2HIP_EMU_VECS(unsigned long, ulong, 16, 16)
CU2HIP_EMU_VECS(long long, longlong, 16, 16)
CU2HIP_EMU_VECS(unsigned long long, ulonglong, 16, 16)
CU2HIP_EMU_VECS(float, float, 8, 16)
CU2HIP_EMU_VECS(double, double, 16, 16)

#undef CU2HIP_EMU_VEC1
#undef CU2HIP_EMU_VEC2
#undef CU2HIP_EMU_VEC3
#undef CU2HIP_EMU_VEC4
#undef CU2HIP_EMU_VECS

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

// ---------------------------------------------------------------------------
// Errors and enums of the runtime API (values follow HIP's where it matters).
// ---------------------------------------------------------------------------
enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidResourceHandle = 400,
  hipErrorNotFound = 500,
  hipErrorInvalidHandle = 400,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorUnknown = 999
};

enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4
};

enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax
};

enum hipFuncCache_t {
  hipFuncCachePreferNone,
  hipFuncCachePreferShared,
  hipFuncCachePreferL1,
  hipFuncCachePreferEqual
};

enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault,
  hipSharedMemBankSizeFourByte,
  hipSharedMemBankSizeEightByte
};

enum hipDeviceAttribute_t {
  hipDeviceAttributeWarpSize = 0,
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeSharedMemPerBlockOptin,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributeMaxThreadsPerMultiProcessor,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeClockRate,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeTotalConstantMemory,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributeConcurrentKernels,
  hipDeviceAttributeMemoryBusWidth,
  hipDeviceAttributeMemoryClockRate,
  hipDeviceAttributeComputeMode,  // hipComputeModeDefault
  hipDeviceAttributeIntegrated,   // 0: a discrete device
  hipDeviceAttributeWallClockRate,  // kHz of wall_clock64(): 1e6 (it counts nanoseconds)
};

enum hipComputeMode {
  hipComputeModeDefault = 0,
  hipComputeModeExclusive = 1,
  hipComputeModeProhibited = 2,
  hipComputeModeExclusiveProcess = 3,
};

struct hipDeviceProp_t {
  char name[256];
  char gcnArchName[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  size_t sharedMemPerBlockOptin;
  size_t sharedMemPerMultiprocessor;
  size_t maxSharedMemoryPerMultiProcessor;
  int regsPerBlock;
  int regsPerMultiprocessor;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  int memoryClockRate;
  int memoryBusWidth;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  int computeMode;
  int concurrentKernels;
  int pciDomainID;
  int pciBusID;
  int pciDeviceID;
  int isMultiGpuBoard;
  int canMapHostMemory;
  int integrated;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  int managedMemory;
  int concurrentManagedAccess;
  int unifiedAddressing;
  int asyncEngineCount;
  int ECCEnabled;
  int kernelExecTimeoutEnabled;
  size_t textureAlignment;
  int gcnArch;
};

struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
};

struct hipPointerAttribute_t {
  int type;  // 1 host, 2 device, 3 managed
  int device;
  void* devicePointer;
  void* hostPointer;
  int isManaged;
  unsigned allocationFlags;
};

typedef struct cu2hip_emu_stream* hipStream_t;
typedef struct cu2hip_emu_event* hipEvent_t;

#define hipStreamDefault 0x0
#define hipStreamNonBlocking 0x1
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipHostAllocDefault hipHostMallocDefault
#define hipHostAllocPortable hipHostMallocPortable
#define hipHostAllocMapped hipHostMallocMapped
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceMapHost 0x8
#define hipStreamPerThread ((hipStream_t)2)
#define hipStreamLegacy ((hipStream_t)1)
