//===- Sarif.h - the --report document in SARIF 2.1.0 ---------------------===//
//
// `--report FILE.sarif` writes the run's findings as one SARIF 2.1.0 run
// (OASIS Static Analysis Results Interchange Format), which code-scanning
// tools read: the driver's rules are every id the tool can emit
// (ruleCatalogue), each result one finding with its rule id, level, message
// and location, and where the finding's rule rewrote the text there, that
// rewrite as its fix.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_SARIF_H
#define CU2HIP_TOOL_SARIF_H

#include "cu2hip/Edit.h"
#include "cu2hip/Finding.h"
#include "cu2hip/Porter.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cu2hip {

/// True when `--report Path` asks for SARIF (the path ends in `.sarif`,
/// any case).
bool isSarifPath(llvm::StringRef Path);

/// The edits among `Edits` (one file's merged edits) that are the fix of
/// `F`, a finding in that file: the edits of F's own rule that start at F's
/// offset. A rule that reports a finding where it rewrites is saying what
/// its rewrite there did (e.g. a wave rule's note on the shuffle it
/// widened), so that rewrite is the finding's fix; a finding with no edit
/// of its rule at its place (an unsupported API, a parse error) has none.
std::vector<Edit> findingFixes(const Finding &F, const std::vector<Edit> &Edits);

/// The SARIF 2.1.0 document of one run: the findings of `Results`, then
/// `Problems` (paths not ported). `Version` is the tool's version.
/// `SrcRoot` is the absolute --in-root, or "": under it, locations are
/// relative URIs against the base id SRCROOT (declared in the run's
/// originalUriBaseIds); other paths are written as given
/// (an absolute one as a file: URI). Columns count Unicode code points
/// (the run's columnKind). A finding with edits that are its fix
/// (findingFixes) gets one SARIF `fix`: its artifactChanges replace each
/// edit's deletedRegion (start and end line and column in the input) with
/// its insertedContent; the finding's fix text stays in its message.
std::string reportSarif(const std::vector<FileResult> &Results,
                        const std::vector<Finding> &Problems, llvm::StringRef Version,
                        llvm::StringRef SrcRoot);

} // namespace cu2hip

#endif
