//===- CrashRecovery.cpp - parses that survive a Clang crash ----------------===//
#include "CompileSetupInternal.h"
#include "cu2hip/CompileSetup.h"
#include "cu2hip/ParseCompat.h"
#include "cu2hip/BundledHeaders.h"
#include "cu2hip/SdkBodies.h"
#include "cu2hip/Signals.h"
#include <unistd.h>
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Serialization/ASTDeserializationListener.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Serialization/ASTWriter.h"
#include "clang/Serialization/InMemoryModuleCache.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include <chrono>
#include <optional>
#include <cstdlib>
#include <set>

using namespace clang;
using namespace clang::tooling;

namespace cu2hip {

void CompileSetup::pchCrashed(Prelude &P) { P.Broken = true; }

/// The stack of a parse's thread (runRecoveringCrash).
static constexpr unsigned ParseStackBytes = 512u << 20;

bool runRecoveringCrash(llvm::function_ref<void()> Fn) {
  // As Clang's driver does for an in-process cc1: the pretty stack trace
  // entries of the frames a crash leaves are dropped, else the process
  // crashes again walking them at exit.
  const void *PrettyState = llvm::SavePrettyStackState();
  llvm::CrashRecoveryContext CRC;
  // On a thread of its own with a large stack: Clang recurses per nesting
  // level (thousands of nested template arguments, a 100,000-term
  // expression), and an overflow of a thread's usual 8 MiB would kill the
  // process, which no signal handler survives. The stack is reserved, not
  // committed: pages are used as the parse reaches them.
  if (CRC.RunSafelyOnThread(Fn, ParseStackBytes))
    return true;
  llvm::RestorePrettyStackState(PrettyState);
  return false;
}

} // namespace cu2hip
