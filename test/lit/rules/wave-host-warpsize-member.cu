// wave-host-warpsize and wave-occupancy are about the members of the
// device-property struct: with a parse, only `x.warpSize` / `x.regsPerBlock`
// where x is a cudaDeviceProp are reported (by the typed index), not members
// of the user's own types. A struct member named warpSize does not stop the
// device variable warpSize from being converted. Without a parse every
// member of that name is reported, noted as a guess.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err2 | %strip | FileCheck --check-prefix=CHECK %s
// RUN: FileCheck --check-prefix=TOKDIAG %s < %t.err2
#include <cuda_runtime.h>
struct Launch { int warpSize; int regsPerBlock; };
// CHECK: {{^}}__global__ void k(float *p) { p[threadIdx.x % cu2hip::logical_warp_size] = 0; }
__global__ void k(float *p) { p[threadIdx.x % warpSize] = 0; }
int geometry(const Launch &l) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  // CHECK: {{^}}  return l.warpSize + l.regsPerBlock + prop.warpSize + prop.regsPerBlock;
  return l.warpSize + l.regsPerBlock + prop.warpSize + prop.regsPerBlock;
}
// DIAG-NOT: :19:12: {{.*}}[wave-host-warpsize]
// DIAG-NOT: :19:25: {{.*}}[wave-occupancy]
// DIAG: wave-host-warpsize-member.cu:19:45: warning: reads the device's wavefront size{{.*}}kernels [wave-host-warpsize]
// DIAG-NOT: :19:12: {{.*}}[wave-host-warpsize]
// DIAG-NOT: :19:25: {{.*}}[wave-occupancy]
// DIAG: wave-host-warpsize-member.cu:19:61: note: occupancy arithmetic{{.*}}[wave-occupancy]
// DIAG-NOT: the file declares its own 'warpSize'
// TOKDIAG: wave-host-warpsize-member.cu:19:12: warning: {{.*}}(guessed from the member's name: the file was not parsed) [wave-host-warpsize]
// TOKDIAG: wave-host-warpsize-member.cu:19:25: note: occupancy arithmetic{{.*}}[wave-occupancy]
// TOKDIAG: wave-host-warpsize-member.cu:19:45: warning: {{.*}}(guessed from the member's name: the file was not parsed) [wave-host-warpsize]
