//===- PreludeScan.cpp - a unit's leading SDK includes ----------------------===//
#include "CompileSetupInternal.h"
#include "cu2hip/FileIO.h"
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

//===----------------------------------------------------------------------===//
// Scanning a unit's prelude
//===----------------------------------------------------------------------===//

namespace {

/// One line of source with its comments turned into spaces; the block
/// comment state carries over from line to line.
struct LineScanner {
  bool InBlock = false;

  /// Returns the line's code (comments as spaces), same length as `Line`.
  /// Sets `Unsure` for what this scanner does not model (string or
  /// character literals, line continuations).
  std::string code(llvm::StringRef Line, bool &Unsure) {
    std::string Out(Line.size(), ' ');
    for (size_t I = 0; I < Line.size(); ++I) {
      if (InBlock) {
        if (Line.substr(I).startswith("*/")) {
          InBlock = false;
          ++I;
        }
        continue;
      }
      if (Line.substr(I).startswith("//"))
        break;
      if (Line.substr(I).startswith("/*")) {
        InBlock = true;
        ++I;
        continue;
      }
      if (Line[I] == '\'')
        Unsure = true;
      Out[I] = Line[I];
    }
    if (Line.endswith("\\"))
      Unsure = true;
    return Out;
  }
};

enum class ScanEnd { EndOfFile, Stopped };

/// Is `Path` a file named by its real path (no symbolic link, no dots)?
/// Facts are keyed by real path; files read from memory are named as
/// opened, so only such files may be read from memory.
bool isRealPath(const std::string &Path) {
  llvm::SmallString<256> Real;
  return !llvm::sys::fs::real_path(Path, Real) && Real == Path;
}

ScanEnd scanFile(const std::string &Path,
                 const std::function<bool(llvm::StringRef)> &IsPorted,
                 std::set<std::string> &Visiting, PreludeScan &Out) {
  auto Buf = readFileChecked(Path);
  if (!Buf) {
    llvm::consumeError(Buf.takeError());
    return ScanEnd::Stopped;
  }
  if (!Visiting.insert(Path).second)
    return ScanEnd::Stopped;
  llvm::StringRef Text = (*Buf)->getBuffer();
  LineScanner LS;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    if (End == llvm::StringRef::npos)
      End = Text.size();
    llvm::StringRef Line = Text.slice(Pos, End);
    if (Line.endswith("\r"))
      Line = Line.drop_back();
    bool Unsure = false;
    std::string Code = LS.code(Line, Unsure);
    size_t LineStart = Pos;
    Pos = End + 1;
    llvm::StringRef C = llvm::StringRef(Code).trim();
    if (C.empty() && !Unsure)
      continue;
    if (Unsure || !C.consume_front("#"))
      return ScanEnd::Stopped;
    C = C.ltrim();
    if (C.consume_front("pragma")) {
      if (C.trim() == "once")
        continue;
      return ScanEnd::Stopped;
    }
    bool IsDefine = C.consume_front("define");
    if (IsDefine || C.consume_front("ifndef")) {
      if (C.empty() || !isspace(C.front()))
        return ScanEnd::Stopped;
      C = C.ltrim();
      llvm::StringRef Macro =
          C.take_while([](char X) { return isalnum(X) || X == '_'; });
      llvm::StringRef Rest = C.drop_front(Macro.size());
      if (Macro.empty() || isdigit(Macro.front()))
        return ScanEnd::Stopped;
      if (!IsDefine) {
        // An #ifndef stays open: only a guard whose name nothing in the
        // prelude defined is known to be taken.
        if (!Rest.trim().empty() || llvm::is_contained(Out.Assumed, Macro))
          return ScanEnd::Stopped;
      } else if (!Rest.empty() && !isspace(Rest.front()) && Rest.front() != '(') {
        return ScanEnd::Stopped;
      }
      Out.Assumed.push_back(Macro.str());
      continue;
    }
    if (!C.consume_front("include"))
      return ScanEnd::Stopped;
    C = C.ltrim();
    if (C.size() < 3)
      return ScanEnd::Stopped;
    char Open = C.front(), Close = Open == '<' ? '>' : '"';
    llvm::StringRef Name = C.drop_front().take_until([&](char X) { return X == Close; });
    if ((Open != '<' && Open != '"') || Name.empty() ||
        C.drop_front(Name.size() + 1) != llvm::StringRef(&Close, 1))
      return ScanEnd::Stopped;
    if (Open == '<') {
      size_t Hash = Code.find('#');
      size_t Last = Code.rfind('>');
      Out.Headers.push_back(Name.str());
      Out.Lines.push_back({Path, unsigned(LineStart + Hash), unsigned(Last + 1 - Hash),
                           unsigned(Out.Assumed.size())});
      continue;
    }
    // A quoted include: followed only into a ported header found next to
    // the including file (Clang's first place to look), named by its real
    // path, whose whole text is prelude too.
    if (llvm::sys::path::is_absolute(Name) || Name.contains(".."))
      return ScanEnd::Stopped;
    llvm::SmallString<256> Next(llvm::sys::path::parent_path(Path));
    llvm::sys::path::append(Next, Name);
    std::string NextPath(Next);
    if (!isRealPath(NextPath) || !IsPorted(NextPath))
      return ScanEnd::Stopped;
    if (scanFile(NextPath, IsPorted, Visiting, Out) != ScanEnd::EndOfFile)
      return ScanEnd::Stopped;
  }
  return ScanEnd::EndOfFile;
}

} // namespace

PreludeScan scanPrelude(const std::string &MainFile,
                        const std::function<bool(llvm::StringRef)> &IsPorted) {
  PreludeScan Out;
  if (!isRealPath(MainFile))
    return Out;
  std::set<std::string> Visiting;
  scanFile(MainFile, IsPorted, Visiting, Out);
  return Out;
}

} // namespace cu2hip
