//===- IndexBuilder.cpp - the typed semantic index of one parse -----------===//
//
// A RecursiveASTVisitor over the declarations of ported files (system
// headers are skipped wholesale, so the index costs a walk of the user's
// code only) and an InclusionDirective callback. See SemanticIndex.h for
// what is recorded and IndexBuilder.h for the entry point.
//===----------------------------------------------------------------------===//
#include "cu2hip/SourcePaths.h"
#include "cu2hip/IndexBuilder.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang;

namespace cu2hip {
namespace {

/// Maps source locations to (index of the ported file, offset), caching the
/// real-path lookup per FileID.
class FileMapper {
public:
  FileMapper(const SourceManager &SM, const std::function<bool(llvm::StringRef)> &IsPorted,
             IndexMap &Out)
      : SM(SM), IsPorted(IsPorted), Out(Out) {}

  /// The index of the ported file `FID`, or nullptr.
  SemanticIndex *indexFor(FileID FID) {
    auto It = Cache.find(FID);
    if (It != Cache.end())
      return It->second;
    SemanticIndex *Idx = nullptr;
    std::string P = portedPath(FID);
    if (!P.empty())
      Idx = &Out[P];
    Cache[FID] = Idx;
    return Idx;
  }

  /// Real path of `FID` when it is a ported file, else "".
  std::string portedPath(FileID FID) const {
    std::string S = realPathOf(SM, FID);
    return !S.empty() && IsPorted(S) ? S : "";
  }

  /// Is the file of real path `RealPath` ported?
  bool isPorted(llvm::StringRef RealPath) const { return IsPorted(RealPath); }

  /// Resolves `L` to a ported file and offset: a file location, or a macro
  /// argument (through any number of argument expansions) spelled in the
  /// file. Tokens of macro bodies and token pastes have no file offset.
  bool fileOffset(SourceLocation L, SemanticIndex *&Idx, unsigned &Off) {
    if (L.isInvalid())
      return false;
    while (L.isMacroID()) {
      if (SM.isMacroArgExpansion(L))
        L = SM.getImmediateSpellingLoc(L);
      else if (!nameMacro(L))
        return false;
    }
    std::pair<FileID, unsigned> D = SM.getDecomposedLoc(L);
    Idx = indexFor(D.first);
    Off = D.second;
    return Idx != nullptr;
  }

  /// When `L` is the whole body of an object-like SDK macro that renames
  /// one name (cuda.h: `#define cuCtxCreate cuCtxCreate_v4`), moves it to
  /// the macro's name where it was expanded: that token names what the body
  /// names (the SDK's function, or a user's own `cuCtxCreate` in a
  /// namespace, which the macro renamed alike). False otherwise.
  bool nameMacro(SourceLocation &L) {
    FileID F = SM.getFileID(L);
    const SrcMgr::ExpansionInfo &E = SM.getSLocEntry(F).getExpansion();
    SourceLocation Spelling = SM.getSpellingLoc(L);
    if (!E.isMacroBodyExpansion() || E.getExpansionLocStart() != E.getExpansionLocEnd() ||
        SM.getDecomposedLoc(L).second != 0 || !SM.isInSystemHeader(Spelling) ||
        SM.getFileIDSize(F) != Lexer::MeasureTokenLength(Spelling, SM, LangOptions()))
      return false;
    L = E.getExpansionLocStart();
    return true;
  }

  /// True when the declaration at `L` (expansion location) is in a ported
  /// file.
  bool inPortedFile(SourceLocation L) {
    if (L.isInvalid())
      return false;
    return indexFor(SM.getFileID(SM.getExpansionLoc(L))) != nullptr;
  }

  /// The index of the ported file of real path `RealPath`.
  SemanticIndex &indexOfPath(llvm::StringRef RealPath) { return Out[RealPath.str()]; }

  /// An #include of a ported file that enters a ported file: where its `#`
  /// is, the includer's entry, the included file's real path.
  struct Directive {
    SourceLocation Hash;
    IncludeFacts *Facts;
    std::string Target;
  };
  std::vector<Directive> Directives;

  const SourceManager &SM;

private:
  const std::function<bool(llvm::StringRef)> &IsPorted;
  IndexMap &Out;
  llvm::DenseMap<FileID, SemanticIndex *> Cache;
};

/// Records where each #include of a ported file resolved.
class IncludeRecorder : public PPCallbacks {
public:
  explicit IncludeRecorder(std::shared_ptr<FileMapper> Files) : Files(std::move(Files)) {}

  void InclusionDirective(SourceLocation Hash, const Token &, llvm::StringRef, bool,
                          CharSourceRange FilenameRange, OptionalFileEntryRef File,
                          llvm::StringRef, llvm::StringRef, const Module *,
                          SrcMgr::CharacteristicKind FileType) override {
    SemanticIndex *Idx;
    unsigned Off;
    if (!Files->fileOffset(FilenameRange.getBegin(), Idx, Off))
      return;
    IncludeFacts F;
    if (File) {
      llvm::SmallString<256> P(File->getFileEntry().tryGetRealPathName());
      if (P.empty())
        P = File->getName();
      F.Resolved = std::string(P.str());
      // A ported file is the user's even where an -isystem path found it.
      // (Named by the file entry's real path, as realPathOf names a FileID:
      // SourceManager::translateFile would read every source location entry
      // of the PCH, about a third of a parse.)
      F.UserFile = FileType == SrcMgr::C_User || Files->isPorted(F.Resolved);
    }
    auto Ins = Idx->Includes.emplace(Off, F);
    if (!Ins.second && Ins.first->second.Resolved != F.Resolved)
      Ins.first->second.Ambiguous = true;
    if (File && Files->isPorted(F.Resolved))
      Files->Directives.push_back({Hash, &Ins.first->second, F.Resolved});
  }

private:
  std::shared_ptr<FileMapper> Files;
};

/// Kind of a referenced declaration.
DeclKind kindOf(const NamedDecl *D) {
  if (isa<FunctionDecl>(D) || isa<FunctionTemplateDecl>(D))
    return DeclKind::Function;
  if (isa<FieldDecl>(D) || isa<IndirectFieldDecl>(D))
    return DeclKind::Field;
  if (isa<VarDecl>(D))
    return DeclKind::Variable;
  if (isa<EnumConstantDecl>(D))
    return DeclKind::EnumConstant;
  if (isa<TemplateDecl>(D))
    return DeclKind::Template;
  if (isa<TypeDecl>(D))
    return DeclKind::Type;
  if (isa<NamespaceDecl>(D) || isa<NamespaceAliasDecl>(D))
    return DeclKind::Namespace;
  return DeclKind::Other;
}

class IndexVisitor : public RecursiveASTVisitor<IndexVisitor> {
public:
  IndexVisitor(ASTContext &Ctx, FileMapper &Files)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Files(Files),
        Policy(Ctx.getPrintingPolicy()) {
    Policy.SuppressInlineNamespace = true;
    Policy.SuppressScope = false;
  }

  /// Walks only declarations located in ported files: the SDK's and the
  /// C++ library's declarations are never traversed.
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D) && !Files.inPortedFile(D->getLocation()))
      return true;
    auto *FD = dyn_cast<FunctionDecl>(D);
    FunctionFacts *Saved = Current;
    bool SavedInst = InInstantiation;
    bool Inst = isInstantiation(D);
    InInstantiation |= Inst;
    if (FD && FD->doesThisDeclarationHaveABody())
      Current = Inst ? existingFacts(FD) : functionFacts(FD);
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    Current = Saved;
    InInstantiation = SavedInst;
    return R;
  }

  /// Instantiations are walked too, so a name the template left dependent
  /// (`cudaMalloc(p, n)` with `T **p`) is decided by what each
  /// instantiation called; see record().
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    // The implicit call of a launch's configuration sits at `<<<`.
    if (D->getDeclName().isIdentifier() &&
        D->getName().startswith("__cudaPushCallConfiguration"))
      return true;
    record(E->getLocation(), D, E->getType());
    return true;
  }

  bool VisitMemberExpr(MemberExpr *E) {
    record(E->getMemberLoc(), E->getMemberDecl(), E->getType());
    return true;
  }

  /// A dependent call (`cudaMalloc(p, n)` in a template): the name refers
  /// to its lookup set; recorded when every candidate has the same name and
  /// origin.
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *E) {
    if (E->getNumDecls() == 0 || !E->getName().isIdentifier())
      return true; // nothing found, or a dependent operator
    const NamedDecl *First = (*E->decls_begin())->getUnderlyingDecl();
    bool System = isSystem(First);
    for (const NamedDecl *D : E->decls())
      if (isSystem(D->getUnderlyingDecl()) != System)
        return true;
    record(E->getNameLoc(), First, QualType());
    if (Current)
      Current->Callees.insert(qualName(First));
    return true;
  }

  bool VisitTagTypeLoc(TagTypeLoc TL) {
    record(TL.getNameLoc(), TL.getDecl(), TL.getType());
    return true;
  }

  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    record(TL.getNameLoc(), TL.getTypedefNameDecl(), TL.getType());
    return true;
  }

  bool VisitUsingTypeLoc(UsingTypeLoc TL) {
    if (const UsingShadowDecl *S = TL.getTypePtr()->getFoundDecl())
      record(TL.getNameLoc(), S->getTargetDecl(), TL.getType());
    return true;
  }

  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    TemplateName N = TL.getTypePtr()->getTemplateName();
    if (const TemplateDecl *TD = N.getAsTemplateDecl())
      record(TL.getTemplateNameLoc(), TD,
             TL.getType()->isDependentType() ? QualType() : TL.getType());
    return true;
  }

  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    for (NestedNameSpecifierLoc L = NNS; L; L = L.getPrefix()) {
      const NestedNameSpecifier *S = L.getNestedNameSpecifier();
      if (S->getKind() == NestedNameSpecifier::Namespace)
        record(L.getLocalBeginLoc(), S->getAsNamespace(), QualType());
      else if (S->getKind() == NestedNameSpecifier::NamespaceAlias)
        record(L.getLocalBeginLoc(), S->getAsNamespaceAlias(), QualType());
    }
    return RecursiveASTVisitor::TraverseNestedNameSpecifierLoc(NNS);
  }

  bool VisitNamespaceAliasDecl(NamespaceAliasDecl *D) {
    record(D->getTargetNameLoc(), D->getAliasedNamespace(), QualType());
    return true;
  }

  /// `using namespace cub;`: the nominated namespace.
  bool VisitUsingDirectiveDecl(UsingDirectiveDecl *D) {
    record(D->getIdentLocation(), D->getNominatedNamespaceAsWritten(), QualType());
    return true;
  }

  bool VisitUsingDecl(UsingDecl *D) {
    if (D->shadow_size() > 0)
      record(D->getNameInfo().getLoc(), (*D->shadow_begin())->getTargetDecl(),
             QualType());
    return true;
  }

  /// The declarator of a user declaration: recorded as the declaration
  /// itself (templates through their templated declaration).
  bool VisitNamedDecl(NamedDecl *D) {
    if (D->isImplicit() || !D->getDeclName().isIdentifier() || isa<TemplateDecl>(D) ||
        isa<UsingDecl>(D) || isa<UsingShadowDecl>(D))
      return true;
    QualType T;
    if (auto *VD = dyn_cast<ValueDecl>(D))
      T = VD->getType();
    record(D->getLocation(), D, T, /*IsDecl=*/true);
    if (D->isInvalidDecl())
      Conflicting.insert(qualName(D));
    return true;
  }

  /// A user declaration that clashes with another of the same name (`void
  /// cudaGetDeviceCount(int *)` next to the SDK's, differing only in the
  /// return type) is invalid, and Clang resolves the uses to the surviving
  /// declaration: which one the user meant is not known, so those uses are
  /// marked ambiguous rather than taken for the SDK's.
  void markConflicts(IndexMap &Out) const {
    if (Conflicting.empty())
      return;
    for (auto &File : Out)
      for (auto &KV : File.second.Names)
        if (!KV.second.IsDecl && Conflicting.count(KV.second.QualName))
          KV.second.Ambiguous = true;
  }

  bool VisitCallExpr(CallExpr *E) {
    if (!Current)
      return true;
    const FunctionDecl *F = E->getDirectCallee();
    if (F && F->getDeclName().isIdentifier()) // not operators
      Current->Callees.insert(qualName(patternOf(F)));
    return true;
  }

  bool VisitRecoveryExpr(RecoveryExpr *) {
    if (Current)
      Current->BodyErrors = true;
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const CallExpr *Config = E->getConfig();
    SemanticIndex *Idx;
    unsigned Off;
    if (!Config || !Files.fileOffset(Config->getBeginLoc(), Idx, Off))
      return true;
    LaunchFacts L;
    if (const FunctionDecl *F = E->getDirectCallee())
      L.Callee = qualName(patternOf(F));
    else if (auto *U = dyn_cast<UnresolvedLookupExpr>(E->getCallee()->IgnoreImplicit()))
      L.Callee = U->getName().getAsString();
    for (const Expr *A : Config->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        L.Config.push_back(range(A->getSourceRange()));
    for (const Expr *A : E->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        L.Args.push_back(range(A->getSourceRange()));
    Idx->Launches[Off] = std::move(L);
    return true;
  }

private:
  /// The template a specialization was instantiated from, else `F`.
  static const FunctionDecl *patternOf(const FunctionDecl *F) {
    if (const FunctionTemplateDecl *T = F->getPrimaryTemplate())
      return T->getTemplatedDecl();
    return F;
  }

  std::string qualName(const NamedDecl *D) const {
    std::string S;
    llvm::raw_string_ostream OS(S);
    D->printQualifiedName(OS, Policy);
    return OS.str();
  }

  /// Canonical spelling of `T`; a dependent type as written (`T *`, not
  /// `type-parameter-0-0 *`).
  std::string typeName(QualType T) const {
    if (T.isNull())
      return "";
    return (T->isDependentType() ? T : T.getCanonicalType()).getAsString(Policy);
  }

  /// Declared in a system header and not in a ported file (by its first
  /// declaration, so a user's redeclaration of an SDK function is the
  /// SDK's). Compiler builtins without a location count as system.
  bool isSystem(const NamedDecl *D) const {
    const Decl *C = D->getCanonicalDecl();
    SourceLocation L = C->getLocation();
    if (L.isInvalid())
      return true;
    if (Files.inPortedFile(L))
      return false;
    return SM.isInSystemHeader(SM.getExpansionLoc(L));
  }

  /// The file name (no directory) of the header holding `D`'s first
  /// declaration, where the macro expansion that produced it was written;
  /// "" for builtins without a location.
  std::string headerOf(const NamedDecl *D) const {
    SourceLocation L = SM.getExpansionLoc(D->getCanonicalDecl()->getLocation());
    if (L.isInvalid())
      return "";
    return llvm::sys::path::filename(SM.getFilename(L)).str();
  }

  /// The type a member belongs to, or "".
  std::string parentOf(const NamedDecl *D) const {
    const DeclContext *DC = D->getDeclContext();
    if (const auto *RD = dyn_cast<RecordDecl>(DC)) {
      if (RD->getIdentifier())
        return qualName(RD);
      if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
        return qualName(TD);
      return "";
    }
    if (const auto *ED = dyn_cast<EnumDecl>(DC))
      if (ED->isScoped())
        return qualName(ED);
    return "";
  }

  void record(SourceLocation Loc, const NamedDecl *D, QualType T, bool IsDecl = false) {
    if (!D || !D->getDeclName().isIdentifier())
      return; // operators, constructors: no identifier token to look up
    SemanticIndex *Idx;
    unsigned Off;
    if (!Files.fileOffset(Loc, Idx, Off))
      return;
    // Inside an instantiation only names the template itself did not
    // resolve are recorded; several instantiations that disagree make the
    // entry ambiguous.
    if (InInstantiation) {
      bool FromPattern = Idx->Names.count(Off) && !FromInstantiation.count({Idx, Off});
      if (FromPattern)
        return;
      FromInstantiation.insert({Idx, Off});
    }
    NameRef R;
    R.QualName = qualName(D);
    R.Kind = kindOf(D);
    R.System = isSystem(D);
    if (R.System)
      R.Header = headerOf(D);
    R.Parent = parentOf(D);
    R.Type = typeName(T);
    R.IsDecl = IsDecl;
    Idx->addName(Off, std::move(R));
  }

  /// [begin, end) offsets of `R` when both ends are in one ported file.
  std::pair<unsigned, unsigned> range(SourceRange R) {
    SemanticIndex *A, *B;
    unsigned Begin, End;
    if (!Files.fileOffset(R.getBegin(), A, Begin) || !Files.fileOffset(R.getEnd(), B, End) ||
        A != B)
      return {0, 0};
    SourceLocation E = R.getEnd();
    while (E.isMacroID())
      E = SM.getImmediateSpellingLoc(E);
    End += Lexer::MeasureTokenLength(E, SM, Ctx.getLangOpts());
    return End >= Begin ? std::make_pair(Begin, End) : std::make_pair(0u, 0u);
  }

  static bool isInstantiation(const Decl *D) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      return FD->isTemplateInstantiation();
    if (const auto *CT = dyn_cast<ClassTemplateSpecializationDecl>(D))
      return isTemplateInstantiation(CT->getSpecializationKind());
    if (const auto *VD = dyn_cast<VarDecl>(D))
      return isTemplateInstantiation(VD->getTemplateSpecializationKind());
    return false;
  }

  /// The facts of the template an instantiated function came from (its
  /// callees are added to the template's), or nullptr.
  FunctionFacts *existingFacts(const FunctionDecl *FD) {
    SemanticIndex *Idx;
    unsigned Off;
    if (!Files.fileOffset(FD->getLocation(), Idx, Off))
      return nullptr;
    auto It = Idx->Functions.find(Off);
    return It == Idx->Functions.end() ? nullptr : &It->second;
  }

  /// Facts of a kernel or device function definition in a ported file,
  /// created on first sight; nullptr for other functions.
  FunctionFacts *functionFacts(const FunctionDecl *FD) {
    bool Kernel = FD->hasAttr<CUDAGlobalAttr>();
    if (!Kernel && !FD->hasAttr<CUDADeviceAttr>())
      return nullptr;
    SemanticIndex *Idx;
    unsigned Off;
    if (!Files.fileOffset(FD->getLocation(), Idx, Off))
      return nullptr;
    FunctionFacts &F = Idx->Functions[Off];
    F.QualName = qualName(FD);
    F.Kernel = Kernel;
    F.Host = FD->hasAttr<CUDAHostAttr>();
    F.BodyErrors |= FD->isInvalidDecl();
    F.Params.clear();
    for (const ParmVarDecl *P : FD->parameters())
      F.Params.push_back(paramFacts(P));
    if (const Stmt *Body = FD->getBody())
      F.Body = range(Body->getSourceRange());
    if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
      for (const FunctionDecl *S : T->specializations())
        if (const TemplateArgumentList *Args = S->getTemplateSpecializationArgs())
          F.Instantiations.insert(argsText(*Args));
    return &F;
  }

  ParamFacts paramFacts(const ParmVarDecl *P) const {
    ParamFacts F;
    F.Name = P->getName().str();
    QualType T = P->getType();
    F.Type = typeName(T);
    if (T->isPointerType()) {
      QualType PT = T->getPointeeType();
      F.Const = PT.isConstQualified();
      F.Volatile = PT.isVolatileQualified();
      F.Restrict = T.isRestrictQualified();
      F.Pointee = typeName(PT.getUnqualifiedType());
    }
    return F;
  }

  std::string argsText(const TemplateArgumentList &Args) const {
    std::string S;
    llvm::raw_string_ostream OS(S);
    for (unsigned I = 0; I < Args.size(); ++I) {
      if (I)
        OS << ", ";
      const TemplateArgument &A = Args[I];
      if (A.getKind() == TemplateArgument::Type)
        OS << typeName(A.getAsType());
      else
        A.print(Policy, OS, /*IncludeType=*/false);
    }
    return OS.str();
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  FileMapper &Files;
  PrintingPolicy Policy;
  FunctionFacts *Current = nullptr;
  bool InInstantiation = false;
  /// Names recorded from instantiations (not from the template).
  std::set<std::pair<SemanticIndex *, unsigned>> FromInstantiation;
  std::set<std::string> Conflicting; ///< qualified names of invalid user decls
};

/// Marks each recorded #include (FileMapper::Directives) whose `#` lies
/// inside a declaration of the translation unit that starts in a ported
/// file (between its first and last token: an enum's or a class's braces, a
/// function body, a namespace or `extern "C"` block, an initializer) as
/// IncludeFacts::InBody, and the file it enters as
/// SemanticIndex::EnteredInBody. Decided by the parse's declarations, not by
/// counting braces; a file included inside a fragment is inside the same
/// declaration. Declarations loaded from a precompiled prelude are not
/// looked at (a prelude holds no ported file).
void markIncludesInBodies(ASTContext &Ctx, FileMapper &Files) {
  if (Files.Directives.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::pair<SourceLocation, SourceLocation>> Spans;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->noload_decls()) {
    if (D->isImplicit())
      continue;
    SourceRange R = D->getSourceRange();
    if (R.isInvalid())
      continue;
    SourceLocation B = SM.getExpansionLoc(R.getBegin());
    SourceLocation E = SM.getExpansionRange(R.getEnd()).getEnd();
    if (Files.inPortedFile(B) && E.isValid())
      Spans.push_back({B, E});
  }
  for (const FileMapper::Directive &Dir : Files.Directives)
    for (const auto &S : Spans)
      if (SM.isBeforeInTranslationUnit(S.first, Dir.Hash) &&
          SM.isBeforeInTranslationUnit(Dir.Hash, S.second)) {
        Dir.Facts->InBody = true;
        Files.indexOfPath(Dir.Target).EnteredInBody = true;
        break;
      }
}

class IndexConsumer : public ASTConsumer {
public:
  IndexConsumer(std::shared_ptr<FileMapper> Files, IndexMap &Out)
      : Files(std::move(Files)), Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    IndexVisitor V(Ctx, *Files);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
    V.markConflicts(Out);
    markIncludesInBodies(Ctx, *Files);
  }

private:
  std::shared_ptr<FileMapper> Files;
  IndexMap &Out;
};

} // namespace

std::unique_ptr<ASTConsumer>
createIndexConsumer(CompilerInstance &CI,
                    const std::function<bool(llvm::StringRef)> &IsPorted, IndexMap &Out) {
  auto Files = std::make_shared<FileMapper>(CI.getSourceManager(), IsPorted, Out);
  CI.getPreprocessor().addPPCallbacks(std::make_unique<IncludeRecorder>(Files));
  return std::make_unique<IndexConsumer>(std::move(Files), Out);
}

} // namespace cu2hip
