//===- Sarif.h - the --report document in SARIF 2.1.0 ---------------------===//
//
// `--report FILE.sarif` writes the run's findings as one SARIF 2.1.0 run
// (OASIS Static Analysis Results Interchange Format), which code-scanning
// tools read: the driver's rules are every id the tool can emit
// (ruleCatalogue), each result one finding with its rule id, level, message
// and location.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_SARIF_H
#define CU2HIP_TOOL_SARIF_H

#include "cu2hip/Finding.h"
#include "cu2hip/Porter.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cu2hip {

/// True when `--report Path` asks for SARIF (the path ends in `.sarif`,
/// any case).
bool isSarifPath(llvm::StringRef Path);

/// The SARIF 2.1.0 document of one run: the findings of `Results`, then
/// `Problems` (paths not ported). `Version` is the tool's version.
/// `SrcRoot` is the absolute --in-root, or "": under it, locations are
/// relative URIs against the base id SRCROOT (declared in the run's
/// originalUriBaseIds); other paths are written as given
/// (an absolute one as a file: URI). A finding's fix
/// text goes into its message: findings carry no replacement range, so no
/// SARIF `fixes` are written.
std::string reportSarif(const std::vector<FileResult> &Results,
                        const std::vector<Finding> &Problems, llvm::StringRef Version,
                        llvm::StringRef SrcRoot);

} // namespace cu2hip

#endif
