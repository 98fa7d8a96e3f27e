//===- ByteRanges.h - sets of byte ranges of one file ---------------------===//
//
// The inactive ranges of a file (FileFacts::Inactive) are intersected over
// every configuration and unit that parsed it. Kept normalized (sorted,
// disjoint), an intersection has at most as many ranges as its inputs; a
// pairwise intersection of lists with repeats (a header entered several
// times in one parse records each skipped range once per entry) grows with
// their product, merge after merge, until memory runs out.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BYTERANGES_H
#define CU2HIP_BYTERANGES_H

#include <utility>
#include <vector>

namespace cu2hip {

/// Byte ranges [begin, end) of one file.
using ByteRanges = std::vector<std::pair<unsigned, unsigned>>;

/// `R` sorted, with overlapping and touching ranges joined and empty ones
/// dropped: the same bytes, each range once.
ByteRanges normalizeRanges(ByteRanges R);

/// The bytes both `A` and `B` cover, normalized: at most |A| + |B| ranges,
/// in O((|A| + |B|) log(|A| + |B|)) time whatever the inputs.
ByteRanges intersectRanges(ByteRanges A, ByteRanges B);

} // namespace cu2hip

#endif
