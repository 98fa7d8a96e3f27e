//===- IndexBuilder.h - build the typed semantic index of one parse -------===//
//
// The AST consumer and preprocessor callbacks that fill SemanticIndex
// (SemanticIndex.h) for every ported file of one translation unit in one
// configuration. Added to the semantic pass's frontend action next to the
// other fact collectors and the AST rules.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_INDEXBUILDER_H
#define CU2HIP_INDEXBUILDER_H

#include "cu2hip/SemanticIndex.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace cu2hip {

/// Indexes of one parse, by real path of the ported file.
using IndexMap = std::map<std::string, SemanticIndex>;

/// Creates the consumer that indexes the AST of `CI`'s translation unit
/// into `Out`, and registers with `CI`'s preprocessor the callback that
/// records where each #include of a ported file resolved. `IsPorted(path)`
/// says whether a real path is a file being ported (only those are
/// indexed). `Out` and `IsPorted` must outlive the parse.
std::unique_ptr<clang::ASTConsumer>
createIndexConsumer(clang::CompilerInstance &CI,
                    const std::function<bool(llvm::StringRef)> &IsPorted, IndexMap &Out);

} // namespace cu2hip

#endif
