// A CUDA name with no HIP counterpart: the port keeps it and says so
// (names-unsupported); the HIP compile then finds it undeclared.
#include <cuda_runtime.h>
int main() {
  size_t persisting = 1 << 20;
  return int(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, persisting));
}
