//===- BundledHeaders.h - parsing with the bundled headers first -*- C++ -*-===//
//
// cu2hip ships declaration-only CUDA headers (rewriters/cuda-decls,
// docs/sdk-free.md), generated from one CUDA SDK. Clang parses a unit with
// them in about a third of the time it takes with the SDK's own headers,
// whose inline bodies, libcu++ and CUB internals the rules never read.
//
// With --cuda-headers=auto (the default) and an installed SDK of the
// version the bundled headers were generated from, each configuration is
// parsed with the bundled headers first and parsed again with the SDK when
// the bundled parse cannot be shown to stand for it:
//   - the parse (or its prelude) had an error, except a missing header the
//     SDK does not have either (a header of the user's own);
//   - the user's code (any file not a system header) tested (#ifdef,
//     #ifndef, defined(), #if, #elif, or through a macro expanded in #if) a macro
//     that is undefined in the bundled parse while an SDK header defining it
//     would have been entered: a bundled header standing for it (the header
//     itself, or one that holds its includes) was included
//     (sdk-macros.txt, written by tools/cuda-decls, lists both); or asked
//     __has_include for a header the SDK has and the bundled headers do not;
//   - the user defines or undefines (-D/-U, or #define/#undef in their own
//     files) a macro the SDK's conditional directives test, which may select
//     other SDK declarations than the generated ones (PyTorch's
//     -D__CUDA_NO_HALF_OPERATORS__, -DCUDA_API_PER_THREAD_DEFAULT_STREAM);
//     a -D/-U sends the parse to the SDK from the start. Names the generator
//     showed to leave the bundled headers as they are (NDEBUG) are exempt;
//   - an AST rule wanted the body of a function the bundled headers declare
//     (they hold no bodies; the SDK may).
// Otherwise the declarations the ported files can reach are the SDK's own,
// printed by Clang, and the facts are those of an SDK parse.
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BUNDLEDHEADERS_H
#define CU2HIP_BUNDLEDHEADERS_H

#include "cu2hip/Finding.h"
#include "cu2hip/MacroUseCallbacks.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace cu2hip {

/// The CUDA_VERSION (e.g. 13000 for CUDA 13.0) that `Dir`/include/cuda.h
/// defines, or 0 when it has none.
unsigned cudaHeadersVersion(llvm::StringRef Dir);

/// Whether `Spelled` (as in `#include <...>`) names a header of the CUDA
/// SDK: one under the SDK's own include directories (cuda/, cub/, thrust/,
/// nv/, nvtx3/, cooperative_groups/, crt/: libcu++, CCCL, cooperative
/// groups), or a top-level header of its runtime and math libraries
/// (cuda*.h, cuComplex.h, sm_*, vector_types.h, mma.h, cublas*, cufft*,
/// curand*, cusparse*, cusolver*, nvrtc.h, ...). Source: the include/ and
/// include/cccl/ listings of CUDA 13.0. A unit that includes one the
/// parse's CUDA headers lack is not parsed as nvcc would parse it.
bool isCudaSdkHeader(llvm::StringRef Spelled);

/// What a parse with the bundled headers checks against the installed SDK
/// it may be redone with (see the file comment).
class SdkFallback {
public:
  /// Reads `BundledDir`/sdk-macros.txt (written by tools/cuda-decls) for the
  /// SDK at `SdkPath`. Fails when the list cannot be read (the bundled data
  /// is then incomplete).
  static llvm::Expected<std::unique_ptr<SdkFallback>> load(llvm::StringRef BundledDir,
                                                           llvm::StringRef SdkPath);

  const std::string &sdkPath() const { return Sdk; }
  /// Whether some SDK header defines a macro of this name.
  bool sdkDefines(llvm::StringRef Macro) const { return Macros.count(Macro); }
  /// Whether the SDK parse would have entered a header defining `Macro`:
  /// some bundled header standing for one (the header itself, or one that
  /// holds its includes) was included in `PP`'s parse.
  bool definingHeaderReached(llvm::StringRef Macro, clang::Preprocessor &PP) const;
  /// Whether defining or undefining `Macro` may change what the SDK's
  /// headers declare: their conditionals test it and it was not shown to
  /// leave the bundled headers alone.
  bool userMacroMatters(llvm::StringRef Macro) const {
    return Tested.count(Macro) && !Inert.count(Macro);
  }
  /// The first argument among `Args` (driver arguments) that defines or
  /// undefines a macro that matters (userMacroMatters), as written; "" when
  /// none does. Reads -D/-U, --define-macro/--undefine-macro, -Wp,-D...,
  /// and the #define/#undef lines of -include/-imacros files (one that
  /// cannot be read counts).
  std::string definesThatMatter(const std::vector<std::string> &Args) const;
  /// Whether `Spelled` (the name inside <...> or "...") is a header under
  /// the SDK's include/ or include/cccl/.
  bool sdkHasHeader(llvm::StringRef Spelled) const;
  /// Whether `Path` (as Clang names a file) lies in the bundled headers.
  bool inBundled(llvm::StringRef Path) const;

private:
  std::string Sdk, Bundled;
  /// Per macro, the SDK headers defining it (relative to include/).
  llvm::StringMap<std::vector<std::string>> Macros;
  /// Per defining header not generated, the generated headers standing for
  /// it (a generated header stands for itself).
  llvm::StringMap<const std::vector<std::string> *> StandIns;
  std::vector<std::vector<std::string>> Sets;
  llvm::StringSet<> Tested, Inert;
};

/// Preprocessor callbacks of a parse with the bundled headers: sets
/// `*Why` (first reason only: its file, line, column and message) when the
/// user's code (any file that is not a system header: ported files and the
/// user's own headers) tests an SDK macro that is undefined here, directly
/// or through the body of a macro expanded in an #if/#elif, defines or
/// undefines a macro the SDK tests, or asks __has_include for a header only
/// the SDK has.
class SdkDivergenceWatch : public MacroUseCallbacks {
public:
  SdkDivergenceWatch(clang::Preprocessor &PP, const SdkFallback &F, Finding *Why);

  void onMacroUse(const MacroUse &U) override;
  void onConditionText(clang::SourceLocation Loc, clang::SourceRange Cond,
                       bool Evaluated) override;
  void HasInclude(clang::SourceLocation Loc, llvm::StringRef FileName, bool IsAngled,
                  clang::OptionalFileEntryRef File,
                  clang::SrcMgr::CharacteristicKind) override;

private:
  bool userCode(clang::SourceLocation Loc);
  /// Whether `Name` is an SDK macro undefined here whose defining header
  /// would have been read.
  bool undefinedSdkMacro(llvm::StringRef Name);
  void tested(clang::SourceLocation Loc, const clang::Token &Name, bool Defined);
  void changed(clang::SourceLocation Loc, const clang::Token &Name, const char *How);
  void condition(clang::SourceLocation Loc, clang::SourceRange Cond);
  void expands(const clang::Token &Name, const clang::MacroDefinition &MD,
               clang::SourceRange Range);
  void found(clang::SourceLocation Loc, const std::string &Reason);

  clang::Preprocessor &PP;
  clang::SourceManager &SM;
  const SdkFallback &F;
  Finding *Why;
};

} // namespace cu2hip

#endif
