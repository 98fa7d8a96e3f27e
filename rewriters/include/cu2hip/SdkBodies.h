//===- SdkBodies.h - skipping the bodies of SDK functions -------*- C++ -*-===//
//
// Most of a CUDA unit's parse is spent in the bodies of the SDK's inline
// functions (cooperative groups, CUB, cuda_fp16.hpp, the C++ library), yet
// the rules look at the ported files' code and, rarely, at a callee's body.
// Clang can skip a function body during parsing when the AST consumer agrees
// (FrontendOptions::SkipFunctionBodies, ASTConsumer::shouldSkipFunctionBody;
// Sema keeps constexpr functions and deduced return types). A skipped body
// leaves a declaration with FunctionDecl::hasSkippedBody() set and no body.
//
// A rule that would follow such a body asks AstRuleContext::needsBody(); the
// parse is then redone with every body (SemanticPass::runConfig), so a rule's
// result never depends on the skipping.
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_SDKBODIES_H
#define CU2HIP_SDKBODIES_H

#include "clang/Frontend/MultiplexConsumer.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>
#include <memory>
#include <vector>

namespace clang {
class CompilerInstance;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace cu2hip {

/// Which function bodies of system headers a parse skips.
enum class BodySkip {
  None,            ///< parse every body
  All,             ///< skip every body in a system header that is not ported
  KeepRuleCallees, ///< as All, but keep the headers of the callees rules follow
};

/// Forwards to `Consumers` and lets Clang skip the body of functions
/// declared in a system header (SDK, C and C++ library, Clang's CUDA
/// wrappers) that is not a ported file, as `Skip` says.
class SkipSdkBodies : public clang::MultiplexConsumer {
public:
  SkipSdkBodies(const clang::SourceManager &SM, std::function<bool(llvm::StringRef)> IsPorted,
                BodySkip Skip, std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers);
  bool shouldSkipFunctionBody(clang::Decl *D) override;

private:
  const clang::SourceManager &SM;
  std::function<bool(llvm::StringRef)> IsPorted;
  BodySkip Skip;
  llvm::DenseMap<unsigned, bool> SkipInFile; ///< by FileID hash
};

/// Turns body skipping on for the parse of `CI` (`Skip` not None) and
/// returns the consumer that decides it, forwarding to `Consumers`.
std::unique_ptr<clang::ASTConsumer>
skipSdkBodies(clang::CompilerInstance &CI, std::function<bool(llvm::StringRef)> IsPorted,
              BodySkip Skip, std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers);

/// True when the body of `F` was skipped: on `F`, its definition or the
/// template pattern it is instantiated from.
bool bodyWasSkipped(const clang::FunctionDecl *F);

} // namespace cu2hip

#endif
