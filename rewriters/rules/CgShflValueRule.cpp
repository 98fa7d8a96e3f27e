//===- CgShflValueRule.cpp - rule "cg-shfl-value" -------------------------===//
//
// CUDA:  result.y = tile.shfl_xor(result.y, 1);        // result.y is a uint4
// HIP:   result.y = cu2hip::shfl_xor(tile, result.y, 1);   + <cu2hip/cg_shfl.h>
// CUDA's cooperative-groups shuffles take any trivially copyable type; HIP's
// forward to __shfl*, which has overloads for arithmetic and half types only
// ("no matching function for call to '__shfl_xor'", cuda-samples
// shfl_scan). cu2hip::shfl* shuffle other types as their 32-bit words.
// Decided on the typed index: the member is the SDK's cooperative-groups
// shuffle and the value argument (a name or member chain) has a class type
// other than HIP's half and bfloat16 types. Calls on scalars stay as
// written; so does code the index does not cover (no types there).
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace {

/// Canonical types HIP's group shuffles take.
bool hipShuffles(llvm::StringRef Ty) {
  Ty.consume_front("const ");
  Ty.consume_front("volatile ");
  return llvm::StringSwitch<bool>(Ty)
      .Cases("bool", "char", "signed char", "unsigned char", "short", "unsigned short", true)
      .Cases("int", "unsigned int", "long", "unsigned long", "long long", true)
      .Cases("unsigned long long", "float", "double", true)
      .Cases("__half", "__half2", "half", "half2", "__nv_bfloat16", true)
      .Default(false);
}

class CgShuffleValueRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"cg-shfl-value", IdKind::Edit,
         "cooperative-groups shuffle of a class-type value -> cu2hip::shfl* (word by word)"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 2; I + 1 < T.size(); ++I) {
      llvm::StringRef N = T[I].Text;
      if (!T[I].isIdent() || !(N == "shfl" || N == "shfl_up" || N == "shfl_down" || N == "shfl_xor"))
        continue;
      if (!T[I - 1].is(tok::period) || !T[I - 2].isIdent())
        continue;
      const NameRef *M = indexedName(C, I);
      if (!M || !M->System || llvm::StringRef(M->Parent).find("cooperative_groups") == llvm::StringRef::npos)
        continue;
      std::optional<ArgList> Args = callArgs(C, I);
      if (!Args || Args->Args.size() != 2)
        continue;
      std::optional<std::string> Ty = valueType(C, Args->Args[0]);
      if (!Ty || hipShuffles(*Ty) || Ty->find('*') != std::string::npos)
        continue;
      size_t Obj = I - 2;
      if (Obj > 0 && (T[Obj - 1].is(tok::period) || T[Obj - 1].is(tok::arrow) ||
                      T[Obj - 1].is(tok::coloncolon)))
        continue; // `a.tile.shfl(...)`: only a plain group variable is moved
      C.replaceTokens(id(), Obj, Args->LParen,
                      ("cu2hip::" + N + "(" + T[Obj].Text + ", ").str());
      C.requestHeader("cu2hip/cg_shfl.h");
      ++C.Stats.EditsPerRule[id()];
    }
  }

private:
  /// The canonical type of a value argument spelled as a name or a member
  /// chain (`v`, `result.y`), from the index; nullopt otherwise.
  static std::optional<std::string> valueType(const FileContext &C, const ArgList::Arg &A) {
    const auto &T = C.Toks;
    for (size_t J = A.First; J <= A.Last; ++J) {
      bool Name = T[J].isIdent();
      bool Dot = T[J].is(tok::period) || T[J].is(tok::arrow);
      if (((J - A.First) % 2 == 0 && !Name) || ((J - A.First) % 2 == 1 && !Dot))
        return std::nullopt;
    }
    if (!T[A.Last].isIdent())
      return std::nullopt;
    const NameRef *R = indexedName(C, A.Last);
    if (!R || R->Type.empty())
      return std::nullopt;
    return R->Type;
  }
};

} // namespace

std::unique_ptr<Rule> createCgShuffleValueRule() {
  return std::make_unique<CgShuffleValueRule>();
}

} // namespace cu2hip
