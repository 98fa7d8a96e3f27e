//===- DevicePropMissingRule.cpp - rule "device-prop": cudaDeviceProp -----===//
//
// CUDA 13's cudaDeviceProp and HIP's hipDeviceProp_t differ (checked
// against CUDA 13.0's driver_types.h, ROCm 7.2's and HIP 5.2's
// hip_runtime_api.h). The fields CUDA 13 removed (clockRate,
// memoryClockRate, computeMode, kernelExecTimeoutEnabled, deviceOverlap,
// ...) are still members of hipDeviceProp_t, so CUDA 12 code reading them
// compiles. Findings, on a member the typed index places in cudaDeviceProp
// (or, without an index, spelled after `.` or `->`):
//   device-prop-missing (warning): a CUDA 13 field hipDeviceProp_t lacks
//     (NUMA ids, PCI device/subsystem ids, MPS, sparse/deferred arrays):
//     the port does not compile; the fix says what to use instead.
//   device-prop-rocm6 (note): a field ROCm >= 6 has and HIP 5.2 lacks: the
//     port compiles for ROCm 7.2 only.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace clang;

namespace cu2hip {
namespace {

/// Fix for a CUDA 13 field that hipDeviceProp_t lacks; "" for other names.
llvm::StringRef missingFieldFix(llvm::StringRef F) {
  return llvm::StringSwitch<llvm::StringRef>(F)
      .Cases("deviceNumaConfig", "deviceNumaId", "hostNumaId",
             "HIP reports no NUMA placement of the device: treat it as unknown (-1)")
      .Case("hostNumaMultinodeIpcSupported", "HIP has no multi-node IPC: treat it as 0")
      .Cases("gpuPciDeviceID", "gpuPciSubsystemID",
             "HIP has no PCI device or subsystem ID (pciDeviceID is the PCI device number, "
             "not the ID): read it from the system (sysfs, rocm-smi) or drop it")
      .Case("mpsEnabled", "AMD GPUs have no MPS: treat it as 0")
      .Cases("sparseCudaArraySupported", "deferredMappingCudaArraySupported",
             "HIP arrays have neither feature: treat it as 0")
      .Default("");
}

/// hipDeviceProp_t fields of ROCm >= 6 that HIP 5.2 lacks.
bool isRocm6Field(llvm::StringRef F) {
  static const char *const Fields[] = {
      "accessPolicyMaxWindowSize",
      "asyncEngineCount",
      "canUseHostPointerForRegisteredMem",
      "clusterLaunch",
      "computePreemptionSupported",
      "deviceOverlap",
      "globalL1CacheSupported",
      "gpuDirectRDMAFlushWritesOptions",
      "gpuDirectRDMASupported",
      "gpuDirectRDMAWritesOrdering",
      "hostNativeAtomicSupported",
      "hostRegisterReadOnlySupported",
      "hostRegisterSupported",
      "ipcEventSupported",
      "localL1CacheSupported",
      "luid",
      "luidDeviceNodeMask",
      "maxBlocksPerMultiProcessor",
      "maxSurface1D",
      "maxSurface1DLayered",
      "maxSurface2D",
      "maxSurface2DLayered",
      "maxSurface3D",
      "maxSurfaceCubemap",
      "maxSurfaceCubemapLayered",
      "maxTexture1DLayered",
      "maxTexture1DMipmap",
      "maxTexture2DGather",
      "maxTexture2DLayered",
      "maxTexture2DLinear",
      "maxTexture2DMipmap",
      "maxTexture3DAlt",
      "maxTextureCubemap",
      "maxTextureCubemapLayered",
      "memoryPoolSupportedHandleTypes",
      "memoryPoolsSupported",
      "multiGpuBoardGroupID",
      "persistingL2CacheMaxSize",
      "regsPerMultiprocessor",
      "reservedSharedMemPerBlock",
      "sharedMemPerBlockOptin",
      "sharedMemPerMultiprocessor",
      "singleToDoublePrecisionPerfRatio",
      "streamPrioritiesSupported",
      "surfaceAlignment",
      "timelineSemaphoreInteropSupported",
      "unifiedAddressing",
      "unifiedFunctionPointers",
      "uuid"};
  return std::binary_search(std::begin(Fields), std::end(Fields), F,
                            [](llvm::StringRef A, llvm::StringRef B) { return A < B; });
}

class DevicePropRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"device-prop-missing", IdKind::Warning,
         "cudaDeviceProp field that hipDeviceProp_t lacks"},
        {"device-prop-rocm6", IdKind::Note,
         "hipDeviceProp_t field of ROCm >= 6 that HIP 5.2 lacks"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    llvm::StringSet<> Noted;
    for (size_t I = 1; I < T.size(); ++I) {
      if (!T[I].isIdent() || !(T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow)))
        continue;
      llvm::StringRef F = T[I].Text;
      llvm::StringRef Fix = missingFieldFix(F);
      bool Rocm6 = Fix.empty() && isRocm6Field(F);
      if (Fix.empty() && !Rocm6)
        continue;
      // Decided by the member's type where the index has it; the missing
      // fields' names are CUDA's own, the ROCm 6 ones are common words.
      std::optional<bool> Of = memberOfType(C, I, devicePropTypes());
      if (!Of.value_or(!Rocm6))
        continue;
      if (!Fix.empty())
        C.report("device-prop-missing", Severity::Warning, T[I].Offset,
                 ("cudaDeviceProp::" + F + " has no hipDeviceProp_t counterpart").str(), Fix);
      else if (Noted.insert(F).second)
        C.report("device-prop-rocm6", Severity::Note, T[I].Offset,
                 ("hipDeviceProp_t::" + F +
                  " exists from ROCm 6 on: the port does not compile with HIP 5.2")
                     .str());
    }
  }
};

} // namespace

std::unique_ptr<Rule> createDevicePropRule() { return std::make_unique<DevicePropRule>(); }

} // namespace cu2hip
