//===- BundledHeaders.cpp - parsing with the bundled headers first --------===//
#include "cu2hip/BundledHeaders.h"
#include "cu2hip/FileIO.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace cu2hip {

unsigned cudaHeadersVersion(llvm::StringRef Dir) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "include", "cuda.h");
  auto Buf = readFileChecked(Path);
  if (!Buf) {
    llvm::consumeError(Buf.takeError());
    return 0;
  }
  llvm::Regex V("#define[ \t]+CUDA_VERSION[ \t]+([0-9]+)");
  llvm::SmallVector<llvm::StringRef, 2> M;
  unsigned N = 0;
  if (!V.match((*Buf)->getBuffer(), &M) || M[1].getAsInteger(10, N))
    return 0;
  return N;
}

llvm::Expected<std::unique_ptr<SdkFallback>> SdkFallback::load(llvm::StringRef BundledDir,
                                                               llvm::StringRef SdkPath) {
  llvm::SmallString<256> List(BundledDir);
  llvm::sys::path::append(List, "sdk-macros.txt");
  auto Buf = readFileChecked(List);
  if (!Buf)
    return Buf.takeError();
  auto F = std::make_unique<SdkFallback>();
  F->Sdk = SdkPath.str();
  F->Bundled = BundledDir.str();
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  // `NAME header...`; `%N header...` (a set); `@header %N`.
  std::vector<std::pair<llvm::StringRef, unsigned>> At;
  for (llvm::StringRef L : Lines) {
    llvm::SmallVector<llvm::StringRef, 8> W;
    L.trim().split(W, ' ', -1, /*KeepEmpty=*/false);
    if (W.empty() || W[0].startswith("#"))
      continue;
    unsigned N = 0;
    if (W[0].consume_front("%")) {
      if (W[0].getAsInteger(10, N) || N != F->Sets.size())
        return llvm::createStringError(std::errc::invalid_argument, "%s: bad line '%s'",
                                       List.c_str(), L.str().c_str());
      F->Sets.emplace_back(W.begin() + 1, W.end());
    } else if (W[0].consume_front("?")) {
      F->Tested.insert(W[0]);
    } else if (W[0].consume_front("=")) {
      F->Inert.insert(W[0]);
    } else if (W[0].consume_front("@")) {
      if (W.size() != 2 || !W[1].consume_front("%") || W[1].getAsInteger(10, N))
        return llvm::createStringError(std::errc::invalid_argument, "%s: bad line '%s'",
                                       List.c_str(), L.str().c_str());
      At.emplace_back(W[0], N);
    } else {
      F->Macros[W[0]].assign(W.begin() + 1, W.end());
    }
  }
  for (auto &[Header, N] : At) {
    if (N >= F->Sets.size())
      return llvm::createStringError(std::errc::invalid_argument, "%s: no set %%%u",
                                     List.c_str(), N);
    F->StandIns[Header] = &F->Sets[N];
  }
  return std::move(F);
}

bool SdkFallback::definingHeaderReached(llvm::StringRef Macro, Preprocessor &PP) const {
  auto It = Macros.find(Macro);
  if (It == Macros.end())
    return false;
  FileManager &FM = PP.getFileManager();
  auto Included = [&](llvm::StringRef Rel) {
    llvm::SmallString<256> Path(Bundled);
    llvm::sys::path::append(Path, "include", Rel);
    auto FE = FM.getFile(Path);
    return FE && PP.alreadyIncluded(*FE);
  };
  for (const std::string &Header : It->second) {
    auto S = StandIns.find(Header);
    if (S == StandIns.end() ? Included(Header) : llvm::any_of(*S->second, Included))
      return true;
  }
  return false;
}

/// The macro name of a -D/-U value (`NAME`, `NAME=V`, `NAME(A)=V`).
static llvm::StringRef macroNameOf(llvm::StringRef Def) {
  return Def.take_until([](char C) { return C == '=' || C == '('; });
}

std::string SdkFallback::definesThatMatter(const std::vector<std::string> &Args) const {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    std::string Written = A.str();
    llvm::StringRef Next = I + 1 < Args.size() ? llvm::StringRef(Args[I + 1]) : "";
    auto Separate = [&] {
      Written += " " + Next.str();
      return Next;
    };
    llvm::SmallVector<llvm::StringRef, 4> Defs;
    if (A == "-D" || A == "-U" || A == "--define-macro" || A == "--undefine-macro") {
      Defs.push_back(Separate());
    } else if (A.startswith("-D") || A.startswith("-U")) {
      Defs.push_back(A.drop_front(2));
    } else if (A.consume_front("--define-macro=") || A.consume_front("--undefine-macro=")) {
      Defs.push_back(A);
    } else if (A.consume_front("-Wp,")) {
      // -Wp,-DX,-UY: the preprocessor's own options, comma-separated.
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      A.split(Parts, ',');
      for (llvm::StringRef P : Parts)
        if (P.startswith("-D") || P.startswith("-U"))
          Defs.push_back(P.drop_front(2));
    } else if (A == "-include" || A == "-imacros") {
      // A file read before the unit: its #define and #undef lines.
      llvm::StringRef Path = Separate();
      auto Buf = readFileChecked(Path);
      if (!Buf) {
        llvm::consumeError(Buf.takeError());
        return Written;
      }
      llvm::Regex Line("^[ \t]*#[ \t]*(define|undef)[ \t]+([A-Za-z_][A-Za-z0-9_]*)");
      llvm::SmallVector<llvm::StringRef, 0> Lines;
      (*Buf)->getBuffer().split(Lines, '\n');
      llvm::SmallVector<llvm::StringRef, 3> M;
      for (llvm::StringRef L : Lines)
        if (Line.match(L, &M) && userMacroMatters(M[2]))
          return Written + " (" + M[1].str() + " " + M[2].str() + ")";
    }
    for (llvm::StringRef D : Defs)
      if (userMacroMatters(macroNameOf(D)))
        return Written;
  }
  return "";
}

bool SdkFallback::sdkHasHeader(llvm::StringRef Spelled) const {
  for (const char *Sub : {"include", "include/cccl"}) {
    llvm::SmallString<256> Path(Sdk);
    llvm::sys::path::append(Path, Sub, Spelled);
    if (llvm::sys::fs::is_regular_file(Path))
      return true;
  }
  return false;
}

bool SdkFallback::inBundled(llvm::StringRef Path) const {
  return Path.startswith(Bundled) && Path.size() > Bundled.size() &&
         llvm::sys::path::is_separator(Path[Bundled.size()]);
}

SdkDivergenceWatch::SdkDivergenceWatch(Preprocessor &PP, const SdkFallback &F, Finding *Why)
    : PP(PP), SM(PP.getSourceManager()), F(F), Why(Why) {}

bool SdkDivergenceWatch::userCode(SourceLocation Loc) {
  if (Loc.isInvalid())
    return false;
  SourceLocation L = SM.getExpansionLoc(Loc);
  return SM.getFileEntryForID(SM.getFileID(L)) && !SM.isInSystemHeader(L);
}

bool SdkDivergenceWatch::undefinedSdkMacro(llvm::StringRef Name) {
  return F.sdkDefines(Name) && !PP.isMacroDefined(Name) && F.definingHeaderReached(Name, PP);
}

void SdkDivergenceWatch::found(SourceLocation Loc, const std::string &Reason) {
  if (!Why->Message.empty())
    return;
  SourceLocation L = SM.getExpansionLoc(Loc);
  PresumedLoc P = SM.getPresumedLoc(L);
  if (P.isValid()) {
    Why->File = P.getFilename();
    Why->Line = P.getLine();
    Why->Col = P.getColumn();
    Why->Offset = SM.getFileOffset(L);
  }
  Why->Message = Reason;
}

void SdkDivergenceWatch::tested(SourceLocation Loc, const Token &Name, bool Defined) {
  if (Defined || !Why->Message.empty() || !Name.getIdentifierInfo())
    return;
  llvm::StringRef N = Name.getIdentifierInfo()->getName();
  if (userCode(Loc) && undefinedSdkMacro(N))
    found(Loc, "tests '" + N.str() + "', which the CUDA SDK defines and the bundled headers "
                                     "leave undefined");
}

void SdkDivergenceWatch::changed(SourceLocation Loc, const Token &Name, const char *How) {
  if (!Why->Message.empty() || !Name.getIdentifierInfo())
    return;
  llvm::StringRef N = Name.getIdentifierInfo()->getName();
  if (F.userMacroMatters(N) && userCode(Loc))
    found(Loc, std::string(How) + " '" + N.str() +
                   "', which the CUDA SDK's conditionals test (they may select other "
                   "declarations than the bundled headers hold)");
}

/// A macro expanded in an #if/#elif of the user's code: an SDK macro its
/// body names that is undefined reads as 0 (`#define WARP
/// CUB_PTX_WARP_THREADS`, `#if WARP == 32`). Nested expansions come here too.
void SdkDivergenceWatch::MacroExpands(const Token &Name, const MacroDefinition &MD,
                                      SourceRange Range, const MacroArgs *) {
  const MacroInfo *MI = MD.getMacroInfo();
  if (!Why->Message.empty() || !MI || !PP.isParsingIfOrElifDirective() ||
      !userCode(Range.getBegin()))
    return;
  for (const Token &T : MI->tokens())
    if (const IdentifierInfo *II = T.getIdentifierInfo())
      if (undefinedSdkMacro(II->getName()))
        return found(Range.getBegin(),
                     "tests '" + II->getName().str() + "' (through '" +
                         Name.getIdentifierInfo()->getName().str() +
                         "'), which the CUDA SDK defines and the bundled headers leave "
                         "undefined");
}

void SdkDivergenceWatch::MacroDefined(const Token &Name, const MacroDirective *MD) {
  changed(MD->getLocation(), Name, "defines");
}

void SdkDivergenceWatch::MacroUndefined(const Token &Name, const MacroDefinition &,
                                        const MacroDirective *Undef) {
  if (Undef)
    changed(Undef->getLocation(), Name, "undefines");
}

void SdkDivergenceWatch::Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) {
  tested(Loc, Name, bool(MD));
}
void SdkDivergenceWatch::Ifndef(SourceLocation Loc, const Token &Name,
                                const MacroDefinition &MD) {
  tested(Loc, Name, bool(MD));
}
void SdkDivergenceWatch::Elifdef(SourceLocation Loc, const Token &Name,
                                 const MacroDefinition &MD) {
  tested(Loc, Name, bool(MD));
}
void SdkDivergenceWatch::Elifndef(SourceLocation Loc, const Token &Name,
                                  const MacroDefinition &MD) {
  tested(Loc, Name, bool(MD));
}
void SdkDivergenceWatch::Defined(const Token &Name, const MacroDefinition &MD, SourceRange R) {
  tested(R.getBegin(), Name, bool(MD));
}

/// The identifiers of a `#if`/`#elif` condition as written: an undefined
/// one reads as 0, with no callback of its own.
void SdkDivergenceWatch::condition(SourceLocation Loc, SourceRange Cond) {
  if (!Why->Message.empty() || Cond.isInvalid() || !userCode(Loc))
    return;
  bool Invalid = false;
  llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Cond), SM,
                                              PP.getLangOpts(), &Invalid);
  if (Invalid)
    return;
  auto IsIdent = [](char C) { return isalnum(static_cast<unsigned char>(C)) || C == '_'; };
  for (size_t I = 0; I < Text.size();) {
    if (!IsIdent(Text[I])) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Text.size() && IsIdent(Text[J]))
      ++J;
    llvm::StringRef Id = Text.slice(I, J);
    // A number (0x1Fu) is no name.
    if (!isdigit(static_cast<unsigned char>(Id[0])) && undefinedSdkMacro(Id))
      return found(Loc, "tests '" + Id.str() + "', which the CUDA SDK defines and the bundled "
                                              "headers leave undefined");
    I = J;
  }
}

void SdkDivergenceWatch::If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) {
  condition(Loc, Cond);
}
void SdkDivergenceWatch::Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
                              SourceLocation) {
  condition(Loc, Cond);
}

void SdkDivergenceWatch::HasInclude(SourceLocation Loc, llvm::StringRef FileName, bool,
                                    OptionalFileEntryRef File, SrcMgr::CharacteristicKind) {
  if (File || !Why->Message.empty() || !F.sdkHasHeader(FileName) || !userCode(Loc))
    return;
  found(Loc, "asks __has_include for '" + FileName.str() +
                 "', which the CUDA SDK has and the bundled headers do not");
}

} // namespace cu2hip
