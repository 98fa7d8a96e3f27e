__device__ unsigned f() {
  unsigned id;
  /*é*/ asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  long long t = clock64();
  return id + t;
}
