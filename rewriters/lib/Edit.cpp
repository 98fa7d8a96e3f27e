#include "cu2hip/Edit.h"
#include <algorithm>
#include <cstdint>

namespace cu2hip {

void EditSet::add(Edit E) {
  E.Seq = NextSeq++;
  Edits.push_back(std::move(E));
}

void EditSet::addAll(const EditSet &O) {
  for (const Edit &E : O.Edits)
    add(E);
}

std::vector<EditConflict> EditSet::merge() {
  // Order: by offset; at one offset insertions (length 0) first, in the
  // order they were produced; then replacements.
  std::stable_sort(Edits.begin(), Edits.end(), [](const Edit &A, const Edit &B) {
    if (A.Offset != B.Offset)
      return A.Offset < B.Offset;
    if ((A.Length == 0) != (B.Length == 0))
      return A.Length == 0;
    return A.Seq < B.Seq;
  });
  std::vector<Edit> Out;
  std::vector<EditConflict> Conflicts;
  size_t LastReplAt = SIZE_MAX; // in Out: the last replacement kept
  for (Edit &E : Edits) {
    bool Dup = false;
    for (auto It = Out.rbegin(); It != Out.rend() && It->Offset == E.Offset; ++It)
      if (It->sameChange(E)) {
        Dup = true;
        break;
      }
    if (Dup)
      continue;
    // Does it overlap the last replacement kept?
    const Edit *LastRepl = LastReplAt == SIZE_MAX ? nullptr : &Out[LastReplAt];
    if (LastRepl) {
      unsigned End = LastRepl->Offset + LastRepl->Length;
      bool Overlap = E.Length == 0 ? (E.Offset > LastRepl->Offset && E.Offset < End)
                                   : E.Offset < End;
      if (Overlap) {
        // Inside a replacement that drops its range's text: nothing to edit.
        bool Inside = E.Offset >= LastRepl->Offset && E.Offset + E.Length <= End;
        if (!(LastRepl->Whole && Inside))
          Conflicts.push_back({*LastRepl, E});
        continue;
      }
    }
    if (E.Length != 0)
      LastReplAt = Out.size();
    Out.push_back(std::move(E));
  }
  Edits = std::move(Out);
  return Conflicts;
}

std::string EditSet::apply(llvm::StringRef Original) const {
  std::string R;
  R.reserve(Original.size() + Edits.size() * 8);
  unsigned Pos = 0;
  for (const Edit &E : Edits) {
    if (E.Offset + E.Length > Original.size() || E.Offset < Pos)
      continue;
    R.append(Original.data() + Pos, E.Offset - Pos);
    R += E.Text;
    Pos = E.Offset + E.Length;
  }
  R.append(Original.data() + Pos, Original.size() - Pos);
  return R;
}

} // namespace cu2hip
