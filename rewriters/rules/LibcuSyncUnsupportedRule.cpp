//===- LibcuSyncUnsupportedRule.cpp - rules "libcu-sync-unsupported", "libcu-pipeline-roles"
//
// CUDA:  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 4> s;
//        auto pipe = cuda::make_pipeline(block, &s, role);
// HIP:   the same code, with <cu2hip/cuda_barrier.h> (the header rule maps
//        <cuda/barrier> and <cuda/pipeline> there)
//
// cu2hip/cuda_barrier.h and cu2hip/cuda_pipeline.h give libcu++'s barriers
// and pipelines CUDA's semantics at block scope (and thread scope for
// pipelines). This rule names, at each use, what they cannot express:
//   * libcu-sync-unsupported (warning): cuda::barrier, cuda::pipeline or
//     cuda::pipeline_shared_state of thread_scope_device or
//     thread_scope_system (the port stops at compile time: the shim has no
//     such specialisation), consumer_wait_for / consumer_wait_until of a
//     pipeline (no timed wait), barrier::arrive_and_drop (traps at run time).
//   * libcu-pipeline-roles (note): cuda::make_pipeline(group, state, role):
//     an AMD wave has no independent thread scheduling, so a wave whose
//     lanes take both roles traps at make_pipeline instead of hanging; the
//     roles must change at wave boundaries (64 threads on gfx9, 32 on
//     gfx10+).
// Decided by declaration identity from the typed index: the template, the
// member or the function must be libcu++'s (a system declaration in
// namespace cuda), and the scope argument must name libcu++'s enumerator.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class LibcuSyncRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"libcu-sync-unsupported", IdKind::Warning,
         "libcu++ barrier/pipeline scope or use cu2hip/cuda_barrier.h cannot express"},
        {"libcu-pipeline-roles", IdKind::Note,
         "cuda::make_pipeline with roles: each wave must hold one role"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I].isIdent() || isMacroNameBeingDefined(C, I))
        continue;
      checkMember(C, I);
      std::string Name = libcuName(C, I);
      if (T[I + 1].is(tok::less) && checkScopeByType(C, I))
        continue;
      if ((Name == "cuda::barrier" || Name == "cuda::pipeline" ||
           Name == "cuda::pipeline_shared_state") &&
          T[I + 1].is(tok::less))
        checkScope(C, I, Name);
      else if (Name == "cuda::make_pipeline" && T[I + 1].is(tok::l_paren))
        checkRoles(C, I);
    }
  }

private:
  /// The qualified name of the libcu++ declaration the name at `I` refers
  /// to, or "". Where the typed index has no entry (no parse: the bundled
  /// declaration-only headers have no libcu++ synchronisation), a name
  /// spelled `cuda::X` (or `cuda::std::X`) stands for libcu++'s.
  static std::string libcuName(const FileContext &C, size_t I) {
    const auto &T = C.Toks;
    if (const NameRef *R = indexedName(C, I))
      return !R->Ambiguous && R->System && !R->IsDecl &&
                     (llvm::StringRef(R->QualName).startswith("cuda::") ||
                      llvm::StringRef(R->Parent).startswith("cuda::"))
                 ? R->QualName
                 : "";
    size_t Q = I;
    if (Q >= 4 && T[Q - 1].is(tok::coloncolon) && T[Q - 2].isIdent("std") &&
        T[Q - 3].is(tok::coloncolon))
      Q -= 2;
    if (Q < 2 || !T[Q - 1].is(tok::coloncolon) || !T[Q - 2].isIdent("cuda"))
      return "";
    return "cuda::" + T[I].Text.str();
  }

  /// Where the index has no type for the object at `I`: the libcu++ type
  /// its declaration (at `I` or the nearest earlier one) spells
  /// (`cuda::barrier<...> NAME`, `auto NAME = cuda::make_pipeline(...)`),
  /// or "".
  static std::string spelledObjectType(const FileContext &C, size_t I) {
    const auto &T = C.Toks;
    for (size_t J = I + 1; J-- > 0;) {
      if (!T[J].isIdent(T[I].Text) || J + 1 >= T.size() ||
          !(T[J + 1].is(tok::semi) || T[J + 1].is(tok::equal) || T[J + 1].is(tok::l_brace)))
        continue;
      size_t B = J;
      while (B > 0 && !T[B - 1].is(tok::semi) && !T[B - 1].is(tok::l_brace) &&
             !T[B - 1].is(tok::r_brace))
        --B;
      for (size_t K = B; K < T.size() && !T[K].is(tok::semi); ++K) {
        std::string N = T[K].isIdent() ? libcuName(C, K) : "";
        if (N == "cuda::barrier" && K < J)
          return "cuda::barrier<";
        if (N == "cuda::make_pipeline" || (N == "cuda::pipeline" && K < J))
          return "cuda::pipeline<";
      }
      return "";
    }
    return "";
  }

  /// The type of the object named at `I`, without const: the typed index's
  /// type at this use, else (a use Clang could not type: libcu++'s
  /// __shared__ barriers and pipeline states have constructors Clang
  /// refuses there, so uses of them and of pipelines made from them carry
  /// errors) the type of the nearest earlier declarator of that name; an
  /// `auto` declarator initialised by cuda::make_pipeline is a pipeline.
  static std::string objectType(const FileContext &C, size_t I) {
    const auto &T = C.Toks;
    const NameRef *R = indexedName(C, I);
    for (size_t J = I; !R && J-- > 0;)
      if (T[J].isIdent(T[I].Text))
        if (const NameRef *D = indexedName(C, J); D && D->IsDecl)
          R = D, I = J;
    if (!R)
      return spelledObjectType(C, I);
    if (R->Ambiguous)
      return "";
    llvm::StringRef Ty = R->Type;
    Ty.consume_front("const ");
    if (R->IsDecl && Ty == "auto" && I + 4 < T.size() && T[I + 1].is(tok::equal))
      for (size_t J = I + 2; J < I + 5; ++J)
        if (const NameRef *F = indexedName(C, J); F && F->System && F->QualName == "cuda::make_pipeline")
          return "cuda::pipeline<>";
    // A type Clang could not form (no libcu++ in the headers parsed): the
    // declaration's spelling.
    return Ty.startswith("cuda::") ? Ty.str() : spelledObjectType(C, I);
  }

  /// Warns at `obj.consumer_wait_for(` / `consumer_wait_until(` on a
  /// libcu++ pipeline and `obj.arrive_and_drop(` on a libcu++ barrier, by
  /// the type of the object the typed index records (the members themselves
  /// live in libcu++'s detail base classes).
  void checkMember(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    llvm::StringRef M = T[I].Text;
    bool Timed = M == "consumer_wait_for" || M == "consumer_wait_until";
    if ((!Timed && M != "arrive_and_drop") || I < 2 || I + 1 >= T.size() ||
        !T[I + 1].is(tok::l_paren) || !(T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow)))
      return;
    std::string Ty = objectType(C, I - 2);
    if (Timed && llvm::StringRef(Ty).startswith("cuda::pipeline<"))
      C.report(id(), Severity::Warning, T[I].Offset,
               "cuda::pipeline::" + M.str() +
                   ": a timed wait is not expressible on AMD (cu2hip/cuda_barrier.h has none): "
                   "the port does not compile",
               "use consumer_wait() (copies complete when issued on AMD)");
    else if (!Timed && llvm::StringRef(Ty).startswith("cuda::barrier<"))
      C.report(id(), Severity::Warning, T[I].Offset,
               "cuda::barrier::arrive_and_drop: a barrier whose expected count changes is "
               "not expressible with AMD's block barrier (traps at run time)",
               "keep every thread arriving, or restructure with __syncthreads()");
  }

  /// The specialisation the template-id at `I` forms, as the parse typed it
  /// (canonical: an alias template or a constexpr scope variable already
  /// evaluated, `cuda::barrier<cuda::thread_scope_device, ...>`): the
  /// libcu++ template's name and its first argument, or false when the
  /// index has no such type.
  static bool specialization(const FileContext &C, size_t I, std::string &Name,
                             std::string &Arg) {
    const NameRef *R = indexedName(C, I);
    if (!R || R->Ambiguous || R->Type.empty())
      return false;
    llvm::StringRef Ty = R->Type;
    Ty.consume_front("const ");
    auto [Head, Rest] = Ty.split('<');
    if (Rest.empty() || !Head.startswith("cuda::"))
      return false;
    llvm::StringRef Short = Head.rsplit("::").second;
    if (Short != "barrier" && Short != "pipeline" && Short != "pipeline_shared_state")
      return false;
    Name = ("cuda::" + Short).str();
    Arg = Rest.take_until([](char Ch) { return Ch == ',' || Ch == '>'; }).trim().str();
    return true;
  }

  /// checkScope by the evaluated template argument (specialization()):
  /// true when the parse typed the template-id, whatever its spelling
  /// (`cuda::barrier<s>` with `constexpr auto s = cuda::thread_scope_device`,
  /// an alias template `bar_t<cuda::thread_scope_system>`).
  bool checkScopeByType(FileContext &C, size_t I) {
    std::string Name, Arg;
    if (!specialization(C, I, Name, Arg))
      return false;
    llvm::StringRef Scope = llvm::StringRef(Arg).rsplit("::").second;
    if (Scope.empty())
      Scope = Arg;
    if (Scope == "thread_scope_device" || Scope == "thread_scope_system")
      reportScope(C, I, Name, Scope);
    return true;
  }

  void reportScope(FileContext &C, size_t I, llvm::StringRef Name, llvm::StringRef Scope) {
    std::string What = (Name + "<cuda::" + Scope + ">").str();
    C.report(id(), Severity::Warning, C.Toks[I].Offset,
             What + ": only block scope" +
                 (Name == "cuda::pipeline" ? " (and thread scope)" : "") +
                 " is expressible on AMD (cu2hip/cuda_barrier.h; ROCm 7.2 has no libcu++): "
                 "the port does not compile",
             "keep the synchronisation inside one block (thread_scope_block in __shared__ "
             "memory), or use cuda::atomic_ref of that scope (cu2hip/cuda_atomic.h) and a "
             "grid-wide barrier (cooperative launch)");
  }

  /// Warns when the first template argument of the libcu++ template at `I`
  /// names thread_scope_device or thread_scope_system (by spelling: no
  /// type in the index).
  void checkScope(FileContext &C, size_t I, llvm::StringRef Name) {
    const auto &T = C.Toks;
    int Depth = 0;
    for (size_t J = I + 1; J < T.size(); ++J) {
      if (T[J].is(tok::less) || T[J].is(tok::l_paren))
        ++Depth;
      else if (T[J].is(tok::greater) || T[J].is(tok::r_paren) || T[J].is(tok::greatergreater))
        Depth -= T[J].is(tok::greatergreater) ? 2 : 1;
      if (Depth <= 0 || (Depth == 1 && T[J].is(tok::comma)))
        return;
      if (!T[J].isIdent())
        continue;
      std::string ScopeName = libcuName(C, J);
      llvm::StringRef Scope = ScopeName;
      if (!Scope.endswith("::thread_scope_device") && !Scope.endswith("::thread_scope_system"))
        continue;
      reportScope(C, I, Name, Scope.rsplit("::").second);
      return;
    }
  }

  /// Notes cuda::make_pipeline(group, state, role) calls: three arguments,
  /// the last of libcu++'s type cuda::pipeline_role (not a producer count).
  /// Without an index entry: whether the nearest earlier declaration of
  /// the variable at `I` (`... NAME = ...;`) names cuda::pipeline_role.
  static bool spelledRole(const FileContext &C, size_t I) {
    const auto &T = C.Toks;
    for (size_t J = I; J-- > 0;)
      if (T[J].isIdent(T[I].Text) && J + 1 < T.size() && T[J + 1].is(tok::equal)) {
        for (size_t K = J + 2; K < T.size() && !T[K].is(tok::semi); ++K)
          if (T[K].isIdent("pipeline_role") && libcuName(C, K) == "cuda::pipeline_role")
            return true;
        return false;
      }
    return false;
  }

  void checkRoles(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    std::optional<ArgList> Args = callArgs(C, I);
    if (!Args || Args->Args.size() != 3)
      return;
    bool Role = false;
    for (size_t J = Args->Args[2].First; J <= Args->Args[2].Last; ++J)
      if (const NameRef *R = indexedName(C, J))
        Role |= !R->Ambiguous && (llvm::StringRef(R->QualName).startswith("cuda::pipeline_role") ||
                                  llvm::StringRef(R->Type).contains("cuda::pipeline_role"));
      else if (T[J].isIdent())
        Role |= libcuName(C, J) == "cuda::pipeline_role" ||
                (Args->Args[2].First == Args->Args[2].Last && spelledRole(C, J));
    if (!Role)
      return;
    C.report("libcu-pipeline-roles", Severity::Note, C.Toks[I].Offset,
             "cuda::make_pipeline with producer/consumer roles: cu2hip/cuda_pipeline.h counts "
             "each role per stage in LDS (CUDA's semantics), but an AMD wave has no "
             "independent thread scheduling: a wave whose lanes hold both roles traps at "
             "make_pipeline instead of hanging",
             "give each role whole waves (64 threads on gfx9/CDNA, 32 on gfx10+/RDNA)");
  }
};

} // namespace

std::unique_ptr<Rule> createLibcuSyncRule() { return std::make_unique<LibcuSyncRule>(); }

} // namespace cu2hip
