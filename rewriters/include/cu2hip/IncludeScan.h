//===- IncludeScan.h - the include graph of a run without a parse ---------===//
//
// Where a parse exists, IndexBuilder records where each #include resolved
// and whether it sits inside a declaration (SemanticIndex.h). A run without
// a parse (--no-semantic) still needs the include graph: a file a unit
// includes is a header of the unit whatever its extension (.tpp, .def,
// ...), and a file included inside braces is a fragment that takes no
// #include. scanIncludes finds both from the tokens and the search path.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_INCLUDESCAN_H
#define CU2HIP_INCLUDESCAN_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cu2hip {

/// One #include directive of a file, resolved by scanIncludes.
struct ScannedInclude {
  unsigned NameOffset = 0; ///< byte offset of the `<` or `"`
  std::string Resolved;    ///< real path of the file found; "" when none
  /// The directive lies between a `{` and its `}` of the includer's code
  /// (an enum's, a class's or a function's braces, an initializer).
  bool InBody = false;
};

/// The #include directives of `Text` (the file `Path`), each resolved as a
/// compiler searches (GCC's and Clang's manuals, "Search Path"): a quoted
/// name first in the includer's directory, then in the -iquote
/// directories; both forms then in the -I and -isystem directories of
/// `Flags`, in order (relative directories from `WorkDir`). Every
/// directive is scanned, inactive #if branches included (no parse decides
/// them); a computed include (`#include MACRO`) is not resolved.
std::vector<ScannedInclude> scanIncludes(llvm::StringRef Path, llvm::StringRef Text,
                                         const std::vector<std::string> &Flags,
                                         llvm::StringRef WorkDir);

} // namespace cu2hip

#endif
