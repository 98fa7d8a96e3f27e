// Symbol APIs get HIP_SYMBOL around the symbol argument, also in user macros.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>

__constant__ float c_tab[16];
__device__ int d_count;
namespace ns { __constant__ int c_ns[4]; }

// CHECK: {{^}}#define TO_SYM(sym, src) hipMemcpyToSymbol(HIP_SYMBOL(sym), src, sizeof(sym))
#define TO_SYM(sym, src) cudaMemcpyToSymbol(sym, src, sizeof(sym))
// CHECK: {{^}}#define FROM_SYM(dst, sym) hipMemcpyFromSymbolAsync(dst, HIP_SYMBOL(sym), sizeof(sym), 0, hipMemcpyDeviceToHost, 0)
#define FROM_SYM(dst, sym) cudaMemcpyFromSymbolAsync(dst, sym, sizeof(sym), 0, cudaMemcpyDeviceToHost, 0)

void f(const float *h, int *hc, cudaStream_t s) {
  // CHECK: {{^}}  hipMemcpyToSymbol(HIP_SYMBOL(c_tab), h, sizeof(c_tab));
  cudaMemcpyToSymbol(c_tab, h, sizeof(c_tab));
  // CHECK: {{^}}  hipMemcpyToSymbolAsync(HIP_SYMBOL(ns::c_ns), hc, 4 * sizeof(int), 0, hipMemcpyHostToDevice, s);
  cudaMemcpyToSymbolAsync(ns::c_ns, hc, 4 * sizeof(int), 0, cudaMemcpyHostToDevice, s);
  // CHECK: {{^}}  hipMemcpyFromSymbol(hc, HIP_SYMBOL(d_count), sizeof(int));
  cudaMemcpyFromSymbol(hc, d_count, sizeof(int));
  void *addr;
  // CHECK: {{^}}  hipGetSymbolAddress(&addr, HIP_SYMBOL(d_count));
  cudaGetSymbolAddress(&addr, d_count);
  size_t sz;
  // CHECK: {{^}}  hipGetSymbolSize(&sz, HIP_SYMBOL(c_tab));
  cudaGetSymbolSize(&sz, c_tab);
  // CHECK: {{^}}  TO_SYM(c_tab, h);
  TO_SYM(c_tab, h);
  // CHECK: {{^}}  FROM_SYM(hc, d_count);
  FROM_SYM(hc, d_count);
}
// Never wrapped twice.
// CHECK-NOT: HIP_SYMBOL(HIP_SYMBOL
// DIAG-NOT: error
