//===- Registry.cpp - the list of rules, in the order they run ------------===//
#include "cu2hip/AstRule.h"
#include "cu2hip/BuildPort.h"
#include "cu2hip/Rule.h"

namespace cu2hip {

std::unique_ptr<Rule> createNamesRule();
std::unique_ptr<Rule> createNamesUnmappedRule();
std::unique_ptr<Rule> createIncludesRule();
std::unique_ptr<Rule> createImplicitIncludesRule();
std::unique_ptr<Rule> createBuiltinNarrowingRule();
std::unique_ptr<Rule> createBlasLtScaleTypeRule();
std::unique_ptr<Rule> createCgShuffleValueRule();
std::unique_ptr<Rule> createInstrumentRule();
std::unique_ptr<Rule> createLaunchRule();
std::unique_ptr<Rule> createSymbolRule();
std::unique_ptr<Rule> createFuncPtrRule();
std::unique_ptr<Rule> createWaveNativeRule();
std::unique_ptr<Rule> createWaveShuffleRule();
std::unique_ptr<Rule> createWaveVoteRule();
std::unique_ptr<Rule> createWaveWarpSizeRule();
std::unique_ptr<Rule> createWaveCubWidthRule();
std::unique_ptr<Rule> createWaveHostWarpSizeRule();
std::unique_ptr<Rule> createWaveInlinePtxRule();
std::unique_ptr<Rule> createWaveTileSizeRule();
std::unique_ptr<Rule> createWmmaRule();
std::unique_ptr<Rule> createWaveBlockLoadRule();
std::unique_ptr<Rule> createLaunchBoundsRule();
std::unique_ptr<Rule> createCudaArchRule();
std::unique_ptr<Rule> createDynamicSharedRule();
std::unique_ptr<Rule> createAllocHooksRule();
std::unique_ptr<Rule> createVectorizeCastsRule();
std::unique_ptr<Rule> createPtxBuiltinRule();
std::unique_ptr<Rule> createAtomic16Rule();
std::unique_ptr<Rule> createApiShapeRule();
std::unique_ptr<Rule> createQualifiedNamespaceRule();
std::unique_ptr<Rule> createClockTimeRule();
std::unique_ptr<Rule> createDevicePropRule();
std::unique_ptr<Rule> createBlasComputeTypeRule();
std::unique_ptr<Rule> createCgLabeledPartitionRule();
std::unique_ptr<Rule> createLibcuSyncRule();
std::unique_ptr<Rule> createWaveAmdgcnSizeRule();
std::unique_ptr<Rule> createWaveVolatileSyncRule();
std::unique_ptr<Rule> createWaveSpinRule();
std::unique_ptr<Rule> createWaveBlockSizeRule();
std::unique_ptr<Rule> createWaveOccupancyRule();
std::unique_ptr<Rule> createWaveHardcoded64Rule();
std::unique_ptr<Rule> createHipCollisionRule();
std::unique_ptr<Rule> createLaunchSpacedRule();
std::unique_ptr<Rule> createPragmaMacroRule();
std::unique_ptr<AstRule> createWaveNativeAstRule();
std::unique_ptr<AstRule> createVectorizeAstRule();
std::unique_ptr<AstRule> createBitIntrinsicArgRule();
std::unique_ptr<AstRule> createCgMultiTileRule();
std::unique_ptr<AstRule> createHostLibcIncludeRule();
std::unique_ptr<AstRule> createWaveConvergedRule();
std::unique_ptr<AstRule> createVectorOperatorRule();
std::unique_ptr<AstRule> createRegisterStorageRule();
std::unique_ptr<AstRule> createVectorBraceInitRule();
std::unique_ptr<AstRule> createCudaArchPtxFenceRule();
std::unique_ptr<AstRule> createExecSpaceRedeclRule();
std::unique_ptr<AstRule> createDeviceStdCRule();
std::unique_ptr<AstRule> createTextureRule();
std::unique_ptr<AstRule> createTextureHandleIntegerRule();
std::unique_ptr<AstRule> createOverloadCollisionRule();
std::unique_ptr<AstRule> createDevicePtrIntRule();

namespace {

using RuleFactory = std::unique_ptr<Rule> (*)();

/// Every token rule, in the order they run. Wave rules first: they own the
/// warp intrinsics and request <cu2hip/wave.h>; wave-native
/// (--wave=native) is an AST rule whose claims reach the token rules before
/// they run; its token part only says when a file was not parsed.
/// "includes" adds the requested headers in its finish(), after every
/// rule's run (Rule::finish), so its place in the list does not matter.
const RuleFactory TokenRules[] = {
    createWaveNativeRule,   createWaveShuffleRule, createWaveVoteRule,
    createWaveWarpSizeRule, createWaveHostWarpSizeRule, createWaveCubWidthRule,
    // Wave findings, one concern each.
    createWaveInlinePtxRule, createWaveTileSizeRule, createWmmaRule,
    createWaveBlockLoadRule, createWaveAmdgcnSizeRule, createWaveVolatileSyncRule,
    createWaveSpinRule,     createWaveBlockSizeRule, createWaveOccupancyRule,
    createWaveHardcoded64Rule, createLaunchBoundsRule, createCudaArchRule,
    // instrument before launch-ggl: its `(` opens before hipLaunchKernelGGL(.
    createNamesRule,        createNamesUnmappedRule, createInstrumentRule,
    createLaunchSpacedRule,
    createLaunchRule,       createSymbolRule,
    createFuncPtrRule,      createDynamicSharedRule,
    createBuiltinNarrowingRule, createBlasLtScaleTypeRule,
    createCgShuffleValueRule,
    createPtxBuiltinRule, createAtomic16Rule, createApiShapeRule, createQualifiedNamespaceRule,
    createClockTimeRule, createDevicePropRule, createHipCollisionRule,
    createBlasComputeTypeRule,
    createCgLabeledPartitionRule, createPragmaMacroRule, createLibcuSyncRule,
    // Opt-in AMD rewrites.
    createAllocHooksRule,   createVectorizeCastsRule,
    createImplicitIncludesRule, createIncludesRule,
};

} // namespace

llvm::ArrayRef<llvm::StringRef> yieldsTo(llvm::StringRef RuleId) {
  // wave-native rewrote these bodies for the full wavefront; the logical-32
  // rules would turn its shuffles and warp sizes back into 32-lane ones.
  static const llvm::StringRef WaveNative[] = {"wave-native"};
  static const llvm::StringRef Logical32[] = {"wave-shfl", "wave-vote", "wave-warpsize",
                                              "wave-host-warpsize"};
  if (llvm::is_contained(Logical32, RuleId))
    return WaveNative;
  return {};
}

std::vector<std::unique_ptr<Rule>> createRules(const Options &Opts) {
  std::vector<std::unique_ptr<Rule>> R;
  for (RuleFactory Make : TokenRules) {
    std::unique_ptr<Rule> Rule = Make();
    if (Rule->enabled(Opts))
      R.push_back(std::move(Rule));
  }
  return R;
}

/// Every AST rule, in the order their matchers are registered.
using AstRuleFactory = std::unique_ptr<AstRule> (*)();
static const std::vector<AstRuleFactory> &astRuleFactories() {
  static const std::vector<AstRuleFactory> F = {createWaveNativeAstRule,
                                                createVectorizeAstRule,
                                                createBitIntrinsicArgRule,
                                                createCgMultiTileRule,
                                                createHostLibcIncludeRule,
                                                createWaveConvergedRule,
                                                createVectorOperatorRule,
                                                createRegisterStorageRule,
                                                createVectorBraceInitRule,
                                                createCudaArchPtxFenceRule,
                                                createExecSpaceRedeclRule,
                                                createDeviceStdCRule,
                                                createTextureRule,
                                                createTextureHandleIntegerRule,
                                                createOverloadCollisionRule,
                                                createDevicePtrIntRule};
  return F;
}

std::vector<std::unique_ptr<AstRule>> createAstRules(const Options &Opts) {
  std::vector<std::unique_ptr<AstRule>> R;
  for (AstRuleFactory Make : astRuleFactories()) {
    std::unique_ptr<AstRule> Rule = Make();
    if (Rule->enabled(Opts))
      R.push_back(std::move(Rule));
  }
  return R;
}

std::vector<RuleIdInfo> ruleCatalogue() {
  std::vector<RuleIdInfo> C;
  llvm::StringSet<> Seen;
  auto Add = [&](llvm::ArrayRef<RuleIdInfo> Ids) {
    for (const RuleIdInfo &I : Ids)
      if (Seen.insert(I.Id).second)
        C.push_back(I);
  };
  for (RuleFactory Make : TokenRules)
    Add(Make()->ids());
  for (AstRuleFactory Make : astRuleFactories())
    Add(Make()->ids());
  Add(buildRuleIds());
  Add(porterIds());
  return C;
}

} // namespace cu2hip
