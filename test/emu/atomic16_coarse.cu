// atomicAdd on __half2 / __half, ported with --atomic16-coarse: the port calls
// cu2hip::atomic_add_coarse, whose emulator path is the model of AMD's
// packed 16-bit atomic add (one read-modify-write of the 32-bit word). The
// program checks the sums against the CPU, and that a single __half add
// leaves the other half of its word bit for bit (a -0.0 neighbour stays
// -0.0, a NaN neighbour stays NaN). Values are exact in fp16, so the
// order of the adds does not matter. Prints
//   "pairs_ok=8/8 halves_ok=16/16 neighbours_ok=2/2 old_ok=1"
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <cstring>

__global__ void add_pairs(__half2 *buckets, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&buckets[i % 8], __floats2half2_rn(float(i % 3), 0.5f));
}

// Adds into the halves 0..15 of `h` (both halves of 8 words), into h[16]
// (low half; the high half h[17] is a -0.0 neighbour) and into h[18] (low
// half; h[19] is a NaN neighbour), keeping one old value of h[18].
__global__ void add_halves(__half *h, __half *olds, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&h[2 * (i % 8)], __float2half(1.0f));
    atomicAdd(&h[2 * (i % 8) + 1], __float2half(0.25f));
    atomicAdd(&h[16], __float2half(1.0f));
    __half old = atomicAdd(&h[18], __float2half(2.0f));
    if (i == 0) olds[0] = old;
  }
}

static unsigned short bits(__half h) { unsigned short b; memcpy(&b, &h, 2); return b; }
static __half from_bits(unsigned short b) { __half h; memcpy(&h, &b, 2); return h; }

int main() {
  const int n = 1024, threads = 96; // partial warps and blocks at wave 32 and 64
  const int blocks = (n + threads - 1) / threads;
  __half2 *d_pairs;
  __half *d_h, *d_old;
  cudaMalloc(&d_pairs, 8 * sizeof(__half2));
  cudaMalloc(&d_h, 20 * sizeof(__half));
  cudaMalloc(&d_old, sizeof(__half));
  cudaMemset(d_pairs, 0, 8 * sizeof(__half2));
  __half h0[20];
  for (int k = 0; k < 20; ++k) h0[k] = from_bits(0);
  h0[17] = from_bits(0x8000); // -0.0 next to h[16]
  h0[19] = from_bits(0x7e01); // a NaN with a payload next to h[18]
  cudaMemcpy(d_h, h0, sizeof(h0), cudaMemcpyHostToDevice);
  add_pairs<<<blocks, threads>>>(d_pairs, n);
  add_halves<<<blocks, threads>>>(d_h, d_old, n);
  __half2 p[8];
  __half h[20], old;
  cudaMemcpy(p, d_pairs, sizeof(p), cudaMemcpyDeviceToHost);
  cudaMemcpy(h, d_h, sizeof(h), cudaMemcpyDeviceToHost);
  cudaMemcpy(&old, d_old, sizeof(old), cudaMemcpyDeviceToHost);
  int pairs_ok = 0, halves_ok = 0, neighbours_ok = 0;
  for (int k = 0; k < 8; ++k) {
    float want_x = 0.f;
    for (int i = k; i < n; i += 8) want_x += float(i % 3);
    float2 f = __half22float2(p[k]);
    pairs_ok += (f.x == want_x && f.y == 0.5f * (n / 8));
  }
  for (int k = 0; k < 16; ++k)
    halves_ok += __half2float(h[k]) == (k % 2 ? 0.25f : 1.0f) * (n / 8);
  neighbours_ok += bits(h[17]) == 0x8000 && __half2float(h[16]) == 1.0f * n;
  neighbours_ok += __hisnan(h[19]) && __half2float(h[18]) == 2.0f * n;
  int old_ok = __half2float(old) >= 0.f && __half2float(old) < 2.0f * n;
  printf("pairs_ok=%d/8 halves_ok=%d/16 neighbours_ok=%d/2 old_ok=%d\n", pairs_ok, halves_ok,
         neighbours_ok, old_ok);
  return (pairs_ok == 8 && halves_ok == 16 && neighbours_ok == 2 && old_ok) ? 0 : 1;
}
