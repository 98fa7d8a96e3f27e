//===- GenCudaDecls.cpp - declaration-only CUDA headers from the maps ------===//
//
// Writes rewriters/cuda-decls/: the declarations of the CUDA names the maps
// know (and of the types, enumerators and macros those declarations need),
// taken from a CUDA SDK through Clang's parse of its headers, so that cu2hip
// parses CUDA code where no SDK is installed.
//
// The parse is cu2hip's own host-side parse of every header the maps name.
// Each SDK file that holds a chosen declaration, or that a user or Clang's
// CUDA wrapper includes by name, becomes one generated file of the same
// relative path. It holds, in the SDK's order, the file's includes (an
// include of a file that is not generated is replaced by that file's own
// includes) and its chosen declarations, printed by Clang's declaration
// printer: functions without their bodies, records with their members,
// enums with their enumerators, macros with their replacement tokens.
//
// Usage: cu2hip-gen-cuda-decls --cuda-path=/usr/local/cuda --maps=rewriters/maps
//        --extra=tools/cuda-decls/extra-names.txt -o rewriters/cuda-decls
//
//===----------------------------------------------------------------------===//

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>

using namespace clang;
using namespace llvm;

static cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA SDK to read"),
                                     cl::init("/usr/local/cuda"));
static cl::opt<std::string> MapsDir("maps", cl::desc("directory of the map files"),
                                    cl::Required);
static cl::opt<std::string> ExtraNames("extra", cl::desc("file of further names, one a line"));
static cl::opt<std::string> OutDir("o", cl::desc("output directory"), cl::Required);
static cl::opt<std::string> ResourceDir("resource-dir", cl::desc("Clang resource directory"));
static cl::list<std::string> Defines("define", cl::desc("a macro to define for the parse (to "
                                                        "check that it leaves the output alone)"));

namespace {

/// The names the maps know, split by kind.
struct NameSet {
  StringSet<> Names;           ///< functions, types, enumerators, macros
  std::vector<std::string> Headers;
  StringSet<> Skip; ///< headers left out of the parse (they exclude others)
  /// SDK files (relative to include/) all of whose macros are kept: the
  /// CUDA keywords of crt/host_defines.h that any CUDA code spells.
  StringSet<> MacroFiles;
  /// SDK files all of whose declarations are kept: the device functions
  /// (math, atomics, warp intrinsics, fp16/bf16) that HIP spells as CUDA
  /// does, so the maps do not list them.
  StringSet<> DeclFiles;
};

/// Reads every `cuda: NAME` of the YAML files under `Dir` (maps, overrides).
void readMaps(StringRef Dir, NameSet &Out) {
  Regex Entry("cuda: *\"?([^,\"}]+)\"?,.*kind: *([a-z]+)");
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC)) {
    if (!StringRef(I->path()).endswith(".yaml"))
      continue;
    auto Buf = MemoryBuffer::getFile(I->path());
    if (!Buf)
      continue;
    SmallVector<StringRef, 0> Lines;
    (*Buf)->getBuffer().split(Lines, '\n');
    for (StringRef L : Lines) {
      SmallVector<StringRef, 3> M;
      if (!Entry.match(L, &M))
        continue;
      if (M[2] == "header")
        Out.Headers.push_back(M[1].trim().str());
      else
        Out.Names.insert(M[1].trim());
    }
  }
}

void readExtra(StringRef File, NameSet &Out) {
  auto Buf = MemoryBuffer::getFile(File);
  if (!Buf)
    return;
  SmallVector<StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.split('#').first.trim();
    if (L.consume_front("header "))
      Out.Headers.push_back(L.trim().str());
    else if (L.consume_front("skip-header "))
      Out.Skip.insert(L.trim());
    else if (L.consume_front("macros-of "))
      Out.MacroFiles.insert(L.trim());
    else if (L.consume_front("decls-of "))
      Out.DeclFiles.insert(L.trim());
    else if (!L.empty())
      Out.Names.insert(L);
  }
}

/// One thing a generated file holds, at its offset in the SDK file.
struct Event {
  unsigned Offset;
  enum Kind { IncludeEv, DeclEv, MacroEv } K;
  /// At one offset (`typedef enum E {...} T;`), the tag comes first.
  unsigned Rank = 1;
  std::string Target; ///< IncludeEv: real path of the file included
  std::string Spelling;               ///< Include: "<x.h>" or "\"x.h\""
  const Decl *D = nullptr;            ///< Decl
  std::string Text;                   ///< Macro: the #define line
};

/// What the parse found in the SDK's files.
struct SdkFacts {
  std::map<std::string, std::vector<Event>> Events; ///< by real path
  /// Files included by name from outside the SDK (the virtual unit, Clang's
  /// wrapper): generated even when empty.
  SetVector<std::string, std::vector<std::string>, std::set<std::string>> Named;
  /// Macros of the SDK by name: definition and file.
  StringMap<std::pair<const MacroInfo *, std::string>> Macros;
  /// The names of NameSet found as a declaration or macro.
  StringSet<> Found;
  /// The names of NameSet that Clang's own CUDA headers declare.
  StringSet<> FromClang;
  /// SDK macros expanded outside the SDK (in Clang's CUDA headers), and
  /// the macros of NameSet::MacroFiles: kept like the maps' macros.
  StringSet<> MacroSeeds;
  /// Every SDK file the parse entered, by real path.
  std::set<std::string> Entered;
  /// Macro names an SDK file's conditional directives tested (#ifdef,
  /// #ifndef, defined(), names in #if/#elif), outside skipped blocks.
  std::set<std::string> Tested;
};

std::vector<std::string> SdkRoots;

bool inSdk(StringRef Path) {
  static StringMap<bool> Cache;
  auto It = Cache.find(Path);
  if (It != Cache.end())
    return It->second;
  bool In = false;
  SmallString<256> Real;
  if (!sys::fs::real_path(Path, Real))
    for (const std::string &R : SdkRoots)
      In |= StringRef(Real).startswith(R + "/");
  Cache[Path] = In;
  return In;
}

/// Path of an SDK file relative to its include root (the first, longest
/// root it is under: cccl before include).
std::string relativeToRoot(StringRef Path) {
  SmallString<256> Real;
  sys::fs::real_path(Path, Real);
  std::string Best;
  for (const std::string &R : SdkRoots)
    if (StringRef(Real).startswith(R + "/")) {
      std::string Rel = StringRef(Real).drop_front(R.size() + 1).str();
      if (Best.empty() || Rel.size() < Best.size())
        Best = Rel;
    }
  return Best;
}

std::string realOf(const FileEntry *FE) {
  SmallString<256> Real;
  if (sys::fs::real_path(FE->getName(), Real))
    return FE->getName().str();
  return std::string(Real);
}

class SdkWatch : public PPCallbacks {
public:
  SdkWatch(SourceManager &SM, SdkFacts &F, const StringSet<> &MacroFiles)
      : SM(SM), F(F), MacroFiles(MacroFiles) {}
  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *) override {
    const MacroInfo *MI = MD.getMacroInfo();
    if (!MI || !Name.getLocation().isFileID())
      return;
    const FileEntry *At = SM.getFileEntryForID(SM.getFileID(Name.getLocation()));
    const FileEntry *Def = SM.getFileEntryForID(SM.getFileID(MI->getDefinitionLoc()));
    if (At && Def && !inSdk(At->getName()) && inSdk(Def->getName()))
      F.MacroSeeds.insert(Name.getIdentifierInfo()->getName());
  }
  void InclusionDirective(SourceLocation Hash, const Token &, StringRef FileName, bool IsAngled,
                          CharSourceRange, OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, SrcMgr::CharacteristicKind) override {
    if (!File)
      return;
    const FileEntry *From = SM.getFileEntryForID(SM.getFileID(SM.getExpansionLoc(Hash)));
    bool FromSdk = From && inSdk(From->getName());
    if (!inSdk(File->getFileEntry().getName()) && !FromSdk)
      return;
    if (!FromSdk) {
      F.Named.insert(realOf(&File->getFileEntry()));
      return;
    }
    Event E{SM.getFileOffset(SM.getExpansionLoc(Hash)), Event::IncludeEv};
    E.Target = realOf(&File->getFileEntry());
    E.Spelling = IsAngled ? ("<" + FileName + ">").str() : ("\"" + FileName + "\"").str();
    F.Events[realOf(From)].push_back(E);
  }
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason != EnterFile)
      return;
    if (const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(Loc)))
      if (inSdk(FE->getName()))
        F.Entered.insert(realOf(FE));
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    tested(Loc, Name);
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    tested(Loc, Name);
  }
  using PPCallbacks::Elifdef;
  using PPCallbacks::Elifndef;
  void Elifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    tested(Loc, Name);
  }
  void Elifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    tested(Loc, Name);
  }
  void Defined(const Token &Name, const MacroDefinition &, SourceRange R) override {
    tested(R.getBegin(), Name);
  }
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    condition(Loc, Cond);
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind, SourceLocation) override {
    condition(Loc, Cond);
  }
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    SourceLocation L = MD->getLocation();
    if (L.isInvalid() || !SM.getFileEntryForID(SM.getFileID(L)))
      return;
    const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(L));
    if (inSdk(FE->getName())) {
      F.Macros[Name.getIdentifierInfo()->getName()] = {MD->getMacroInfo(), realOf(FE)};
      if (MacroFiles.count(relativeToRoot(FE->getName())))
        F.MacroSeeds.insert(Name.getIdentifierInfo()->getName());
    }
  }

private:
  bool inSdkFile(SourceLocation Loc) const {
    const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(SM.getExpansionLoc(Loc)));
    return FE && inSdk(FE->getName());
  }
  void tested(SourceLocation Loc, const Token &Name) {
    if (Name.getIdentifierInfo() && inSdkFile(Loc))
      F.Tested.insert(Name.getIdentifierInfo()->getName().str());
  }
  /// The names in a condition as written (an undefined one reads as 0).
  void condition(SourceLocation Loc, SourceRange Cond) {
    if (!inSdkFile(Loc))
      return;
    bool Invalid = false;
    // The lexer reads up to a NUL after the text: a copy ends in one.
    std::string Text =
        Lexer::getSourceText(CharSourceRange::getTokenRange(Cond), SM, LO, &Invalid).str();
    if (Invalid)
      return;
    Lexer L(SourceLocation(), LO, Text.data(), Text.data(), Text.data() + Text.size());
    Token T;
    for (L.LexFromRawLexer(T); T.isNot(tok::eof); L.LexFromRawLexer(T))
      if (T.is(tok::raw_identifier))
        F.Tested.insert(T.getRawIdentifier().str());
  }

  SourceManager &SM;
  SdkFacts &F;
  const StringSet<> &MacroFiles;
  LangOptions LO;
};

/// Collects the declarations a declaration's printed form refers to (its
/// types, base classes, default arguments, enumerators), never looking into
/// a function body.
class Refs : public RecursiveASTVisitor<Refs> {
public:
  SetVector<const Decl *> Found;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseStmt(Stmt *S) {
    if (S && Bodies.count(S))
      return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody())
      Bodies.insert(FD->getBody());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return add(TL.getDecl()); }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) { return add(TL.getTypedefNameDecl()); }
  bool VisitUsingTypeLoc(UsingTypeLoc TL) {
    add(TL.getFoundDecl()->getIntroducer());
    return add(TL.getFoundDecl()->getTargetDecl());
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    return addTemplate(TL.getTypePtr()->getTemplateName());
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *Shadow = dyn_cast<UsingShadowDecl>(E->getFoundDecl()))
      add(Shadow->getIntroducer());
    return add(E->getDecl());
  }
  bool VisitTemplateName(TemplateName N) { return addTemplate(N); }
  /// `is_arithmetic_v<T>` in a partial specialization's arguments: the
  /// candidates of a dependent name.
  bool VisitOverloadExpr(OverloadExpr *E) {
    for (const NamedDecl *D : E->decls())
      add(D->getUnderlyingDecl());
    return true;
  }

private:
  bool add(const Decl *D) {
    if (D)
      Found.insert(D);
    return true;
  }
  /// A template named through a using-declaration (`using cuda::std::plus;`
  /// in cooperative groups' `details`) needs that declaration too.
  bool addTemplate(TemplateName N) {
    if (const UsingShadowDecl *Shadow = N.getAsUsingShadowDecl())
      add(Shadow->getIntroducer());
    return add(N.getAsTemplateDecl());
  }
  llvm::DenseSet<const Stmt *> Bodies;
};

/// The SDK declarations that code outside the SDK (Clang's CUDA headers)
/// refers to: the wrapper's own functions need them.
class OutsideRefs : public RecursiveASTVisitor<OutsideRefs> {
public:
  OutsideRefs(SourceManager &SM, const std::function<void(const Decl *)> &Choose)
      : SM(SM), Choose(Choose) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseDecl(Decl *D) {
    // Declarations of the SDK itself are looked at only when chosen.
    if (D && !isa<TranslationUnitDecl>(D) && !isa<NamespaceDecl>(D) &&
        !isa<LinkageSpecDecl>(D) && inSdkFile(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) { return use(E->getLocation(), E->getDecl()); }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return use(TL.getBeginLoc(), TL.getDecl()); }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    return use(TL.getBeginLoc(), TL.getTypedefNameDecl());
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    return use(TL.getBeginLoc(), TL.getTypePtr()->getTemplateName().getAsTemplateDecl());
  }
  bool VisitOverloadExpr(OverloadExpr *E) {
    for (const NamedDecl *D : E->decls())
      use(E->getNameLoc(), D->getUnderlyingDecl());
    return true;
  }

private:
  bool inSdkFile(SourceLocation L) {
    const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(SM.getExpansionLoc(L)));
    return FE && inSdk(FE->getName());
  }
  bool use(SourceLocation At, const Decl *D) {
    if (D && At.isValid() && !inSdkFile(At) && inSdkFile(D->getLocation()))
      Choose(D);
    return true;
  }
  SourceManager &SM;
  const std::function<void(const Decl *)> &Choose;
};

/// The declaration that stands directly in a namespace, a linkage
/// specification or the translation unit and holds `D`.
const Decl *unitOf(const Decl *D) {
  while (D) {
    const DeclContext *DC = D->getDeclContext();
    if (isa<TranslationUnitDecl>(DC) || isa<NamespaceDecl>(DC) || isa<LinkageSpecDecl>(DC))
      break;
    D = cast<Decl>(DC);
  }
  if (const auto *TD = dyn_cast_or_null<CXXRecordDecl>(D))
    if (const ClassTemplateDecl *CT = TD->getDescribedClassTemplate())
      return CT;
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D)) {
    if (const FunctionTemplateDecl *FT = FD->getDescribedFunctionTemplate())
      return FT;
    // A specialization stands for its template.
    if (const FunctionTemplateDecl *FT = FD->getPrimaryTemplate())
      return FT;
  }
  // An instantiation stands for its template; an explicit or partial
  // specialization is printed for itself.
  if (const auto *CS = dyn_cast_or_null<ClassTemplateSpecializationDecl>(D))
    if (!CS->isExplicitSpecialization() && !isa<ClassTemplatePartialSpecializationDecl>(CS))
      return CS->getSpecializedTemplate();
  return D;
}

/// The one declaration of `D` that is printed: a record's or template's
/// definition, a function's definition or last declaration.
const Decl *printed(const Decl *D) {
  if (const auto *CT = dyn_cast<ClassTemplateDecl>(D))
    if (const CXXRecordDecl *Def = CT->getTemplatedDecl()->getDefinition())
      return Def->getDescribedClassTemplate() ? Def->getDescribedClassTemplate() : D;
  if (const auto *RD = dyn_cast<RecordDecl>(D))
    return RD->getDefinition() ? RD->getDefinition() : RD->getFirstDecl();
  if (const auto *ED = dyn_cast<EnumDecl>(D))
    return ED->getDefinition() ? ED->getDefinition() : ED->getFirstDecl();
  if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
    return FT->getMostRecentDecl();
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    const FunctionDecl *Def = nullptr;
    if (FD->isDefined(Def))
      return Def;
    return FD->getMostRecentDecl();
  }
  return D;
}

/// The index of the bracket closing the one at `Open` (`(` or `<`), counting
/// only that kind; Text.size() when it is not closed.
size_t closingBracket(StringRef Text, size_t Open) {
  char O = Text[Open], C = O == '(' ? ')' : '>';
  unsigned Depth = 0;
  for (size_t I = Open; I < Text.size(); ++I)
    if (Text[I] == O)
      ++Depth;
    else if (Text[I] == C && --Depth == 0)
      return I;
  return Text.size();
}

class Printer {
public:
  Printer(ASTContext &Ctx)
      : Ctx(Ctx), Policy(Ctx.getPrintingPolicy()), Terse(Ctx.getPrintingPolicy()) {
    Policy.SuppressInitializers = false;
    Terse = Policy;
    Terse.TerseOutput = true;
  }

  /// `D` as a declaration: functions without bodies, records with members.
  void print(const Decl *D, raw_ostream &OS, unsigned Indent = 0) {
    if (const auto *UD = dyn_cast<UsingDirectiveDecl>(D)) {
      // The nominated namespace may hold nothing generated: it is opened.
      const NamespaceDecl *NS = UD->getNominatedNamespace();
      if (NS->getParent() == UD->getDeclContext())
        OS << "namespace " << NS->getName() << " {}\nusing namespace " << NS->getName()
           << ";\n";
      else
        OS << "using namespace ::" << NS->getQualifiedNameAsString() << ";\n";
      return;
    }
    if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
      if (const TagDecl *Tag = TD->getUnderlyingType()->getAsTagDecl())
        if (Tag->getTypedefNameForAnonDecl() == TD && Tag->isCompleteDefinition()) {
          OS << "typedef ";
          if (const auto *RD = dyn_cast<CXXRecordDecl>(Tag)) {
            printRecord(RD, nullptr, OS, Indent, TD->getName());
            return;
          }
          Tag->print(OS, Policy, Indent);
          OS << " " << TD->getName() << ";\n";
          return;
        }
    if (isa<FunctionDecl>(D) || isa<FunctionTemplateDecl>(D)) {
      std::string Text;
      raw_string_ostream TS(Text);
      D->print(TS, Terse, Indent);
      TS.flush();
      Text = withoutStandardAttributes(Text);
      const FunctionDecl *FD = D->getAsFunction();
      const auto *Proto = FD ? FD->getType()->getAs<FunctionProtoType>() : nullptr;
      OS << (Proto && Proto->hasTrailingReturn() ? attributesFirst(Text) : Text) << ";\n";
      return;
    }
    const CXXRecordDecl *RD = dyn_cast<CXXRecordDecl>(D);
    const ClassTemplateDecl *CT = dyn_cast<ClassTemplateDecl>(D);
    if (CT)
      RD = CT->getTemplatedDecl();
    if (RD && RD->isCompleteDefinition() && !RD->isLambda()) {
      printRecord(RD, CT, OS, Indent);
      return;
    }
    std::string Text;
    raw_string_ostream TS(Text);
    D->print(TS, Policy, Indent);
    TS.flush();
    OS << alignasFirst(Text) << ";\n";
  }

  /// The printer puts `[[...]]` after a function's declarator, where no
  /// standard attribute may stand; none of them (nodiscard, deprecated)
  /// changes what a parse sees.
  static std::string withoutStandardAttributes(StringRef Text) {
    std::string Out;
    while (!Text.empty()) {
      size_t At = Text.find(" [[");
      if (At == StringRef::npos) {
        Out += Text.str();
        break;
      }
      size_t End = Text.find("]]", At);
      if (End == StringRef::npos) {
        Out += Text.str();
        break;
      }
      Out += Text.substr(0, At).str();
      Text = Text.substr(End + 2);
    }
    return Out;
  }

  /// The printer puts GNU attributes after the declarator, which after a
  /// trailing return type (`auto f() -> T __attribute__((device))`) is not
  /// where Clang reads them as the function's: they go before the
  /// declaration, after its template heads.
  static std::string attributesFirst(StringRef Text) {
    std::string Attrs, Rest;
    static constexpr StringRef Open = " __attribute__((";
    while (true) {
      size_t At = Text.find(Open);
      if (At == StringRef::npos)
        break;
      size_t End = closingBracket(Text, At + Open.size() - 2);
      if (End == Text.size())
        break;
      Rest += Text.substr(0, At).str();
      Attrs += Text.substr(At + 1, End + 1 - At - 1).str() + " ";
      Text = Text.substr(End + 1);
    }
    Rest += Text.str();
    // After `template <...> ` heads (angle brackets balanced).
    size_t Pos = 0;
    StringRef R(Rest);
    while (R.substr(Pos).startswith("template <"))
      Pos = std::min(R.size(), closingBracket(R, Pos + 9) + 2);
    return Rest.substr(0, Pos) + Attrs + Rest.substr(Pos);
  }

  /// The printer puts `alignas(N)` after a variable's declarator, where it
  /// would apply to the type: it goes first.
  static std::string alignasFirst(StringRef Text) {
    size_t At = Text.rfind(" alignas(");
    if (At == StringRef::npos || !Text.endswith(")") || Text.count('(') != 1)
      return Text.str();
    return (Text.substr(At + 1) + " " + Text.substr(0, At)).str();
  }

private:
  /// The unnamed record a field's type names (the field declares it).
  static const CXXRecordDecl *unnamedRecordOf(const FieldDecl *F) {
    const auto *RD = F->getType()->getAsCXXRecordDecl();
    if (RD && !RD->getIdentifier() && !RD->getTypedefNameForAnonDecl() &&
        !RD->isAnonymousStructOrUnion())
      return RD;
    return nullptr;
  }

  static bool isConstructorOrDestructor(const Decl *M) {
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(M))
      M = FT->getTemplatedDecl();
    return isa<CXXConstructorDecl>(M) || isa<CXXDestructorDecl>(M);
  }

  /// A specialization's constructor is printed with the class's canonical
  /// template arguments (`tile_impl<Size, type-parameter-0-1, false>(...)`);
  /// the declarator needs the plain class name (`tile_impl(...)`).
  static std::string plainClassName(StringRef Text, StringRef Name) {
    for (size_t At = Text.find(Name); At != StringRef::npos; At = Text.find(Name, At + 1)) {
      bool Starts = At == 0 || Text[At - 1] == ' ' || Text[At - 1] == '~';
      size_t Open = At + Name.size();
      if (!Starts || Open >= Text.size() || Text[Open] != '<')
        continue;
      size_t Close = closingBracket(Text, Open);
      if (Close + 1 < Text.size() && Text[Close + 1] == '(')
        return (Text.substr(0, Open) + Text.substr(Close + 1)).str();
    }
    return Text.str();
  }

  void printRecord(const CXXRecordDecl *RD, const ClassTemplateDecl *CT, raw_ostream &OS,
                   unsigned Indent, StringRef Declarator = "") {
    std::string Head;
    raw_string_ostream HS(Head);
    // The head as the declaration printer writes it, without a body.
    (CT ? static_cast<const Decl *>(CT) : RD)->print(HS, Terse, Indent);
    HS.flush();
    StringRef H = StringRef(Head).rtrim();
    if (H.endswith("{}"))
      H = H.drop_back(2).rtrim();
    OS << H << " {\n";
    AccessSpecifier Current = RD->isClass() ? AS_private : AS_public;
    for (const Decl *M : RD->decls()) {
      if (M->isImplicit() || isa<AccessSpecDecl>(M) || isa<StaticAssertDecl>(M))
        continue;
      if (const auto *MR = dyn_cast<CXXRecordDecl>(M)) {
        if (MR->isInjectedClassName())
          continue;
        // An unnamed record is printed with the field it declares.
        if (!MR->getIdentifier() && !MR->isAnonymousStructOrUnion())
          continue;
      }
      if (M->getAccess() != Current && M->getAccess() != AS_none) {
        Current = M->getAccess();
        OS.indent(Indent) << (Current == AS_public ? "public" :
                              Current == AS_protected ? "protected" : "private")
                          << ":\n";
      }
      if (const auto *F = dyn_cast<FriendDecl>(M)) {
        if (F->getFriendDecl() && isa<TemplateDecl>(F->getFriendDecl()))
          continue; // access only: no body here needs it
        M->print(OS.indent(Indent + 2), Terse, Indent + 2);
        OS << ";\n";
        continue;
      }
      OS.indent(Indent + 2);
      if (const auto *FD = dyn_cast<FieldDecl>(M))
        if (const CXXRecordDecl *Unnamed = unnamedRecordOf(FD)) {
          printRecord(Unnamed, nullptr, OS, Indent + 2, FD->getName());
          continue;
        }
      if (isa<ClassTemplateSpecializationDecl>(RD) && isConstructorOrDestructor(M)) {
        std::string Text;
        raw_string_ostream TS(Text);
        print(M, TS, Indent + 2);
        TS.flush();
        OS << plainClassName(Text, RD->getName());
        continue;
      }
      print(M, OS, Indent + 2);
    }
    OS.indent(Indent) << "}" << (Declarator.empty() ? "" : " ") << Declarator << ";\n";
  }

  ASTContext &Ctx;
  PrintingPolicy Policy, Terse;
};

/// Wraps `Text` in the namespaces and linkage specifications around `D`.
std::string inContext(const Decl *D, std::string Text) {
  for (const DeclContext *DC = D->getDeclContext(); !isa<TranslationUnitDecl>(DC);
       DC = DC->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Text = (NS->isInline() ? "inline namespace " : "namespace ") + NS->getName().str() +
             " {\n" + Text + "}\n";
    else if (const auto *LS = dyn_cast<LinkageSpecDecl>(DC))
      Text = std::string(LS->getLanguage() == LinkageSpecDecl::lang_c ? "extern \"C\" {\n"
                                                                         : "extern \"C++\" {\n") +
             Text + "}\n";
  }
  return Text;
}

class Collect : public ASTConsumer {
public:
  Collect(const NameSet &Names, SdkFacts &F, CompilerInstance &CI)
      : Names(Names), F(F), CI(CI) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    SourceManager &SM = Ctx.getSourceManager();
    SetVector<const Decl *> Chosen;
    std::vector<const Decl *> Work;
    std::vector<const Decl *> Specializations;
    auto Choose = [&](const Decl *D) {
      D = unitOf(D);
      if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D))
        if (FD->getBuiltinID())
          return; // Clang knows it already
      if (!D || isa<TranslationUnitDecl>(D) || isa<NamespaceDecl>(D) ||
          isa<LinkageSpecDecl>(D) || isa<TemplateTypeParmDecl>(D) ||
          isa<NonTypeTemplateParmDecl>(D) || isa<TemplateTemplateParmDecl>(D) ||
          isa<ParmVarDecl>(D))
        return;
      // An unnamed tag is printed with the typedef that names it.
      if (const auto *Tag = dyn_cast<TagDecl>(D))
        if (const TypedefNameDecl *TN = Tag->getTypedefNameForAnonDecl())
          D = TN;
      D = printed(D);
      SourceLocation L = SM.getExpansionLoc(D->getLocation());
      const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(L));
      if (!FE || !inSdk(FE->getName()))
        return;
      if (!Chosen.insert(D))
        return;
      Work.push_back(D);
      // A class template's partial and explicit specializations: code
      // instantiating the template may pick one (cooperative groups'
      // thread_block_tile_impl<Size, ParentT, false>). Not libcu++'s: its
      // metaprogramming (packs, nested template heads, hidden friends)
      // does not print back as valid C++, and the code that uses it parses
      // without them.
      const auto *CT = dyn_cast<ClassTemplateDecl>(D);
      if (CT && !StringRef(CT->getQualifiedNameAsString()).startswith("cuda::std::")) {
        SmallVector<ClassTemplatePartialSpecializationDecl *, 4> Partial;
        const_cast<ClassTemplateDecl *>(CT)->getPartialSpecializations(Partial);
        for (const ClassTemplatePartialSpecializationDecl *PS : Partial)
          Specializations.push_back(PS);
        for (const ClassTemplateSpecializationDecl *S : CT->specializations())
          if (S->isExplicitSpecialization())
            Specializations.push_back(S);
      }
    };
    walk(Ctx.getTranslationUnitDecl(), Choose);
    std::function<void(const Decl *)> ChooseFn = Choose;
    OutsideRefs(SM, ChooseFn).TraverseDecl(Ctx.getTranslationUnitDecl());
    while (!Work.empty() || !Specializations.empty()) {
      if (Work.empty()) {
        const Decl *S = Specializations.back();
        Specializations.pop_back();
        Choose(S);
        continue;
      }
      const Decl *D = Work.back();
      Work.pop_back();
      Refs R;
      R.TraverseDecl(const_cast<Decl *>(D));
      for (const Decl *X : R.Found)
        Choose(X);
    }
    Printer P(Ctx);
    addForwardDeclarations(Chosen, SM);
    for (const Decl *D : Chosen) {
      if (const auto *UD = dyn_cast<UsingDirectiveDecl>(D))
        if (!nominatesChosen(UD, Chosen))
          continue;
      SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
      std::string Text;
      raw_string_ostream OS(Text);
      P.print(D, OS);
      OS.flush();
      unsigned Offset = SM.getFileOffset(L);
      // `typedef enum E {...} T;`: T follows the definition of E.
      if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
        if (const TagDecl *Tag = TD->getUnderlyingType()->getAsTagDecl()) {
          SourceLocation TL = SM.getExpansionLoc(Tag->getBeginLoc());
          SourceLocation End = SM.getExpansionLoc(TD->getEndLoc());
          if (SM.getFileID(TL) == SM.getFileID(L) && SM.getFileOffset(TL) > Offset &&
              SM.getFileOffset(TL) < SM.getFileOffset(End))
            Offset = SM.getFileOffset(TL);
        }
      Event E{Offset, Event::DeclEv};
      E.D = D;
      E.Rank = isa<TagDecl>(D) || isa<ClassTemplateDecl>(D) ? 0 : 1;
      E.Text = inContext(D, Text);
      F.Events[realOf(SM.getFileEntryForID(SM.getFileID(L)))].push_back(E);
    }
    addMacros();
    errs() << "chosen declarations: " << Chosen.size() << "\n";
  }

private:
  bool inSdkFile(const Decl *D) {
    const SourceManager &SM = D->getASTContext().getSourceManager();
    const FileEntry *FE =
        SM.getFileEntryForID(SM.getFileID(SM.getExpansionLoc(D->getLocation())));
    return FE && inSdk(FE->getName());
  }

  /// A using directive is printed when its namespace is opened beside it
  /// (Printer::print) or holds a chosen declaration; otherwise the
  /// namespace would not exist in the generated headers
  /// (`using namespace cuda::std::chrono_literals` in libcu++'s chrono).
  static bool nominatesChosen(const UsingDirectiveDecl *UD,
                              const SetVector<const Decl *> &Chosen) {
    const NamespaceDecl *NS = UD->getNominatedNamespace();
    if (NS->getParent() == UD->getDeclContext())
      return true;
    for (const Decl *D : Chosen)
      for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
        if (DC->getPrimaryContext() == NS->getPrimaryContext())
          return true;
    return false;
  }

  /// The qualified name as users spell it: without the versioned inner
  /// namespaces (`cooperative_groups::__v1::thread_block` is used as
  /// `cooperative_groups::thread_block`, through a using directive).
  static std::string userName(const NamedDecl *ND) {
    SmallVector<StringRef, 4> Parts;
    std::string Q = ND->getQualifiedNameAsString();
    StringRef(Q).split(Parts, "::");
    std::string Out;
    for (size_t I = 0; I < Parts.size(); ++I)
      if (I + 1 == Parts.size() || !Parts[I].startswith("__"))
        Out += (Out.empty() ? "" : "::") + Parts[I].str();
    return Out;
  }

  /// Every declaration in a namespace or linkage specification whose name
  /// (qualified, inline namespaces left out) the maps know; enums whose
  /// enumerators they know.
  void walk(const DeclContext *DC, const std::function<void(const Decl *)> &Choose) {
    for (const Decl *D : DC->decls()) {
      if (const auto *Inner = dyn_cast<NamespaceDecl>(D)) {
        if (Names.Names.count(Inner->getQualifiedNameAsString()))
          F.Found.insert(Inner->getQualifiedNameAsString());
        walk(Inner, Choose);
        continue;
      }
      if (const auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
        walk(LS, Choose);
        continue;
      }
      if (isa<UsingDirectiveDecl>(D) && !isa<TranslationUnitDecl>(DC)) {
        Choose(D);
        continue;
      }
      const auto *ND = dyn_cast<NamedDecl>(D);
      if (!ND || !ND->getIdentifier())
        continue;
      if (!Names.DeclFiles.empty() && !D->isImplicit()) {
        const SourceManager &SM = D->getASTContext().getSourceManager();
        const FileEntry *FE =
            SM.getFileEntryForID(SM.getFileID(SM.getExpansionLoc(D->getLocation())));
        if (FE && inSdk(FE->getName()) && Names.DeclFiles.count(relativeToRoot(FE->getName())))
          Choose(D);
      }
      for (std::string N :
           {ND->getName().str(), ND->getQualifiedNameAsString(), userName(ND)})
        if (Names.Names.count(N)) {
          Choose(D);
          (inSdkFile(D) ? F.Found : F.FromClang).insert(N);
        }
      if (const auto *ED = dyn_cast<EnumDecl>(D))
        for (const EnumConstantDecl *C : ED->enumerators())
          if (Names.Names.count(C->getName())) {
            F.Found.insert(C->getName());
            Choose(D);
          }
    }
  }

  /// The forward declarations of the chosen records, where the SDK has
  /// them (a file may use a record that a later file defines).
  void addForwardDeclarations(const SetVector<const Decl *> &Chosen, SourceManager &SM) {
    for (const Decl *D : Chosen) {
      if (const auto *CT = dyn_cast<ClassTemplateDecl>(D)) {
        addTemplateForwardDeclarations(CT, SM);
        continue;
      }
      const TagDecl *Tag = dyn_cast<TagDecl>(D);
      if (!Tag || !Tag->getIdentifier() || !isa<RecordDecl>(Tag))
        continue;
      for (const TagDecl *Redecl : Tag->redecls()) {
        if (Redecl->isThisDeclarationADefinition() || Redecl->isImplicit())
          continue;
        const Decl *Printed = Redecl;
        if (const auto *RD = dyn_cast<CXXRecordDecl>(Redecl))
          if (const ClassTemplateDecl *T = RD->getDescribedClassTemplate())
            Printed = T;
        SourceLocation L = SM.getExpansionLoc(Printed->getBeginLoc());
        const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(L));
        if (!FE || !inSdk(FE->getName()))
          continue;
        std::string Text;
        raw_string_ostream OS(Text);
        Printed->print(OS, Ctx().getPrintingPolicy());
        OS << ";\n";
        OS.flush();
        Event E{SM.getFileOffset(L), Event::DeclEv};
        E.Rank = 0;
        E.Text = inContext(Printed, Text);
        F.Events[realOf(FE)].push_back(E);
      }
    }
  }

  /// The forward declarations of a chosen class template (thrust names
  /// `mr::allocator` through one before the file defining it), without
  /// default arguments: the definition prints them all, inherited ones too.
  void addTemplateForwardDeclarations(const ClassTemplateDecl *CT, SourceManager &SM) {
    for (const RedeclarableTemplateDecl *R : CT->redecls()) {
      const auto *Fwd = cast<ClassTemplateDecl>(R);
      if (Fwd->isThisDeclarationADefinition() || Fwd->isImplicit())
        continue;
      SourceLocation L = SM.getExpansionLoc(Fwd->getBeginLoc());
      const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(L));
      if (!FE || !inSdk(FE->getName()))
        continue;
      std::string Text;
      raw_string_ostream OS(Text);
      Fwd->print(OS, Ctx().getPrintingPolicy());
      OS.flush();
      Event E{SM.getFileOffset(L), Event::DeclEv};
      E.Rank = 0;
      E.Text = inContext(Fwd, withoutDefaultArguments(Text) + ";\n");
      F.Events[realOf(FE)].push_back(E);
    }
  }

  /// `template <typename T, class MR = X> class A` without ` = X`: each
  /// parameter of the outermost template head loses its default.
  static std::string withoutDefaultArguments(StringRef Text) {
    if (!Text.startswith("template <"))
      return Text.str();
    std::string Out = "template <";
    unsigned Depth = 1;
    bool Skipping = false;
    size_t I = 10;
    for (; I < Text.size() && Depth > 0; ++I) {
      char C = Text[I];
      if (C == '<' || C == '(')
        ++Depth;
      else if (C == '>' || C == ')')
        --Depth;
      if (Depth == 0)
        break;
      if (Depth == 1 && C == ',')
        Skipping = false;
      else if (Depth == 1 && Text.substr(I).startswith(" = "))
        Skipping = true;
      if (!Skipping)
        Out += C;
    }
    return Out + Text.substr(I).str();
  }

  ASTContext &Ctx() { return CI.getASTContext(); }

  /// The SDK's definitions of the macros the maps know, and of the macros
  /// their replacement lists name.
  void addMacros() {
    SourceManager &SM = CI.getSourceManager();
    std::vector<std::string> Work;
    StringSet<> Done;
    for (auto &KV : Names.Names)
      Work.push_back(KV.getKey().str());
    for (auto &KV : F.MacroSeeds)
      Work.push_back(KV.getKey().str());
    while (!Work.empty()) {
      std::string Name = Work.back();
      Work.pop_back();
      auto It = F.Macros.find(Name);
      if (It == F.Macros.end() || !Done.insert(Name).second)
        continue;
      if (Names.Names.count(Name))
        F.Found.insert(Name);
      const MacroInfo *MI = It->second.first;
      std::string Text = "#define " + Name;
      if (MI->isFunctionLike()) {
        Text += "(";
        bool First = true;
        for (const IdentifierInfo *P : MI->params()) {
          Text += (First ? "" : ", ") +
                  (P->getName() == "__VA_ARGS__" ? std::string("...") : P->getName().str());
          First = false;
        }
        Text += ")";
      }
      for (const Token &T : MI->tokens()) {
        Text += T.hasLeadingSpace() || &T == MI->tokens().begin() ? " " : "";
        Text += CI.getPreprocessor().getSpelling(T);
        if (const IdentifierInfo *II = T.getIdentifierInfo())
          Work.push_back(II->getName().str());
      }
      Event E{SM.getFileOffset(MI->getDefinitionLoc()), Event::MacroEv};
      E.Text = "#ifndef " + Name + "\n" + Text + "\n#endif\n";
      F.Events[It->second.second].push_back(E);
    }
  }

  const NameSet &Names;
  SdkFacts &F;
  CompilerInstance &CI;
};

class CollectAction : public ASTFrontendAction {
public:
  CollectAction(const NameSet &Names, SdkFacts &F) : Names(Names), F(F) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<SdkWatch>(CI.getSourceManager(), F, Names.MacroFiles));
    return std::make_unique<Collect>(Names, F, CI);
  }

private:
  const NameSet &Names;
  SdkFacts &F;
};

class CollectFactory : public tooling::FrontendActionFactory {
public:
  CollectFactory(const NameSet &Names, SdkFacts &F) : Names(Names), F(F) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CollectAction>(Names, F);
  }

private:
  const NameSet &Names;
  SdkFacts &F;
};

/// Writes the generated files.
class Writer {
public:
  Writer(SdkFacts &F, std::string Version) : F(F), Version(std::move(Version)) {
    for (auto &KV : F.Events) {
      for (const Event &E : KV.second)
        if (E.K != Event::IncludeEv)
          Emitted.insert(KV.first);
      llvm::stable_sort(KV.second,
                        [](const Event &A, const Event &B) {
                          return std::tie(A.Offset, A.Rank) < std::tie(B.Offset, B.Rank);
                        });
    }
    for (const std::string &FE : F.Named)
      Emitted.insert(FE);
  }

  Error write(StringRef Out) {
    for (const std::string &FE : Emitted) {
      std::string Rel = relativeToRoot(FE);
      SmallString<256> Path(Out);
      sys::path::append(Path, "include", Rel);
      sys::fs::create_directories(sys::path::parent_path(Path));
      std::error_code EC;
      raw_fd_ostream OS(Path, EC);
      if (EC)
        return createStringError(EC, "cannot write %s", Path.c_str());
      OS << "// Generated by tools/cuda-decls (cu2hip-gen-cuda-decls) from the CUDA " << Version
         << " headers: declarations only.\n// Do not edit; regenerate.\n#pragma once\n";
      std::set<std::string> Visiting{FE};
      body(FE, OS, Visiting);
    }
    // Clang's CUDA detection wants a bin directory next to include.
    SmallString<256> Bin(Out);
    sys::path::append(Bin, "bin");
    sys::fs::create_directories(Bin);
    std::error_code EC;
    raw_fd_ostream Keep((Bin + "/README").str(), EC);
    Keep << "Empty: Clang's CUDA installation detection needs bin/ next to include/.\n";
    if (Error E = writeManifest(Out))
      return E;
    return writeSdkMacros(Out);
  }

  /// sdk-macros.txt: the name of every macro an SDK file the parse entered
  /// defines (`#define NAME`, in any branch), with the relative paths of
  /// the files defining it; then, for each of those files that is not
  /// generated, the generated files standing for it (those that hold its
  /// includes), as `%N file...` (a set) and `@file %N`; then `?NAME` for each
  /// name the SDK's conditional directives tested (scripts/gen-cuda-decls.sh
  /// adds `=NAME` for those shown to leave the generated headers alone). cu2hip reads it when it parses with
  /// these headers while an SDK of the same version is installed: a ported
  /// file testing such a name while it is undefined, after a file standing
  /// for one defining it was included, is parsed again with the SDK
  /// (BundledHeaders.h).
  Error writeSdkMacros(StringRef Out) const {
    std::map<std::string, std::set<std::string>> StandFor;
    for (const std::string &FE : Emitted)
      standFor(FE, relativeToRoot(FE), StandFor);
    std::map<std::string, std::set<std::string>> Names;
    std::set<std::string> Defining;
    LangOptions LO;
    for (const std::string &Path : F.Entered) {
      auto Buf = MemoryBuffer::getFile(Path);
      if (!StandFor.count(Path) || !Buf)
        continue;
      std::string Rel = relativeToRoot(Path);
      StringRef Text = (*Buf)->getBuffer();
      Lexer L(SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
      Token T;
      // A `#` first on its line, then `define`, then the macro's name.
      for (L.LexFromRawLexer(T); T.isNot(tok::eof); L.LexFromRawLexer(T)) {
        if (T.isNot(tok::hash) || !T.isAtStartOfLine())
          continue;
        L.LexFromRawLexer(T);
        if (T.isNot(tok::raw_identifier) || T.getRawIdentifier() != "define" ||
            T.isAtStartOfLine())
          continue;
        L.LexFromRawLexer(T);
        if (T.is(tok::raw_identifier) && !T.isAtStartOfLine()) {
          Names[T.getRawIdentifier().str()].insert(Rel);
          if (!Emitted.count(Path))
            Defining.insert(Path);
        }
      }
    }
    std::error_code EC;
    raw_fd_ostream OS((Out + "/sdk-macros.txt").str(), EC);
    if (EC)
      return createStringError(EC, "cannot write sdk-macros.txt");
    OS << "# Generated by tools/cuda-decls (cu2hip-gen-cuda-decls) from the CUDA " << Version
       << " headers.\n# Each macro an SDK header defines, and the headers defining it (under "
          "include/); then sets of generated headers ('%N header...'), and for each defining "
          "header not generated, the set standing for it ('@header %N'); then each name the "
          "SDK's conditional directives test ('?NAME').\n";
    for (const auto &KV : Names) {
      OS << KV.first;
      for (const std::string &Rel : KV.second)
        OS << " " << Rel;
      OS << "\n";
    }
    // Headers of the SDK's configuration are stood for by most generated
    // files: each set is written once, as '%N file...', and named by '@header %N'.
    std::map<std::string, const std::set<std::string> *> ByRel;
    for (const std::string &Path : Defining)
      ByRel[relativeToRoot(Path)] = &StandFor.find(Path)->second;
    std::map<std::set<std::string>, unsigned> Sets;
    for (const auto &KV : ByRel)
      Sets.emplace(*KV.second, 0);
    unsigned N = 0;
    for (auto &KV : Sets) {
      KV.second = N;
      OS << "%" << N++;
      for (const std::string &Rel : KV.first)
        OS << " " << Rel;
      OS << "\n";
    }
    for (const auto &KV : ByRel)
      OS << "@" << KV.first << " %" << Sets[*KV.second] << "\n";
    // Names the SDK's conditionals test: defined or undefined by the user,
    // they may select other SDK declarations than the generated ones.
    for (const std::string &N : F.Tested)
      if (N != "defined" && !N.empty() && !isdigit(static_cast<unsigned char>(N[0])))
        OS << "?" << N << "\n";
    return Error::success();
  }

  /// names.txt: each name the maps know, present or absent from the SDK.
  Error writeManifest(StringRef Out) const {
    std::error_code EC;
    raw_fd_ostream OS((Out + "/names.txt").str(), EC);
    if (EC)
      return createStringError(EC, "cannot write names.txt");
    OS << "# Generated by tools/cuda-decls (cu2hip-gen-cuda-decls) from the CUDA " << Version
       << " headers.\n# Each name of the maps: 'present' (declared in include/), 'clang' (declared "
          "by Clang's own CUDA headers) or 'absent' (the SDK has no such declaration).\n";
    std::vector<std::string> All;
    for (auto &KV : *AllNames)
      All.push_back(KV.getKey().str());
    llvm::sort(All);
    for (const std::string &N : All)
      OS << (F.Found.count(N) ? "present " : F.FromClang.count(N) ? "clang " : "absent ") << N
         << "\n";
    return Error::success();
  }

  const StringSet<> *AllNames = nullptr;

private:
  /// Records generated file `Rel` as standing for SDK file `FE` and for the
  /// files not generated whose includes body() copies into it.
  void standFor(const std::string &FE, const std::string &Rel,
                std::map<std::string, std::set<std::string>> &StandFor) const {
    if (!StandFor[FE].insert(Rel).second)
      return;
    auto It = F.Events.find(FE);
    if (It == F.Events.end())
      return;
    for (const Event &E : It->second)
      if (E.K == Event::IncludeEv && inSdk(E.Target) && !Emitted.count(E.Target))
        standFor(E.Target, Rel, StandFor);
  }

  void body(const std::string &FE, raw_ostream &OS, std::set<std::string> &Visiting) {
    for (const Event &E : F.Events[FE]) {
      if (E.K != Event::IncludeEv) {
        OS << E.Text;
        continue;
      }
      if (Emitted.count(E.Target) || !inSdk(E.Target)) {
        // An SDK file by its path under include/: the line may stand in a
        // file of another directory (see below).
        std::string Line = "#include " + (inSdk(E.Target) ? "<" + relativeToRoot(E.Target) + ">"
                                                          : E.Spelling);
        if (Visiting.insert(Line).second)
          OS << Line << "\n";
        continue;
      }
      // Not generated: its own includes stand in for it.
      if (Visiting.insert(E.Target).second)
        body(E.Target, OS, Visiting);
    }
  }

  SdkFacts &F;
  std::string Version;
  SetVector<std::string, std::vector<std::string>, std::set<std::string>> Emitted;
};

std::string sdkVersion(StringRef Cuda) {
  auto Buf = MemoryBuffer::getFile(Cuda + "/include/cuda.h");
  if (!Buf)
    return "?";
  Regex V("#define CUDA_VERSION ([0-9]+)");
  SmallVector<StringRef, 2> M;
  if (!V.match((*Buf)->getBuffer(), &M))
    return "?";
  unsigned N = 0;
  M[1].getAsInteger(10, N);
  return std::to_string(N / 1000) + "." + std::to_string(N % 1000 / 10);
}

} // namespace

int main(int Argc, const char **Argv) {
  cl::ParseCommandLineOptions(Argc, Argv, "declaration-only CUDA headers from the maps\n");
  NameSet Names;
  readMaps(MapsDir, Names);
  if (!ExtraNames.empty())
    readExtra(ExtraNames, Names);
  SmallString<256> Inc;
  if (sys::fs::real_path(CudaPath + "/include", Inc)) {
    errs() << "no CUDA SDK at " << CudaPath << "\n";
    return 1;
  }
  SdkRoots = {std::string(Inc)};
  std::string Unit;
  // The --extra headers come first: umbrella headers some of the maps'
  // headers need before them.
  std::vector<std::string> Extra, Rest;
  std::swap(Rest, Names.Headers);
  if (!ExtraNames.empty())
    readExtra(ExtraNames, Names);
  Names.Headers.insert(Names.Headers.end(), Rest.begin(), Rest.end());
  std::string Cccl = std::string(Inc) + "/cccl";
  for (const std::string &H : Names.Headers) {
    if (Names.Skip.count(H))
      continue;
    for (const std::string &Root : {std::string(Inc), Cccl})
      if (sys::fs::exists(Root + "/" + H)) {
        Unit += "#include <" + H + ">\n";
        break;
      }
  }
  std::vector<std::string> Args = {"-x", "cuda", "-std=c++17", "-nocudalib",
                                   "-Wno-unknown-cuda-version", "-Xclang",
                                   "-fcuda-allow-variadic-functions", "-w", "--cuda-host-only",
                                   "--cuda-path=" + CudaPath, "-isystem",
                                   std::string(Inc) + "/cccl", "-ferror-limit=0"};
  if (!ResourceDir.empty())
    Args.push_back("-resource-dir=" + ResourceDir);
  for (const std::string &D : Defines)
    Args.push_back("-D" + D);
  // Clang 16 still includes texture_fetch_functions.h, gone from CUDA 12+.
  SmallString<256> Compat;
  sys::fs::createUniqueDirectory("gen-cuda-decls", Compat);
  { std::error_code EC; raw_fd_ostream(std::string(Compat) + "/texture_fetch_functions.h", EC); }
  Args.push_back("-I" + std::string(Compat));
  SdkFacts Facts;
  CollectFactory Factory(Names, Facts);
  bool Ok = tooling::runToolOnCodeWithArgs(Factory.create(), Unit, Args, "all-headers.cu");
  sys::fs::remove_directories(Compat);
  if (!Ok)
    errs() << "note: the SDK's headers did not parse cleanly\n";
  Writer W(Facts, sdkVersion(CudaPath));
  W.AllNames = &Names.Names;
  if (Error E = W.write(OutDir)) {
    errs() << toString(std::move(E)) << "\n";
    return 1;
  }
  return 0;
}
