//===- LineTable.cpp - line and column of byte offsets in a text ----------===//
#include "cu2hip/LineTable.h"
#include <algorithm>

namespace cu2hip {

std::vector<unsigned> LineTable::lineStarts(llvm::StringRef Text) {
  std::vector<unsigned> Starts = {0};
  for (unsigned I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Starts.push_back(I + 1);
  return Starts;
}

std::pair<unsigned, unsigned> LineTable::lineColIn(llvm::ArrayRef<unsigned> Starts,
                                                   unsigned Offset) {
  auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset);
  unsigned Line = unsigned(It - Starts.begin());
  return {Line, Offset - Starts[Line - 1] + 1};
}

std::pair<unsigned, unsigned> LineTable::codePointLineCol(unsigned Offset) const {
  Offset = std::min<size_t>(Offset, Text.size());
  auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset) - 1;
  unsigned Col = 1;
  for (size_t I = *It; I < Offset; ++I)
    Col += (static_cast<unsigned char>(Text[I]) & 0xC0) != 0x80;
  return {unsigned(It - Starts.begin()) + 1, Col};
}

} // namespace cu2hip
