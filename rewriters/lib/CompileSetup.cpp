//===- CompileSetup.cpp - arguments and shared preludes of the parses -----===//
#include "cu2hip/CompileSetup.h"
#include "cu2hip/FileIO.h"
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

static uint64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

PhaseTimer::PhaseTimer(std::atomic<uint64_t> &Counter)
    : Counter(Counter), StartNs(nowNs()) {}
PhaseTimer::~PhaseTimer() { Counter += nowNs() - StartNs; }

const std::string &compatDir() {
  static std::string Dir = [] {
    // Named by pid, so a later run removes it when this one was SIGKILLed.
    std::string Prefix = "cu2hip-compat-";
    removeStaleTempDirs(Prefix);
    llvm::SmallString<256> D;
    if (llvm::sys::fs::createUniqueDirectory(Prefix + std::to_string(::getpid()), D))
      return std::string();
    llvm::SmallString<256> F(D), Compat(D);
    llvm::sys::path::append(F, "texture_fetch_functions.h");
    llvm::sys::path::append(Compat, parseCompatHeaderName());
    llvm::consumeError(writeFileAtomically(
        F, "// empty: removed from CUDA 12+, still included by Clang 16\n"));
    llvm::consumeError(writeFileAtomically(Compat, parseCompatHeader()));
    removeTempDirOnExit(std::string(D), {std::string(F), std::string(Compat)});
    return std::string(D);
  }();
  return Dir;
}

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

//===----------------------------------------------------------------------===//
// Building a prelude PCH in memory
//===----------------------------------------------------------------------===//

struct OrderFacts;

/// One shared prelude: its source, its PCH and what building it reported.
struct CompileSetup::Prelude {
  std::shared_ptr<Prelude> Parent; ///< the PCH this one is built on, if any
  std::once_flag Built;
  /// Clang crashed loading this PCH (CompileSetup::pchCrashed): later
  /// parses of the run do without it.
  std::atomic<bool> Broken{false};
  std::string SourcePath, Source; ///< virtual file holding the includes
  /// Working directory of the build: the units' own when their arguments
  /// name relative paths (they resolve the same way then), else compatDir.
  std::string WorkDir;
  std::string PchPath;            ///< virtual path of the PCH
  std::string Pch;                ///< the PCH's bytes
  bool Usable = false;
  /// The SDK bodies its build skipped (ParseSetup::Bodies).
  BodySkip Bodies = BodySkip::None;
  /// Findings of the prelude, in order (with those of its parents).
  std::vector<Finding> Errors;
  bool Failed = false;    ///< a syntax error (never usable then)
  unsigned NumErrors = 0; ///< errors Clang counted, with the parents'

  /// Macro names the prelude looked at (tested, used, defined, undefined,
  /// or defined at its end; see PreludeScan::Assumed).
  llvm::StringSet<> Referenced;
  /// Names of --config macros its parse met as identifiers, with the
  /// parents' (configMacros).
  std::vector<std::string> Seen;
  /// Set for a union prelude: what its build proved about header order.
  std::unique_ptr<struct OrderFacts> Order;

  /// Base no-op headers (see "Headers the base already included"): names
  /// to resolve at the end of this build, and those that found a guarded
  /// file of the base.
  std::vector<std::string> ResolveNames;
  std::set<std::string> NoOpNames;
  /// Real paths of the files the base of this chain entered (before the
  /// prelude's first line), and the macros the chain's later links undefine.
  std::set<std::string> BaseFiles;
  llvm::StringSet<> Undefined;
};

struct CompileSetup::UnitPlan {
  /// The prelude, less the headers its base already included (Dropped).
  PreludeScan Scan;
  /// Not parsed in the device configuration (FileJob::HostOnly).
  bool HostOnly = false;
  /// Where those headers' #include lines are: they stay in the unit's text,
  /// and each must be skipped by its include guard there (BaseNoOpCheck).
  std::vector<PreludeScan::Line> Dropped;
  std::string FlagsKey;
  /// The directory relative paths of the unit's arguments resolve against,
  /// or "" when they name none.
  std::string RelativeTo;
};


//===----------------------------------------------------------------------===//
// The union prelude
//===----------------------------------------------------------------------===//
//
// Units include the same SDK headers in different orders and subsets, so
// exact prefixes are rarely shared. The union prelude of a flags key holds
// every header some unit's prelude includes, once each, in one order
// (sorted by name). A unit uses it in place of its own prelude when two
// things hold; otherwise it takes its exact prefix (above).
//
// 1. Order does not matter (proven while the union is built, OrderWatch).
//    Files are "base" when entered before the prelude's first line (the
//    CUDA wrapper, -include files): they come first in every order. For
//    every other file F, every macro name F looks at (expansion, #ifdef,
//    #ifndef, defined, an identifier of #if/#elif) must resolve the same
//    way whatever order the top-level headers come in:
//      - defined in a base file, and never defined or undefined again; or
//      - defined earlier in F itself, F entered once; or
//      - defined in a file D that F's own #includes before that line reach
//        (transitively): D is processed before that line in every order;
//      - or so for an including file A on the include stack (not the
//        prelude's main file), when every file from A's child down to F is
//        named by exactly one #include directive in the whole union: F is
//        then only ever entered at that point of A;
//      - undefined, and no file other than F defines it anywhere.
//    A name defined or undefined in more than one file, or a base macro
//    redefined or undefined, is "sensitive": no file may look at it. By
//    induction over the inclusion, every file is entered at the same points
//    of its includers with the same macro state and yields the same tokens
//    in every order. The union is also not used when it reports an error
//    outside base files (it would be replayed for units that do not
//    include that file).
//
// 2. The extra headers do not reach the unit (checked during the unit's
//    parse, UnitGuard). "Allowed" files are the base files and the include
//    closure of the unit's own headers in the union's include graph: the
//    files the unit's exact prelude enters. The parse is redone with the
//    exact prefix when, after the prelude, it
//      - deserializes a declaration from the PCH whose file is not allowed
//        (name lookup loads every declaration of a name, so an overload or
//        specialization in an extra header shows up here);
//      - looks at a macro (as in 1, or #define / #undef over it) defined in
//        a file not allowed, or sensitive, or not defined while a file not
//        allowed defines it;
//      - skips an #include of a PCH file that is not allowed (the exact
//        parse would enter it).
//
// Left to Clang's own rules: the declarations of one top-level header's
// files use only what those files include (the SDK headers are written
// self-contained); a header that relied on an earlier header's
// declarations without including it would parse in the union order and
// fail in the unit's. The comparisons in docs/results/ found no such case.

/// What building a union prelude proved (see above).
struct OrderFacts {
  std::string Why; ///< first reason the order matters; empty = order-free
  llvm::StringSet<> Base;
  llvm::StringMap<std::string> TopLevel; ///< header as spelled -> file
  llvm::StringMap<std::set<std::string>> Includes; ///< file -> files it includes
  llvm::StringMap<llvm::StringSet<>> EventFiles;   ///< name -> files (un)defining it
  llvm::StringSet<> Sensitive;
};

namespace {

/// The name of the file a location is in (expansion point), or "" for a
/// buffer with no file (predefines, scratch space).
std::string fileNameOf(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return "";
  FileID FID = SM.getFileID(SM.getExpansionLoc(Loc));
  if (auto FE = SM.getFileEntryRefForID(FID))
    return FE->getName().str();
  return "";
}

/// The identifiers of a #if/#elif condition, as spelled.
template <typename Fn> void forEachIdentifier(llvm::StringRef Text, Fn F) {
  for (size_t I = 0; I < Text.size();) {
    if (!isalpha(Text[I]) && Text[I] != '_') {
      // Skip numbers with their suffixes (1UL, 0x1f).
      size_t J = I + 1;
      if (isdigit(Text[I]))
        while (J < Text.size() && (isalnum(Text[J]) || Text[J] == '_'))
          ++J;
      I = J;
      continue;
    }
    size_t J = I;
    while (J < Text.size() && (isalnum(Text[J]) || Text[J] == '_'))
      ++J;
    F(Text.slice(I, J));
    I = J;
  }
}

/// The state of OrderWatch while the union is built.
struct OrderWork {
  struct Frame {
    std::string File;
    std::vector<std::string> Included; ///< directives of this entry so far
    llvm::StringSet<> Avail;           ///< their closure, up to AvailUpTo
    size_t AvailUpTo = 0;
  };
  OrderFacts *Out = nullptr;
  bool InPrelude = false;
  std::vector<Frame> Stack;
  llvm::StringMap<unsigned> Entries;   ///< times each file was entered
  llvm::StringMap<unsigned> Includers; ///< #include directives naming each file
  llvm::StringSet<> Referenced;
  llvm::StringSet<> Undefined; ///< name '\n' file, tested while undefined
  llvm::StringSet<> SelfFiles; ///< files that look at their own macros
  std::vector<std::vector<std::string>> Chains; ///< need one includer each

  void fail(const llvm::Twine &Why) {
    if (Out->Why.empty())
      Out->Why = Why.str();
    // CU2HIP_DEBUG_UNION=1 prints every reason (docs/results/parse-bench-2026-12-02.md).
    if (llvm::sys::Process::GetEnv("CU2HIP_DEBUG_UNION"))
      llvm::errs() << "order: " << Why << "\n";
  }

  /// Is `D` reached from the includes of `F` so far?
  bool reaches(Frame &F, const std::string &D) {
    for (; F.AvailUpTo < F.Included.size(); ++F.AvailUpTo) {
      std::vector<std::string> Work{F.Included[F.AvailUpTo]};
      while (!Work.empty()) {
        std::string X = std::move(Work.back());
        Work.pop_back();
        if (!F.Avail.insert(X).second)
          continue;
        auto It = Out->Includes.find(X);
        if (It != Out->Includes.end())
          Work.insert(Work.end(), It->second.begin(), It->second.end());
      }
    }
    return F.Avail.count(D);
  }

  /// The top file looks at macro `N`, defined in `D` ("" = base buffer) or
  /// undefined (`Defined` false).
  void look(llvm::StringRef N, bool Defined, const std::string &D) {
    if (Stack.size() == 1)
      return; // the prelude's own __has_include tests
    Referenced.insert(N);
    Frame &F = Stack.back();
    if (!Defined) {
      Undefined.insert((N + "\n" + F.File).str());
      return;
    }
    if (Out->Base.count(D))
      return;
    if (D == F.File) {
      SelfFiles.insert(D);
      return;
    }
    if (reaches(F, D))
      return;
    for (size_t I = Stack.size() - 1; I-- > 1;) {
      if (Stack[I].File == D || reaches(Stack[I], D)) {
        std::vector<std::string> Chain;
        for (size_t J = I + 1; J < Stack.size(); ++J)
          Chain.push_back(Stack[J].File);
        Chains.push_back(std::move(Chain));
        return;
      }
    }
    fail("macro " + N + " looked at in " + F.File + " is defined in " + D +
         ", which it does not include");
  }

  /// Applies the checks that need the whole union.
  void finish() {
    for (auto &KV : Out->EventFiles)
      if (KV.second.size() > 1)
        Out->Sensitive.insert(KV.getKey());
    for (auto &KV : Out->Sensitive)
      if (Referenced.count(KV.getKey()))
        fail("macro " + KV.getKey() + " is defined or undefined in several files");
    for (auto &KV : Undefined) {
      auto [N, F] = KV.getKey().split('\n');
      auto It = Out->EventFiles.find(N);
      if (It == Out->EventFiles.end())
        continue;
      for (auto &E : It->second)
        if (E.getKey() != F || Entries.lookup(F) > 1)
          fail("macro " + N + " tested undefined in " + F + " is defined in " + E.getKey());
    }
    for (auto &KV : SelfFiles)
      if (Entries.lookup(KV.getKey()) > 1)
        fail(KV.getKey() + " is entered more than once and looks at its own macros");
    // A chain file is entered at that point of its includer in every order
    // when no other directive names it, or when it is entered at every
    // directive that names it (no guard, no #pragma once).
    for (auto &Chain : Chains)
      for (auto &C : Chain)
        if (Includers.lookup(C) != 1 && Entries.lookup(C) != Includers.lookup(C))
          fail(C + " is included from several places, not always entered, and looks at "
                   "an includer's macro");
  }
};

/// Records, while a union prelude is built, what OrderWork::look checks.
class OrderWatch : public PPCallbacks {
public:
  OrderWatch(Preprocessor &PP, OrderWork &W) : PP(PP), SM(PP.getSourceManager()), W(W) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason == EnterFile) {
      std::string Name = fileNameOf(SM, Loc);
      if (!W.InPrelude) {
        W.Out->Base.insert(Name);
        return;
      }
      ++W.Entries[Name];
      W.Stack.push_back({Name, {}, {}, 0});
    } else if (Reason == ExitFile) {
      if (!W.InPrelude) {
        if (SM.getFileID(Loc) == SM.getMainFileID()) {
          W.InPrelude = true;
          W.Out->Base.insert("");
          W.Stack.push_back({fileNameOf(SM, Loc), {}, {}, 0});
        }
        return;
      }
      if (W.Stack.size() > 1)
        W.Stack.pop_back();
    }
  }

  void InclusionDirective(SourceLocation, const Token &, llvm::StringRef FileName, bool,
                          CharSourceRange, OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const Module *,
                          SrcMgr::CharacteristicKind) override {
    if (!W.InPrelude || !File)
      return;
    std::string Name = File->getName().str();
    OrderWork::Frame &F = W.Stack.back();
    F.Included.push_back(Name);
    W.Out->Includes[F.File].insert(Name);
    ++W.Includers[Name];
    if (W.Stack.size() == 1)
      W.Out->TopLevel[FileName] = Name;
  }

  void MacroDefined(const Token &Tok, const MacroDirective *MD) override {
    if (!W.InPrelude)
      return;
    const MacroDirective *Prev = MD ? MD->getPrevious() : nullptr;
    event(Tok, Prev && Prev->isDefined() ? Prev->getMacroInfo() : nullptr);
  }
  void MacroUndefined(const Token &Tok, const MacroDefinition &MD,
                      const MacroDirective *) override {
    if (W.InPrelude)
      event(Tok, MD.getMacroInfo());
  }
  void Defined(const Token &Tok, const MacroDefinition &MD, SourceRange) override {
    look(Tok, MD);
  }
  void Ifdef(SourceLocation, const Token &Tok, const MacroDefinition &MD) override {
    look(Tok, MD);
  }
  void Ifndef(SourceLocation, const Token &Tok, const MacroDefinition &MD) override {
    look(Tok, MD);
  }
  void Elifdef(SourceLocation, const Token &Tok, const MacroDefinition &MD) override {
    look(Tok, MD);
  }
  void Elifndef(SourceLocation, const Token &Tok, const MacroDefinition &MD) override {
    look(Tok, MD);
  }
  void If(SourceLocation, SourceRange R, ConditionValueKind) override { lookText(R); }
  void Elif(SourceLocation, SourceRange R, ConditionValueKind K, SourceLocation) override {
    if (K != CVK_NotEvaluated)
      lookText(R);
  }
  void MacroExpands(const Token &Tok, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *) override {
    look(Tok, MD);
  }

private:
  /// A definition or #undef of a macro whose previous definition is `Prev`.
  void event(const Token &Tok, const MacroInfo *Prev) {
    const IdentifierInfo *II = Tok.getIdentifierInfo();
    if (!II)
      return;
    std::string F = W.Stack.back().File;
    if (Prev && fileNameOf(SM, Prev->getDefinitionLoc()) != F)
      W.Out->Sensitive.insert(II->getName());
    W.Out->EventFiles[II->getName()].insert(F);
  }
  void look(const Token &Tok, const MacroDefinition &MD) {
    if (!W.InPrelude || !Tok.getIdentifierInfo())
      return;
    const MacroInfo *MI = MD.getMacroInfo();
    W.look(Tok.getIdentifierInfo()->getName(), MI != nullptr,
           MI ? fileNameOf(SM, MI->getDefinitionLoc()) : std::string());
  }
  void lookText(SourceRange R) {
    if (!W.InPrelude)
      return;
    llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM,
                                                PP.getLangOpts());
    forEachIdentifier(Text, [&](llvm::StringRef N) {
      const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo(N));
      W.look(N, MI != nullptr, MI ? fileNameOf(SM, MI->getDefinitionLoc()) : std::string());
    });
  }

  Preprocessor &PP;
  SourceManager &SM;
  OrderWork &W;
};

/// Watches a parse with a union prelude (see above) and sets `Tripped`
/// when the union's extra headers may have reached the unit.
struct UnitGuardState {
  std::shared_ptr<const PreludeGuard> G;
  std::shared_ptr<std::atomic<bool>> Tripped;
  SourceManager *SM = nullptr;
  llvm::DenseMap<FileID, bool> Cache;
  llvm::StringSet<> LocalEntered;

  void trip() { Tripped->store(true); }
  bool allowedLoc(SourceLocation Loc) {
    if (Loc.isInvalid() || !SM->isLoadedSourceLocation(SM->getExpansionLoc(Loc)))
      return true;
    FileID FID = SM->getFileID(SM->getExpansionLoc(Loc));
    auto It = Cache.find(FID);
    if (It != Cache.end())
      return It->second;
    std::string Name = fileNameOf(*SM, Loc);
    bool Ok = Name.empty() || G->Allowed.count(Name);
    Cache[FID] = Ok;
    return Ok;
  }
  void look(llvm::StringRef N, const MacroInfo *MI) {
    if (G->Sensitive && G->Sensitive->count(N))
      trip();
    else if (MI ? !allowedLoc(MI->getDefinitionLoc()) : G->DefinedOutside.count(N) > 0)
      trip();
  }
};

class UnitGuardPP : public PPCallbacks {
public:
  UnitGuardPP(Preprocessor &PP, std::shared_ptr<UnitGuardState> St)
      : PP(PP), St(std::move(St)) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason == EnterFile)
      St->LocalEntered.insert(fileNameOf(*St->SM, Loc));
  }
  void FileSkipped(const FileEntryRef &File, const Token &, SrcMgr::CharacteristicKind) override {
    if (!St->LocalEntered.count(File.getName()) && !St->G->Allowed.count(File.getName()))
      St->trip();
  }
  void MacroDefined(const Token &Tok, const MacroDirective *MD) override {
    const MacroDirective *Prev = MD ? MD->getPrevious() : nullptr;
    look(Tok, Prev && Prev->isDefined() ? Prev->getMacroInfo() : nullptr);
  }
  void MacroUndefined(const Token &Tok, const MacroDefinition &MD,
                      const MacroDirective *) override {
    look(Tok, MD.getMacroInfo());
  }
  void Defined(const Token &Tok, const MacroDefinition &MD, SourceRange) override {
    look(Tok, MD.getMacroInfo());
  }
  void Ifdef(SourceLocation, const Token &Tok, const MacroDefinition &MD) override {
    look(Tok, MD.getMacroInfo());
  }
  void Ifndef(SourceLocation, const Token &Tok, const MacroDefinition &MD) override {
    look(Tok, MD.getMacroInfo());
  }
  void Elifdef(SourceLocation, const Token &Tok, const MacroDefinition &MD) override {
    look(Tok, MD.getMacroInfo());
  }
  void Elifndef(SourceLocation, const Token &Tok, const MacroDefinition &MD) override {
    look(Tok, MD.getMacroInfo());
  }
  void If(SourceLocation, SourceRange R, ConditionValueKind) override { lookText(R); }
  void Elif(SourceLocation, SourceRange R, ConditionValueKind K, SourceLocation) override {
    if (K != CVK_NotEvaluated)
      lookText(R);
  }
  void MacroExpands(const Token &Tok, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *) override {
    look(Tok, MD.getMacroInfo());
  }

private:
  void look(const Token &Tok, const MacroInfo *MI) {
    if (const IdentifierInfo *II = Tok.getIdentifierInfo())
      St->look(II->getName(), MI);
  }
  void lookText(SourceRange R) {
    llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(R), *St->SM,
                                                PP.getLangOpts());
    forEachIdentifier(Text, [&](llvm::StringRef N) {
      St->look(N, PP.getMacroInfo(PP.getIdentifierInfo(N)));
    });
  }
  Preprocessor &PP;
  std::shared_ptr<UnitGuardState> St;
};

/// Hands the guard to the PCH reader as its deserialization listener.
class UnitGuardConsumer : public ASTConsumer, public ASTDeserializationListener {
public:
  explicit UnitGuardConsumer(std::shared_ptr<UnitGuardState> St) : St(std::move(St)) {}
  ASTDeserializationListener *GetASTDeserializationListener() override { return this; }
  void DeclRead(serialization::DeclID, const Decl *D) override {
    if (D && !St->allowedLoc(D->getLocation()))
      St->trip();
  }

private:
  std::shared_ptr<UnitGuardState> St;
};

} // namespace

namespace {

/// Forwards to the parse's own collector, and notes what makes a prelude
/// unfit for sharing (a fatal error stops Clang inside it).
class PreludeDiagnostics : public DiagnosticConsumer {
public:
  explicit PreludeDiagnostics(DiagnosticConsumer &Target) : Target(Target) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Target.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Target.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Fatal |= Level == DiagnosticsEngine::Fatal;
    Errors += Level >= DiagnosticsEngine::Error;
    Target.HandleDiagnostic(Level, Info);
  }
  bool Fatal = false;
  unsigned Errors = 0; ///< errors and fatal errors, as Clang's error limit counts

private:
  DiagnosticConsumer &Target;
};

/// Notes whether the prelude enters a ported file (its facts would be lost).
class PortedFileWatch : public PPCallbacks {
public:
  PortedFileWatch(SourceManager &SM, const std::function<bool(llvm::StringRef)> &IsPorted,
                  bool &Entered)
      : SM(SM), IsPorted(IsPorted), Entered(Entered) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason != EnterFile)
      return;
    const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(SM.getFileLoc(Loc)));
    if (FE && IsPorted(FE->tryGetRealPathName()))
      Entered = true;
  }

private:
  SourceManager &SM;
  const std::function<bool(llvm::StringRef)> &IsPorted;
  bool &Entered;
};

/// Collects the macro names a prelude looks at (PreludeScan::Assumed).
class MacroNameWatch : public PPCallbacks {
public:
  MacroNameWatch(Preprocessor &PP, llvm::DenseSet<const IdentifierInfo *> &Names)
      : PP(PP), Names(Names) {}
  void MacroDefined(const Token &Name, const MacroDirective *) override { note(Name); }
  void MacroUndefined(const Token &Name, const MacroDefinition &,
                      const MacroDirective *) override {
    note(Name);
  }
  void Defined(const Token &Name, const MacroDefinition &, SourceRange) override { note(Name); }
  void Ifdef(SourceLocation, const Token &Name, const MacroDefinition &) override { note(Name); }
  void Ifndef(SourceLocation, const Token &Name, const MacroDefinition &) override { note(Name); }
  void Elifdef(SourceLocation, const Token &Name, const MacroDefinition &) override { note(Name); }
  void Elifndef(SourceLocation, const Token &Name, const MacroDefinition &) override {
    note(Name);
  }
  void Elifdef(SourceLocation, SourceRange R, SourceLocation) override { noteText(R); }
  void Elifndef(SourceLocation, SourceRange R, SourceLocation) override { noteText(R); }
  void If(SourceLocation, SourceRange R, ConditionValueKind) override { noteText(R); }
  void Elif(SourceLocation, SourceRange R, ConditionValueKind, SourceLocation) override {
    noteText(R);
  }
  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    note(Name);
  }

private:
  void note(const Token &T) {
    if (const IdentifierInfo *II = T.getIdentifierInfo())
      Names.insert(II);
  }
  /// Every identifier of a condition, defined or not.
  void noteText(SourceRange R) {
    const SourceManager &SM = PP.getSourceManager();
    llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM,
                                                PP.getLangOpts());
    for (size_t I = 0; I < Text.size();) {
      if (!isalpha(Text[I]) && Text[I] != '_') {
        ++I;
        continue;
      }
      size_t J = I;
      while (J < Text.size() && (isalnum(Text[J]) || Text[J] == '_'))
        ++J;
      Names.insert(PP.getIdentifierInfo(Text.slice(I, J)));
      I = J;
    }
  }
  Preprocessor &PP;
  llvm::DenseSet<const IdentifierInfo *> &Names;
};

/// The declarations Sema checks at the end of a translation unit for CUDA's
/// deferred diagnostics (Sema::DeclsToCheckForDeferredDiags, private). An
/// explicit instantiation may name a private member ([temp.spec.general]),
/// which is how this friend reaches it.
using DeferredDiagDecls = llvm::SmallSetVector<Decl *, 4>;
DeferredDiagDecls &deferredDiagDecls(Sema &S);
template <typename T, T Sema::*Member> struct SemaMember {
  friend T &deferredDiagDecls(Sema &S) { return S.*Member; }
};
template struct SemaMember<DeferredDiagDecls, &Sema::DeclsToCheckForDeferredDiags>;

/// The macros `#pragma push_macro` saved and no `pop_macro` restored yet
/// (Preprocessor::PragmaPushMacroInfo, private; reached as above). Clang
/// does not write them into a PCH ("FIXME: PragmaPushMacroInfo?" in
/// Preprocessor.h), so a pop in the unit of a push in the prelude would do
/// nothing with the PCH.
using PushedMacros = llvm::DenseMap<IdentifierInfo *, std::vector<MacroInfo *>>;
PushedMacros &pushedMacros(Preprocessor &PP);
template <typename T, T Preprocessor::*Member> struct PreprocessorMember {
  friend T &pushedMacros(Preprocessor &PP) { return PP.*Member; }
};
template struct PreprocessorMember<PushedMacros, &Preprocessor::PragmaPushMacroInfo>;

/// Does the prelude leave open a pragma stack that a PCH does not keep:
/// `#pragma push_macro`, `#pragma GCC visibility push`, `#pragma clang
/// attribute push`? A unit popping it would pop
/// nothing with the PCH (or report an error that the parse without it does
/// not). `#pragma pack(push)` and `float_control(push)` are kept in the
/// PCH. Not checked: `#pragma clang diagnostic push`, which libcu++ leaves
/// open at the end of <cooperative_groups.h> under Clang 16 (refusing it
/// would leave every cooperative-groups unit without a PCH); a unit that
/// pops more diagnostic states than it pushes sees the prelude's last
/// diagnostic settings with the PCH (docs/design.md).
bool leavesPragmaStackOpen(Preprocessor &PP, Sema *S) {
  return !pushedMacros(PP).empty() ||
         (S && (S->VisContext || !S->PragmaAttributeStack.empty()));
}

/// A PCH generator that keeps the PCH in memory.
///
/// It leaves out two lists Sema would otherwise read back, declaration by
/// declaration, at the end of every parse that uses the PCH: the SDK's
/// declarations to check for CUDA's deferred diagnostics, and its unused
/// file-scope declarations (for -Wunused warnings, which the parse turns
/// off). Reading them cost about a third of a parse of a short unit
/// (docs/results/parse-bench-2026-12-02-c.md). Neither changes a fact: a
/// deferred diagnostic is reported in a function the unit emits, and the
/// unit's own functions are checked from the unit's own list; an SDK
/// function's own deferred errors are not the user's code.
class MemoryPCHGenerator : public PCHGenerator {
public:
  MemoryPCHGenerator(const Preprocessor &PP, InMemoryModuleCache &Cache,
                     llvm::StringRef OutputFile, llvm::StringRef Sysroot,
                     std::shared_ptr<PCHBuffer> Buffer,
                     llvm::ArrayRef<std::shared_ptr<ModuleFileExtension>> Extensions,
                     std::string &Out)
      : PCHGenerator(PP, Cache, OutputFile, Sysroot, std::move(Buffer), Extensions,
                     /*AllowASTWithErrors=*/true),
        Out(Out) {}
  void InitializeSema(Sema &S) override {
    PCHGenerator::InitializeSema(S);
    SemaRef = &S;
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (SemaRef) {
      // Only the system headers' (the SDK's): a user header's function
      // may be emitted only through a kernel of the prelude.
      SourceManager &SM = SemaRef->getSourceManager();
      deferredDiagDecls(*SemaRef).remove_if(
          [&](Decl *D) { return SM.isInSystemHeader(D->getLocation()); });
      auto &Unused = SemaRef->UnusedFileScopedDecls;
      Unused.erase(Unused.begin(nullptr, /*LocalOnly=*/true), Unused.end());
    }
    PCHGenerator::HandleTranslationUnit(Ctx);
    if (hasEmittedPCH())
      Out.assign(getPCH().begin(), getPCH().end());
  }

private:
  std::string &Out;
  Sema *SemaRef = nullptr;
};

/// What building a prelude reports besides the PCH.
struct PreludeWatch {
  bool EnteredPorted = false;
  /// The build is a link on a parent PCH (its Referenced is merged in).
  bool Chained = false;
  /// The prelude leaves open a pragma stack a PCH does not keep
  /// (leavesPragmaStackOpen).
  bool OpenPragmaStack = false;
  llvm::DenseSet<const IdentifierInfo *> Names;
  llvm::StringSet<> *Referenced = nullptr;
  /// --config macro names to look for, and those the parse met.
  const std::vector<std::string> *ConfigNames = nullptr;
  std::vector<std::string> *Seen = nullptr;
  /// Set when a union prelude is built (OrderWatch).
  OrderWork *Order = nullptr;
  /// Set for a build with no parent: the files its base enters.
  std::set<std::string> *BaseFiles = nullptr;
  /// Set for a build on a parent: the macros it undefines.
  llvm::StringSet<> *Undefined = nullptr;
  /// Header names to resolve at the end of the build, and those that are
  /// no-ops there (isBaseNoOp).
  const std::vector<std::string> *Resolve = nullptr;
  std::set<std::string> *NoOps = nullptr;
};

/// `Path` with symbolic links and dots resolved, or as given when that
/// fails. (FileEntry::tryGetRealPathName is empty, or the name as opened,
/// for a file Clang has not read.)
std::string canonicalPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

/// Records, for the headers the base already included ("Headers the base
/// already included"), the files a prelude's base enters (those entered
/// before the prelude's own first line: Clang's CUDA wrapper and the
/// -include files) and the macros the prelude's headers undefine.
class BaseWatch : public PPCallbacks {
public:
  BaseWatch(SourceManager &SM, PreludeWatch &W) : SM(SM), W(W) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason == ExitFile && SM.getFileID(Loc) == SM.getMainFileID())
      InPrelude = true;
    if (Reason != EnterFile || InPrelude || !W.BaseFiles)
      return;
    if (const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(SM.getFileLoc(Loc))))
      W.BaseFiles->insert(canonicalPath(FE->getName()));
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &,
                      const MacroDirective *) override {
    if (InPrelude && W.Undefined && Name.getIdentifierInfo())
      W.Undefined->insert(Name.getIdentifierInfo()->getName());
  }

private:
  SourceManager &SM;
  PreludeWatch &W;
  bool InPrelude = false;
};

/// Is `#include <Name>`, at this point of a parse, a no-op that Clang's
/// multiple-include optimization skips? The file it finds must be one of
/// `Entered` (real paths), and either `#pragma once` or guarded by a macro
/// that is defined here (HeaderSearch::isFileMultipleIncludeGuarded).
bool isGuardedNoOp(Preprocessor &PP, llvm::StringRef Name, const std::set<std::string> &Entered) {
  // An angled include searches the same directories from any includer.
  ConstSearchDirIterator CurDir = nullptr;
  OptionalFileEntryRef F = PP.getHeaderSearchInfo().LookupFile(
      Name, SourceLocation(), /*isAngled=*/true, /*FromDir=*/nullptr, &CurDir,
      /*Includers=*/{}, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
  if (!F || !PP.alreadyIncluded(*F) || !Entered.count(canonicalPath(F->getName())))
    return false;
  HeaderFileInfo &HFI = PP.getHeaderSearchInfo().getFileInfo(*F);
  if (HFI.isPragmaOnce || HFI.isImport)
    return true;
  const IdentifierInfo *Guard = HFI.getControllingMacro(PP.getExternalSource());
  return Guard && PP.isMacroDefined(Guard);
}

/// Turns the identifiers seen into names, adding every macro defined at the
/// end of the prelude (predefined, -D, -include, the SDK's own).
class PreludeEnd : public SemaConsumer {
public:
  PreludeEnd(Preprocessor &PP, PreludeWatch &W) : PP(PP), W(W) {}
  void InitializeSema(Sema &S) override { SemaRef = &S; }
  void HandleTranslationUnit(ASTContext &) override {
    for (const IdentifierInfo *II : W.Names)
      W.Referenced->insert(II->getName());
    // Every macro defined at the end. A link built on a parent PCH needs
    // only its own #defines (in Names, MacroNameWatch): the parent's end
    // state is in the parent's Referenced, which the link's takes in. Asking
    // the preprocessor for every macro would deserialize each one of the
    // whole chain (the larger part of building a small link).
    if (!W.Chained) {
      // getMacroInfo may load a macro from a chained PCH and grow the macro
      // table: take the identifiers first, then look each up.
      std::vector<const IdentifierInfo *> Macros;
      for (auto &M : PP.macros())
        Macros.push_back(M.first);
      for (const IdentifierInfo *II : Macros)
        if (PP.getMacroInfo(II))
          W.Referenced->insert(II->getName());
    }
    if (W.ConfigNames)
      for (const std::string &N : *W.ConfigNames)
        if (PP.getIdentifierTable().find(N) != PP.getIdentifierTable().end())
          W.Seen->push_back(N);
    W.OpenPragmaStack = leavesPragmaStackOpen(PP, SemaRef);
    if (W.Resolve && W.BaseFiles)
      for (const std::string &N : *W.Resolve)
        if (isGuardedNoOp(PP, N, *W.BaseFiles))
          W.NoOps->insert(N);
    // The identifiers die with this parse's preprocessor; a further job of
    // the same tool run must not read them.
    W.Names.clear();
  }

private:
  Preprocessor &PP;
  PreludeWatch &W;
  Sema *SemaRef = nullptr;
};

class PreludeAction : public GeneratePCHAction {
public:
  PreludeAction(std::string &Out, const std::function<bool(llvm::StringRef)> &IsPorted,
                PreludeWatch &W, BodySkip Skip)
      : Out(Out), IsPorted(IsPorted), W(W), Skip(Skip) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    std::string Sysroot;
    if (!ComputeASTConsumerArguments(CI, Sysroot))
      return nullptr;
    Preprocessor &PP = CI.getPreprocessor();
    W.Names.clear(); // identifiers of an earlier job's preprocessor, if any
    PP.addPPCallbacks(
        std::make_unique<PortedFileWatch>(CI.getSourceManager(), IsPorted, W.EnteredPorted));
    PP.addPPCallbacks(std::make_unique<MacroNameWatch>(PP, W.Names));
    PP.addPPCallbacks(std::make_unique<BaseWatch>(CI.getSourceManager(), W));
    if (W.Order)
      PP.addPPCallbacks(std::make_unique<OrderWatch>(PP, *W.Order));
    PP.setTokenWatcher([this](const Token &T) {
      // Annotation tokens keep other pointers where identifiers keep theirs.
      if (T.isAnnotation())
        return;
      if (const IdentifierInfo *II = T.getIdentifierInfo())
        W.Names.insert(II);
    });
    std::vector<std::unique_ptr<ASTConsumer>> Cs;
    Cs.push_back(std::make_unique<PreludeEnd>(PP, W));
    // No sysroot: paths (of the PCH a chained one is built on) are written
    // absolute, as the PCHs live at absolute paths of the in-memory layer.
    Cs.push_back(std::make_unique<MemoryPCHGenerator>(
        PP, CI.getModuleCache(), CI.getFrontendOpts().OutputFile, /*Sysroot=*/"",
        std::make_shared<PCHBuffer>(), CI.getFrontendOpts().ModuleFileExtensions, Out));
    if (Skip != BodySkip::None)
      return skipSdkBodies(CI, IsPorted, Skip, std::move(Cs));
    return std::make_unique<MultiplexConsumer>(std::move(Cs));
  }

private:
  std::string &Out;
  const std::function<bool(llvm::StringRef)> &IsPorted;
  PreludeWatch &W;
  BodySkip Skip;
};

class PreludeActionFactory : public FrontendActionFactory {
public:
  PreludeActionFactory(std::string &Out, const std::function<bool(llvm::StringRef)> &IsPorted,
                       PreludeWatch &W, BodySkip Skip)
      : Out(Out), IsPorted(IsPorted), W(W), Skip(Skip) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<PreludeAction>(Out, IsPorted, W, Skip);
  }

private:
  std::string &Out;
  const std::function<bool(llvm::StringRef)> &IsPorted;
  PreludeWatch &W;
  BodySkip Skip;
};

/// The error limit in force for `Args` (the last -ferror-limit wins; 0 =
/// none).
unsigned errorLimit(const std::vector<std::string> &Args) {
  unsigned Limit = 0;
  for (llvm::StringRef A : Args)
    if (A.consume_front("-ferror-limit="))
      A.getAsInteger(10, Limit);
  return Limit;
}

/// Do these arguments name paths relative to the working directory? Then a
/// prelude built for one directory does not stand for another.
bool hasRelativePaths(const std::vector<std::string> &Args) {
  static const char *const PathFlags[] = {"-I",       "-isystem", "-iquote", "-idirafter",
                                          "-include", "-imacros", "--cuda-path=",
                                          "-resource-dir=", "-isysroot", "--sysroot="};
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    for (llvm::StringRef F : PathFlags) {
      if (!A.startswith(F))
        continue;
      llvm::StringRef V = A.substr(F.size());
      if (V.empty() && I + 1 < Args.size())
        V = Args[I + 1];
      if (!V.empty() && !llvm::sys::path::is_absolute(V))
        return true;
    }
  }
  return false;
}

std::string joinKey(const std::vector<std::string> &V, size_t N) {
  std::string K;
  for (size_t I = 0; I < N && I < V.size(); ++I)
    (K += V[I]) += '\n';
  return K;
}

//===----------------------------------------------------------------------===//
// Headers the base already included
//===----------------------------------------------------------------------===//
//
// Clang's CUDA wrapper, which every parse includes before the unit's first
// line, includes cuda_runtime.h, stdlib.h, cmath and more. A unit's own
// `#include <cuda_runtime.h>` is then skipped by its include guard wherever
// it stands, yet as a prelude header it fixes an order: units that name it
// at different places among the same headers share no prefix. Such a
// header is left out of the prelude (dropBaseNoOps): its #include line stays
// in the unit's text, after the PCH.
//
// Left out are the names that, at the end of the host configuration's base
// (the PCH of no header), find a file the base entered that is `#pragma
// once` or guarded by a macro defined there (isGuardedNoOp). The line is a
// no-op at its place in the unit's own order too, since the base comes
// first in every order, as long as no header between undefines the guard.
// Each parse checks this for its own configuration (BaseNoOpCheck): the
// line must find a file of the chain's base, whose guard no link of the
// chain undefines, and Clang must skip it. Otherwise the parse is redone
// with no PCH.

} // namespace

/// The lines a prelude left out and what BaseNoOpCheck compares them with.
/// The sets are the prelude's (CompileSetup owns it for the whole run).
struct BaseNoOpLines {
  std::vector<PreludeScan::Line> Lines;
  const std::set<std::string> *BaseFiles = nullptr;
  const llvm::StringSet<> *Undefined = nullptr;
};

namespace {

/// Trips a parse whose left-out #include lines are not skipped as in the
/// base (see above).
class BaseNoOpCheck : public PPCallbacks {
public:
  BaseNoOpCheck(Preprocessor &PP, std::shared_ptr<const BaseNoOpLines> L,
                std::shared_ptr<std::atomic<bool>> Tripped)
      : PP(PP), SM(PP.getSourceManager()), L(std::move(L)), Tripped(std::move(Tripped)) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, llvm::StringRef, bool,
                          CharSourceRange, OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const Module *, SrcMgr::CharacteristicKind) override {
    Pending = false;
    if (!isLeftOut(HashLoc))
      return;
    if (!File || !L->BaseFiles->count(canonicalPath(File->getName())))
      return trip();
    HeaderFileInfo &HFI = PP.getHeaderSearchInfo().getFileInfo(*File);
    const IdentifierInfo *Guard = HFI.getControllingMacro(PP.getExternalSource());
    if (Guard && L->Undefined->count(Guard->getName()))
      return trip();
    Pending = true;
  }
  void FileChanged(SourceLocation, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason == EnterFile && Pending)
      trip();
    Pending = false;
  }
  void FileSkipped(const FileEntryRef &, const Token &, SrcMgr::CharacteristicKind) override {
    Pending = false;
  }

private:
  bool isLeftOut(SourceLocation HashLoc) const {
    if (!HashLoc.isFileID())
      return false;
    FileID FID = SM.getFileID(HashLoc);
    const FileEntry *FE = SM.getFileEntryForID(FID);
    if (!FE)
      return false;
    unsigned Off = SM.getFileOffset(HashLoc);
    for (const PreludeScan::Line &Line : L->Lines)
      if (Line.Offset == Off &&
          (Line.File == FE->getName() || Line.File == FE->tryGetRealPathName()))
        return true;
    return false;
  }
  void trip() {
    Pending = false;
    Tripped->store(true);
  }

  Preprocessor &PP;
  SourceManager &SM;
  std::shared_ptr<const BaseNoOpLines> L;
  std::shared_ptr<std::atomic<bool>> Tripped;
  bool Pending = false; ///< a left-out line was just read; its file must be skipped
};

/// Limits the traversal scope to the declarations parsed in this unit (not
/// loaded from the PCH). Runs before the wrapped consumer.
class LocalScope : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext &Ctx) override {
    std::vector<Decl *> Local;
    for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
      if (!D->isFromASTFile())
        Local.push_back(D);
    Ctx.setTraversalScope(Local);
  }
};

class ScopedAction : public WrapperFrontendAction {
public:
  ScopedAction(std::unique_ptr<FrontendAction> Inner, const ParseSetup &S)
      : WrapperFrontendAction(std::move(Inner)), Guard(S.Guard), Tripped(S.Tripped),
        NoOps(S.NoOps) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    std::unique_ptr<ASTConsumer> Inner = WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (!Inner)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> Cs;
    if (Guard) {
      auto St = std::make_shared<UnitGuardState>();
      St->G = Guard;
      St->Tripped = Tripped;
      St->SM = &CI.getSourceManager();
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<UnitGuardPP>(CI.getPreprocessor(), St));
      Cs.push_back(std::make_unique<UnitGuardConsumer>(St));
    }
    if (NoOps)
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<BaseNoOpCheck>(CI.getPreprocessor(), NoOps, Tripped));
    Cs.push_back(std::make_unique<LocalScope>());
    Cs.push_back(std::move(Inner));
    return std::make_unique<MultiplexConsumer>(std::move(Cs));
  }

private:
  std::shared_ptr<const PreludeGuard> Guard;
  std::shared_ptr<std::atomic<bool>> Tripped;
  std::shared_ptr<const BaseNoOpLines> NoOps;
};

class ScopedFactory : public FrontendActionFactory {
public:
  ScopedFactory(FrontendActionFactory &Inner, const ParseSetup &S) : Inner(Inner), S(S) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<ScopedAction>(Inner.create(), S);
  }

private:
  FrontendActionFactory &Inner;
  const ParseSetup &S;
};

class ForwardFactory : public FrontendActionFactory {
public:
  explicit ForwardFactory(FrontendActionFactory &Inner) : Inner(Inner) {}
  std::unique_ptr<FrontendAction> create() override { return Inner.create(); }

private:
  FrontendActionFactory &Inner;
};

} // namespace

std::unique_ptr<FrontendActionFactory> wrapActions(FrontendActionFactory &Inner,
                                                   const ParseSetup &S) {
  if (S.UsesPCH)
    return std::make_unique<ScopedFactory>(Inner, S);
  return std::make_unique<ForwardFactory>(Inner);
}

CompileSetup::CompileSetup(const Options &Opts, std::function<bool(llvm::StringRef)> IsPorted,
                           DiagnosticsHooks Hooks, PhaseTimes *Times)
    : Opts(Opts), IsPorted(std::move(IsPorted)), Hooks(std::move(Hooks)), Times(Times) {}

CompileSetup::~CompileSetup() = default;

size_t CompileSetup::numConfigs() const { return 2 + Opts.ExtraConfigs.size(); }

std::optional<std::vector<std::string>> CompileSetup::configMacros(size_t Config) const {
  if (Config < 2 || Config >= numConfigs())
    return std::nullopt;
  const std::vector<std::string> &Set = Opts.ExtraConfigs[Config - 2];
  std::vector<std::string> Names;
  for (size_t I = 0; I < Set.size(); ++I) {
    llvm::StringRef A = Set[I];
    if (!A.consume_front("-D") && !A.consume_front("-U"))
      return std::nullopt;
    if (A.empty()) {
      if (I + 1 == Set.size())
        return std::nullopt;
      A = Set[++I];
    }
    llvm::StringRef Name = A.take_until([](char C) { return C == '=' || C == '('; });
    if (Name.empty() || !llvm::all_of(Name, [](char C) { return isalnum(C) || C == '_'; }))
      return std::nullopt;
    Names.push_back(Name.str());
  }
  return Names;
}

std::vector<std::string> CompileSetup::arguments(const std::vector<std::string> &Flags,
                                                 size_t Config, bool InstalledSdk) const {
  const std::string &Cuda =
      InstalledSdk && Opts.Fallback ? Opts.Fallback->sdkPath() : Opts.CudaPath;
  const std::string &CompatDir = compatDir();
  std::vector<std::string> Args = {"-x", "cuda"};
  bool HasStd = false;
  for (auto &F : Flags)
    HasStd |= llvm::StringRef(F).startswith("-std=");
  if (!HasStd)
    Args.push_back("-std=c++17");
  Args.insert(Args.end(), {"-nocudalib", "-Wno-unknown-cuda-version",
                           std::string("-I") + CompatDir, "-Xclang",
                           "-fcuda-allow-variadic-functions", "-Xclang",
                           "-target-sdk-version=11.8", "-ferror-limit=20", "-w",
                           "-fno-caret-diagnostics"});
  if (!CompatDir.empty())
    Args.insert(Args.end(), {"-include", CompatDir + "/" + parseCompatHeaderName().str()});
  if (!Opts.ResourceDir.empty())
    Args.push_back("-resource-dir=" + Opts.ResourceDir);
  Args.push_back("--cuda-path=" + Cuda);
  Args.push_back("-isystem");
  Args.push_back(Cuda + "/include/cccl");
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  Args.insert(Args.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  if (Config == 0) {
    Args.push_back("--cuda-host-only");
  } else if (isDevice(Config)) {
    Args.push_back("--cuda-device-only");
    Args.push_back("--cuda-gpu-arch=sm_80");
  } else {
    Args.push_back("--cuda-host-only");
    auto &Extra = Opts.ExtraConfigs.at(Config - 2);
    Args.insert(Args.end(), Extra.begin(), Extra.end());
  }
  return Args;
}

void CompileSetup::planUnit(const std::string &File, const std::vector<std::string> &Flags,
                            const std::string &WorkDir, bool HostOnly) {
  if (!Opts.SharedPrelude)
    return;
  auto Plan = std::make_unique<UnitPlan>();
  Plan->HostOnly = HostOnly;
  Plan->Scan = scanPrelude(File, IsPorted);
  Plan->FlagsKey = joinKey(Flags, Flags.size());
  // Relative paths (-I inc from a compile command) resolve against the
  // command's directory: units of one directory may share a prelude, units
  // of different directories may not.
  bool Relative = hasRelativePaths(Flags) || hasRelativePaths(Opts.ExtraArgs);
  for (const auto &C : Opts.ExtraConfigs)
    Relative |= hasRelativePaths(C);
  if (Relative) {
    Plan->RelativeTo = WorkDir.empty() ? std::string(".") : WorkDir;
    Plan->FlagsKey += '\2' + Plan->RelativeTo;
  }
  std::lock_guard<std::mutex> Lock(Mu);
  countPlan(*Plan);
  Plans[File] = std::move(Plan);
}

void CompileSetup::countPlan(const UnitPlan &Plan) {
  for (size_t K = 0; K <= Plan.Scan.Headers.size(); ++K) {
    std::string Key = Plan.FlagsKey + '\1' + joinKey(Plan.Scan.Headers, K);
    ++PrefixUses[Key];
    if (!Plan.HostOnly)
      ++DevicePrefixUses[Key];
  }
  if (!Plan.Scan.Headers.empty()) {
    Union &U = Unions[Plan.FlagsKey];
    U.Headers.insert(Plan.Scan.Headers.begin(), Plan.Scan.Headers.end());
    ++U.Units;
  }
}

unsigned CompileSetup::prefixUses(const std::string &Key, size_t Config) const {
  const auto &Uses = isDevice(Config) ? DevicePrefixUses : PrefixUses;
  auto It = Uses.find(Key);
  return It == Uses.end() ? 0u : It->second;
}

std::shared_ptr<CompileSetup::Prelude>
CompileSetup::preludeFor(const std::vector<std::string> &Args, const UnitPlan &Plan,
                         size_t K, size_t Config, const std::vector<std::string> *Resolve) {
  const std::vector<std::string> &All = Plan.Scan.Headers;
  // A prelude shared by fewer units than a shorter one is built on top of
  // that one (a chained PCH): only the headers it adds are parsed.
  std::shared_ptr<Prelude> Parent;
  size_t From = 0;
  {
    std::unique_lock<std::mutex> Lock(Mu);
    auto Uses = [&](size_t N) {
      return prefixUses(Plan.FlagsKey + '\1' + joinKey(All, N), Config);
    };
    unsigned Mine = Uses(K);
    for (size_t J = K; J-- > 0;)
      if (Uses(J) > Mine) {
        From = J;
        break;
      }
    if (From > 0 || (K > 0 && Uses(0) > Mine)) {
      Lock.unlock();
      Parent = preludeFor(Args, Plan, From, Config);
    }
  }
  std::shared_ptr<Prelude> P;
  {
    std::lock_guard<std::mutex> Lock(Mu);
    std::string Key =
        joinKey(Args, Args.size()) + '\2' + Plan.RelativeTo + '\1' + joinKey(All, K);
    std::shared_ptr<Prelude> &Slot = Preludes[Key];
    if (!Slot) {
      Slot = std::make_shared<Prelude>();
      std::string Base = compatDir() + "/prelude-" + std::to_string(NextId++);
      Slot->SourcePath = Base + ".cu";
      Slot->PchPath = Base + ".pch";
      Slot->Parent = Parent;
      Slot->Bodies = bodySkipFor(Config);
      Slot->WorkDir = Plan.RelativeTo.empty() ? compatDir() : Plan.RelativeTo;
      for (size_t I = Parent ? From : 0; I < K; ++I)
        Slot->Source += "#include <" + All[I] + ">\n";
      if (Resolve)
        Slot->ResolveNames = *Resolve;
    }
    P = Slot;
  }
  std::call_once(P->Built, [&] { buildPrelude(*P, Args); });
  return P;
}

/// Makes `Args` and `Memory` use the PCH of `P` (and of the preludes it is
/// built on).
static void usePrelude(const CompileSetup::PreludeInfo &P, std::vector<std::string> &Args,
                       llvm::vfs::InMemoryFileSystem &Memory);

void CompileSetup::buildPrelude(Prelude &P, const std::vector<std::string> &Args) {
  if (P.Parent && !P.Parent->Usable)
    return;
  std::optional<PhaseTimer> T;
  if (Times)
    T.emplace(Times->PreludeNs);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(P.SourcePath, 0, llvm::MemoryBuffer::getMemBufferCopy(P.Source));
  std::vector<std::string> BuildArgs = Args;
  if (P.Parent)
    usePrelude(*P.Parent, BuildArgs, *Memory);
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  FS->pushOverlay(Memory);
  // The same driver and adjusters as a unit's parse (ClangTool), so the
  // PCH's options are the unit's.
  FixedCompilationDatabase Db(P.WorkDir, BuildArgs);
  ClangTool Tool(Db, {P.SourcePath}, std::make_shared<PCHContainerOperations>(), FS);
  std::unique_ptr<DiagnosticConsumer> Collector = Hooks.Make();
  PreludeDiagnostics Diags(*Collector);
  Tool.setDiagnosticConsumer(&Diags);
  Tool.setPrintErrorMessage(false);
  PreludeWatch W;
  W.Referenced = &P.Referenced;
  W.Chained = P.Parent != nullptr;
  std::vector<std::string> ConfigNames;
  for (size_t C = 2; C < numConfigs(); ++C)
    if (auto Names = configMacros(C))
      ConfigNames.insert(ConfigNames.end(), Names->begin(), Names->end());
  std::vector<std::string> Seen;
  W.ConfigNames = &ConfigNames;
  W.Seen = &Seen;
  OrderWork Order;
  if (P.Order) {
    Order.Out = P.Order.get();
    W.Order = &Order;
  }
  if (P.Parent) {
    P.BaseFiles = P.Parent->BaseFiles;
    for (auto &KV : P.Parent->Undefined)
      P.Undefined.insert(KV.getKey());
  } else {
    W.BaseFiles = &P.BaseFiles;
  }
  W.Undefined = &P.Undefined;
  if (!P.ResolveNames.empty()) {
    W.Resolve = &P.ResolveNames;
    W.NoOps = &P.NoOpNames;
  }
  PreludeActionFactory Factory(P.Pch, IsPorted, W, P.Bodies);
  // A link loads its parent's chain first, where Clang 16 may crash
  // (ParseSetup::OnPchCrash): then this prelude is not used.
  bool Crashed = !runRecoveringCrash([&] { Tool.run(&Factory); });
  if (Crashed) {
    P.Pch.clear(); // not usable
    // A link's crash is in loading the parent's chain.
    if (P.Parent)
      P.Parent->Broken = true;
  }
  if (P.Order)
    Order.finish();
  std::vector<Finding> Own;
  bool OwnFailed = false;
  Hooks.Read(*Collector, Own, OwnFailed);
  // Cumulative over the chain: what a parse of the whole prelude reports.
  if (P.Parent) {
    P.Errors = P.Parent->Errors;
    P.Failed = P.Parent->Failed;
    P.NumErrors = P.Parent->NumErrors;
    for (auto &KV : P.Parent->Referenced)
      P.Referenced.insert(KV.getKey());
    P.Seen = P.Parent->Seen;
  }
  P.Seen.insert(P.Seen.end(), Seen.begin(), Seen.end());
  P.Errors.insert(P.Errors.end(), Own.begin(), Own.end());
  // A union's errors outside base files would be replayed for units that do
  // not include those files.
  if (P.Order)
    for (const Finding &E : P.Errors)
      if (!P.Order->Base.count(E.File))
        Order.fail("an error in " + E.File);
  P.Failed |= OwnFailed;
  P.NumErrors += Diags.Errors;
  unsigned Limit = errorLimit(Args);
  P.Usable = !P.Pch.empty() && !P.Failed && !Diags.Fatal && !W.EnteredPorted &&
             !W.OpenPragmaStack &&
             (Limit == 0 || P.NumErrors < Limit);
  if (P.Order && llvm::sys::Process::GetEnv("CU2HIP_DEBUG_UNION"))
    llvm::errs() << "union prelude " << P.SourcePath << ": usable " << P.Usable
                 << ", order: " << (P.Order->Why.empty() ? "free" : P.Order->Why) << "\n";
  if (Times && P.Usable)
    ++Times->PreludesBuilt;
  if (Times && P.Order && !(P.Usable && P.Order->Why.empty()))
    ++Times->SupersetRefused;
}

void CompileSetup::pchCrashed(Prelude &P) { P.Broken = true; }

bool runRecoveringCrash(llvm::function_ref<void()> Fn) {
  // As Clang's driver does for an in-process cc1: the pretty stack trace
  // entries of the frames a crash leaves are dropped, else the process
  // crashes again walking them at exit.
  const void *PrettyState = llvm::SavePrettyStackState();
  llvm::CrashRecoveryContext CRC;
  if (CRC.RunSafely(Fn))
    return true;
  llvm::RestorePrettyStackState(PrettyState);
  return false;
}

static void usePrelude(const CompileSetup::PreludeInfo &P, std::vector<std::string> &Args,
                       llvm::vfs::InMemoryFileSystem &Memory) {
  for (const CompileSetup::PreludeInfo *Q = &P; Q; Q = Q->Parent.get()) {
    Memory.addFile(Q->SourcePath, 0, llvm::MemoryBuffer::getMemBuffer(Q->Source, Q->SourcePath));
    Memory.addFile(Q->PchPath, 0,
                   llvm::MemoryBuffer::getMemBuffer(Q->Pch, Q->PchPath,
                                                    /*RequiresNullTerminator=*/false));
  }
  // The prelude's errors count against the unit's error limit.
  unsigned Limit = errorLimit(Args);
  if (Limit && P.NumErrors)
    Args.push_back("-ferror-limit=" + std::to_string(Limit - P.NumErrors));
  Args.push_back("-include-pch");
  Args.push_back(P.PchPath);
  if (P.NumErrors) {
    Args.push_back("-Xclang");
    Args.push_back("-fallow-pch-with-compiler-errors");
  }
}

std::shared_ptr<CompileSetup::Prelude>
CompileSetup::unionFor(const std::vector<std::string> &Args, const UnitPlan &Plan,
                       size_t Config) {
  std::shared_ptr<Prelude> P;
  {
    std::lock_guard<std::mutex> Lock(Mu);
    auto U = Unions.find(Plan.FlagsKey);
    if (U == Unions.end() || U->second.Units < 2)
      return nullptr;
    std::vector<std::string> All(U->second.Headers.begin(), U->second.Headers.end());
    std::string Key = joinKey(Args, Args.size()) + '\2' + Plan.RelativeTo + '\3' +
                      joinKey(All, All.size());
    std::shared_ptr<Prelude> &Slot = Preludes[Key];
    if (!Slot) {
      Slot = std::make_shared<Prelude>();
      std::string Base = compatDir() + "/prelude-" + std::to_string(NextId++);
      Slot->SourcePath = Base + ".cu";
      Slot->PchPath = Base + ".pch";
      Slot->WorkDir = Plan.RelativeTo.empty() ? compatDir() : Plan.RelativeTo;
      // A header that is not found (a library the machine lacks) is left
      // out: its units parse with their own prelude.
      for (const std::string &H : All)
        Slot->Source += "#if __has_include(<" + H + ">)\n#include <" + H + ">\n#endif\n";
      Slot->Order = std::make_unique<OrderFacts>();
      Slot->Bodies = bodySkipFor(Config);
    }
    P = Slot;
  }
  std::call_once(P->Built, [&] { buildPrelude(*P, Args); });
  return P;
}

std::shared_ptr<const PreludeGuard> CompileSetup::guardFor(const Prelude &P,
                                                           const UnitPlan &Plan) {
  const OrderFacts *O = P.Order.get();
  if (!P.Usable || !O || !O->Why.empty() || Plan.Scan.Headers.empty())
    return nullptr;
  for (unsigned I = 0; I < Plan.Scan.Lines.back().AssumedBefore; ++I)
    if (P.Referenced.count(Plan.Scan.Assumed[I]))
      return nullptr;
  auto G = std::make_shared<PreludeGuard>();
  for (auto &KV : O->Base)
    G->Allowed.insert(KV.getKey());
  std::vector<std::string> Work;
  for (const std::string &H : Plan.Scan.Headers) {
    auto It = O->TopLevel.find(H);
    if (It == O->TopLevel.end())
      return nullptr;
    Work.push_back(It->second);
  }
  while (!Work.empty()) {
    std::string X = std::move(Work.back());
    Work.pop_back();
    if (!G->Allowed.insert(X).second)
      continue;
    auto It = O->Includes.find(X);
    if (It != O->Includes.end())
      Work.insert(Work.end(), It->second.begin(), It->second.end());
  }
  for (auto &KV : O->EventFiles)
    for (auto &F : KV.second)
      if (!G->Allowed.count(F.getKey()))
        G->DefinedOutside.insert(KV.getKey());
  G->Sensitive = &O->Sensitive;
  return G;
}

/// Points `S` at prelude `P` standing for the first `K` headers of `Scan`:
/// blanks their lines in the unit's files. False when a file is unreadable.
static bool useFor(ParseSetup &S, const PreludeScan &Scan, size_t K,
                   const CompileSetup::PreludeInfo &P);
static void checkNoOps(ParseSetup &S, const std::vector<PreludeScan::Line> &Dropped,
                       const CompileSetup::PreludeInfo &P);

ParseSetup CompileSetup::prepare(const std::string &File, const std::vector<std::string> &Flags,
                                 size_t Config, Mode M) {
  ParseSetup S;
  S.Args = arguments(Flags, Config, M.InstalledSdk);
  S.FS = llvm::vfs::createPhysicalFileSystem();
  if ((M.SdkBodies && Opts.SkipSdkBodies) || M.NoPrelude)
    return S;
  S.Bodies = bodySkipFor(Config);
  if (M.InstalledSdk)
    return S;
  const UnitPlan *Plan = nullptr;
  {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = Plans.find(File);
    if (It == Plans.end())
      return S;
    Plan = It->second.get();
  }
  // Relative paths in the arguments resolve against the unit's directory,
  // which is then part of the key (UnitPlan::RelativeTo) and the build's
  // working directory.
  std::vector<std::string> KeyArgs = S.Args;
  if (hasRelativePaths(KeyArgs) && Plan->RelativeTo.empty())
    return S;
  dropBaseNoOps(Flags, Plan->FlagsKey);
  if (M.AllowUnion && Opts.UnionPrelude) {
    if (std::shared_ptr<Prelude> U = unionFor(KeyArgs, *Plan, Config)) {
      if (auto G = guardFor(*U, *Plan)) {
        ParseSetup T = S;
        if (useFor(T, Plan->Scan, Plan->Scan.Headers.size(), *U)) {
          T.OnPchCrash = [U] { pchCrashed(*U); };
          T.Guard = std::move(G);
          T.Tripped = std::make_shared<std::atomic<bool>>(false);
          checkNoOps(T, Plan->Dropped, *U);
          if (Times)
            ++Times->PreludeUses;
          return T;
        }
      }
    }
  }
  size_t K = 0;
  {
    std::lock_guard<std::mutex> Lock(Mu);
    // The longest prefix of the unit's prelude that another unit shares.
    bool Shared = false;
    for (size_t N = 0; N <= Plan->Scan.Headers.size(); ++N) {
      if (prefixUses(Plan->FlagsKey + '\1' + joinKey(Plan->Scan.Headers, N), Config) < 2)
        break;
      K = N;
      Shared = true;
    }
    if (!Shared)
      return S;
  }
  std::shared_ptr<Prelude> P = preludeFor(KeyArgs, *Plan, K, Config);
  auto Fits = [&](const Prelude &Pre, size_t N) {
    if (!Pre.Usable || Pre.Broken)
      return false;
    unsigned Assumed = N ? Plan->Scan.Lines[N - 1].AssumedBefore : 0;
    for (unsigned I = 0; I < Assumed; ++I)
      if (Pre.Referenced.count(Plan->Scan.Assumed[I]))
        return false;
    return true;
  };
  if (!Fits(*P, K) && K > 0) {
    K = 0;
    P = preludeFor(KeyArgs, *Plan, K, Config);
  }
  if (!Fits(*P, K))
    return S;
  ParseSetup T = S;
  if (!useFor(T, Plan->Scan, K, *P))
    return S;
  T.OnPchCrash = [P] { pchCrashed(*P); };
  checkNoOps(T, Plan->Dropped, *P);
  if (Times)
    ++Times->PreludeUses;
  return T;
}

/// How many headers of `Lists`, other than those of `Free`, a PCH may cover:
/// for each list, those in its longest prefix that another list starts with
/// too, the names of `Free` left out of the lists when `LeaveOut`.
static size_t sharedHeaders(const std::vector<const std::vector<std::string> *> &Lists,
                            const std::set<std::string> &Free, bool LeaveOut) {
  std::vector<std::vector<std::string>> Kept;
  for (const std::vector<std::string> *L : Lists) {
    Kept.emplace_back();
    for (const std::string &H : *L)
      if (!LeaveOut || !Free.count(H))
        Kept.back().push_back(H);
  }
  std::map<std::string, unsigned> Uses;
  for (const auto &L : Kept)
    for (size_t K = 0; K <= L.size(); ++K)
      ++Uses[joinKey(L, K)];
  size_t Covered = 0;
  for (const auto &L : Kept)
    for (size_t K = 0; K < L.size() && Uses[joinKey(L, K + 1)] >= 2; ++K)
      Covered += !Free.count(L[K]);
  return Covered;
}

void CompileSetup::dropBaseNoOps(const std::vector<std::string> &Flags,
                                 const std::string &FlagsKey) {
  std::once_flag *Once;
  {
    std::lock_guard<std::mutex> Lock(Mu);
    std::unique_ptr<std::once_flag> &Slot = NoOpsDropped[FlagsKey];
    if (!Slot)
      Slot = std::make_unique<std::once_flag>();
    Once = Slot.get();
  }
  std::call_once(*Once, [&] {
    // (A union prelude holds every unit's headers in one order of its own.)
    if (!Opts.DropBaseIncludes || Opts.UnionPrelude)
      return;
    std::vector<UnitPlan *> Units;
    std::set<std::string> Names;
    {
      std::lock_guard<std::mutex> Lock(Mu);
      for (auto &KV : Plans)
        if (KV.second->FlagsKey == FlagsKey) {
          Units.push_back(KV.second.get());
          Names.insert(KV.second->Scan.Headers.begin(), KV.second->Scan.Headers.end());
        }
    }
    // Only names whose leaving out would let more headers be shared are
    // looked up: otherwise the base's build is extra work.
    std::vector<const std::vector<std::string> *> Lists;
    for (const UnitPlan *U : Units)
      Lists.push_back(&U->Scan.Headers);
    std::vector<std::string> Resolve;
    for (const std::string &N : Names)
      if (sharedHeaders(Lists, {N}, true) > sharedHeaders(Lists, {N}, false))
        Resolve.push_back(N);
    if (Units.size() < 2 || Resolve.empty())
      return;
    std::shared_ptr<Prelude> Base = preludeFor(arguments(Flags, 0), *Units.front(), 0, 0, &Resolve);
    if (!Base->Usable || sharedHeaders(Lists, Base->NoOpNames, true) <=
                             sharedHeaders(Lists, Base->NoOpNames, false))
      return;
    std::lock_guard<std::mutex> Lock(Mu);
    const std::string Key = FlagsKey + '\1';
    for (auto *Uses : {&PrefixUses, &DevicePrefixUses})
      for (auto It = Uses->lower_bound(Key);
           It != Uses->end() && llvm::StringRef(It->first).startswith(Key);)
        It = Uses->erase(It);
    Unions[FlagsKey] = Union();
    for (UnitPlan *Plan : Units) {
      PreludeScan Kept;
      Kept.Assumed = Plan->Scan.Assumed;
      for (size_t I = 0; I < Plan->Scan.Headers.size(); ++I) {
        if (Base->NoOpNames.count(Plan->Scan.Headers[I])) {
          Plan->Dropped.push_back(Plan->Scan.Lines[I]);
          continue;
        }
        Kept.Headers.push_back(Plan->Scan.Headers[I]);
        Kept.Lines.push_back(Plan->Scan.Lines[I]);
      }
      Plan->Scan = std::move(Kept);
      countPlan(*Plan);
    }
  });
}

static void checkNoOps(ParseSetup &S, const std::vector<PreludeScan::Line> &Dropped,
                       const CompileSetup::PreludeInfo &P) {
  if (Dropped.empty())
    return;
  auto L = std::make_shared<BaseNoOpLines>();
  L->Lines = Dropped;
  L->BaseFiles = &P.BaseFiles;
  L->Undefined = &P.Undefined;
  S.NoOps = std::move(L);
  if (!S.Tripped)
    S.Tripped = std::make_shared<std::atomic<bool>>(false);
}

static bool useFor(ParseSetup &S, const PreludeScan &Scan, size_t K,
                   const CompileSetup::PreludeInfo &P) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  FS->pushOverlay(Memory);
  // The prelude's lines, blanked where the unit's files have them.
  for (size_t I = 0; I < K; ++I) {
    const PreludeScan::Line &L = Scan.Lines[I];
    auto M = S.Mapped.find(L.File);
    if (M == S.Mapped.end()) {
      auto Buf = readFileChecked(L.File);
      if (!Buf) {
        llvm::consumeError(Buf.takeError());
        return false;
      }
      M = S.Mapped.emplace(L.File, (*Buf)->getBuffer().str()).first;
    }
    if (L.Offset + L.Length > M->second.size())
      return false;
    M->second.replace(L.Offset, L.Length, L.Length, ' ');
  }
  usePrelude(P, S.Args, *Memory);
  S.FS = FS;
  S.PreludeErrors = P.Errors;
  S.PreludeFailed = P.Failed;
  S.PreludeSeen = P.Seen;
  S.UsesPCH = true;
  return true;
}

} // namespace cu2hip
