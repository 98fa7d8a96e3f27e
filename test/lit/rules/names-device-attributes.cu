// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
//
// Device attributes whose HIP counterpart has the same meaning under other
// words (hipDeviceAttributeMemoryBusWidth for GLOBAL_MEMORY_BUS_WIDTH) or
// that are CUDA synonyms of one HIP has (VIRTUAL_ADDRESS_ = VIRTUAL_MEMORY_
// MANAGEMENT_SUPPORTED, both 102) are renamed, driver and runtime spellings
// alike; a per-dimension attribute HIP folds into one is reported. Other
// driver enumerators likewise (CU_MEM_ALLOC_GRANULARITY_MINIMUM).
#include <cuda.h>
#include <cuda_runtime.h>
int driverAttrs(CUdevice dev) {
  int v = 0, w = 0, s = 0;
  // CHECK: hipDeviceGetAttribute(&v, hipDeviceAttributeVirtualMemoryManagementSupported, dev);
  cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED, dev);
  // CHECK: hipDeviceGetAttribute(&w, hipDeviceAttributeMemoryBusWidth, dev);
  cuDeviceGetAttribute(&w, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, dev);
  // CHECK: hipDeviceGetAttribute(&s, hipDeviceAttributeSharedMemPerBlockOptin, dev);
  cuDeviceGetAttribute(&s, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev);
  // CHECK: hipDeviceGetAttribute(&s, hipDeviceAttributeMaxSharedMemoryPerBlock, dev);
  cuDeviceGetAttribute(&s, CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK, dev);
  return v + w + s;
}
int runtimeAttrs(int dev) {
  int o = 0, l2 = 0, c = 0;
  // CHECK: cu2hip::deviceGetAttribute(&o, hipDeviceAttributeSharedMemPerBlockOptin, dev);
  cudaDeviceGetAttribute(&o, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
  // CHECK: cu2hip::deviceGetAttribute(&l2, hipDeviceAttributePersistingL2CacheMaxSize, dev);
  cudaDeviceGetAttribute(&l2, cudaDevAttrMaxPersistingL2CacheSize, dev);
  // CHECK: cu2hip::deviceGetAttribute(&c, hipDeviceAttributeMaxTextureCubemap, dev);
  cudaDeviceGetAttribute(&c, cudaDevAttrMaxTextureCubemapWidth, dev);
  return o + l2 + c;
}
#if 0
// DIAG: names-device-attributes.cu:[[@LINE+1]]:9: warning: 'cudaDevAttrMaxSurface2DHeight' has no HIP equivalent: HIP's hipDeviceAttributeMaxSurface2D is one attribute for all dimensions together{{.*}}[names-unsupported]
int h = cudaDevAttrMaxSurface2DHeight;
#endif
// Driver enumerators of the same value and meaning under other words.
size_t granularity(const CUmemAllocationProp *prop) {
  size_t g = 0;
  // CHECK: hipMemGetAllocationGranularity(&g, prop, hipMemAllocationGranularityMinimum);
  cuMemGetAllocationGranularity(&g, prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  // CHECK: int n = hipGraphNodeTypeExtSemaphoreWait;
  int n = CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT;
  return g + n;
}
