// cub::BlockLoad/BlockStore with warp-transpose algorithms: finding (rocPRIM
// needs a block size that is a multiple of the wavefront).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <cub/cub.cuh>
__global__ void k(const float *in, float *out) {
  // CHECK: {{^}}  typedef hipcub::BlockLoad<float, 96, 4, hipcub::BLOCK_LOAD_WARP_TRANSPOSE> BL;
  // DIAG: wave-block-load.cu:[[@LINE+1]]:45: warning: warp-transpose block algorithms{{.*}}[wave-block-load]
  typedef cub::BlockLoad<float, 96, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> BL;
  // DIAG: wave-block-load.cu:[[@LINE+1]]:46: warning: {{.*}}[wave-block-load]
  typedef cub::BlockStore<float, 96, 4, cub::BLOCK_STORE_WARP_TRANSPOSE> BS;
  // A direct load is fine.
  // DIAG-NOT: wave-block-load.cu:[[@LINE+1]]
  typedef cub::BlockLoad<float, 96, 4, cub::BLOCK_LOAD_DIRECT> BD;
  __shared__ typename BL::TempStorage tl;
  __shared__ typename BS::TempStorage ts;
  float v[4];
  BL(tl).Load(in, v);
  BS(ts).Store(out, v);
}
