#include "cu2hip/SemanticIndex.h"
#include "cu2hip/LineTable.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include <algorithm>

namespace cu2hip {

llvm::StringRef declKindName(DeclKind K) {
  switch (K) {
  case DeclKind::Function:
    return "function";
  case DeclKind::Variable:
    return "variable";
  case DeclKind::Field:
    return "field";
  case DeclKind::Type:
    return "type";
  case DeclKind::Template:
    return "template";
  case DeclKind::Namespace:
    return "namespace";
  case DeclKind::EnumConstant:
    return "enumerator";
  case DeclKind::Other:
    break;
  }
  return "other";
}

const NameRef *SemanticIndex::anyName(unsigned Offset) const {
  auto It = Names.find(Offset);
  return It == Names.end() ? nullptr : &It->second;
}

const NameRef *SemanticIndex::name(unsigned Offset) const {
  const NameRef *R = anyName(Offset);
  return R && !R->Ambiguous ? R : nullptr;
}

const IncludeFacts *SemanticIndex::include(unsigned Offset) const {
  auto It = Includes.find(Offset);
  return It == Includes.end() ? nullptr : &It->second;
}

/// Folds `O` into `A`, an entry for the same offset.
static void mergeName(NameRef &A, const NameRef &O) {
  if (!A.sameDecl(O)) {
    A.Ambiguous = true;
    A.Type.clear();
    return;
  }
  A.Ambiguous |= O.Ambiguous;
  A.IsDecl &= O.IsDecl;
  if (A.Type != O.Type)
    A.Type.clear();
}

void SemanticIndex::addName(unsigned Offset, NameRef R) {
  auto Ins = Names.emplace(Offset, R);
  if (!Ins.second)
    mergeName(Ins.first->second, R);
}

void SemanticIndex::mergeFrom(const SemanticIndex &O) {
  for (const auto &KV : O.Names)
    addName(KV.first, KV.second);
  for (const auto &KV : O.Functions) {
    auto Ins = Functions.emplace(KV.first, KV.second);
    if (Ins.second)
      continue;
    FunctionFacts &F = Ins.first->second;
    const FunctionFacts &G = KV.second;
    if (F.QualName != G.QualName || F.Params != G.Params || F.Kernel != G.Kernel)
      F.Ambiguous = true;
    F.Ambiguous |= G.Ambiguous;
    F.BodyErrors |= G.BodyErrors;
    F.Callees.insert(G.Callees.begin(), G.Callees.end());
    F.Instantiations.insert(G.Instantiations.begin(), G.Instantiations.end());
  }
  for (const auto &KV : O.Launches) {
    auto Ins = Launches.emplace(KV.first, KV.second);
    if (Ins.second)
      continue;
    LaunchFacts &L = Ins.first->second;
    if (L.Callee != KV.second.Callee || L.Config != KV.second.Config ||
        L.Args != KV.second.Args)
      L.Ambiguous = true;
    L.Ambiguous |= KV.second.Ambiguous;
  }
  for (const auto &KV : O.Includes) {
    auto Ins = Includes.emplace(KV.first, KV.second);
    if (Ins.second)
      continue;
    IncludeFacts &I = Ins.first->second;
    if (I.Resolved != KV.second.Resolved)
      I.Ambiguous = true;
    I.UserFile |= KV.second.UserFile;
    I.Ambiguous |= KV.second.Ambiguous;
    I.InBody |= KV.second.InBody;
  }
  EnteredInBody |= O.EnteredInBody;
}

static llvm::cl::opt<bool>
    DumpIndex("dump-index", llvm::cl::Hidden,
              llvm::cl::desc("Print the typed semantic index of every ported file"));

bool dumpIndexRequested() { return DumpIndex; }

void dumpIndex(llvm::raw_ostream &OS, llvm::StringRef Path, llvm::StringRef Text,
               const SemanticIndex &Idx) {
  LineTable Table(Text);
  auto Where = [&](unsigned Off) {
    auto [Line, Col] = Table.lineCol(Off);
    return (Path + ":" + llvm::Twine(Line) + ":" + llvm::Twine(Col) + ": ").str();
  };
  // One list sorted by offset, so a reader sees the file in order.
  std::vector<std::pair<unsigned, std::string>> Lines;
  for (const auto &KV : Idx.Names) {
    const NameRef &R = KV.second;
    std::string L = "name " + R.QualName + " " + declKindName(R.Kind).str() +
                    (R.System ? " sdk" : " user") + (R.IsDecl ? " decl" : "");
    if (!R.Parent.empty())
      L += " of " + R.Parent;
    L += " '" + R.Type + "'";
    if (R.Ambiguous)
      L += " ambiguous";
    Lines.push_back({KV.first, L});
  }
  for (const auto &KV : Idx.Functions) {
    const FunctionFacts &F = KV.second;
    std::string L = "function " + F.QualName + (F.Kernel ? " kernel (" : " device (");
    for (size_t I = 0; I < F.Params.size(); ++I) {
      const ParamFacts &P = F.Params[I];
      L += (I ? ", " : "") + P.Name + ": '" + P.Type + "'";
      if (!P.Pointee.empty())
        L += " -> " + P.Pointee + (P.Const ? " const" : "") + (P.Volatile ? " volatile" : "") +
             (P.Restrict ? " restrict" : "");
    }
    L += ")";
    for (const std::string &C : F.Callees)
      L += " calls " + C;
    for (const std::string &T : F.Instantiations)
      L += " instantiated <" + T + ">";
    if (F.BodyErrors)
      L += " body-errors";
    if (F.Ambiguous)
      L += " ambiguous";
    Lines.push_back({KV.first, L});
  }
  auto RangeText = [&](std::pair<unsigned, unsigned> R) {
    return R.second > R.first ? "'" + Text.slice(R.first, R.second).str() + "'"
                              : std::string("?");
  };
  for (const auto &KV : Idx.Launches) {
    const LaunchFacts &La = KV.second;
    std::string L = "launch " + La.Callee + " config";
    for (auto R : La.Config)
      L += " " + RangeText(R);
    L += " args";
    for (auto R : La.Args)
      L += " " + RangeText(R);
    if (La.Ambiguous)
      L += " ambiguous";
    Lines.push_back({KV.first, L});
  }
  for (const auto &KV : Idx.Includes) {
    const IncludeFacts &I = KV.second;
    std::string L = "include " + (I.Resolved.empty() ? std::string("(not found)") : I.Resolved) +
                    (I.UserFile ? " user" : " sdk") + (I.Ambiguous ? " ambiguous" : "") +
                    (I.InBody ? " in-body" : "");
    Lines.push_back({KV.first, L});
  }
  if (Idx.EnteredInBody)
    Lines.push_back({0, "fragment"});
  std::stable_sort(Lines.begin(), Lines.end(),
                   [](const auto &A, const auto &B) { return A.first < B.first; });
  for (const auto &L : Lines)
    OS << "index: " << Where(L.first) << L.second << "\n";
}

} // namespace cu2hip
