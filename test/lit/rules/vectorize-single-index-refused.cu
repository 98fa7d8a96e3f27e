// --vectorize: a single-index kernel stays scalar, with a note naming the
// launch or use that prevented it, unless every use of its name in the file
// is a launch whose grid the porter can rewrite. The launches stay as written.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: all
// CHECK-NOT: vec_map_at
#include <cuda_runtime.h>

float *next_buffer();

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'off_by_one' not vectorized: single-index form (one element per thread): emitted only when every use of the kernel is a launch whose grid the porter rewrites (cu2hip::vec_map_at_threads), but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+5]] has grid '(n + 256) / 256', not a ceiling division of 'n' (the argument for 'n') by the block size '256'; left scalar [vectorize]
__global__ void off_by_one(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_off_by_one(float *y, const float *x, int n) { off_by_one<<<(n + 256) / 256, 256>>>(y, x, n); }

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'plus_one' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+5]] has grid 'n / 256 + 1', not a ceiling division of 'n' (the argument for 'n') by the block size '256'; left scalar [vectorize]
__global__ void plus_one(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_plus_one(float *y, const float *x, int n) { plus_one<<<n / 256 + 1, 256>>>(y, x, n); }

// The grid divides by another block size than the launch uses.
// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'other_block' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+5]] has grid '(n + 255) / 256', not a ceiling division of 'n' (the argument for 'n') by the block size '128'; left scalar [vectorize]
__global__ void other_block(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_other_block(float *y, const float *x, int n) { other_block<<<(n + 255) / 256, 128>>>(y, x, n); }

// The grid counts another number of elements than the kernel gets.
// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'other_count' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+6]] has grid '(n + 255) / 256', not a ceiling division of 'n - 1' (the argument for 'n') by the block size '256'; left scalar [vectorize]
__global__ void other_count(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_other_count(float *y, const float *x, int n) {
  other_count<<<(n + 255) / 256, 256>>>(y + 1, x + 1, n - 1);
}

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'grid_variable' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+7]] takes its grid from 'blocks', not from a ceiling division written at the launch; left scalar [vectorize]
__global__ void grid_variable(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_grid_variable(float *y, const float *x, int n) {
  int blocks = (n + 255) / 256;
  grid_variable<<<blocks, 256>>>(y, x, n);
}

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'dim3_variable' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+7]] takes its grid from 'grid', not from a ceiling division written at the launch; left scalar [vectorize]
__global__ void dim3_variable(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_dim3_variable(float *y, const float *x, int n) {
  dim3 grid((n + 255) / 256), block(256);
  dim3_variable<<<grid, block>>>(y, x, n);
}

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'grid_2d' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+6]] has grid 'dim3((n + 255) / 256, 2)', not a ceiling division of 'n' (the argument for 'n') by the block size '256'; left scalar [vectorize]
__global__ void grid_2d(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_grid_2d(float *y, const float *x, int n) {
  grid_2d<<<dim3((n + 255) / 256, 2), 256>>>(y, x, n);
}

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'block_expr' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+6]] has block size '2 * t', not a literal or a name; left scalar [vectorize]
__global__ void block_expr(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_block_expr(float *y, const float *x, int n, int t) {
  block_expr<<<(n + 2 * t - 1) / (2 * t), 2 * t>>>(y, x, n);
}

// A launch the porter could rewrite, then a use as a pointer: the note names
// the use, and the first launch stays as written too.
// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'as_pointer' not vectorized: {{.*}} but 'as_pointer' is used at {{.*}}vectorize-single-index-refused.cu:[[@LINE+9]] other than in a launch (passed to 'cudaFuncGetAttributes'); left scalar [vectorize]
__global__ void as_pointer(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_as_pointer(float *y, const float *x, int n) {
  // CHECK: {{^}}  as_pointer<<<(n + 255) / 256, 256>>>(y, x, n);
  as_pointer<<<(n + 255) / 256, 256>>>(y, x, n);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, as_pointer);
}

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'address_taken' not vectorized: {{.*}} but 'address_taken' is used at {{.*}}vectorize-single-index-refused.cu:[[@LINE+5]] other than in a launch (its address is taken); left scalar [vectorize]
__global__ void address_taken(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void (*kernel_ptr)(float *, const float *, int) = &address_taken;

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'impure_arg' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+6]] passes 'next_buffer()' for 'y', which has calls, subscripts, casts or side effects (the rewritten launch evaluates it twice, and a user type's operator may run again); left scalar [vectorize]
__global__ void impure_arg(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_impure_arg(const float *x, int n) {
  impure_arg<<<(n + 255) / 256, 256>>>(next_buffer(), x, n);
}

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'increment_arg' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+6]] passes 'x++' for 'x', which has calls, subscripts, casts or side effects (the rewritten launch evaluates it twice, and a user type's operator may run again); left scalar [vectorize]
__global__ void increment_arg(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_increment_arg(float *y, const float *x, int n) {
  increment_arg<<<(n + 255) / 256, 256>>>(y, x++, n);
}

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'not_launched' not vectorized: {{.*}} but there is no launch of 'not_launched' in this file (launches in other files are not visible); left scalar [vectorize]
__global__ void not_launched(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'product_bound' not vectorized: {{.*}} but the bound 'rows * cols' is not a single parameter, so a launch's element count cannot be matched to it; left scalar [vectorize]
__global__ void product_bound(float *__restrict__ y, const float *__restrict__ x, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows * cols) y[i] = x[i];
}
void run_product_bound(float *y, const float *x, int r, int c) {
  product_bound<<<(r * c + 255) / 256, 256>>>(y, x, r, c);
}

#define LAUNCH_COPY(y, x, n) in_macro<<<((n) + 255) / 256, 256>>>(y, x, n)
// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'in_macro' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE-1]] is in a macro body; left scalar [vectorize]
__global__ void in_macro(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_in_macro(float *y, const float *x, int n) { LAUNCH_COPY(y, x, n); }

// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'defaulted' not vectorized: {{.*}} but the launch at {{.*}}vectorize-single-index-refused.cu:[[@LINE+5]] passes 3 arguments for 4 parameters; left scalar [vectorize]
__global__ void defaulted(float *__restrict__ y, const float *__restrict__ x, int n, int unused = 0) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
void run_defaulted(float *y, const float *x, int n) { defaulted<<<(n + 255) / 256, 256>>>(y, x, n); }

// Two kernels of one name in different namespaces, and a launch qualified by
// a name that is not the kernel's namespace (here an alias of it).
namespace a {
// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'twin' not vectorized: {{.*}} but another kernel named 'twin' is defined at {{.*}}vectorize-single-index-refused.cu:[[@LINE+8]]; left scalar [vectorize]
__global__ void twin(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
} // namespace a
namespace b {
// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'twin' not vectorized: {{.*}} but another kernel named 'twin' is defined at {{.*}}vectorize-single-index-refused.cu:[[@LINE-6]]; left scalar [vectorize]
__global__ void twin(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
// DIAG: vectorize-single-index-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'single' not vectorized: {{.*}} but the launch or use at {{.*}}vectorize-single-index-refused.cu:[[@LINE+10]] names 'c::single', which may be another kernel; left scalar [vectorize]
__global__ void single(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
} // namespace b
namespace c = b;
void run_twins(float *y, const float *x, int n) {
  a::twin<<<(n + 255) / 256, 256>>>(y, x, n);
  b::twin<<<(n + 255) / 256, 256>>>(y, x, n);
  c::single<<<(n + 255) / 256, 256>>>(y, x, n);
}
// DIAG-NOT: note: kernel
// DIAG-NOT: error
