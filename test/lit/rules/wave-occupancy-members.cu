// wave-occupancy and wave-host-warpsize by the member's parent type (the
// typed index): members of cudaDeviceProp reached through a typedef, an
// alias, `auto`, a pointer and a template parameter are reported; members
// of the same names in other types (a user's struct, a template's own
// member) are not. Without a parse every member of such a name is reported,
// noted as a guess.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err2 | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=TOK %s < %t.err2
#include <cuda_runtime.h>
typedef cudaDeviceProp Props;
using PropsToo = cudaDeviceProp;
struct Limits { int regsPerBlock; int warpSize; int maxThreadsPerMultiProcessor; };
template <typename P> int perBlock(const P &p) { return p.regsPerBlock; }
template <typename T> struct Box { T regsPerBlock; };
int host(const Limits &l) {
  Props a;
  cudaGetDeviceProperties(&a, 0);
  auto b = a;
  const PropsToo *c = &a;
  Box<int> box{1};
  // CHECK: {{^}}  return a.regsPerBlock + b.maxThreadsPerMultiProcessor + c->warpSize + perBlock(a) +
  return a.regsPerBlock + b.maxThreadsPerMultiProcessor + c->warpSize + perBlock(a) +
         l.regsPerBlock + l.warpSize + l.maxThreadsPerMultiProcessor + box.regsPerBlock;
}
// DIAG: wave-occupancy-members.cu:15:59: note: occupancy arithmetic from per-multiprocessor limits{{.*}}64-lane wavefronts [wave-occupancy]
// DIAG: wave-occupancy-members.cu:24:12: note: occupancy arithmetic {{.*}}[wave-occupancy]
// DIAG: wave-occupancy-members.cu:24:29: note: occupancy arithmetic {{.*}}[wave-occupancy]
// DIAG: wave-occupancy-members.cu:24:62: warning: reads the device's wavefront size{{.*}}kernels [wave-host-warpsize]
// DIAG-NOT: :25:{{.*}}[wave-
// TOK: wave-occupancy-members.cu:15:59: note: {{.*}} (guessed from the member's name: the file was not parsed) [wave-occupancy]
// TOK: wave-occupancy-members.cu:24:12: note: {{.*}} (guessed from the member's name: the file was not parsed) [wave-occupancy]
// TOK: wave-occupancy-members.cu:24:29: note: {{.*}}[wave-occupancy]
// TOK: wave-occupancy-members.cu:24:62: warning: {{.*}}(guessed from the member's name: the file was not parsed) [wave-host-warpsize]
// TOK: wave-occupancy-members.cu:25:12: note: {{.*}}[wave-occupancy]
// TOK: wave-occupancy-members.cu:25:29: warning: {{.*}}[wave-host-warpsize]
// TOK: wave-occupancy-members.cu:25:42: note: {{.*}}[wave-occupancy]
// TOK: wave-occupancy-members.cu:25:76: note: {{.*}}[wave-occupancy]
