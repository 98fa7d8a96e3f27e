// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>/dev/null | %strip | FileCheck --check-prefix=TOKENS %s
// COMPILE-CHECK: rocm72
//
// A tree's own namespace that wraps CUB (`namespace ls { namespace cub =
// ::cub; }`, used as `ls::cub::...`) and a namespace of its own named cub
// (`mylib::cub`). Only what resolves to CUB's namespace is renamed: the
// alias's target. The alias, its qualified uses and the user's namespace
// keep their names, also in macro bodies and code no configuration
// compiles, where the decision is made by spelling (a name qualified by
// another namespace, or declared inside one, is not CUB's).
#include <cub/cub.cuh>
// CHECK: namespace ls { namespace cub = ::hipcub; }
// TOKENS: namespace ls { namespace cub = ::hipcub; }
namespace ls { namespace cub = ::cub; }
// CHECK: namespace mylib { namespace cub { struct Helper { int v; }; } }
// TOKENS: namespace mylib { namespace cub { struct Helper { int v; }; } }
namespace mylib { namespace cub { struct Helper { int v; }; } }
// CHECK: #define LS_REDUCE ls::cub::BlockReduce<float, 128>
// CHECK-NEXT: #define MY_HELPER mylib::cub::Helper
// CHECK-NEXT: #define PLAIN_WARP hipcub::WarpReduce<float, 32>
#define LS_REDUCE ls::cub::BlockReduce<float, 128>
#define MY_HELPER mylib::cub::Helper
#define PLAIN_WARP cub::WarpReduce<float>
__global__ void k(const float *in, float *out) {
  // CHECK: typedef ls::cub::BlockReduce<float, 128> BR;
  // TOKENS: typedef ls::cub::BlockReduce<float, 128> BR;
  typedef ls::cub::BlockReduce<float, 128> BR;
  __shared__ typename BR::TempStorage tmp;
  __shared__ typename LS_REDUCE::TempStorage tmp2;
  float s = BR(tmp).Sum(in[threadIdx.x]) + LS_REDUCE(tmp2).Sum(1.f);
  MY_HELPER h{1};
  // CHECK: mylib::cub::Helper g{2};
  mylib::cub::Helper g{2};
  if (threadIdx.x == 0) out[0] = s + h.v + g.v;
}
#ifdef NEVER_DEFINED
// CHECK: typedef ls::cub::BlockReduce<float, 64> BR64;
typedef ls::cub::BlockReduce<float, 64> BR64;
#endif
