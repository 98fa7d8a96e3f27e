//===- SourcePaths.h - which file a source location is in -----------------===//
//
// The semantic passes key everything by the real path of a ported file
// (symbolic links resolved), as the porter keys its jobs.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_SOURCEPATHS_H
#define CU2HIP_SOURCEPATHS_H

#include "clang/Basic/SourceManager.h"
#include <string>

namespace cu2hip {

/// Real path of the file `FID` (its name when the real path is unknown), or
/// "" when `FID` is not a file (a macro expansion buffer, a built-in).
std::string realPathOf(const clang::SourceManager &SM, clang::FileID FID);

} // namespace cu2hip

#endif
