#include "RuleUtil.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {

/// Words that may precede a call expression's name (`return f(x)`): they
/// end no declaration's type.
static bool precedesExpression(llvm::StringRef W) {
  return llvm::StringSwitch<bool>(W)
      .Cases("return", "case", "else", "do", "throw", "co_return", "co_yield", true)
      .Cases("co_await", "sizeof", "alignof", "new", "delete", "typeid", true)
      .Cases("decltype", "noexcept", "and", "or", "not", "goto", true)
      .Default(false);
}

/// Is the name at `I` (followed by `(`) the declarator of a function, by
/// spelling: a type-like word (`T __shfl_down(`, `float atomicMax(`), or a
/// pointer/reference declarator attached to one (`float* f(`; `a * f(x)`
/// is a product). Only for code the index does
/// not cover (no parse, inactive branches, macro bodies).
static bool spelledAsDeclarator(const FileContext &C, size_t I) {
  const auto &T = C.Toks;
  if (I == 0)
    return false;
  size_t J = I - 1;
  while (J > 0 && (T[J].is(tok::star) || T[J].is(tok::amp) || T[J].is(tok::ampamp)) &&
         T[J - 1].isIdent() && !precedesExpression(T[J - 1].Text) &&
         T[J].Offset == T[J - 1].end()) // `float* f(`, not `a * f(x)`
    --J;
  if (T[J].InDirective != T[I].InDirective || !T[J].isIdent() ||
      precedesExpression(T[J].Text))
    return false;
  // `#define M f(x)`: the body's first token follows the macro's name.
  if (isMacroNameBeingDefined(C, J))
    return false;
  if (T[J].InDirective && J >= 1 && T[J - 1].is(tok::hash))
    return false; // `#if f(x)`, `#elif ...`
  return true;
}

bool isDeclarationName(const FileContext &C, size_t I) {
  if (isMacroNameBeingDefined(C, I))
    return true;
  // Inside a function-like macro's parameter list: `#define M(f, x)`.
  if (C.Toks[I].InDirective) {
    size_t J = I;
    while (J > 0 && !C.Toks[J].StartOfLine)
      --J;
    if (J + 2 < I && C.Toks[J].is(tok::hash) && C.Toks[J + 1].isIdent("define")) {
      size_t P = J + 3; // the `(` right after the macro's name
      if (P < C.Toks.size() && C.Toks[P].is(tok::l_paren) &&
          C.Toks[P].Offset == C.Toks[J + 2].end() && I > P) {
        size_t K = P;
        while (K < I && !C.Toks[K].is(tok::r_paren))
          ++K;
        if (K > I || (K == I && !C.Toks[I].is(tok::r_paren)))
          return true;
      }
    }
  }
  if (const NameRef *R = C.Facts.Index.anyName(C.Toks[I].Offset))
    return R->IsDecl;
  return spelledAsDeclarator(C, I);
}

bool isOwnFunction(const FileContext &C, size_t I) {
  const NameRef *R = C.Facts.Index.name(C.Toks[I].Offset);
  if (R)
    return !R->System && R->Kind == DeclKind::Function;
  return isUserMacro(C, I);
}

bool isUserMacro(const FileContext &C, size_t I) {
  llvm::StringRef Name = C.Toks[I].Text;
  // A #define of the name in this file (one that some configuration
  // compiled, or any without a parse) counts from there on.
  bool DefinedHere = false;
  for (size_t J = 2; J < C.Toks.size(); ++J)
    if (C.Toks[J].isIdent(Name) && isMacroNameBeingDefined(C, J) &&
        !C.Facts.isInactive(C.Toks[J].Offset)) {
      if (J < I)
        return true;
      DefinedHere = true;
    }
  return !DefinedHere && C.Facts.UserMacros.count(Name);
}

std::optional<ArgList> callArgs(const FileContext &C, size_t I) {
  if (I + 1 >= C.Toks.size() || !C.Toks[I + 1].is(tok::l_paren))
    return std::nullopt;
  if (isDeclarationName(C, I))
    return std::nullopt;
  auto Args = C.Toks.parseArgs(I + 1);
  if (Args)
    joinTemplateArgs(C.Toks, *Args);
  return Args;
}

static int angleBalance(const TokenStream &T, const ArgList::Arg &A) {
  int B = 0;
  for (size_t K = A.First; K <= A.Last && K < T.size(); ++K) {
    if (T[K].is(tok::less))
      ++B;
    else if (T[K].is(tok::greater))
      --B;
    else if (T[K].is(tok::greatergreater))
      B -= 2;
  }
  return B;
}

static bool startsLikeTemplateId(const TokenStream &T, const ArgList::Arg &A) {
  size_t K = A.First;
  if (K <= A.Last && T[K].is(tok::amp))
    ++K; // &kernel<T, N>
  while (K + 1 <= A.Last && T[K].isIdent() && T[K + 1].is(tok::coloncolon))
    K += 2;
  return K + 1 <= A.Last && T[K].isIdent() && T[K + 1].is(tok::less);
}

void joinTemplateArgs(const TokenStream &T, ArgList &Args) {
  std::vector<ArgList::Arg> Out;
  for (size_t I = 0; I < Args.Args.size(); ++I) {
    ArgList::Arg A = Args.Args[I];
    if (A.First <= A.Last && startsLikeTemplateId(T, A)) {
      int Bal = angleBalance(T, A);
      size_t J = I;
      while (Bal > 0 && J + 1 < Args.Args.size()) {
        ++J;
        Bal += angleBalance(T, Args.Args[J]);
      }
      if (Bal == 0 && J > I) {
        A.Last = Args.Args[J].Last;
        I = J;
      }
    }
    Out.push_back(A);
  }
  Args.Args = std::move(Out);
}

std::optional<ArgList> apiCallArg(const FileContext &C, size_t I,
                                  llvm::function_ref<int(llvm::StringRef)> ArgIndex,
                                  int &Index) {
  const Tok &K = C.Toks[I];
  if (!K.isIdent())
    return std::nullopt;
  llvm::StringRef N = K.Text;
  if (N.startswith("cuda"))
    N = N.drop_front(4);
  else if (N.startswith("hip"))
    N = N.drop_front(3);
  else
    return std::nullopt;
  Index = ArgIndex(N);
  if (Index < 0 || C.isMemberOrForeignQualified(I))
    return std::nullopt;
  auto Args = callArgs(C, I);
  if (!Args || (int)Args->Args.size() <= Index)
    return std::nullopt;
  return Args;
}

void wrapArg(FileContext &C, llvm::StringRef Rule, const ArgList::Arg &A,
             llvm::StringRef Open, llvm::StringRef Close) {
  if (A.First > A.Last)
    return;
  C.insert(Rule, A.First, Open);
  C.insert(Rule, A.Last, Close, /*After=*/true);
}

bool isMacroNameBeingDefined(const FileContext &C, size_t I) {
  return I >= 2 && C.Toks[I].InDirective && C.Toks[I - 1].isIdent("define") &&
         C.Toks[I - 2].is(tok::hash);
}

bool inIncludeDirective(const FileContext &C, size_t I) {
  if (!C.Toks[I].InDirective)
    return false;
  size_t J = I;
  while (J > 0 && !C.Toks[J].StartOfLine)
    --J;
  return J + 1 < C.Toks.size() && C.Toks[J].is(tok::hash) &&
         (C.Toks[J + 1].isIdent("include") || C.Toks[J + 1].isIdent("include_next") ||
          C.Toks[J + 1].isIdent("import"));
}

/// Keywords after which a mapped identifier is not being declared: they
/// precede an expression or a type.
static bool precedesUseNotDeclarator(llvm::StringRef S) {
  return llvm::StringSwitch<bool>(S)
      .Cases("return", "case", "else", "do", "throw", "new", "delete", "goto", true)
      .Cases("co_return", "co_await", "co_yield", "sizeof", "alignof", "decltype", true)
      .Cases("const", "volatile", "typename", "template", "operator", "defined", true)
      .Cases("struct", "class", "union", "enum", "using", "namespace", true)
      .Cases("static", "extern", "inline", "constexpr", "mutable", "register", true)
      .Cases("__device__", "__host__", "__global__", "__shared__", "__constant__", true)
      .Cases("__restrict__", "__forceinline__", "public", "private", "protected", true)
      .Default(false);
}

/// What the brace at token `J` opens, from the tokens before it back to the
/// previous statement end: a class body, a namespace or linkage block, or
/// anything else (function body, block, initializer, enum).
static ScopeKind braceKind(const TokenStream &T, size_t J) {
  for (size_t K = J; K-- > 0;) {
    const Tok &P = T[K];
    if (P.is(tok::semi) || P.is(tok::l_brace) || P.is(tok::r_brace) ||
        P.is(tok::r_paren) || P.is(tok::equal) || P.InDirective)
      break;
    if (P.isIdent("struct") || P.isIdent("class") || P.isIdent("union"))
      return ScopeKind::Class;
    if (P.isIdent("namespace") || P.isIdent("extern"))
      return ScopeKind::Namespace;
  }
  return ScopeKind::Other;
}

std::vector<ScopeKind> scopeKinds(const TokenStream &T) {
  std::vector<ScopeKind> Kinds(T.size(), ScopeKind::Namespace);
  std::vector<ScopeKind> Stack; // innermost scope kind per open brace
  auto Current = [&] { return Stack.empty() ? ScopeKind::Namespace : Stack.back(); };
  for (size_t I = 0; I < T.size(); ++I) {
    Kinds[I] = Current();
    if (T[I].InDirective)
      continue;
    if (T[I].is(tok::l_brace)) {
      ScopeKind K = braceKind(T, I);
      // A namespace inside a function or class is not a namespace scope.
      if (K == ScopeKind::Namespace && Current() != ScopeKind::Namespace)
        K = ScopeKind::Other;
      Stack.push_back(K);
    } else if (T[I].is(tok::r_brace) && !Stack.empty())
      Stack.pop_back();
  }
  return Kinds;
}

GuessedDecls guessUserDecls(const FileContext &C) {
  GuessedDecls G;
  const auto &T = C.Toks;
  std::vector<ScopeKind> Scope = scopeKinds(T);
  for (size_t I = 1; I + 1 < T.size(); ++I) {
    if (T[I].InDirective || !T[I].isIdent())
      continue;
    const MapEntry *E = C.Maps.lookupName(T[I].Text);
    if (!E || E->isNamespace())
      continue;
    const Tok &P = T[I - 1], &N = T[I + 1];
    if (!P.isIdent() || P.InDirective || precedesUseNotDeclarator(P.Text))
      continue;
    if (!(N.is(tok::l_paren) || N.is(tok::semi) || N.is(tok::equal) ||
          N.is(tok::l_square) || N.is(tok::comma) || N.is(tok::r_paren) ||
          N.is(tok::l_brace)))
      continue;
    if (Scope[I] == ScopeKind::Class)
      G.Members.insert(T[I].Offset);
    else if (Scope[I] == ScopeKind::Namespace)
      G.FileScope.insert(T[I].Text);
  }
  return G;
}

std::vector<std::pair<size_t, size_t>> deviceBodies(const TokenStream &T) {
  std::vector<std::pair<size_t, size_t>> R;
  for (size_t I = 0; I < T.size(); ++I) {
    if (!(T[I].isIdent("__global__") || T[I].isIdent("__device__")) || T[I].InDirective)
      continue;
    for (size_t J = I + 1; J < T.size(); ++J) {
      if (T[J].is(tok::semi) || T[J].is(tok::equal))
        break;
      if (T[J].is(tok::l_paren)) {
        if (auto C = T.matchForward(J))
          J = *C;
        continue;
      }
      if (T[J].is(tok::l_brace)) {
        if (auto C = T.matchForward(J)) {
          R.push_back({J, *C});
          I = *C;
        }
        break;
      }
    }
  }
  return R;
}

std::optional<bool> memberOfType(const FileContext &C, size_t I,
                                 llvm::ArrayRef<llvm::StringRef> Types) {
  const NameRef *R = indexedName(C, I);
  if (!R || R->Kind != DeclKind::Field)
    return std::nullopt;
  return llvm::is_contained(Types, llvm::StringRef(R->Parent));
}

/// First token of the kernel expression ending at token `End` (an
/// identifier, a qualified name, a template-id or a parenthesised
/// expression), or nullopt.
std::optional<size_t> launchKernelStart(const TokenStream &T, size_t End) {
  size_t I = End;
  while (true) {
    if (T[I].is(tok::greater) || T[I].is(tok::greatergreater)) {
      auto Open = T.matchBackward(I);
      if (!Open || *Open == 0)
        return std::nullopt;
      I = *Open - 1;
    }
    if (T[I].is(tok::r_paren))
      return T.matchBackward(I);
    if (!T[I].isIdent())
      return std::nullopt;
    if (I >= 2 && T[I - 1].is(tok::coloncolon)) {
      I -= 2;
      if (T[I].isIdent("template") && I >= 1)
        --I;
      continue;
    }
    if (I >= 1 && T[I - 1].is(tok::coloncolon))
      return I - 1;
    return I;
  }
}

} // namespace cu2hip
