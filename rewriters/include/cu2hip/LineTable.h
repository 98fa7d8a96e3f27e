//===- LineTable.h - line and column of byte offsets in a text -*- C++ -*-===//
//
// Findings, exported edits, SARIF regions and the index dump give places as
// 1-based line and column. A column is counted in bytes (what compilers
// print) or, for SARIF, in Unicode code points (UTF-8 continuation bytes do
// not count). One table of line starts serves both.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_LINETABLE_H
#define CU2HIP_LINETABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <utility>
#include <vector>

namespace cu2hip {

/// The line starts of one text, and the place of a byte offset in it.
/// Holds a reference to the text (code-point columns read it).
class LineTable {
public:
  explicit LineTable(llvm::StringRef Text) : Text(Text), Starts(lineStarts(Text)) {}

  /// 1-based line and byte column of byte `Offset`. An offset past the end
  /// is on the last line, its column counted on from that line's start.
  std::pair<unsigned, unsigned> lineCol(unsigned Offset) const {
    return lineColIn(Starts, Offset);
  }
  /// 1-based line and code-point column of byte `Offset`, clamped to the
  /// text's end.
  std::pair<unsigned, unsigned> codePointLineCol(unsigned Offset) const;

  /// The byte offsets at which the lines of `Text` start (0 first; one more
  /// after every '\n').
  static std::vector<unsigned> lineStarts(llvm::StringRef Text);
  /// lineCol for the line starts `Starts` of a text.
  static std::pair<unsigned, unsigned> lineColIn(llvm::ArrayRef<unsigned> Starts,
                                                 unsigned Offset);

private:
  llvm::StringRef Text;
  std::vector<unsigned> Starts;
};

} // namespace cu2hip

#endif
