#include "cu2hip/Rule.h"
#include "cu2hip/ByteRanges.h"
#include "cu2hip/LineTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"
#include <algorithm>

namespace cu2hip {

Rule::~Rule() = default;

llvm::StringRef idKindName(IdKind K) {
  switch (K) {
  case IdKind::Edit:
    return "edit";
  case IdKind::Note:
    return "note";
  case IdKind::Warning:
    return "warning";
  case IdKind::Error:
    return "error";
  }
  return "";
}

ByteRanges normalizeRanges(ByteRanges R) {
  std::sort(R.begin(), R.end());
  ByteRanges Out;
  for (const auto &X : R) {
    if (X.first >= X.second)
      continue;
    if (!Out.empty() && X.first <= Out.back().second)
      Out.back().second = std::max(Out.back().second, X.second);
    else
      Out.push_back(X);
  }
  return Out;
}

ByteRanges intersectRanges(ByteRanges A, ByteRanges B) {
  A = normalizeRanges(std::move(A));
  B = normalizeRanges(std::move(B));
  ByteRanges R;
  for (size_t I = 0, J = 0; I < A.size() && J < B.size();) {
    unsigned Lo = std::max(A[I].first, B[J].first), Hi = std::min(A[I].second, B[J].second);
    if (Lo < Hi)
      R.push_back({Lo, Hi});
    // The range ending first meets nothing further in the other list.
    if (A[I].second < B[J].second)
      ++I;
    else
      ++J;
  }
  return R;
}

bool FileFacts::isInactive(unsigned Offset) const {
  if (!Parsed)
    return false;
  for (auto &R : Inactive)
    if (Offset >= R.first && Offset < R.second)
      return true;
  return false;
}

void FileFacts::mergeFrom(const FileFacts &O) {
  if (!O.Parsed)
    return;
  if (!Parsed) {
    *this = O;
    return;
  }
  Inactive = intersectRanges(std::move(Inactive), O.Inactive);
  CUnit |= O.CUnit;
  for (auto &S : O.ShadowedNames)
    ShadowedNames.insert(S.getKey());
  for (auto &S : O.UserMacros)
    UserMacros.insert(S.getKey());
  NoRenameOffsets.insert(O.NoRenameOffsets.begin(), O.NoRenameOffsets.end());
  Ast.mergeFrom(O.Ast);
  Index.mergeFrom(O.Index);
}

void FileContext::claim(llvm::StringRef Rule, unsigned Begin, unsigned End) {
  auto Item = std::make_tuple(Begin, End, Rule.str());
  Claims.insert(std::upper_bound(Claims.begin(), Claims.end(), Item), std::move(Item));
}

llvm::StringRef FileContext::claimedBy(unsigned Offset) const {
  // Claims are few (one per rewritten function): a linear scan of those
  // starting at or before Offset.
  for (const auto &C : Claims) {
    if (std::get<0>(C) > Offset)
      break;
    if (Offset < std::get<1>(C))
      return std::get<2>(C);
  }
  return "";
}

bool FileContext::yieldsAt(unsigned Offset) const {
  if (!Running || Claims.empty())
    return false;
  llvm::ArrayRef<llvm::StringRef> Yields = yieldsTo(Running->id());
  if (Yields.empty())
    return false;
  for (const auto &C : Claims) {
    if (std::get<0>(C) > Offset)
      break;
    if (Offset < std::get<1>(C) && llvm::is_contained(Yields, std::get<2>(C)))
      return true;
  }
  return false;
}

void FileContext::run(cu2hip::Rule &R) {
  const cu2hip::Rule *Saved = Running;
  Running = &R;
  R.run(*this);
  Running = Saved;
}

void FileContext::finish(cu2hip::Rule &R) {
  const cu2hip::Rule *Saved = Running;
  Running = &R;
  R.finish(*this);
  Running = Saved;
}

void checkDeclaredId(llvm::ArrayRef<RuleIdInfo> Declared, llvm::StringRef Id,
                     const Severity *Sev, llvm::StringRef Who, llvm::StringRef Where) {
  const RuleIdInfo *Info = nullptr;
  for (const RuleIdInfo &I : Declared)
    if (Id == I.Id)
      Info = &I;
  if (!Info)
    llvm::report_fatal_error(llvm::Twine("cu2hip: internal error: ") + Who + " used id '" + Id +
                                 "', which it does not declare (Rule::ids), in " + Where,
                             /*GenCrashDiag=*/false);
  // A note is never louder than the declared kind: a warning id may say,
  // as a note, what its findings rest on (wave-wmma, wave-tile-size in a
  // file not parsed).
  if (!Sev || Info->Kind == IdKind::Edit || *Sev == Severity::Note)
    return;
  IdKind Want = *Sev == Severity::Note      ? IdKind::Note
                : *Sev == Severity::Warning ? IdKind::Warning
                                            : IdKind::Error;
  if (Want != Info->Kind)
    llvm::report_fatal_error(llvm::Twine("cu2hip: internal error: ") + Who + " reported '" + Id +
                                 "' as " + severityName(*Sev) + ", but declares it " +
                                 idKindName(Info->Kind) + ", in " + Where,
                             /*GenCrashDiag=*/false);
}

void FileContext::checkId(llvm::StringRef Id, const Severity *Sev) const {
  if (Running)
    checkDeclaredId(Running->ids(), Id, Sev, "rule '" + Running->id().str() + "'", Path);
  else
    checkDeclaredId(porterIds(), Id, Sev, "the porter", Path);
}

void FileContext::replaceTokens(llvm::StringRef Rule, size_t First, size_t Last,
                                llvm::StringRef Text) {
  checkId(Rule, nullptr);
  unsigned B = Toks[First].Offset, E = Toks[Last].end();
  if (yieldsAt(B))
    return;
  Edits.add({B, E - B, Text.str(), Rule.str()});
  ++Stats.EditsPerRule[Rule];
}

void FileContext::insert(llvm::StringRef Rule, size_t I, llvm::StringRef Text,
                         bool After) {
  insertAtOffset(Rule, After ? Toks[I].end() : Toks[I].Offset, Text);
}

void FileContext::insertAtOffset(llvm::StringRef Rule, unsigned Offset,
                                 llvm::StringRef Text) {
  checkId(Rule, nullptr);
  if (yieldsAt(Offset))
    return;
  Edits.add({Offset, 0, Text.str(), Rule.str()});
  ++Stats.EditsPerRule[Rule];
}

void FileContext::report(llvm::StringRef Rule, Severity Sev, unsigned Offset,
                         llvm::StringRef Message, llvm::StringRef Fix) {
  checkId(Rule, &Sev);
  if (yieldsAt(Offset))
    return;
  Finding F;
  F.RuleId = Rule.str();
  F.Sev = Sev;
  F.File = Path;
  F.Offset = Offset;
  std::tie(F.Line, F.Col) = lineColOf(Offset);
  F.Message = Message.str();
  F.Fix = Fix.str();
  Findings.push_back(std::move(F));
}

std::string FileContext::withEol(llvm::StringRef Text) const {
  if (eol() == "\n")
    return Text.str();
  std::string R;
  for (char Ch : Text) {
    if (Ch == '\n')
      R += '\r';
    R += Ch;
  }
  return R;
}

std::pair<unsigned, unsigned> FileContext::lineColOf(unsigned Offset) {
  if (LineStarts.empty())
    LineStarts = LineTable::lineStarts(Buffer);
  return LineTable::lineColIn(LineStarts, Offset);
}

/// Keywords that may stand before a global-scope `::name` (`return
/// ::cuCtxCreate(...)`, `const ::CUstream s`): never a qualifier.
static bool isKeywordBeforeGlobalScope(llvm::StringRef S) {
  return llvm::StringSwitch<bool>(S)
      .Cases("return", "case", "else", "do", "throw", "new", "delete", "goto", true)
      .Cases("co_return", "co_await", "co_yield", "sizeof", "alignof", "decltype", true)
      .Cases("const", "volatile", "typename", "template", "operator", "using", true)
      .Cases("struct", "class", "union", "enum", "namespace", "friend", "typedef", true)
      .Cases("static", "extern", "inline", "constexpr", "mutable", "register", true)
      .Cases("unsigned", "signed", "long", "short", "auto", "virtual", true)
      .Default(false);
}

bool FileContext::isMemberOrForeignQualified(size_t I) const {
  if (I == 0)
    return false;
  const Tok &P = Toks[I - 1];
  if (P.is(clang::tok::period) || P.is(clang::tok::arrow))
    return true;
  if (!P.is(clang::tok::coloncolon) || I < 2 || !Toks[I - 2].isIdent() ||
      isKeywordBeforeGlobalScope(Toks[I - 2].Text))
    return false;
  // `X::name`: by declaration identity where the typed index has the name.
  // A member (`S::cudaMalloc`) or a declaration in another namespace is
  // foreign; an SDK declaration at global scope reached through the
  // qualifier (`rt::cudaMalloc` after `namespace rt { using ::cudaMalloc; }`)
  // is the API itself.
  if (const NameRef *R = Facts.Index.name(Toks[I].Offset)) {
    if (R->Kind == DeclKind::Field || !R->Parent.empty())
      return true;
    if (R->System && !llvm::StringRef(R->QualName).contains("::"))
      return false;
  }
  // By spelling: a qualifier that is not a mapped namespace.
  const MapEntry *E = Maps.lookupName(Toks[I - 2].Text);
  return !(E && E->isNamespace());
}

} // namespace cu2hip
