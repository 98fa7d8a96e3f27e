//===- Registry.cpp - the list of rules, in the order they run ------------===//
#include "cu2hip/AstRule.h"
#include "cu2hip/Rule.h"

namespace cu2hip {

std::unique_ptr<Rule> createNamesRule();
std::unique_ptr<Rule> createIncludesRule();
std::unique_ptr<Rule> createLaunchRule();
std::unique_ptr<Rule> createSymbolRule();
std::unique_ptr<Rule> createFuncPtrRule();
std::unique_ptr<Rule> createWaveNativeRule();
std::unique_ptr<Rule> createWaveShuffleRule();
std::unique_ptr<Rule> createWaveVoteRule();
std::unique_ptr<Rule> createWaveWarpSizeRule();
std::unique_ptr<Rule> createWaveCubWidthRule();
std::unique_ptr<Rule> createWaveFindingsRule();
std::unique_ptr<Rule> createLaunchBoundsRule();
std::unique_ptr<Rule> createCudaArchRule();
std::unique_ptr<Rule> createDynamicSharedRule();
std::unique_ptr<Rule> createAllocHooksRule();
std::unique_ptr<Rule> createVectorizeRule();
std::unique_ptr<Rule> createWaveHeuristicsRule();

std::vector<std::unique_ptr<Rule>> createRules(const Options &) {
  std::vector<std::unique_ptr<Rule>> R;
  // Wave rules first: they own the warp intrinsics and record whether the
  // output needs <cu2hip/wave.h>; "includes" runs last to add it.
  // wave-native (--wave=native only) claims the bodies it rewrites first.
  R.push_back(createWaveNativeRule());
  R.push_back(createWaveShuffleRule());
  R.push_back(createWaveVoteRule());
  R.push_back(createWaveWarpSizeRule());
  R.push_back(createWaveCubWidthRule());
  R.push_back(createWaveFindingsRule());
  R.push_back(createWaveHeuristicsRule());
  R.push_back(createLaunchBoundsRule());
  R.push_back(createCudaArchRule());
  R.push_back(createNamesRule());
  R.push_back(createLaunchRule());
  R.push_back(createSymbolRule());
  R.push_back(createFuncPtrRule());
  R.push_back(createDynamicSharedRule());
  // Opt-in AMD rewrites (they check Options themselves).
  R.push_back(createAllocHooksRule());
  R.push_back(createVectorizeRule());
  R.push_back(createIncludesRule());
  return R;
}

std::vector<std::unique_ptr<AstRule>> createAstRules(const Options &) {
  std::vector<std::unique_ptr<AstRule>> R;
  return R;
}

const std::vector<std::pair<const char *, const char *>> &ruleCatalogue() {
  static const std::vector<std::pair<const char *, const char *>> C = {
      {"names", "CUDA identifiers renamed to HIP through the mapping tables"},
      {"names-unsupported", "finding: CUDA API without a sound HIP equivalent"},
      {"names-partial", "finding: HIP equivalent that behaves differently"},
      {"names-inactive", "note: renamed in a branch no configuration compiles"},
      {"names-user-macro", "note: a user macro defines a CUDA API name"},
      {"names-shadowed", "note: a user declaration shadows a CUDA name; kept"},
      {"includes", "CUDA headers mapped; hip_runtime.h and cu2hip/wave.h added"},
      {"includes-unsupported", "finding: CUDA header without a HIP equivalent"},
      {"includes-unknown", "note: CUDA-looking header without a mapping"},
      {"includes-user-header", "warning: a CUDA header name resolves to a user file; kept"},
      {"already-hip", "note: HIP input without CUDA left as written"},
      {"launch-ggl", "<<<>>> launches to hipLaunchKernelGGL (--launch=ggl)"},
      {"launch-symbol", "HIP_SYMBOL around symbol arguments"},
      {"launch-funcptr", "kernels passed to function-pointer APIs as const void*"},
      {"wave-native", "recognised warp/block reductions on full wavefronts (--wave=native)"},
      {"wave-shfl", "shuffles: 64-bit mask in the lane's half, width 32"},
      {"wave-vote", "ballot/vote/activemask/match/syncwarp: 32-lane helpers"},
      {"wave-warpsize", "warpSize in device code: constexpr 32"},
      {"wave-host-warpsize", "finding: host reads the device wavefront size"},
      {"wave-cub-width", "cub::WarpReduce/WarpScan given logical width 32"},
      {"wave-launch-bounds", "__launch_bounds__ minimum-blocks argument dropped"},
      {"wave-inline-ptx", "finding: inline PTX with warp operations"},
      {"ptx-inline-asm", "finding: inline PTX"},
      {"wave-tile-size", "finding: cooperative-groups tile larger than 32"},
      {"wave-wmma", "finding: nvcuda::wmma fragments"},
      {"wave-block-load", "finding: warp-transpose block load/store algorithms"},
      {"wave-amdgcn-size", "__AMDGCN_WAVEFRONT_SIZE to cu2hip::device_wave_size()"},
      {"wave-volatile-sync", "finding: warp-synchronous volatile reduction"},
      {"wave-spin-wait", "finding: device spin wait on another warp"},
      {"wave-spin-lock", "finding: per-lane atomic lock loop"},
      {"wave-block-size", "finding: 32-thread blocks leave wave64 half empty"},
      {"wave-occupancy", "finding: occupancy arithmetic from NVIDIA SM limits"},
      {"wave-hardcoded-64", "finding: warp/wave size macro fixed at 64"},
      {"alloc-hooks", "allocation calls through cu2hip's allocator hooks (--alloc-hooks)"},
      {"vectorize", "128-bit loads/stores for provable elementwise kernels (--vectorize)"},
      {"cuda-macros", "__CUDA_ARCH__/__CUDACC__ tests to HIP's macros"},
      {"cuda-arch-version", "finding: __CUDA_ARCH__ compared as a number"},
      {"dynamic-shared", "extern __shared__ arrays to HIP_DYNAMIC_SHARED"},
      {"parse-error", "error: syntax error (the file fails)"},
      {"parse-include", "warning: an #include was not found while parsing"},
      {"parse-semantic", "note: Clang 16 type-check message (does not fail)"},
      {"edit-conflict", "error: two rules edited overlapping text"},
  };
  return C;
}

} // namespace cu2hip
