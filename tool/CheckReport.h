//===- CheckReport.h - the results of `cu2hip check`: table, JSON, SARIF --===//
//
// The text table (one row per unit: ok or FAIL per target, nvcc's verdict
// with --nvcc, the category and the first error), the failures by category,
// and the summary line "N of M units compile for gfx942, gfx1100"; with
// --kernels the per-kernel table and the hazards. --report FILE writes the
// same as JSON, or as SARIF 2.1.0 when FILE ends in .sarif (one result per
// failing unit and target, and one per hazard).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_CHECKREPORT_H
#define CU2HIP_TOOL_CHECKREPORT_H

#include "CheckClassify.h"
#include "KernelCost.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace cu2hip {

/// One unit compiled for one target.
struct UnitResult {
  bool Ok = false;
  double Seconds = 0;
  std::string Log; ///< the compiler's output
  FirstError Error;
  CheckCategory Category = CheckCategory::Ok;
  std::string Why; ///< why the category (CheckClassify)
  bool TimedOut = false; ///< killed after --timeout seconds
  std::vector<KernelCost> Kernels;
  std::vector<KernelHazard> Hazards;
};

/// One ported translation unit.
struct CheckUnit {
  std::string Input, Output; ///< absolute; Input "" when unknown
  std::vector<std::string> Flags, NvccFlags; ///< for the port, for the original
  std::string Rel;                           ///< Output relative to the out-root
  std::vector<UnitResult> Results;           ///< per target, in target order
  std::optional<bool> NvccOk;                ///< none without --nvcc
  std::optional<bool> HostOk;                ///< the host side (none with --object)
  std::string HostLog;
  bool HostTimedOut = false; ///< the host side was killed after --timeout seconds
  std::string NvccLog;
  std::string NvccNote; ///< with --nvcc, why nvcc did not run on the original
  /// A failing host unit (C, C++): the first error of its unported original
  /// under the same compiler and language (Runner::original()); none when
  /// not compiled, Found false when the original compiles.
  std::optional<FirstError> OriginalError;
  /// The category of the unit: that of its first failing target, Ok when
  /// every target compiled.
  CheckCategory category() const;
};

struct CheckRunInfo {
  std::string Version, Compiler, OutRoot, InRoot;
  std::vector<std::string> Targets;
  bool Nvcc = false, Kernels = false;
  double Seconds = 0;
};

/// "N of M units compile for gfx942, gfx1100".
std::string summaryLine(const std::vector<CheckUnit> &Units, const CheckRunInfo &Info);

/// The table, the failures by category, the kernels and hazards (with
/// --kernels) and the summary line.
void printCheckTable(const std::vector<CheckUnit> &Units, const CheckRunInfo &Info,
                     llvm::raw_ostream &OS);

/// Writes the results to `Path` (atomically): SARIF 2.1.0 when the name
/// ends in .sarif, else JSON.
llvm::Error writeCheckReport(llvm::StringRef Path, const std::vector<CheckUnit> &Units,
                             const CheckRunInfo &Info);

} // namespace cu2hip

#endif
