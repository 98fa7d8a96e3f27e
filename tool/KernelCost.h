//===- KernelCost.h - per-kernel cost on AMD targets, from the compiler ---===//
//
// `cu2hip check --kernels` compiles the device side of each ported unit for
// each gfx target (`--offload-device-only -S -Rpass-analysis=
// kernel-resource-usage`) and reads, per kernel:
//  - from the compiler's resource-usage remarks: SGPRs, VGPRs, AGPRs,
//    scratch bytes per lane, SGPR/VGPR spills, LDS bytes per workgroup,
//    occupancy in waves per SIMD;
//  - from the assembly: the instruction counts by class (VALU, SALU, SMEM,
//    VMEM loads and stores by width, LDS, cross-lane, matrix, branches,
//    waits, barriers) and the kernel descriptor's .max_flat_workgroup_size
//    (from __launch_bounds__; 1024 when none);
//  - from nvcc's `ptxas -v` (with --nvcc) the original's registers, shared
//    memory and spill bytes for the same mangled name.
// Hazards (AMD-only performance or correctness traps) come with the value
// and the limit: LDS beyond the workgroup limit (static LDS plus a dynamic
// size requested with hipFuncSetAttribute(...MaxDynamicSharedMemorySize..)),
// blocks that are not a multiple of the wavefront on wave64 targets (a
// constant block size at a launch, or __launch_bounds__), and spills (marked
// as forced by __launch_bounds__ when the kernel has one).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_KERNELCOST_H
#define CU2HIP_TOOL_KERNELCOST_H

#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cu2hip {

/// The figures of one kernel compiled for one gfx target.
struct KernelCost {
  std::string Unit, Target, Name; ///< Name: the mangled symbol
  /// Where the kernel is defined, as the remarks give it (the file as the
  /// compiler was given it, 1-based line); "" and 0 when they do not.
  std::string File;
  unsigned Line = 0;
  unsigned SGPRs = 0, VGPRs = 0, AGPRs = 0;
  unsigned ScratchBytes = 0; ///< private memory per lane
  unsigned SGPRSpill = 0, VGPRSpill = 0;
  unsigned LDSBytes = 0; ///< static LDS per workgroup
  unsigned Occupancy = 0; ///< waves per SIMD, as the compiler reports it
  std::string Limiter;    ///< "vgpr", "sgpr", "lds", "max" or "launch-bounds"
  unsigned MaxFlatWorkGroupSize = 0; ///< from the kernel descriptor; 0 unknown
  /// Instruction counts by class ("valu", "salu", "smem", "vmem-load",
  /// "vmem-store", "vmem-atomic", "lds", "cross-lane", "matrix", "branch",
  /// "wait", "barrier", "other") and per memory mnemonic
  /// ("global_load_dwordx4", ...).
  std::map<std::string, unsigned> Classes, MemOps;
  /// The original's figures from ptxas -v (none without --nvcc).
  std::optional<unsigned> PtxRegs, PtxSmem, PtxSpill;
};

/// A hazard with the value found and the limit it breaks.
struct KernelHazard {
  std::string Unit, Target, Kernel;
  std::string File; ///< the kernel's definition (KernelCost::File), or ""
  unsigned Line = 0; ///< its line, 0 when unknown
  std::string Kind; ///< "lds-over-limit", "block-not-wave-multiple", "spill", "sgpr-spill"
  unsigned long long Value = 0, Limit = 0;
  std::string Message;
};

/// Kernels named by the resource-usage remarks in `Log` (clang's stderr of
/// a device compile with -Rpass-analysis=kernel-resource-usage), in order.
/// Non-kernel functions are dropped when their remarks say so. Each
/// kernel's File and Line are those of its "Function Name" remark
/// (`FILE:LINE:COL: remark: Function Name: ...`).
std::vector<KernelCost> parseResourceRemarks(llvm::StringRef Log);

/// Adds the instruction classes and .max_flat_workgroup_size found in the
/// assembly `Asm` to the kernels of `Kernels` it defines.
void countInstructions(llvm::StringRef Asm, std::vector<KernelCost> &Kernels);

/// The class of one instruction mnemonic (with its operands in `Line`, for
/// DPP modifiers) as countInstructions counts it.
std::string instructionClass(llvm::StringRef Mnemonic, llvm::StringRef Line);

/// Per mangled kernel name: registers, shared memory and spill bytes from
/// nvcc's `-Xptxas -v` output `Log`.
struct PtxFigures {
  unsigned Regs = 0, Smem = 0, Spill = 0;
};
std::map<std::string, PtxFigures> parsePtxasInfo(llvm::StringRef Log);

/// The occupancy limiter of `K` on `Target`: which of VGPRs, SGPRs or LDS
/// gives the reported occupancy (AMDGPU's register files: 512 VGPRs per
/// lane on gfx90a/gfx942 wave64 with granule 8, 1536 on gfx11 wave32 with
/// granule 24 (1024/16 on gfx10); 8 waves per SIMD on gfx9, 16 on gfx10+;
/// 64 KiB LDS per CU), "max" when none limits it.
std::string occupancyLimiter(const KernelCost &K, llvm::StringRef Target);

/// The hazards of the kernels of one unit on one target. `Source` is the
/// ported unit's text (for launches and hipFuncSetAttribute requests).
std::vector<KernelHazard> findHazards(const std::vector<KernelCost> &Kernels,
                                      llvm::StringRef Source, llvm::StringRef Target);

/// The unqualified name of an Itanium-mangled function (`_Z3fooPf` ->
/// "foo", `_ZN2ns3fooEv` -> "ns"'s first component is skipped: "foo"), or
/// the symbol itself when it is not mangled.
std::string kernelBaseName(llvm::StringRef Mangled);

/// The architectural VGPRs each lane may use when a workgroup of
/// `FlatWorkGroupSize` threads must fit on one CU of `Target` (its waves
/// spread over 4 SIMDs; 512 VGPRs per SIMD lane on gfx9, 1536 on gfx11,
/// 1024 on gfx10), at most 256: the budget the compiler spills beyond.
unsigned vgprBudget(unsigned FlatWorkGroupSize, llvm::StringRef Target);

/// LDS bytes a workgroup may use on `Target` (65536 on gfx9/gfx10/gfx11).
unsigned ldsLimit(llvm::StringRef Target);

} // namespace cu2hip

#endif
