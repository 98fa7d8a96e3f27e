// The driver's JIT options map to HIP's hipJitOption names (ROCm 7.2
// linker_types.h): cuda-samples ptxjit passes them to cuModuleLoadDataEx.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
#include <cuda.h>

CUresult load(CUmodule *m, const void *image, char *log, size_t n) {
  float walltime = 0;
  // CHECK: hipJitOption opts[] = {hipJitOptionWallTime, hipJitOptionInfoLogBuffer, hipJitOptionInfoLogBufferSizeBytes, hipJitOptionLogVerbose, hipJitOptionMaxThreadsPerBlock};
  CUjit_option opts[] = {CU_JIT_WALL_TIME, CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE, CU_JIT_MAX_THREADS_PER_BLOCK};
  void *vals[] = {(void *)&walltime, (void *)log, (void *)n, (void *)1, (void *)256};
  // CHECK: return hipModuleLoadDataEx(m, image, 5, opts, vals);
  return cuModuleLoadDataEx(m, image, 5, opts, vals);
}
