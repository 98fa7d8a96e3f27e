//===- CheckClassify.h - the first error of a compile and its category ----===//
//
// `cu2hip check` reports, per translation unit and gfx target, the first
// error the HIP compiler printed and one category for it:
//   port-gap      a CUDA name, header or construct the port left or broke
//                 (a CUDA identifier or header in the error, an error inside
//                 cu2hip's runtime headers, a user declaration colliding
//                 with one of HIP's, or any error in a unit whose original
//                 nvcc compiles);
//   rocm-missing  a header or API name of ROCm that this ROCm does not ship
//                 (a hip*/roc* header not found, a hip* name undeclared);
//   target        the code cannot be compiled for that gfx target (the
//                 compiler names the target or a missing target feature, or
//                 the same unit compiles for another target);
//   input         the original does not compile with nvcc either (--nvcc);
//   timeout       the compile ran longer than `check --timeout` seconds and
//                 was killed (the other units and targets still run);
//   other         none of these can be told from the message (e.g. a
//                 dependency's header not found and no nvcc to say whether
//                 the original finds it).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_CHECKCLASSIFY_H
#define CU2HIP_TOOL_CHECKCLASSIFY_H

#include "cu2hip/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace cu2hip {

enum class CheckCategory { Ok, PortGap, RocmMissing, Target, Input, Timeout, Other };

/// "ok", "port-gap", "rocm-missing", "target", "input", "timeout", "other".
llvm::StringRef categoryName(CheckCategory C);

/// The first error of a compiler log.
struct FirstError {
  std::string File;    ///< as printed ("" for a driver error)
  unsigned Line = 0;   ///< 1-based, 0 when none
  std::string Message; ///< the text after "error: "
  /// The error line with the "In file included from" lines before it and
  /// the note lines after it, up to the next error or warning.
  std::string Context;
  bool Found = false;
};

/// The first "error:" or "fatal error:" of clang's (or nvcc's) output `Log`.
FirstError firstError(llvm::StringRef Log);

/// The category of `E`, a failure of the HIP compile for one target.
/// `OtherTargetOk`: the same unit compiled for another target.
/// `NvccOk`: whether nvcc compiled the original (none: not asked).
/// `RuntimeDir`: cu2hip's runtime include directory (errors inside it are
/// port gaps). `Why` receives a short reason.
CheckCategory classifyError(const FirstError &E, bool OtherTargetOk, std::optional<bool> NvccOk,
                            llvm::StringRef RuntimeDir, std::string &Why);

/// The port's own finding about the name `E` is about: a warning or error
/// of `Findings` (those of the ported file the error is in) whose message
/// quotes an identifier the error message quotes ("use of undeclared
/// identifier 'cudaLimitPersistingL2CacheSize'" and "'cudaLimitPersisting
/// L2CacheSize' has no HIP equivalent: ..."). Returns "cu2hip reported it:
/// LINE: MESSAGE [RULE]" (LINE of the original), or "" when none does.
std::string portFindingFor(const FirstError &E, llvm::ArrayRef<Finding> Findings);

} // namespace cu2hip

#endif
