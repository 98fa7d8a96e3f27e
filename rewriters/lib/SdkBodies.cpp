//===- SdkBodies.cpp - skipping the bodies of SDK functions ---------------===//
#include "cu2hip/SdkBodies.h"
#include "cu2hip/SourcePaths.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace cu2hip {

SkipSdkBodies::SkipSdkBodies(const SourceManager &SM,
                             std::function<bool(llvm::StringRef)> IsPorted, BodySkip Skip,
                             std::vector<std::unique_ptr<ASTConsumer>> Consumers)
    : MultiplexConsumer(std::move(Consumers)), SM(SM), IsPorted(std::move(IsPorted)),
      Skip(Skip) {}

/// SDK headers whose function bodies are kept: Clang's CUDA wrappers and the
/// CUDA headers of per-element device functions (math, conversions of the
/// 16- and 8-bit float types, atomics, intrinsics). These are the callees
/// --vectorize and --wave=native follow into; skipping them would send most
/// of those parses back for a second parse with every body.
static bool keepsBodies(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (Name.startswith("__clang_cuda_"))
    return true;
  static const llvm::Regex Kept("^(cuda_(fp16|bf16|fp8|fp6|fp4)|math_functions|"
                                "device_functions|device_double_functions|"
                                "device_atomic_functions|vector_functions|"
                                "sm_[0-9]+_(intrinsics|atomic_functions|float_atomic_functions))"
                                "\\.(h|hpp)$");
  return Kept.match(Name);
}

bool SkipSdkBodies::shouldSkipFunctionBody(Decl *D) {
  if (Skip == BodySkip::None)
    return false;
  SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
  if (Loc.isInvalid() || !SM.isInSystemHeader(Loc))
    return false;
  FileID File = SM.getFileID(Loc);
  auto [It, New] = SkipInFile.try_emplace(File.getHashValue(), true);
  if (New) {
    std::string Path = realPathOf(SM, File);
    It->second = !Path.empty() && !IsPorted(Path) &&
                 !(Skip == BodySkip::KeepRuleCallees && keepsBodies(Path));
  }
  return It->second;
}

std::unique_ptr<ASTConsumer>
skipSdkBodies(CompilerInstance &CI, std::function<bool(llvm::StringRef)> IsPorted,
              BodySkip Skip, std::vector<std::unique_ptr<ASTConsumer>> Consumers) {
  CI.getFrontendOpts().SkipFunctionBodies = Skip != BodySkip::None;
  return std::make_unique<SkipSdkBodies>(CI.getSourceManager(), std::move(IsPorted), Skip,
                                         std::move(Consumers));
}

bool bodyWasSkipped(const FunctionDecl *F) {
  if (!F)
    return false;
  for (const FunctionDecl *R : F->redecls())
    if (R->hasSkippedBody())
      return true;
  if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
    if (P != F)
      return bodyWasSkipped(P);
  return false;
}

} // namespace cu2hip
