// The typed semantic index (--dump-index): per spelled name its declaration
// (qualified name, kind, SDK or user, member-of, canonical type); kernels and
// device functions with parameters, callees, instantiations and body errors;
// launches with their configuration and argument ranges; where includes
// resolved. A name the host and device parses resolve differently is
// ambiguous; a macro argument spelled in the file is indexed, a macro body
// is not.
// RUN: %cu2hip %s -o /dev/null --no-summary --dump-index 2>%t.err
// RUN: FileCheck %s < %t.err
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#define CHECK(x) (void)(x)
#define ALLOC(p) cudaMalloc(p, 4)
namespace cb = cub;
namespace hostside { inline int pick(int x) { return x; } }
namespace devside { __device__ inline int pick(int x) { return -x; } }
#ifdef __CUDA_ARCH__
using namespace devside;
#else
using namespace hostside;
#endif
__host__ __device__ int twice(int x) { return pick(x) * 2; }
__device__ float bad(float x) { return undeclared(x); }
template <typename T>
__global__ void scale(T *__restrict__ y, const T *x, volatile int *flag, int n) {
  using WR = cb::WarpReduce<T>;
  y[threadIdx.x] = x[threadIdx.x] * T(twice(n));
}
struct Launch { int warpSize; };
void run(float **p, Launch l) {
  cudaDeviceProp prop;
  CHECK(cudaMalloc(p, 16));
  ALLOC(p);
  scale<<<dim3(1), l.warpSize + prop.warpSize>>>(*p, *p, nullptr, 4);
}
// CHECK: dump-index.cu:10:10: include {{.*}}/cuda_runtime.h sdk
// CHECK: dump-index.cu:11:10: include {{.*}}/cub/cub.cuh sdk
// CHECK: dump-index.cu:14:16: name cub namespace sdk ''
// CHECK: dump-index.cu:22:25: name twice function user decl 'int (int)'
// CHECK-NEXT: dump-index.cu:22:25: function twice device (x: 'int') calls devside::pick calls hostside::pick
// CHECK: dump-index.cu:22:47: name hostside::pick function user '' ambiguous
// CHECK: dump-index.cu:23:18: function bad device (x: 'float') body-errors
// CHECK: dump-index.cu:25:17: function scale kernel (y: 'T *__restrict' -> T restrict, x: 'const T *' -> T const, flag: 'volatile int *' -> int volatile, n: 'int') calls __cuda_builtin_threadIdx_t::__fetch_builtin_x calls twice instantiated <float>
// CHECK: dump-index.cu:26:14: name cb namespace user ''
// CHECK: dump-index.cu:26:18: name cub::WarpReduce template sdk ''
// CHECK: dump-index.cu:27:5: name threadIdx variable sdk 'const __cuda_builtin_threadIdx_t'
// CHECK: dump-index.cu:29:21: name Launch::warpSize field user decl of Launch 'int'
// CHECK: dump-index.cu:31:3: name cudaDeviceProp type sdk 'cudaDeviceProp'
// CHECK: dump-index.cu:32:9: name cudaMalloc function sdk 'cudaError (float **, unsigned long)'
// CHECK-NOT: dump-index.cu:13:{{.*}}cudaMalloc
// CHECK: dump-index.cu:34:3: name scale function user 'void (float *, const float *, volatile int *, int)'
// CHECK: dump-index.cu:34:8: launch scale config 'dim3(1)' 'l.warpSize + prop.warpSize' args '*p' '*p' 'nullptr' '4'
// CHECK: dump-index.cu:34:22: name Launch::warpSize field user of Launch 'int'
// CHECK: dump-index.cu:34:38: name cudaDeviceProp::warpSize field sdk of cudaDeviceProp 'int'
