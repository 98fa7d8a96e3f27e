#include "RuleUtil.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace cu2hip {

std::optional<ArgList> callArgs(const FileContext &C, size_t I) {
  if (I + 1 >= C.Toks.size() || !C.Toks[I + 1].is(tok::l_paren))
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

bool isMathOrCastName(llvm::StringRef N) {
  static const llvm::StringSet<> Names = {
      "max", "min", "fmaxf", "fminf", "fmax", "fmin", "abs", "fabs", "fabsf", "sqrt",
      "sqrtf", "rsqrt", "rsqrtf", "cbrtf", "exp", "expf", "exp2", "exp2f", "expm1f", "log",
      "logf", "log2f", "log10f", "log1pf", "tanh", "tanhf", "sinh", "sinhf", "cosh", "coshf",
      "pow", "powf", "floor", "floorf", "ceil", "ceilf", "round", "roundf", "rintf", "truncf",
      "erf", "erff", "erfc", "erfcf", "sin", "sinf", "cos", "cosf", "tan", "tanf", "atan",
      "atanf", "atan2f", "fmaf", "fma", "fmodf", "copysignf", "isnan", "isinf", "isfinite",
      "signbit", "static_cast", "reinterpret_cast", "const_cast", "sizeof", "decltype",
      "float", "double", "int", "unsigned", "long", "short", "char", "bool", "size_t",
      "int32_t", "uint32_t", "int64_t", "uint64_t", "hexp", "hlog", "hsqrt", "hrsqrt",
      "htanh", "hfloor", "hceil", "hrint", "habs", "hmax", "hmin"};
  return Names.count(N) > 0;
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

} // namespace cu2hip
