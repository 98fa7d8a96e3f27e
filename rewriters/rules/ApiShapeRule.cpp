//===- ApiShapeRule.cpp - rule "api-shape": CUDA 12/13 argument lists ------===//
//
// CUDA 12 and 13 changed argument lists that HIP (5.2 .. 7.2) kept, so a
// rename alone does not compile (case 21; ROCm/HIPIFY#854, #2107):
//
//   cudaGraphAddDependencies(g, from, to, nullptr, n)  -> hipGraphAddDependencies(g, from, to, n)
//     likewise RemoveDependencies, GetEdges, NodeGetDependencies,
//     NodeGetDependentNodes, AddNode, StreamUpdateCaptureDependencies and
//     their CUDA 12.3 _v2 names: the edge-data argument is dropped when it
//     is a null literal; non-null edge data (programmatic or port edges) has
//     no HIP equivalent: an error finding.
//   cudaStreamGetCaptureInfo(s, &st, &id, g, d, nullptr, &n)
//                                       -> hipStreamGetCaptureInfo_v2(s, &st, &id, g, d, &n)
//     (the name comes from the maps; the rule drops the edge-data output)
//   cudaGraphInstantiate(&e, g, flags)  -> hipGraphInstantiateWithFlags(&e, g, flags)
//     (CUDA 12 form; the name from the maps); a 2-argument call gets `, 0`
//     (HIP has no default); the CUDA 11 5-argument form with null error
//     node and log buffer becomes (&e, g, 0), else an error finding.
//   cudaLaunchCooperativeKernel(k, g, b, args) -> hipLaunchCooperativeKernel(k, g, b, args, 0, 0)
//     (CUDA's template defaults sharedMem and stream to 0; HIP's two
//     overloads, hip_runtime_api.h, have no defaults)
//   cudaMalloc3DArray(&a, &desc, extent) -> hipMalloc3DArray(&a, &desc, extent, 0)
//     (CUDA defaults flags to 0 (cudaArrayDefault); HIP's declaration has no
//     default)
//   cudaMemAdvise(p, n, advice, loc)    -> hipMemAdvise(p, n, advice,
//                                            cu2hip::mem_location_device(loc))
//     (CUDA 13 cudaMemLocation, or a CUDA 12 device id: both overloads of
//     cu2hip/memloc.h)
//   cudaEventCreate(&e, flags)          -> hipEventCreateWithFlags(&e, flags)
//     (cuda_runtime.h's C++ overload; HIP has only the one-argument form)
//   cudaHostGetDevicePointer(&fp, h, 0) -> hipHostGetDevicePointer(
//                                            reinterpret_cast<void **>(&fp), h, 0)
//     (cuda_runtime.h's template over T **; HIP's function takes void **)
//   cudaMemPrefetchAsync(p, n, loc, flags[, s]) -> cu2hip::mem_prefetch_async(...)
//     (the maps; memloc.h's overloads take CUDA 12's and 13's lists as they
//     are, so a flags variable needs no guess from the argument count)
// Calls that already have HIP's shape (CUDA 11/12 code) are left as they
// are. Where a count is ambiguous between CUDA 12 and 13 (a 6-argument
// cudaStreamGetCaptureInfo, a 4-argument cudaStreamUpdateCaptureDependencies)
// a null literal in the edge-data place decides CUDA 13; anything else is
// taken as CUDA 12, whose argument is HIP's.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace {

/// A call-shape entry: the place of the edge-data argument and the argument
/// count of the CUDA 13 form (with it).
struct EdgeShape {
  int EdgeArg;
  size_t Count;
};

std::optional<EdgeShape> edgeShape(llvm::StringRef Name) {
  Name.consume_back("_v2");
  return llvm::StringSwitch<std::optional<EdgeShape>>(Name)
      .Case("cudaGraphAddDependencies", EdgeShape{3, 5})
      .Case("cudaGraphRemoveDependencies", EdgeShape{3, 5})
      .Case("cudaGraphGetEdges", EdgeShape{3, 5})
      .Case("cudaGraphNodeGetDependencies", EdgeShape{2, 4})
      .Case("cudaGraphNodeGetDependentNodes", EdgeShape{2, 4})
      .Case("cudaGraphAddNode", EdgeShape{3, 6})
      .Case("cudaStreamUpdateCaptureDependencies", EdgeShape{2, 5})
      .Default(std::nullopt);
}

bool isNullLiteral(llvm::StringRef S) {
  S = S.trim();
  while (S.size() > 2 && S.front() == '(' && S.back() == ')')
    S = S.drop_front().drop_back().trim();
  return S == "nullptr" || S == "NULL" || S == "0" || S == "__null" || S == "0L" ||
         S == "0ULL" || S == "0UL" || S == "0u" || S == "0U";
}

/// True when argument `A` is a null literal, or an object-like macro this
/// file defines as one (`#define NO_EDGES nullptr`).
bool isNullArg(const FileContext &C, const ArgList::Arg &A) {
  const auto &T = C.Toks;
  if (isNullLiteral(T.argText(A)))
    return true;
  if (A.First != A.Last || !T[A.First].isIdent())
    return false;
  for (size_t I = 2; I + 1 < T.size(); ++I)
    if (T[I].isIdent(T[A.First].Text) && T[I - 1].isIdent("define") && T[I].InDirective &&
        T[I + 1].InDirective && !T[I + 1].StartOfLine &&
        (I + 2 >= T.size() || !T[I + 2].InDirective || T[I + 2].StartOfLine) &&
        isNullLiteral(T[I + 1].Text))
      return true;
  return false;
}

class ApiShapeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"api-shape", IdKind::Edit, "CUDA 12/13 argument lists rewritten to HIP's"},
        {"api-shape-unported", IdKind::Error,
         "CUDA 12/13 call whose arguments have no HIP equivalent (edge data, flags)"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || !T[I].Text.startswith("cuda") || isMacroNameBeingDefined(C, I) ||
          C.isMemberOrForeignQualified(I))
        continue;
      if (const NameRef *Ref = indexedName(C, I))
        if (!Ref->Ambiguous && !Ref->System)
          continue; // the user's own function of that name
      auto Args = callArgs(C, I);
      if (!Args)
        continue;
      llvm::StringRef Name = T[I].Text;
      if (auto S = edgeShape(Name))
        edgeData(C, I, *Args, *S);
      else if (Name == "cudaStreamGetCaptureInfo" || Name == "cudaStreamGetCaptureInfo_v3")
        captureInfo(C, I, *Args, Name.endswith("_v3"));
      else if (Name == "cudaGraphInstantiate")
        instantiate(C, I, *Args);
      else if (Name == "cudaLaunchCooperativeKernel")
        explicitDefaults(C, *Args, 4, {"0", "0"});
      else if (Name == "cudaMalloc3DArray")
        explicitDefaults(C, *Args, 3, {"0"});
      else if (Name == "cudaMemAdvise" || Name == "cudaMemAdvise_v2")
        memLocation(C, *Args, 3);
      else if (Name == "cudaMemPrefetchAsync" || Name == "cudaMemPrefetchAsync_v2")
        prefetch(C);
      else if (Name == "cudaEventCreate" && Args->Args.size() == 2)
        // cuda_runtime.h's C++ overload (event, flags) is
        // cudaEventCreateWithFlags; HIP has only hipEventCreate(event). The
        // maps rename the token to hipEventCreate; the suffix makes it
        // hipEventCreateWithFlags.
        C.insertAtOffset(id(), T[I].end(), "WithFlags");
      else if (Name == "cudaHostGetDevicePointer")
        devicePointer(C, I, *Args);
    }
  }

private:
  /// Removes argument `K` of `A` with the comma that separates it.
  void dropArg(FileContext &C, const ArgList &A, size_t K) {
    const auto &T = C.Toks;
    unsigned From, To;
    if (K + 1 < A.Args.size()) {
      From = T[A.Args[K].First].Offset;
      To = T[A.Args[K + 1].First].Offset;
    } else {
      From = T[A.Args[K - 1].Last].end();
      To = T[A.Args[K].Last].end();
    }
    C.Edits.add({From, To - From, "", id().str()});
    ++C.Stats.EditsPerRule[id()];
  }

  void unported(FileContext &C, size_t I, const std::string &Msg, llvm::StringRef Fix) {
    C.report("api-shape-unported", Severity::Error, C.Toks[I].Offset, Msg, Fix);
  }

  void edgeData(FileContext &C, size_t I, const ArgList &A, EdgeShape S) {
    llvm::StringRef Name = C.Toks[I].Text;
    bool V2 = Name.endswith("_v2");
    size_t N = A.Args.size();
    // CUDA 13 (and 12.3 _v2) forms carry the edge data; a 4-argument
    // StreamUpdateCaptureDependencies is CUDA 13 (default flags) only when
    // the edge-data place holds a null literal.
    bool Cuda13 = N == S.Count ||
                  (Name == "cudaStreamUpdateCaptureDependencies" && N == S.Count - 1 &&
                   isNullArg(C, A.Args[S.EdgeArg]));
    if (V2 && N == S.Count - 1 && Name.startswith("cudaStreamUpdate"))
      Cuda13 = true; // _v2: flags defaulted
    if (!Cuda13 || static_cast<size_t>(S.EdgeArg) >= N)
      return;
    if (!isNullArg(C, A.Args[S.EdgeArg])) {
      unported(C, I,
               ("'" + Name + "' with edge data: HIP graphs have only default edges").str(),
               "pass nullptr as the edge data (every edge a default edge) and drop the "
               "argument, or keep this dependency out of the graph; programmatic and port "
               "edges have no HIP equivalent");
      return;
    }
    dropArg(C, A, S.EdgeArg);
  }

  void captureInfo(FileContext &C, size_t I, const ArgList &A, bool V3) {
    size_t N = A.Args.size();
    // 7 arguments: CUDA 13 (or 12.3 _v3) with edge data at 5. 6 arguments:
    // CUDA 13 with the count defaulted only when place 5 is a null literal
    // (CUDA 12's 6-argument form has the count there, which is HIP's).
    if (N < 6)
      return;
    if (N == 6 && !(V3 || isNullArg(C, A.Args[5])))
      return;
    if (!isNullArg(C, A.Args[5])) {
      unported(C, I, "stream capture info with an edge-data output: HIP has no edge data",
               "pass nullptr for edgeData_out (all edges of a HIP capture are default "
               "edges) so the argument can be dropped");
      return;
    }
    dropArg(C, A, 5);
  }

  /// A call that leaves CUDA's defaulted trailing parameters out, where
  /// HIP's function has no defaults: CUDA's default values (`Defaults`, for
  /// the parameters from index `First` on) are appended explicitly.
  void explicitDefaults(FileContext &C, const ArgList &A, size_t First,
                        llvm::ArrayRef<const char *> Defaults) {
    size_t N = A.Args.size();
    if (N < First || N >= First + Defaults.size())
      return;
    std::string Tail;
    for (size_t K = N - First; K < Defaults.size(); ++K)
      Tail += std::string(", ") + Defaults[K];
    C.insertAtOffset(id(), C.Toks[A.Args[N - 1].Last].end(), Tail);
  }

  void instantiate(FileContext &C, size_t I, const ArgList &A) {
    const auto &T = C.Toks;
    size_t N = A.Args.size();
    if (N == 2) {
      C.insertAtOffset(id(), T[A.Args[1].Last].end(), ", 0");
      return;
    }
    if (N != 5)
      return;
    // CUDA 11: (exec, graph, errorNode, logBuffer, bufferSize).
    if (!isNullArg(C, A.Args[2]) || !isNullArg(C, A.Args[3])) {
      unported(C, I, "CUDA 11 cudaGraphInstantiate with an error node or log buffer",
               "call hipGraphInstantiate(&exec, graph, errorNode, logBuffer, size) (HIP keeps "
               "the 5-argument form) and rename back from hipGraphInstantiateWithFlags");
      return;
    }
    unsigned From = T[A.Args[2].First].Offset, To = T[A.Args[4].Last].end();
    C.Edits.add({From, To - From, "0", id().str()});
    ++C.Stats.EditsPerRule[id()];
  }

  void memLocation(FileContext &C, const ArgList &A, size_t K) {
    if (K >= A.Args.size() || A.Args[K].First > A.Args[K].Last)
      return;
    if (C.Toks.argText(A.Args[K]).startswith("cu2hip::mem_location_device"))
      return;
    wrapArg(C, id(), A.Args[K], "cu2hip::mem_location_device(", ")");
    C.requestHeader("cu2hip/memloc.h");
  }

  /// cuda_runtime.h's template cudaHostGetDevicePointer(T **, void *,
  /// unsigned) takes any pointer's address; HIP's C function takes void **.
  /// The parse says which one a call resolved to: the C function's type
  /// has a `void **` first parameter, the template's (or a dependent
  /// call's) has not, and only those calls get the cast.
  void devicePointer(FileContext &C, size_t I, const ArgList &A) {
    const NameRef *Ref = indexedName(C, I);
    if (!Ref || Ref->Ambiguous || A.Args.size() != 3 ||
        llvm::StringRef(Ref->Type).contains("(void **"))
      return;
    wrapArg(C, id(), A.Args[0], "reinterpret_cast<void **>(", ")");
  }

  /// cudaMemPrefetchAsync becomes cu2hip::mem_prefetch_async (the maps), whose
  /// overloads take CUDA 12's and CUDA 13's argument lists as they are: the
  /// call only needs memloc.h.
  void prefetch(FileContext &C) { C.requestHeader("cu2hip/memloc.h"); }
};

} // namespace

std::unique_ptr<Rule> createApiShapeRule() { return std::make_unique<ApiShapeRule>(); }

} // namespace cu2hip
