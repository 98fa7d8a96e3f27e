//===- BuiltinNarrowingRule.cpp - rule "builtin-narrowing" ----------------===//
//
// CUDA:  int shape[] = {gridDim.x, n};
// HIP:   int shape[] = {static_cast<int>(gridDim.x), n};
// gridDim, blockDim, blockIdx and threadIdx members are unsigned in CUDA and
// HIP. In a braced initialiser of a signed integer or floating-point
// variable, an element built from them is a narrowing conversion: nvcc
// warns, clang (hipcc) stops with "non-constant-expression cannot be
// narrowed from type 'unsigned int' to 'int' in initializer list". Each such
// element is cast to the declared type, which is what nvcc's conversion
// does. The declared type is read from the tokens before the declarator
// (`const int shape[]`, `long v{...}`, `float w[2][2] = {{...}}`); a type
// the rule cannot read (a typedef of its own, `auto`) is left alone.
// Context-free, so a token rule: it works alike in inactive branches and
// macro bodies.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace {

/// Spelled type words of a signed integer or floating-point type.
bool isNarrowingTarget(llvm::StringRef W) {
  return llvm::StringSwitch<bool>(W)
      .Cases("int", "long", "short", "signed", "char", "float", "double", true)
      .Cases("int8_t", "int16_t", "int32_t", "int64_t", "ptrdiff_t", "ssize_t", true)
      .Cases("intptr_t", "intmax_t", true)
      .Default(false);
}

bool isSpecifier(llvm::StringRef W) {
  return llvm::StringSwitch<bool>(W)
      .Cases("const", "constexpr", "static", "volatile", "register", "thread_local", true)
      .Cases("__shared__", "__constant__", "__device__", "extern", true)
      .Default(false);
}

bool isBuiltinVar(llvm::StringRef W) {
  return W == "gridDim" || W == "blockDim" || W == "blockIdx" || W == "threadIdx";
}

class BuiltinNarrowingRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"builtin-narrowing", IdKind::Edit,
         "unsigned gridDim/blockDim/blockIdx/threadIdx in a braced initialiser of a signed "
         "variable: cast to the declared type"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t B = 1; B < T.size(); ++B) {
      if (!T[B].is(tok::l_brace))
        continue;
      std::string Type = declaredType(T, B);
      if (!Type.empty())
        B = castElements(C, B, Type);
    }
  }

private:
  /// The declared type of the variable whose initialiser opens at `B`
  /// (`int x[] = {`, `int x = {`, `int x{`, `int x[2]{`), as spelled without
  /// specifiers; "" when it is no signed integer or floating-point type.
  static std::string declaredType(const TokenStream &T, size_t B) {
    size_t J = B - 1;
    if (T[J].is(tok::equal)) {
      if (J == 0)
        return "";
      --J;
    }
    while (T[J].is(tok::r_square)) { // array bounds, innermost last
      int Depth = 0;
      for (; J > 0; --J) {
        if (T[J].is(tok::r_square))
          ++Depth;
        else if (T[J].is(tok::l_square) && --Depth == 0)
          break;
      }
      if (J == 0)
        return "";
      --J;
    }
    if (!T[J].isIdent() || isNarrowingTarget(T[J].Text) || J == 0)
      return ""; // the declarator's name
    std::vector<llvm::StringRef> Words;
    for (size_t K = J; K-- > 0;) {
      if (!T[K].isIdent() || T[K].InDirective != T[B].InDirective)
        break;
      llvm::StringRef W = T[K].Text;
      if (W == "unsigned" || W == "auto")
        return "";
      if (isNarrowingTarget(W))
        Words.insert(Words.begin(), W);
      else if (!isSpecifier(W))
        break;
    }
    return Words.empty() ? "" : llvm::join(Words, " ");
  }

  /// Casts each element of the list opening at `B` that uses a builtin
  /// variable (nested lists element by element). Returns the closing brace.
  size_t castElements(FileContext &C, size_t B, llvm::StringRef Type) {
    const auto &T = C.Toks;
    size_t First = B + 1;
    int Depth = 0;
    bool Builtin = false;
    for (size_t J = B + 1; J < T.size(); ++J) {
      bool Open = T[J].is(tok::l_paren) || T[J].is(tok::l_square);
      bool Close = T[J].is(tok::r_paren) || T[J].is(tok::r_square);
      if (T[J].is(tok::l_brace) && Depth == 0 && J == First) {
        J = castElements(C, J, Type); // nested list: its own elements
        First = J + 1;
        continue;
      }
      if (Open || T[J].is(tok::l_brace))
        ++Depth;
      else if (Close || (T[J].is(tok::r_brace) && Depth > 0))
        --Depth;
      else if (T[J].isIdent() && isBuiltinVar(T[J].Text) && J + 1 < T.size() &&
               T[J + 1].is(tok::period))
        Builtin = true;
      bool End = Depth == 0 && (T[J].is(tok::comma) || T[J].is(tok::r_brace));
      if (!End)
        continue;
      if (Builtin && J > First) {
        C.insert(id(), First, ("static_cast<" + Type + ">(").str());
        C.insert(id(), J - 1, ")", /*After=*/true);
        ++C.Stats.EditsPerRule[id()];
      }
      Builtin = false;
      First = J + 1;
      if (T[J].is(tok::r_brace))
        return J;
    }
    return T.size() - 1;
  }
};

} // namespace

std::unique_ptr<Rule> createBuiltinNarrowingRule() {
  return std::make_unique<BuiltinNarrowingRule>();
}

} // namespace cu2hip
