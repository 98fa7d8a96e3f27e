//===- AllocHooksRule.cpp - rule "alloc-hooks" (opt-in: --alloc-hooks) ----===//
//
// CUDA:  cudaMalloc(&p, n);          HIP: cu2hip::hipMalloc(CU2HIP_SITE, &p, n);
//        cudaHostAlloc(&h, n, f);         cu2hip::hipHostMalloc(CU2HIP_SITE, &h, n, f);
// Routes the allocation call sites of docs/alloc.md's table through the
// runtime's allocator hooks (<cu2hip/alloc.h>), which record the call site
// (file, line) and can serve device memory from a caching allocator. The
// rewrite is a replacement of the name token plus an insertion of
// `CU2HIP_SITE, ` after the `(`, so the arguments stay as written (other
// rules still rename flag names inside them) and defaulted CUDA arguments
// keep their defaults. Works on tokens, so a call spelled in a user macro's
// body is rewritten there (CU2HIP_SITE then names the macro's use).
// The names rule leaves the tokens this rule owns alone (isAllocHookCall).
// Findings (rule id alloc-hooks):
//  * warning: the API used other than as a call (`&cudaFree`, a deleter, a
//    name passed to a macro): renamed by the names rule but not hooked;
//  * warning: an argument count no hook accepts (e.g. the memory-pool
//    overload of cudaMallocAsync): renamed, not hooked;
//  * note: pinned-host flags that are non-coherent on AMD (Portable or
//    WriteCombined without Mapped) or only known at run time: the hook keeps
//    CUDA's coherent semantics.
// `cudaFree(0)` (frees nothing; often written to create the context) stays
// a plain hipFree.
//===----------------------------------------------------------------------===//
#include "AllocHooks.h"
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"

using namespace clang;

namespace cu2hip {

namespace {

struct HookInfo {
  const char *Hook;
  unsigned MinArgs, MaxArgs;
  int FlagsArg; ///< index of a pinned-host flags argument, or -1
};

const HookInfo *hookInfo(llvm::StringRef N) {
  static const HookInfo Malloc{"cu2hip::hipMalloc", 2, 2, -1};
  static const HookInfo Free{"cu2hip::hipFree", 1, 1, -1};
  static const HookInfo MallocAsync{"cu2hip::hipMallocAsync", 3, 3, -1};
  static const HookInfo FreeAsync{"cu2hip::hipFreeAsync", 2, 2, -1};
  static const HookInfo Managed{"cu2hip::hipMallocManaged", 2, 3, -1};
  static const HookInfo Pitch{"cu2hip::hipMallocPitch", 4, 4, -1};
  static const HookInfo MallocHost{"cu2hip::hipHostMalloc", 2, 3, 2};
  static const HookInfo HostAlloc{"cu2hip::hipHostMalloc", 3, 3, 2};
  static const HookInfo FreeHost{"cu2hip::hipHostFree", 1, 1, -1};
  static const HookInfo MemGetInfo{"cu2hip::hipMemGetInfo", 2, 2, -1};
  return llvm::StringSwitch<const HookInfo *>(N)
      .Case("cudaMalloc", &Malloc)
      .Case("cudaFree", &Free)
      .Case("cudaMallocAsync", &MallocAsync)
      .Case("cudaFreeAsync", &FreeAsync)
      .Case("cudaMallocManaged", &Managed)
      .Case("cudaMallocPitch", &Pitch)
      .Case("cudaMallocHost", &MallocHost)
      .Case("cudaHostAlloc", &HostAlloc)
      .Case("cudaFreeHost", &FreeHost)
      .Case("cudaMemGetInfo", &MemGetInfo)
      .Default(nullptr);
}

/// Keywords that may directly precede a call expression statement; any
/// other identifier before `name(` makes it a declaration (`cudaError_t
/// cudaMalloc(void **, size_t);`), which is left to the names rule.
bool precedesExpression(llvm::StringRef S) {
  return llvm::StringSwitch<bool>(S)
      .Cases("return", "co_return", "co_await", "throw", "else", "do", true)
      .Default(false);
}

/// Does the file #define `Name` itself (a user redirect such as `#define
/// cudaMalloc myAlloc`)? Then its uses belong to the user's macro.
bool definedAsMacro(const FileContext &C, llvm::StringRef Name) {
  const auto &T = C.Toks;
  for (size_t J = 2; J < T.size(); ++J)
    if (T[J].isIdent(Name) && isMacroNameBeingDefined(C, J))
      return true;
  return false;
}

/// Is the identifier at `I` one this rule considers at all (a use of the
/// CUDA API name, not a member, a foreign-qualified name, a macro being
/// defined, an #include operand, a user declaration or a name the user
/// declared)?
bool isApiUse(const FileContext &C, size_t I) {
  const auto &T = C.Toks;
  if (!T[I].isIdent() || !hookInfo(T[I].Text))
    return false;
  // By declaration identity where the typed index knows the name: only
  // uses of the SDK's API are hooked, next to a user's overload or
  // namespaced function of the same name.
  const NameRef *Ref = indexedName(C, I);
  if (Ref && (!Ref->System || Ref->IsDecl))
    return false;
  if ((!Ref && C.Facts.ShadowedNames.count(T[I].Text)) || C.isMemberOrForeignQualified(I) ||
      isMacroNameBeingDefined(C, I) || inIncludeDirective(C, I))
    return false;
  if (!C.Facts.Parsed && guessUserDecls(C).FileScope.count(T[I].Text))
    return false;
  if (I > 0 && T[I - 1].isIdent() && !precedesExpression(T[I - 1].Text) &&
      !isMacroNameBeingDefined(C, I - 1))
    return false; // a declaration of the name
  return !definedAsMacro(C, T[I].Text);
}

bool hasVaArgs(const FileContext &C, const ArgList &A) {
  for (size_t J = A.LParen + 1; J < A.RParen; ++J)
    if (C.Toks[J].isIdent("__VA_ARGS__"))
      return true;
  return false;
}

/// `cudaFree(0)` / `cudaFree(nullptr)`: frees nothing; commonly written to
/// create the context up front, which the plain HIP call keeps doing. Left
/// to the names rule.
bool isNullFree(const FileContext &C, llvm::StringRef Name, const ArgList &A) {
  if (!Name.startswith("cudaFree") || A.Args.empty())
    return false;
  const ArgList::Arg &P = A.Args[0];
  if (P.First != P.Last)
    return false;
  const Tok &K = C.Toks[P.First];
  return K.isIdent("nullptr") || K.isIdent("NULL") ||
         (K.is(tok::numeric_constant) && K.Text == "0");
}

/// Outcome of reading a pinned-host flags argument.
enum class FlagsKind { Coherent, NonCoherent, RunTime };

FlagsKind classifyHostFlags(const FileContext &C, const ArgList::Arg &A) {
  const auto &T = C.Toks;
  unsigned Bits = 0;
  for (size_t J = A.First; J <= A.Last; ++J) {
    const Tok &K = T[J];
    if (K.is(tok::pipe) || K.is(tok::l_paren) || K.is(tok::r_paren))
      continue;
    if (K.is(tok::numeric_constant)) {
      unsigned long long V;
      llvm::StringRef S = K.Text.rtrim("uUlL");
      if (S.getAsInteger(0, V))
        return FlagsKind::RunTime;
      Bits |= unsigned(V);
      continue;
    }
    if (!K.isIdent())
      return FlagsKind::RunTime;
    llvm::StringRef N = K.Text;
    if (N.consume_front("cudaHostAlloc") || N.consume_front("hipHostMalloc") ||
        N.consume_front("hipHostAlloc")) {
      unsigned B = llvm::StringSwitch<unsigned>(N)
                       .Case("Default", 0)
                       .Case("Portable", 1)
                       .Case("Mapped", 2)
                       .Case("WriteCombined", 4)
                       .Default(~0u);
      if (B == ~0u)
        return FlagsKind::RunTime;
      Bits |= B;
      continue;
    }
    return FlagsKind::RunTime;
  }
  // clr's ihipHostMalloc: coherent for 0 or with Mapped; Portable or
  // WriteCombined without Mapped give non-coherent memory.
  if (Bits != 0 && !(Bits & 2))
    return FlagsKind::NonCoherent;
  return FlagsKind::Coherent;
}

} // namespace

bool isAllocHookCall(const FileContext &C, size_t I) {
  if (!C.Opts.AllocHooks || !isApiUse(C, I))
    return false;
  auto Args = callArgs(C, I);
  if (!Args)
    return false;
  const HookInfo *H = hookInfo(C.Toks[I].Text);
  unsigned N = Args->Args.size();
  if (isNullFree(C, C.Toks[I].Text, *Args))
    return false;
  return (N >= H->MinArgs && N <= H->MaxArgs) || hasVaArgs(C, *Args);
}

namespace {

class AllocHooksRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"alloc-hooks", IdKind::Edit, "allocation calls through cu2hip's allocator hooks (--alloc-hooks)"},
    };
    return Ids;
  }

  bool enabled(const Options &O) const override { return O.AllocHooks; }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!isApiUse(C, I))
        continue;
      llvm::StringRef Name = T[I].Text;
      const HookInfo *H = hookInfo(Name);
      auto Args = callArgs(C, I);
      if (!Args) {
        C.report(id(), Severity::Warning, T[I].Offset,
                 ("'" + Name + "' used other than as a call: renamed, but "
                  "allocations through it bypass the allocator hooks (memory "
                  "from a hooked allocation must not be released by the "
                  "plain HIP call when CU2HIP_ALLOC_CONF selects the caching "
                  "allocator)")
                     .str(),
                 ("call " + llvm::Twine(H->Hook) + "(CU2HIP_SITE, ...) "
                  "instead, e.g. in a lambda")
                     .str());
        continue;
      }
      if (isNullFree(C, Name, *Args))
        continue; // frees nothing: a plain HIP call
      if (!isAllocHookCall(C, I)) {
        C.report(id(), Severity::Warning, T[I].Offset,
                 ("'" + Name + "' called with " + llvm::Twine(Args->Args.size()) +
                  " argument(s), a form the allocator hooks do not provide "
                  "(e.g. the memory-pool overload): renamed, not hooked")
                     .str());
        continue;
      }
      C.replaceTokens(id(), I, I, H->Hook);
      C.insert(id(), Args->LParen, Args->Args.empty() ? "CU2HIP_SITE" : "CU2HIP_SITE, ",
               /*After=*/true);
      C.requestHeader("cu2hip/alloc.h");
      if (H->FlagsArg >= 0 && (int)Args->Args.size() > H->FlagsArg &&
          !hasVaArgs(C, *Args))
        checkHostFlags(C, Name, Args->Args[H->FlagsArg]);
    }
  }

  void checkHostFlags(FileContext &C, llvm::StringRef Name, const ArgList::Arg &A) {
    if (A.First > A.Last)
      return;
    switch (classifyHostFlags(C, A)) {
    case FlagsKind::Coherent:
      return;
    case FlagsKind::NonCoherent:
      C.report(id(), Severity::Note, C.Toks[A.First].Offset,
               ("'" + Name + "' flags '" + C.Toks.argText(A) +
                "' (portable or write-combined without mapped) would give "
                "non-coherent pinned memory on AMD; cu2hip::hipHostMalloc "
                "adds hipHostMallocCoherent so the port keeps CUDA's coherent "
                "semantics (CU2HIP_ALLOC_CONF=host_coherent:0 keeps the flags "
                "as written: faster for staging-only buffers)")
                   .str());
      return;
    case FlagsKind::RunTime:
      C.report(id(), Severity::Note, C.Toks[A.First].Offset,
               ("'" + Name + "' flags '" + C.Toks.argText(A) +
                "' are only known at run time; cu2hip::hipHostMalloc adds "
                "hipHostMallocCoherent where HIP would give non-coherent "
                "pinned memory (portable or write-combined without mapped), "
                "keeping CUDA's semantics")
                   .str());
      return;
    }
  }
};

} // namespace

std::unique_ptr<Rule> createAllocHooksRule() { return std::make_unique<AllocHooksRule>(); }

} // namespace cu2hip
