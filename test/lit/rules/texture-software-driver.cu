// Driver-API texture objects: CUtexObject is HIP's hipTextureObject_t and the
// driver descriptors are ROCm 7.2's HIP_RESOURCE_DESC / HIP_TEXTURE_DESC
// (same fields as CUDA 13's cuda.h), CU_RESOURCE_TYPE_* their HIP_*
// enumerators, CU_TRSF_* flags HIP_TRSF_*. With --texture=software,
// cuTexObjectCreate/cuTexObjectDestroy go through cu2hip/texture_driver.h
// (the descriptors converted to the runtime's, then the software sampler),
// and the kernel's fetch on a CUtexObject through cu2hip::tex2D. The port
// compiles for gfx942 and gfx1100.
// RUN: %cu2hip %s -o - --no-summary --texture=software 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG --allow-empty %s < %t.err
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck --check-prefix=IMAGE %s
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --texture=software
// DIAG-NOT: names-unsupported
// DIAG-NOT: parse-sdk
#include <cuda.h>
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <cu2hip/texture.h>

// CHECK: extern "C" __global__ void transformKernel(float *out, int w, hipTextureObject_t tex) {
extern "C" __global__ void transformKernel(float *out, int w, CUtexObject tex) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: out[x] = cu2hip::tex2D<float>(tex, x + 0.5f, 0.5f);
  out[x] = tex2D<float>(tex, x + 0.5f, 0.5f);
}

// CHECK: hipError_t make(hipArray_t arr, hipDeviceptr_t lin, size_t bytes, hipTextureObject_t *t, hipTextureObject_t *u) {
CUresult make(CUarray arr, CUdeviceptr lin, size_t bytes, CUtexObject *t, CUtexObject *u) {
  // CHECK: HIP_RESOURCE_DESC rd;
  CUDA_RESOURCE_DESC rd;
  memset(&rd, 0, sizeof(rd));
  // CHECK: rd.resType = HIP_RESOURCE_TYPE_ARRAY;
  rd.resType = CU_RESOURCE_TYPE_ARRAY;
  rd.res.array.hArray = arr;
  // CHECK: HIP_TEXTURE_DESC td;
  CUDA_TEXTURE_DESC td;
  memset(&td, 0, sizeof(td));
  // CHECK: td.addressMode[0] = HIP_TR_ADDRESS_MODE_WRAP;
  td.addressMode[0] = CU_TR_ADDRESS_MODE_WRAP;
  // CHECK: td.filterMode = HIP_TR_FILTER_MODE_LINEAR;
  td.filterMode = CU_TR_FILTER_MODE_LINEAR;
  // CHECK: td.flags = HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_READ_AS_INTEGER;
  td.flags = CU_TRSF_NORMALIZED_COORDINATES | CU_TRSF_READ_AS_INTEGER;
  // CHECK: hipError_t e = cu2hip::tex_object_create(t, &rd, &td, NULL);
  // IMAGE: hipError_t e = hipTexObjectCreate(t, &rd, &td, NULL);
  CUresult e = cuTexObjectCreate(t, &rd, &td, NULL);
  // CHECK: HIP_RESOURCE_DESC ld = {};
  CUDA_RESOURCE_DESC ld = {};
  // CHECK: ld.resType = HIP_RESOURCE_TYPE_LINEAR;
  ld.resType = CU_RESOURCE_TYPE_LINEAR;
  ld.res.linear.devPtr = lin;
  // CHECK: ld.res.linear.format = HIP_AD_FORMAT_UNSIGNED_INT8;
  ld.res.linear.format = CU_AD_FORMAT_UNSIGNED_INT8;
  ld.res.linear.numChannels = 4;
  ld.res.linear.sizeInBytes = bytes;
  // CHECK: cu2hip::tex_object_create(u, &ld, &td, NULL);
  cuTexObjectCreate(u, &ld, &td, NULL);
  // CHECK: cu2hip::tex_object_destroy(*u);
  // IMAGE: hipTexObjectDestroy(*u);
  cuTexObjectDestroy(*u);
  return e;
}
