// cu2hip/arch.h on the host: the CUDA level of each gfx target (the table of
// docs/arch-features.md) and the ported cudaGetDeviceProperties /
// cudaDeviceGetAttribute, which report it as major.minor. The emulator
// reports gfx942 at wave 64 and gfx1100 at wave 32: both level 800.
#include <hip/hip_runtime.h>
#include <cu2hip/arch.h>

#include <cstdio>

// A ported `#if __CUDA_ARCH__ >= 800` gate: on the emulator it takes the
// branch the emulated target (gfx942 / gfx1100, level 800) takes.
__global__ void arch_gate(int *out) {
#if defined(CU2HIP_CUDA_ARCH) && CU2HIP_CUDA_ARCH >= 800
  out[0] = CU2HIP_CUDA_ARCH;
#else
  out[0] = -1;
#endif
}

int main() {
  int bad = 0;
  auto expect = [&](long got, long want, const char *what) {
    if (got != want) {
      std::printf("MISMATCH %s = %ld, want %ld\n", what, got, want);
      ++bad;
    }
  };
  struct { const char *arch; int level; } table[] = {
      {"gfx942:sramecc+:xnack-", 800}, {"gfx942", 800}, {"gfx90a:xnack+", 800},
      {"gfx908", 800}, {"gfx950", 800}, {"gfx1100", 800}, {"gfx1201", 800},
      {"gfx1030", 610}, {"gfx906:sramecc-", 610}, {"gfx900", 610}, {"gfx9420", 610},
      {"gfx110", 610}, {"", 610}};
  for (auto &t : table) expect(cu2hip::cc_level_of(t.arch), t.level, t.arch);

  hipDeviceProp_t raw, port;
  if (hipGetDeviceProperties(&raw, 0) != hipSuccess) return 1;
  expect(cu2hip::getDeviceProperties(&port, 0), hipSuccess, "getDeviceProperties");
  expect(port.major, 8, "prop.major");
  expect(port.minor, 0, "prop.minor");
  expect(100 * port.major + 10 * port.minor, 800, "100*major+10*minor");
  expect(port.warpSize, raw.warpSize, "prop.warpSize (unchanged)");
  int v = -1;
  expect(cu2hip::deviceGetAttribute(&v, hipDeviceAttributeComputeCapabilityMajor, 0), hipSuccess,
         "deviceGetAttribute");
  expect(v, 8, "attribute major");
  expect(cu2hip::deviceGetAttribute(&v, hipDeviceAttributeComputeCapabilityMinor, 0), hipSuccess,
         "deviceGetAttribute");
  expect(v, 0, "attribute minor");
  expect(cu2hip::deviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0), hipSuccess,
         "deviceGetAttribute");
  expect(v, raw.warpSize, "attribute warpSize (HIP's)");
  expect(cu2hip::getDeviceProperties(&port, 99) != hipSuccess, 1, "bad device is an error");
  int *d = nullptr, gate = 0;
  hipMalloc((void **)&d, sizeof gate);
  hipLaunchKernelGGL(arch_gate, dim3(1), dim3(raw.warpSize), 0, 0, d);
  expect(hipDeviceSynchronize(), hipSuccess, "arch_gate launch");
  hipMemcpy(&gate, d, sizeof gate, hipMemcpyDeviceToHost);
  hipFree(d);
  expect(gate, cu2hip::cc_level(raw), "CU2HIP_CUDA_ARCH in device code (= the target's level)");
  std::printf("arch: %s (HIP major.minor %d.%d) -> CUDA level %d.%d; %d mismatches\n",
              raw.gcnArchName, raw.major, raw.minor, port.major, port.minor, bad);
  return bad ? 1 : 0;
}
