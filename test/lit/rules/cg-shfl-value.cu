// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
//
// Cooperative-groups shuffles of class-type values (cuda-samples shfl_scan:
// `tile.shfl_xor(result.y, 1)` on a uint4): HIP's take scalars only, so
// they become cu2hip::shfl_* (32-bit words one by one). Scalar shuffles stay.
// cg::reduce of a struct (llm.c softmax_forward's SumMax) compiles through
// the same helpers inside <cu2hip/cg_reduce.h>.
// CHECK: #include <cu2hip/cg_shfl.h>
// SUM: edits by rule: cg-shfl-value=
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

struct packed { uint4 x, y; };
struct SumMax { float sum, maxval; };
__device__ SumMax combine(SumMax a, SumMax b) { return {a.sum + b.sum, fmaxf(a.maxval, b.maxval)}; }

__global__ void swizzle(uint4 *data, float *out) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  packed result = {data[threadIdx.x], data[threadIdx.x + 32]};
  // CHECK: result.y = cu2hip::shfl_xor(tile, result.y, 1);
  result.y = tile.shfl_xor(result.y, 1);
  // CHECK: result.x = cu2hip::shfl_up(tile, result.x, 2);
  result.x = tile.shfl_up(result.x, 2);
  uint4 v = result.x;
  // CHECK: v = cu2hip::shfl(tile, v, 0);
  v = tile.shfl(v, 0);
  float f = out[threadIdx.x];
  // CHECK: f += tile.shfl_down(f, 1);
  f += tile.shfl_down(f, 1);
  SumMax s = cg::reduce(tile, SumMax{f, f}, combine);
  data[threadIdx.x] = v;
  data[threadIdx.x + 32] = result.y;
  out[threadIdx.x] = s.sum + s.maxval;
}
