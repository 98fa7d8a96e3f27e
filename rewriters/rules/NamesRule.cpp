//===- NamesRule.cpp - rule "names": CUDA identifiers -> HIP via the maps --===//
//
// Renames every identifier token that is a key of the mapping tables
// (functions, types, enumerators, macros, namespaces) in all code, active or
// not, including macro bodies (so `cublasSgemm` inside a user macro is
// renamed like any other use: case 07). Skips member names (`p.x`), names
// qualified by an unmapped namespace, names the user declared (FileFacts),
// and the name being defined by a #define. Namespace entries (cub -> hipcub)
// are renamed only before `::` or after `namespace`.
// Which declaration a name refers to is decided by the typed index where the
// file was parsed (a use of the SDK's cudaFree is renamed next to the user's
// mylib::cudaFree or cudaMalloc(int), whose uses stay); elsewhere by
// spelling: names the user declared at namespace scope (FileFacts, or
// guessUserDecls when nothing parsed the file) are kept in the whole file.
// Findings: names-unsupported (no sound HIP equivalent), names-partial,
// names-inactive (renamed in a region no configuration compiled).
//===----------------------------------------------------------------------===//
#include "AllocHooks.h"
#include "RuleUtil.h"
#include "WaveNames.h"
#include "llvm/ADT/Twine.h"

using namespace clang;

namespace cu2hip {
namespace {

class NamesRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"names", IdKind::Edit, "CUDA identifiers renamed to HIP through the mapping tables"},
        {"names-unsupported", IdKind::Warning, "CUDA API without a sound HIP equivalent"},
        {"names-partial", IdKind::Note, "HIP equivalent that behaves differently"},
        {"names-inactive", IdKind::Note, "renamed in a branch no configuration compiles"},
        {"names-user-macro", IdKind::Note, "a user macro defines a CUDA API name"},
        {"names-shadowed", IdKind::Note, "a user declaration shadows a CUDA name; kept"},
    };
    return Ids;
  }

  /// `case X:` where X is a CUDA enumerator without HIP equivalent (e.g. a
  /// status-to-string switch): HIP never produces that value, so the case
  /// and its statements are put under `#if 0` with a comment, so the rest of
  /// the switch compiles. Only for a self-contained case: it starts its own
  /// line after a finished statement and ends where the next case, default
  /// or the switch's `}` starts a line.
  static void disableCaseLabel(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    if (I < 2 || I + 1 >= T.size() || !T[I - 1].isIdent("case") ||
        !T[I + 1].is(tok::colon) || !T[I - 1].StartOfLine ||
        !(T[I - 2].is(tok::semi) || T[I - 2].is(tok::l_brace) ||
          T[I - 2].is(tok::r_brace) || T[I - 2].is(tok::colon)))
      return;
    if (T[I - 2].is(tok::colon))
      return; // stacked labels: removing one would change the fall-through
    int Depth = 0;
    size_t J = I + 2;
    for (; J < T.size(); ++J) {
      if (T[J].is(tok::l_brace) || T[J].is(tok::l_paren))
        ++Depth;
      else if (T[J].is(tok::r_brace) || T[J].is(tok::r_paren)) {
        if (Depth == 0)
          break;
        --Depth;
      } else if (Depth == 0 && (T[J].isIdent("case") || T[J].isIdent("default")))
        break;
      if (T[J].InDirective)
        return;
    }
    if (J >= T.size() || !T[J].StartOfLine || !T[J - 1].is(tok::semi))
      return;
    auto LineStart = [&](unsigned Off) {
      size_t NL = C.Buffer.rfind('\n', Off);
      return NL == llvm::StringRef::npos ? 0u : unsigned(NL + 1);
    };
    C.insertAtOffset("names-unsupported", LineStart(T[I - 1].Offset),
                     C.withEol(("#if 0 // cu2hip: '" + T[I].Text + "' has no HIP equivalent\n").str()));
    C.insertAtOffset("names-unsupported", LineStart(T[J].Offset), C.withEol("#endif\n"));
  }

  /// True when the identifier at `I` is the declarator of a function
  /// declaration or definition (`__device__ floatX __ldcs(const floatX *p)`:
  /// a type-like identifier before it, `(` after) and its HIP name is
  /// qualified (`cu2hip::ldcs`), which no declarator may be. Seen in user
  /// overloads of CUDA intrinsics in branches no configuration compiles, where
  /// the index has no entry (llm.c dev/cuda/common.h).
  static bool declaresQualifiedTarget(const FileContext &C, size_t I, llvm::StringRef Hip) {
    const auto &T = C.Toks;
    if (!Hip.contains("::") || I == 0 || I + 1 >= T.size() || !T[I + 1].is(tok::l_paren))
      return false;
    const Tok &Prev = T[I - 1];
    if (!Prev.isIdent())
      return false;
    static const llvm::StringRef ExprKeywords[] = {"return", "case",   "else",  "throw",  "new",
                                                   "delete", "sizeof", "co_return", "co_yield",
                                                   "do",     "goto",   "typename"};
    return !llvm::is_contained(ExprKeywords, Prev.Text) && !isMacroNameBeingDefined(C, I - 1);
  }

  /// True when the identifier at `I` is the name an alias declares:
  /// `typedef hipblasStatus_t cublasStatus_t;`, `typedef struct X *cudaY;`,
  /// `using cudaY = ...;` (by spelling: for code no configuration parsed).
  static bool declaresAlias(const FileContext &C, size_t I) {
    const auto &T = C.Toks;
    if (I + 1 < T.size() && T[I + 1].is(tok::equal) && I > 0 && T[I - 1].isIdent("using"))
      return true;
    if (I == 0 || I + 1 >= T.size() || !T[I + 1].is(tok::semi))
      return false;
    for (size_t J = I; J-- > 0;) {
      if (T[J].is(tok::semi) || T[J].is(tok::l_brace) || T[J].is(tok::r_brace) ||
          T[J].InDirective)
        return false;
      if (T[J].isIdent("typedef"))
        return true;
    }
    return false;
  }

  /// Decides the identifier at `I` by the declaration it refers to (the
  /// typed index): a use of the SDK's declaration is renamed even where the
  /// user declared an overload or a namespaced function of the same name
  /// (`Renamable` set); a use or declaration of the user's entity is kept,
  /// with one names-shadowed note per name (returns false). Without an index
  /// entry (no parse, inactive code, macro bodies) returns true with
  /// `Renamable` unset: the caller decides by spelling.
  static bool decideByIdentity(FileContext &C, size_t I, llvm::StringSet<> &Reported,
                               bool &Renamable) {
    const NameRef *Ref = indexedName(C, I);
    Renamable = Ref && Ref->System;
    if (!Ref || Ref->System)
      return true;
    llvm::StringRef Name = C.Toks[I].Text;
    // Members (`p.cudaMalloc`) and foreign-qualified names are never
    // renamed anyway; the note is for names that look like the API.
    if (Ref->Parent.empty() && !C.isMemberOrForeignQualified(I) &&
        Reported.insert(Name).second)
      C.report("names-shadowed", Severity::Note, C.Toks[I].Offset,
               ("'" + Name + "' is declared by the user; uses of that declaration "
                "are kept as written, uses of the CUDA API are renamed")
                   .str());
    return false;
  }

  /// True when token `I` sits inside the body of a named namespace (by
  /// spelling: the innermost unclosed `{` follows `namespace NAME`).
  static bool insideNamespaceBody(const TokenStream &T, size_t I) {
    int Depth = 0;
    for (size_t J = I; J-- > 0;) {
      if (T[J].is(tok::r_brace))
        ++Depth;
      else if (T[J].is(tok::l_brace) && Depth-- == 0)
        return J >= 2 && T[J - 1].isIdent() && T[J - 2].isIdent("namespace");
    }
    return false;
  }

  /// Does the mapped namespace name at token `I` (`cub`) name the
  /// namespace? From the index where the file was parsed: the SDK namespace
  /// itself, however it is spelled (`namespace cb = ::cub;`, `using
  /// namespace ::cub;`, `cub::X`). From spelling otherwise (no parse, a
  /// macro body, an inactive branch): a qualifier, a namespace or using
  /// directive, or the target of a namespace alias.
  static bool namesNamespace(const FileContext &C, size_t I) {
    const auto &T = C.Toks;
    if (const NameRef *Ref = indexedName(C, I))
      return Ref->Kind == DeclKind::Namespace && Ref->System;
    // `ls::cub` names a namespace (or alias) of the tree's own: CUDA's
    // library namespaces are top-level.
    if (I >= 2 && T[I - 1].is(tok::coloncolon) && T[I - 2].isIdent())
      return false;
    bool Qualifies = I + 1 < T.size() && T[I + 1].is(tok::coloncolon);
    bool Declared = I > 0 && T[I - 1].isIdent("namespace");
    if (Declared && insideNamespaceBody(T, I))
      return false; // namespace mylib { namespace cub { ... } }
    // namespace cb = cub;
    size_t Eq = I >= 1 && T[I - 1].is(tok::coloncolon) ? I - 2 : I - 1; // = ::cub
    bool Aliased = I >= 3 && Eq + 1 >= 3 && Eq < T.size() && T[Eq].is(tok::equal) &&
                   T[Eq - 1].isIdent() && T[Eq - 2].isIdent("namespace");
    if (!Qualifies && !Declared && !Aliased)
      return false;
    return !(I > 0 && (T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow)));
  }

  /// True when the identifier at `I` declares a typedef that redeclares the
  /// SDK's own (`typedef struct CUstream_st *CUstream;`, as cuda.h does;
  /// not a struct tag: `struct CUstream_st;` maps like any use).
  static bool redeclaresSdkTypedef(const FileContext &C, size_t I) {
    const NameRef *Ref = indexedName(C, I);
    if (!Ref || !Ref->System || !Ref->IsDecl || Ref->Kind != DeclKind::Type || I == 0)
      return false;
    const Tok &Prev = C.Toks[I - 1];
    return !(Prev.isIdent("struct") || Prev.isIdent("class") || Prev.isIdent("union") ||
             Prev.isIdent("enum"));
  }

  /// What one run() keeps from token to token.
  struct RunState {
    std::vector<std::pair<unsigned, unsigned>> ReportedInactive;
    /// Typedefs of the SDK the file redeclares (redeclaresSdkTypedef):
    /// renamed, the declaration would be a second, conflicting HIP typedef
    /// (hipStream_t); kept, with its uses in the file (its type, through
    /// the mapped struct tag, is HIP's).
    llvm::StringSet<> KeptTypedefs;
    llvm::StringSet<> UserMacros, ReportedShadow;
    GuessedDecls Guessed;
  };

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    RunState St;
    // A user macro named like a CUDA API (a compatibility shim, or a
    // redirection to the user's own function) keeps its uses as written:
    // renaming them would bypass the macro.
    // Without a parse, user declarations are recognised by spelling, so a
    // port's output (which is not parsed again) keeps them as the first
    // pass did.
    if (!C.Facts.Parsed)
      St.Guessed = guessUserDecls(C);
    // A macro defined only in a branch no configuration compiles (a tree's
    // own HIP layer: `#if defined(USE_HIP)` ... `#define cudaSuccess
    // hipSuccess`) does not exist where the port is built: its uses are
    // renamed like any other.
    for (size_t I = 0; I < T.size(); ++I)
      if (T[I].isIdent() && isMacroNameBeingDefined(C, I) && C.Maps.lookupName(T[I].Text) &&
          !C.Facts.isInactive(T[I].Offset))
        St.UserMacros.insert(T[I].Text);
    for (size_t I = 0; I < T.size(); ++I)
      if (T[I].isIdent() && C.Maps.lookupName(T[I].Text) &&
          (C.Facts.Parsed ? redeclaresSdkTypedef(C, I)
                          : declaresAlias(C, I) && !C.Facts.isInactive(T[I].Offset)))
        St.KeptTypedefs.insert(T[I].Text);
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent())
        continue;
      if (const MapEntry *E = C.Maps.lookupName(T[I].Text))
        nameAt(C, I, E, St);
    }
  }

  /// The mapped name `E` at token `I`: renamed, kept as written, or reported.
  void nameAt(FileContext &C, size_t I, const MapEntry *E, RunState &St) {
    const auto &T = C.Toks;
    llvm::StringRef Name = T[I].Text;
    if (!isCudaUse(C, I, St))
      return;
    if (inIncludeDirective(C, I))
      return;
    if (E->isNamespace()) {
      if (!namesNamespace(C, I))
        return;
    } else if (C.isMemberOrForeignQualified(I)) {
      // `p.x` is never a CUDA name. `ns::X` with an unmapped qualifier is
      // not renamed, but an unsupported CUDA entity reached through a
      // namespace alias (`cg::block_tile_memory`) is still reported.
      bool Member = T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow);
      if (!Member && E->status() == MapStatus::Unsupported && !T[I - 2].isIdent("std"))
        C.report("names-unsupported", Severity::Warning, T[I].Offset,
                 ("'" + Name + "' has no HIP equivalent" +
                  (E->Note.empty() ? "" : ": " + E->Note))
                     .str());
      return;
    }
    if (!reportStatus(C, I, E))
      return;
    if (E->Hip == Name)
      return;
    if (declaresQualifiedTarget(C, I, E->Hip)) {
      C.report("names-shadowed", Severity::Note, T[I].Offset,
               ("'" + Name + "' is declared here by the user; a declaration cannot "
                "be named '" + E->Hip + "', so it is kept as written")
                   .str());
      return;
    }
    rename(C, I, E, St);
  }

  /// Is the name at token `I` a use of the CUDA API, not one the user
  /// declared (by the index, or by spelling without one), nor a name
  /// another rule owns? Reports the kept names.
  bool isCudaUse(FileContext &C, size_t I, RunState &St) {
    const auto &T = C.Toks;
    llvm::StringRef Name = T[I].Text;
    if (C.Opts.Wave != WaveMode::Keep && isWaveOwnedName(Name))
      return false;
    if (C.Opts.AllocHooks && isAllocHookCall(C, I))
      return false; // rewritten by the alloc-hooks rule
    if (isMacroNameBeingDefined(C, I)) {
      C.report("names-user-macro", Severity::Note, T[I].Offset,
               C.Facts.isInactive(T[I].Offset)
                   ? ("macro '" + Name + "' is defined only in a branch no "
                      "configuration compiles (the tree's own HIP layer); it is kept, "
                      "its uses are renamed for the configurations parsed")
                         .str()
                   : ("macro '" + Name + "' defines a CUDA API name; it and its uses "
                      "are kept as written")
                         .str());
      return false;
    }
    if (C.Facts.isInactive(T[I].Offset) && declaresAlias(C, I)) {
      C.report("names-user-macro", Severity::Note, T[I].Offset,
               ("'" + Name + "' is declared by the tree's own HIP layer in a branch no "
                "configuration compiles; the declaration is kept (renaming it would "
                "redeclare the HIP name)")
                   .str());
      return false;
    }
    if (St.KeptTypedefs.count(Name)) {
      if (St.ReportedShadow.insert(Name).second)
        C.report("names-shadowed", Severity::Note, T[I].Offset,
                 ("'" + Name + "' redeclares CUDA's own typedef here; the declaration and "
                  "its uses in this file are kept as written (renamed, it would be a second, "
                  "conflicting HIP typedef)")
                     .str());
      return false;
    }
    bool Renamable = false;
    if (!decideByIdentity(C, I, St.ReportedShadow, Renamable))
      return false;
    if (Renamable)
      return true;
    if (C.Facts.NoRenameOffsets.count(T[I].Offset) || St.Guessed.Members.count(T[I].Offset))
      return false;
    bool Shadowed = C.Facts.ShadowedNames.count(Name) || St.UserMacros.count(Name);
    bool Guess = !Shadowed && St.Guessed.FileScope.count(Name);
    if (Shadowed || Guess) {
      if (St.ReportedShadow.insert(Name).second)
        C.report("names-shadowed", Severity::Note, T[I].Offset,
                 ("'" + Name + "' is declared by the user at namespace scope "
                  "or as a macro; the name is kept as written in this file" +
                  (Guess ? " (guessed from spelling: the file was not parsed)" : ""))
                     .str());
      return false;
    }
    return true;
  }

  /// Reports an unsupported or partial mapping; false when the name is not
  /// renamed (unsupported: its case label, if any, is disabled).
  bool reportStatus(FileContext &C, size_t I, const MapEntry *E) {
    const auto &T = C.Toks;
    llvm::StringRef Name = T[I].Text;
    switch (E->status()) {
    case MapStatus::Unsupported:
      C.report("names-unsupported", Severity::Warning, T[I].Offset,
               ("'" + Name + "' has no HIP equivalent" +
                (E->Note.empty() ? "" : ": " + E->Note))
                   .str());
      disableCaseLabel(C, I);
      return false;
    case MapStatus::Partial:
      C.report("names-partial", Severity::Note, T[I].Offset,
               ("'" + Name + "' -> '" + E->Hip + "' differs in behaviour" +
                (E->Note.empty() ? "" : ": " + E->Note))
                   .str());
      break;
    case MapStatus::Supported:
      break;
    }
    return true;
  }

  /// Renames token `I` to `E->Hip`, with the header and statistics it
  /// needs and one names-inactive note per inactive region.
  void rename(FileContext &C, size_t I, const MapEntry *E, RunState &St) {
    const auto &T = C.Toks;
    C.replaceTokens(id(), I, I, E->Hip);
    if (llvm::StringRef(E->Hip).startswith("cu2hip::"))
      C.requestHeader("cu2hip/compat.h");
    if (!E->Requires.empty())
      C.requestHeader(E->Requires);
    ++C.Stats.RenamesPerLib[E->Lib.empty() ? "other" : E->Lib];
    if (E->Since == "7.2")
      ++C.Stats.RenamesNewerHip;
    if (!C.Facts.isInactive(T[I].Offset))
      return;
    // One note per inactive region.
    for (auto &R : C.Facts.Inactive)
      if (T[I].Offset >= R.first && T[I].Offset < R.second) {
        if (std::find(St.ReportedInactive.begin(), St.ReportedInactive.end(), R) ==
            St.ReportedInactive.end()) {
          St.ReportedInactive.push_back(R);
          C.report("names-inactive", Severity::Note, T[I].Offset,
                   "CUDA names renamed at token level in a preprocessor "
                   "branch that no configuration compiles; no semantic "
                   "rule ran here");
        }
        break;
      }
  }
};

} // namespace

std::unique_ptr<Rule> createNamesRule() { return std::make_unique<NamesRule>(); }

} // namespace cu2hip
