//===- AstOutput.h - what the AST rules produced for one file -------------===//
//
// Kept apart from AstRule.h so the token rules (Rule.h) can read it without
// the AST matcher headers.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ASTOUTPUT_H
#define CU2HIP_ASTOUTPUT_H

#include "cu2hip/Edit.h"
#include "cu2hip/Finding.h"
#include "llvm/ADT/StringSet.h"
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace cu2hip {

/// What AST rules produced for one ported file in one parse. Offsets are
/// bytes into the file as read from disk.
struct AstFileOutput {
  std::vector<Edit> Edits;
  std::vector<Finding> Findings;
  /// Byte ranges [begin, end) a rule claimed with its id: token rules leave
  /// the tokens inside alone (FileContext::claimedBy).
  std::vector<std::tuple<unsigned, unsigned, std::string>> Claims;
  /// Runtime headers the output needs, e.g. "cu2hip/packed.h"; the includes
  /// rule adds them.
  llvm::StringSet<> Headers;
  /// Edits per rule id, for the summary.
  std::map<std::string, unsigned> EditsPerRule;

  /// Appends another parse's output for the same file (edits are merged
  /// later, so duplicates from several configurations are harmless;
  /// findings identical in rule, offset and message are kept once).
  void mergeFrom(const AstFileOutput &O);
};

} // namespace cu2hip

#endif
