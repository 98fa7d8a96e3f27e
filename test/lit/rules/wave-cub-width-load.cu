// wave-cub-width for CUB's other warp primitives: WarpExchange's logical
// warp size is its 3rd parameter, WarpLoad's and WarpStore's the 4th, after
// the algorithm; where the algorithm is left to its default it is spelled
// out (WARP_LOAD_DIRECT / WARP_STORE_DIRECT) so the width can follow.
// Explicit widths stay.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cub/cub.cuh>
__global__ void k(const int *in, int *out) {
  // CHECK: {{^}}  using WE = hipcub::WarpExchange<int, 4, 32>;
  using WE = cub::WarpExchange<int, 4>;
  // CHECK: {{^}}  using WL = hipcub::WarpLoad<int, 4, hipcub::WARP_LOAD_DIRECT, 32>;
  using WL = cub::WarpLoad<int, 4>;
  // CHECK: {{^}}  using WLT = hipcub::WarpLoad<int, 4, hipcub::WARP_LOAD_TRANSPOSE, 32>;
  using WLT = cub::WarpLoad<int, 4, cub::WARP_LOAD_TRANSPOSE>;
  // CHECK: {{^}}  using WS = hipcub::WarpStore<int, 4, hipcub::WARP_STORE_DIRECT, 32>;
  using WS = cub::WarpStore<int, 4>;
  // CHECK: {{^}}  using WS16 = hipcub::WarpStore<int, 4, hipcub::WARP_STORE_DIRECT, 16>;
  using WS16 = cub::WarpStore<int, 4, cub::WARP_STORE_DIRECT, 16>;
  __shared__ typename WL::TempStorage tl;
  __shared__ typename WS::TempStorage ts;
  int v[4];
  WL(tl).Load(in, v);
  WS(ts).Store(out, v);
}
