// cu2hip/clock.h: globaltimer_ns(), the port of PTX's %globaltimer, at wave
// 64 and 32: a wait of N ns measured with it lasts at least N ns of its
// own clock, the readings only grow, and every reading is a whole number
// of wall-clock steps (1e6 / CU2HIP_WALL_CLOCK_KHZ ns).
#include <hip/hip_runtime.h>
#include <cu2hip/clock.h>

#include <cstdio>

__global__ void wait_ns(long long ns, unsigned long long *out) {
  unsigned long long start = cu2hip::globaltimer_ns(), now = start, prev = start, back = 0;
  do {
    now = cu2hip::globaltimer_ns();
    back += now < prev;
    prev = now;
  } while ((long long)(now - start) < ns);
  if (threadIdx.x == 0) {
    out[0] = now - start;
    out[1] = back;
    out[2] = start % (1000000ull / CU2HIP_WALL_CLOCK_KHZ);
  }
}

int main() {
  unsigned long long *d, h[3] = {0, 1, 1};
  hipMalloc((void **)&d, sizeof h);
  hipLaunchKernelGGL(wait_ns, dim3(1), dim3(64), 0, 0, 2000ll, d);
  if (hipDeviceSynchronize() != hipSuccess) return 1;
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, 0);
  // The device pass's rate is the one the device reports.
  bool rate = cu2hip::wall_clock_khz_matches(0, prop.gcnArchName);
  int bad = (h[0] < 2000ull) + (h[1] != 0) + (h[2] != 0) + !rate;
  int wave = 0;
  hipDeviceGetAttribute(&wave, hipDeviceAttributeWarpSize, 0);
  std::printf("globaltimer: wave %d: waited %llu ns, %llu backward steps, start %% step %llu, "
              "rate %s: %s\n",
              wave, h[0], h[1], h[2], rate ? "matches" : "differs", bad ? "FAIL" : "ok");
  return bad;
}
