//===- Atomic16Rule.cpp - rule "atomic16": atomicAdd on 16-bit floats ------===//
//
// CUDA:  atomicAdd(&buckets[k], g);            // __half2 *, __half2
// HIP:   cu2hip::atomic_add(&buckets[k], g);   // <cu2hip/atomic16.h>
// ROCm up to 7.2 has no atomicAdd overload for __half2, __half or the bf16
// types (case 20; ROCm/hip#3573, #3589), and a shim named atomicAdd clashes
// with the native overloads newer ROCm adds (vllm#57494). The helper has
// another name and forwards every other operand type to ::atomicAdd, so it
// is also right where the operand type is not known.
// Decided by the typed index: a call resolving to the SDK's atomicAdd whose
// first parameter is a pointer to __half, __half2, __nv_bfloat16 or
// __nv_bfloat162. A call the index cannot decide (a template whose
// instantiations differ, a dependent call, a macro body, an inactive branch,
// a file no configuration parsed) is rewritten too when the file names one
// of those types, with a note: the forwarding overload keeps the other
// operand types as they were.
// With --atomic16-coarse (Options::Atomic16Coarse) the call is
// cu2hip::atomic_add_coarse instead: the packed hardware add on gfx90a,
// gfx940+ and gfx12, correct only on coarse-grained memory (atomic16.h).
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

namespace cu2hip {
namespace {

/// True when an SDK function type ("__half2 (__half2 *, __half2)") takes a
/// pointer to a 16-bit floating type first.
bool firstParamIs16BitFloatPointer(llvm::StringRef FnType) {
  size_t Open = FnType.find('(');
  if (Open == llvm::StringRef::npos)
    return false;
  llvm::StringRef P = FnType.substr(Open + 1).split(',').first.trim();
  P.consume_front("struct ");
  for (llvm::StringRef T : {"__half", "__half2", "__nv_bfloat16", "__nv_bfloat162",
                            "__hip_bfloat16", "__hip_bfloat162"})
    if (P.startswith(T) && P.substr(T.size()).ltrim().startswith("*"))
      return true;
  return false;
}

/// True when the file spells a 16-bit floating type (CUDA or HIP name).
bool names16BitFloatType(const TokenStream &T) {
  for (const Tok &K : T.tokens())
    if (K.isIdent() &&
        (K.Text == "__half" || K.Text == "__half2" || K.Text == "half" ||
         K.Text == "half2" || K.Text == "__nv_bfloat16" || K.Text == "__nv_bfloat162" ||
         K.Text == "nv_bfloat16" || K.Text == "nv_bfloat162" ||
         K.Text == "__hip_bfloat16" || K.Text == "__hip_bfloat162"))
      return true;
  return false;
}

class Atomic16Rule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"atomic16", IdKind::Edit,
         "atomicAdd on __half/__half2/bf16 -> cu2hip::atomic_add (cu2hip/atomic16.h)"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    int Mentions = -1; // lazily: does the file name a 16-bit float type?
    bool Noted = false;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent("atomicAdd") || I + 1 >= T.size() || !T[I + 1].is(clang::tok::l_paren))
        continue;
      if (isMacroNameBeingDefined(C, I) || C.isMemberOrForeignQualified(I) ||
          (I > 0 && T[I - 1].is(clang::tok::coloncolon)))
        continue;
      const NameRef *Ref = indexedName(C, I);
      bool Decided = Ref && !Ref->Type.empty();
      if (Decided) {
        if (!Ref->System || !firstParamIs16BitFloatPointer(Ref->Type))
          continue;
      } else {
        if (Ref && !Ref->Ambiguous && !Ref->System)
          continue; // the user's own atomicAdd
        if (Mentions < 0)
          Mentions = names16BitFloatType(T);
        if (!Mentions)
          continue;
        if (!Noted) {
          C.report(id(), Severity::Note, T[I].Offset,
                   "atomicAdd whose operand type the parse did not decide (template, macro "
                   "body, inactive code or no parse) in a file using 16-bit float types: "
                   "calls cu2hip::atomic_add, which forwards other types to ::atomicAdd");
          Noted = true;
        }
      }
      C.replaceTokens(id(), I, I,
                      C.Opts.Atomic16Coarse ? "cu2hip::atomic_add_coarse" : "cu2hip::atomic_add");
      C.requestHeader("cu2hip/atomic16.h");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createAtomic16Rule() { return std::make_unique<Atomic16Rule>(); }

} // namespace cu2hip
