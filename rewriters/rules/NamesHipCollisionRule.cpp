//===- NamesHipCollisionRule.cpp - rule "names-hip-collision" -------------===//
//
// CUDA:  __device__ float atomicMax(float *a, float v) { ...CAS loop... }
//        template <class T> __device__ T __shfl_down(T v, int d) { ... }
//        m = atomicMax(&best, x);  s += __shfl_down(s, 16);
// HIP:   __device__ float cu2hip_own_atomicMax(float *a, float v) { ... }
//        template <class T> __device__ T cu2hip_own___shfl_down(T v, int d) { ... }
//        m = cu2hip_own_atomicMax(&best, x);  s += cu2hip_own___shfl_down(s, 16);
// A tree's own definition of a device function that HIP's headers define as
// well (a CAS-loop atomicMax(float*, float), which ROCm 7.2 defines too:
// "redefinition of 'atomicMax'"; a pre-CUDA-9 shuffle wrapper next to HIP's
// __shfl_down overloads) is renamed, with every use the parse resolved to it
// (declaration identity from the typed index: the name refers to a function
// declared first in a ported file, not in the SDK). Calls the parse resolved
// to the SDK's function keep the name. A finding at each renamed definition
// says so; a spelling of the name the index does not cover (macro body,
// inactive branch) in a file with a renamed definition is reported, not
// guessed.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"
#include <cctype>

namespace cu2hip {
namespace {

/// Device functions HIP's headers (ROCm 7.2, amd_detail/) define under the
/// CUDA name, which trees define themselves for older CUDA versions or
/// missing types: atomics, pre-sync shuffles and votes, bit intrinsics,
/// read-only loads.
bool hipDefines(llvm::StringRef N) {
  static const llvm::StringSet<> Names = {
      "atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc",
      "atomicDec", "atomicCAS", "atomicAnd", "atomicOr", "atomicXor",
      "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__any", "__all", "__ballot",
      "__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll", "__brev", "__brevll",
      "__ldg", "__activemask", "__syncwarp", "__fdividef", "__saturatef"};
  return Names.count(N) > 0;
}

/// True when an atomic's function type (the index's canonical spelling,
/// "float (float *, float)", "Acc (Acc *, Acc)") names a type of the tree's
/// own: HIP defines the atomics for arithmetic types and its own fp16/bf16
/// and vector types only (amd_hip_atomic.h, amd_hip_unsafe_atomics.h), so
/// such an overload cannot collide with HIP's. SDK types spell with "__"
/// (__half, __nv_bfloat16) or are CUDA's vector types (float4, int2, ...).
bool atomicOfOwnType(llvm::StringRef Name, llvm::StringRef Type) {
  static const llvm::StringSet<> Builtin = {
      "int", "unsigned", "signed", "long", "short", "char", "float", "double",
      "bool", "void", "const", "volatile"};
  static const llvm::Regex Vector(
      "^(u?char|u?short|u?int|u?long|u?longlong|float|double)[1-4]$");
  if (!Name.startswith("atomic"))
    return false;
  while (!Type.empty()) {
    Type = Type.drop_until([](char Ch) { return isalpha((unsigned char)Ch) || Ch == '_'; });
    llvm::StringRef Word =
        Type.take_while([](char Ch) { return isalnum((unsigned char)Ch) || Ch == '_'; });
    Type = Type.drop_front(Word.size());
    if (!Word.empty() && !Builtin.count(Word) && !Word.startswith("__") && !Vector.match(Word))
      return true;
  }
  return false;
}

/// The user's own function of a HIP-defined name, as the index resolved it.
bool isOwnDefinition(const NameRef *R) {
  return R && !R->Ambiguous && !R->System && R->Kind == DeclKind::Function &&
         R->Parent.empty() && R->QualName.find("::") == std::string::npos &&
         !atomicOfOwnType(R->QualName, R->Type);
}

class HipCollisionRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"names-hip-collision", IdKind::Edit,
         "a tree's own function named like one HIP defines: renamed with its uses"},
        {"names-hip-collision-unresolved", IdKind::Warning,
         "a spelling of a renamed function the parse does not cover; kept"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    llvm::StringSet<> Renamed;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || !hipDefines(T[I].Text))
        continue;
      const NameRef *R = C.Facts.Index.anyName(T[I].Offset);
      if (!isOwnDefinition(R))
        continue;
      C.replaceTokens(id(), I, I, ("cu2hip_own_" + T[I].Text).str());
      ++C.Stats.EditsPerRule[id()];
      Renamed.insert(T[I].Text);
      if (R->IsDecl)
        C.report(id(), Severity::Note, T[I].Offset,
                 "the tree defines its own '" + T[I].Text.str() +
                     "', which HIP defines too (a redefinition or an ambiguous "
                     "call on ROCm): renamed cu2hip_own_" + T[I].Text.str() +
                     " with the uses that resolve to it",
                 "drop the definition where HIP's has the same meaning");
    }
    if (Renamed.empty())
      return;
    for (size_t I = 0; I < T.size(); ++I)
      if (T[I].isIdent() && Renamed.count(T[I].Text) &&
          !C.Facts.Index.anyName(T[I].Offset) && !C.isMemberOrForeignQualified(I))
        C.report("names-hip-collision-unresolved", Severity::Warning, T[I].Offset,
                 "'" + T[I].Text.str() +
                     "' here (a macro body or code no configuration compiled) may "
                     "mean the tree's own function, renamed elsewhere in this file; "
                     "kept as written",
                 "use cu2hip_own_" + T[I].Text.str() + " here if it means the tree's own");
  }
};

} // namespace

std::unique_ptr<Rule> createHipCollisionRule() { return std::make_unique<HipCollisionRule>(); }

} // namespace cu2hip
