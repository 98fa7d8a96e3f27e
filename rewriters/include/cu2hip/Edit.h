//===- Edit.h - text edits and their merging ------------------------------===//
//
// An Edit replaces `Length` bytes at byte `Offset` of one file with `Text`
// (Length 0 = insertion). Rules of every pass (host, device, token level)
// produce edits independently; EditSet merges them per file:
//   - identical edits (same offset, length, text) are kept once, so the host
//     and device passes may both emit the same rewrite;
//   - insertions at the same offset keep their first-seen order and are
//     applied before a replacement starting there;
//   - overlapping edits that differ are a conflict: the later one is dropped
//     and reported, never applied silently (docs/design.md, pipeline step 5);
//     except an edit inside a replacement marked Whole, whose range's text
//     is gone: it is dropped without a report.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_EDIT_H
#define CU2HIP_EDIT_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cu2hip {

/// One text edit in one file. Offsets are bytes into the original file.
struct Edit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  std::string RuleId; ///< rule that produced it (for conflict messages)
  unsigned Seq = 0;   ///< insertion order, set by EditSet
  /// The text stands for the whole range, none of the original text kept
  /// (an AST rule's `__ldcs(&x[i])` -> `x_i`): an edit of another rule that
  /// lies inside the range changes text that is gone, so merge() drops it
  /// without a conflict.
  bool Whole = false;

  bool sameChange(const Edit &O) const {
    return Offset == O.Offset && Length == O.Length && Text == O.Text;
  }
};

/// A conflict found while merging: `Dropped` overlapped `Kept`.
struct EditConflict {
  Edit Kept, Dropped;
};

/// The edits of one file. Not thread-safe; callers lock.
class EditSet {
public:
  /// Adds an edit; duplicates are ignored. Conflicts are detected in merge().
  void add(Edit E);
  /// Adds all edits of another set (e.g. from another pass or translation unit).
  void addAll(const EditSet &O);
  bool empty() const { return Edits.empty(); }
  size_t size() const { return Edits.size(); }

  /// Sorts, removes duplicates and resolves conflicts (first seen wins).
  /// Returns the conflicts that were dropped.
  std::vector<EditConflict> merge();

  /// Applies the merged edits to `Original` (call merge() first).
  /// Edits beyond the end of the text are ignored.
  std::string apply(llvm::StringRef Original) const;

  const std::vector<Edit> &edits() const { return Edits; }

private:
  std::vector<Edit> Edits;
  unsigned NextSeq = 0;
};

} // namespace cu2hip

#endif
