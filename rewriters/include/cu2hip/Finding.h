//===- Finding.h - diagnostics reported by rules --------------------------===//
//
// A Finding is what a rule reports instead of (or in addition to) an edit:
// an API without a sound HIP equivalent, warp-32 code that cannot be made
// wave64-correct mechanically, a parse error. Printed like clang:
//   file:line:col: warning: message [rule-id]
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_FINDING_H
#define CU2HIP_FINDING_H

#include "llvm/Support/raw_ostream.h"
#include <string>

namespace cu2hip {

enum class Severity { Note, Warning, Error };

llvm::StringRef severityName(Severity S);

/// One diagnostic. Line and column are 1-based; Offset is the byte offset
/// into File (used for sorting and for --annotate).
struct Finding {
  std::string RuleId;
  Severity Sev = Severity::Warning;
  std::string File;
  unsigned Line = 0, Col = 0, Offset = 0;
  std::string Message;
  std::string Fix; ///< suggested fix, may be empty

  bool operator<(const Finding &O) const;
  bool operator==(const Finding &O) const;
  /// Prints `file:line:col: severity: message [rule-id]` (+ fix note line).
  void print(llvm::raw_ostream &OS) const;
};

} // namespace cu2hip

#endif
