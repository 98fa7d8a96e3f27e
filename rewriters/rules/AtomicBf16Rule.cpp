//===- AtomicBf16Rule.cpp - rule "atomic-bf16" ----------------------------===//
//
// CUDA:  atomicAdd(ptr_bf16, v)          // __nv_bfloat162 *, __nv_bfloat162
// HIP:   cu2hip::atomicAddBf16(ptr_bf16, v)   + #include <cu2hip/atomic_bf16.h>
// CUDA has atomicAdd on __nv_bfloat16 and __nv_bfloat162; ROCm 7.2 has none
// ("no matching function for call to 'atomicAdd'"). The helper
// (runtime/include/cu2hip/atomic_bf16.h) forwards every other type to
// ::atomicAdd, so renaming a call that is not on bfloat16 changes nothing.
// Which calls: by the typed index where the file was parsed (the SDK
// overload the call resolves to takes a bfloat16 pointer; a call left
// dependent in a template of a file that spells a bfloat16 type); by
// spelling elsewhere (inactive branches, macro bodies, no parse): the first
// argument names a bfloat16 type (a cast) or a variable the file declares
// with one, with a note that the type was read from spelling.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

bool isBf16TypeName(llvm::StringRef N) {
  return N == "__nv_bfloat16" || N == "__nv_bfloat162" || N == "nv_bfloat16" ||
         N == "nv_bfloat162" || N == "__hip_bfloat16" || N == "__hip_bfloat162";
}

class AtomicBf16Rule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"atomic-bf16", IdKind::Edit,
         "atomicAdd on __nv_bfloat16/__nv_bfloat162 -> cu2hip::atomicAddBf16"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    collectBf16Vars(C);
    if (!SpellsBf16)
      return;
    bool GuessNoted = false;
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I].isIdent("atomicAdd") || C.isMemberOrForeignQualified(I) ||
          isMacroNameBeingDefined(C, I) || (I > 0 && T[I - 1].is(tok::coloncolon)))
        continue;
      std::optional<ArgList> Args = callArgs(C, I);
      if (!Args || Args->Args.size() != 2)
        continue;
      bool Guessed = false;
      if (!onBf16(C, I, *Args, Guessed))
        continue;
      C.replaceTokens(id(), I, I, "cu2hip::atomicAddBf16");
      C.requestHeader("cu2hip/atomic_bf16.h");
      ++C.Stats.EditsPerRule[id()];
      if (Guessed && !GuessNoted) {
        GuessNoted = true;
        C.report(id(), Severity::Note, T[I].Offset,
                 "atomicAdd taken to be on bfloat16 from the spelling of its first "
                 "argument (no parse covers this code); cu2hip::atomicAddBf16 forwards "
                 "other types to atomicAdd");
      }
    }
  }

private:
  bool SpellsBf16 = false;
  /// Identifiers the file declares with a bfloat16 type (`__nv_bfloat162
  /// *ptr`, `const __nv_bfloat16 *__restrict__ x`).
  llvm::StringSet<> Bf16Vars;

  void collectBf16Vars(const FileContext &C) {
    const auto &T = C.Toks;
    SpellsBf16 = false;
    Bf16Vars.clear();
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || !isBf16TypeName(T[I].Text))
        continue;
      SpellsBf16 = true;
      size_t J = I + 1;
      while (J < T.size() && (T[J].is(tok::star) || T[J].isIdent("const") ||
                              T[J].isIdent("__restrict__") || T[J].isIdent("volatile")))
        ++J;
      if (J < T.size() && T[J].isIdent())
        Bf16Vars.insert(T[J].Text);
    }
  }

  /// Is the atomicAdd call at `I` on a bfloat16 location?
  bool onBf16(const FileContext &C, size_t I, const ArgList &Args, bool &Guessed) {
    if (const NameRef *R = indexedName(C, I)) {
      if (!R->System)
        return false; // the user's own atomicAdd
      llvm::StringRef Ty = R->Type;
      if (Ty.empty())
        return true; // dependent call in a template; the helper forwards the rest
      size_t Paren = Ty.find('(');
      return Paren != llvm::StringRef::npos && Ty.substr(Paren).contains("bfloat16");
    }
    const ArgList::Arg &A = Args.Args[0];
    for (size_t J = A.First; J <= A.Last; ++J)
      if (C.Toks[J].isIdent() &&
          (isBf16TypeName(C.Toks[J].Text) || Bf16Vars.count(C.Toks[J].Text))) {
        Guessed = true;
        return true;
      }
    return false;
  }
};

} // namespace

std::unique_ptr<Rule> createAtomicBf16Rule() { return std::make_unique<AtomicBf16Rule>(); }

} // namespace cu2hip
