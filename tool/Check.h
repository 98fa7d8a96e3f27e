//===- Check.h - `cu2hip check`: does the port build on ROCm, and why not --===//
//
//   cu2hip check --out-root OUT [--in-root IN] [-p BUILD] [--offload-arch LIST]
//                [--rocm-root DIR | --hipcc "PREFIX"] [--object] [-j N]
//                [--nvcc[=PATH]] [--kernels] [--report FILE.json|FILE.sarif]
//                [-- clang flags]
//
// After a tree run, compiles every ported translation unit (the units the
// out-root's manifest lists) with the HIP compiler, once per gfx target,
// syntax-only unless --object, and reports per unit "ok" or the first error
// with a category (CheckClassify.h). With --nvcc the originals are compiled
// with nvcc as well, so that a unit whose original does not compile either
// is counted as `input`. With --kernels the device code of each unit is also
// compiled to AMD assembly and the per-kernel cost report (KernelCost.h) is
// printed. Exit status 0 only when every unit compiles for every target;
// 1 when one does not; 2 on usage or setup errors.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_CHECK_H
#define CU2HIP_TOOL_CHECK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace cu2hip {

/// What the driver knows about its own installation and command line.
struct CheckInputs {
  std::string Version;           ///< cu2hip's version line
  std::string RuntimeIncludeDir; ///< where <cu2hip/wave.h> is
  std::vector<std::string> ExtraArgs; ///< the clang flags after `--`
};

/// True when the command line chose the `check` subcommand.
bool checkChosen();

/// Runs `cu2hip check` with its options; prints the table to `OS` and the
/// progress line and errors to stderr. Returns the exit status.
int runCheck(const CheckInputs &In, llvm::raw_ostream &OS);

/// The flags of a compile command that matter to a syntax check on another
/// compiler: -I/-isystem/-iquote/-include/-D/-U/-std= (joined or separate
/// forms), nvcc's --include-path/--define-macro/--std spellings, and the source
/// language an `-x`/`--x` flag names as `-x cu|c++|c` (nvcc's spelling), in order.
/// The compiler, the input `File`, -o/-c and code-generation flags are
/// dropped. Paths below `FromRoot` are rewritten below `ToRoot` (both
/// absolute; no rewrite when FromRoot is empty); relative paths are made
/// absolute against `Dir`.
std::vector<std::string> checkFlags(const std::vector<std::string> &Command,
                                    llvm::StringRef File, llvm::StringRef Dir,
                                    llvm::StringRef FromRoot, llvm::StringRef ToRoot);

} // namespace cu2hip

#endif
