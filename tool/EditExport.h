//===- EditExport.h - per-unit edits as YAML, and merging them ------------===//
//
// `--export-edits DIR` parses translation units one at a time and writes,
// per unit, DIR/<name>-<hash>.yaml: the unit's path, the cu2hip version and
// options digest, and for the unit and every ported file its parse reached
// (shared headers included) the input's hash, the merged edits (Offset,
// Length, ReplacementText, Rule, as clang-apply-replacements reads them,
// with the file path on the enclosing entry), the findings and the counts.
// `cu2hip apply DIR` reads them all and builds each file's result:
//  - a file one unit reached gets that unit's edits as they are;
//  - a file several units reached (a shared header) gets their edits when
//    all units agree on them; where they disagree (the units see the
//    header differently: other macros, other types) a normal run would
//    have ported it with the merged facts of all those units, so apply
//    parses those units again, here, and ports that file as a normal run
//    does: the same conflict rules, the same bytes;
//  - a file no unit reached gets the token rules, as in a normal run.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_EDITEXPORT_H
#define CU2HIP_TOOL_EDITEXPORT_H

#include "Manifest.h"
#include "StoredResult.h"
#include "cu2hip/Porter.h"
#include "llvm/Support/Error.h"
#include <set>
#include <string>
#include <vector>

namespace cu2hip {

/// One translation unit's export. The unit's own entry also records a hash
/// of its compile flags and directory (Depends, flagsHash) and every user
/// file its parse read, with hashes (Reads).
struct UnitExport {
  std::string Version, Options, MainSourceFile;
  std::vector<StoredFile> Files;
  /// The tree's sources, when exported, that have the file name of a file
  /// the unit's parse included or read or did not find (includedNames):
  /// a source of that name added since may be what an #include finds now
  /// (a header that shadows another), so apply calls the export stale.
  std::vector<std::string> Namesakes;
  /// The export file it was read from (not stored).
  std::string Path;
  /// Written last ("Complete: true"): an export without it was cut short.
  bool Complete = false;
};

/// The file names (no directory) an #include of `U`'s parse resolved to or
/// did not find: those of the files it ported and read, and the names of
/// its `parse-include` "file not found" findings.
std::set<std::string> includedNames(const UnitExport &U);

/// The inputs of `Jobs` whose file name is one of `Names`, sorted.
std::vector<std::string> namesakes(const std::set<std::string> &Names,
                                   const std::vector<FileJob> &Jobs);

/// Writes `U` into `Dir` (created if needed) as <unit name>-<path hash>.yaml.
llvm::Error writeUnitExport(llvm::StringRef Dir, const UnitExport &U);

/// Checks `U` (read from U.Path) as data: it names its unit, and the edits
/// of each file lie inside the file and do not overlap (checkExportEdits
/// leaves a file whose content changed since to staleExports). An error
/// names the export and the reason.
llvm::Error checkExportEdits(const UnitExport &U);

/// Every *.yaml export in `Dir`, sorted by MainSourceFile. An error names
/// the file and why: unreadable or not a regular file (readFileChecked),
/// malformed, truncated (no "Complete: true" at its end), edits that fail
/// checkExportEdits, or a second export of a unit already exported.
llvm::Expected<std::vector<UnitExport>> readUnitExports(llvm::StringRef Dir);

/// One stale export (staleExports): a file and what changed in it.
struct StaleInput {
  std::string File;    ///< the input that changed (or the unit)
  std::string What;    ///< what changed, and for which exports
};

/// Every way in which `Units` no longer describe the tree of `Jobs`: a file
/// an export reached (a unit, its headers) or a unit's parse read whose
/// content hash differs from the recorded one or that is gone, a unit whose
/// compile flags or directory changed, an export of a unit that is no
/// longer part of the run. One entry per file, naming the exports it makes
/// stale; empty when all are current. `Hashes` caches file hashes.
std::vector<StaleInput> staleExports(const std::vector<UnitExport> &Units,
                                     const std::vector<FileJob> &Jobs, HashCache &Hashes);

/// The result of each of `Jobs` from `Units` (see the file comment);
/// `P` ports the files no unit reached (token rules) and those whose units
/// disagree (parsing those units with `Workers` threads). A file whose
/// content changed since its export fails with an error finding, so does a
/// translation unit without an export (ported with the token rules only).
std::vector<FileResult> applyUnitExports(const std::vector<UnitExport> &Units,
                                         const std::vector<FileJob> &Jobs, Porter &P,
                                         unsigned Workers);

} // namespace cu2hip

#endif
