// Case 15's kind: warp-aggregated atomics built from 32-bit lane masks. Under
// logical32 the masks stay 32-bit and relative to the lane's logical warp
// (cu2hip::activemask32, ballot_sync32, lanemask_lt32, lane_id32), so the
// leader, rank and count are CUDA's at wave 32 and 64.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>
#define FULL_MASK 0xffffffffu
#define LANE() (threadIdx.x % warpSize)

// Mask in a variable, lane from warpSize, rank from an inline-PTX lane mask.
__device__ int push(int *counter) {
  // CHECK: unsigned active = cu2hip::activemask32();
  unsigned active = __activemask();
  // CHECK: int lane = LANE();
  int lane = LANE();
  unsigned lt;
  // CHECK: (lt) = cu2hip::lanemask_lt32();
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  int leader = __ffs(active) - 1;
  int rank = __popc(active & lt);
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, __popc(active));
  // CHECK: base = __shfl_sync(cu2hip::mask64(active), base, leader, 32);
  base = __shfl_sync(active, base, leader);
  return base + rank;
}

// A predicate ballot over the whole warp, rank by `1u << lane`.
template <typename T> __device__ int push_if(int *counter, T v, T keep) {
  // CHECK: unsigned want = cu2hip::ballot_sync32(FULL_MASK, v == keep);
  unsigned want = __ballot_sync(FULL_MASK, v == keep);
  int lane = threadIdx.x & 31;
  int slot = -1;
  if (v == keep) {
    int leader = __ffs(want) - 1;
    int base = 0;
    if (lane == leader) base = atomicAdd(counter, __popc(want));
    // CHECK: base = __shfl_sync(cu2hip::mask64(want), base, leader, 32);
    base = __shfl_sync(want, base, leader);
    slot = base + __popc(want & ((1u << lane) - 1));
  }
  return slot;
}

__global__ void compact(const int *in, int *out, int *counter, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0) out[push(counter)] = in[i];
  if (i < n) {
    int s = push_if(counter + 1, in[i] % 5, 0);
    if (s >= 0) out[n + s] = in[i];
  }
}
// CHECK-NOT: __activemask()
// CHECK-NOT: %%lanemask
// DIAG-NOT: error
