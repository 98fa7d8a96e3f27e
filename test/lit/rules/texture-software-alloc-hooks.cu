// --texture=software with --alloc-hooks: cu2hip/alloc.h declares
// cu2hip::hipMalloc(site, ...), which hid the global hipMalloc that the
// software texture runtime calls from inside namespace cu2hip ("no matching
// function for call to 'hipMalloc'" in texture.h). The runtime calls
// ::hipMalloc / ::hipFree; the port compiles for gfx942 and gfx1100.
// RUN: %cu2hip %s -o - --no-summary --texture=software --alloc-hooks 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --texture=software --alloc-hooks
#include <cuda_runtime.h>
// CHECK-DAG: #include <cu2hip/alloc.h>
// CHECK-DAG: #include <cu2hip/texture.h>

__global__ void read(cudaTextureObject_t t, float *out) {
  // CHECK: out[threadIdx.x] = cu2hip::tex1Dfetch<float>(t, threadIdx.x);
  out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}

int main() {
  float *buf, *out;
  // CHECK: cu2hip::hipMalloc(CU2HIP_SITE, &buf, 64 * sizeof(float));
  cudaMalloc(&buf, 64 * sizeof(float));
  cudaMalloc(&out, 64 * sizeof(float));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = buf;
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  res.res.linear.sizeInBytes = 64 * sizeof(float);
  cudaTextureDesc td = {};
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &res, &td, nullptr);
  read<<<1, 64>>>(t, out);
  cudaDestroyTextureObject(t);
  cudaFree(buf);
  cudaFree(out);
  return 0;
}
