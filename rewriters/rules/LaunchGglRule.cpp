//===- LaunchGglRule.cpp - rule "launch-ggl": hipLaunchKernelGGL ----------===//
//
// Active with --launch=ggl (HIP accepts <<<>>> as is, so the default keeps it).
// CUDA:  k<T, 4><<<grid, 256, smem, s>>>(a, b);
// HIP:   hipLaunchKernelGGL(HIP_KERNEL_NAME(k<T, 4>), dim3(grid), dim3(256), smem, s, a, b);
// Works on tokens, so launches spelled inside macro bodies (case 05),
// template kernels whose arguments hold commas, nested dim3(...) arguments
// (case 04) and 2-, 3- and 4-argument configurations are all handled.
// The rewrite is a set of small insertions and token replacements, so other
// rules may still rename names inside the configuration or the arguments.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class LaunchRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"launch-ggl", IdKind::Edit, "<<<>>> launches to hipLaunchKernelGGL (--launch=ggl)"},
    };
    return Ids;
  }

  static bool isDim3Call(const TokenStream &T, const ArgList::Arg &A) {
    if (A.First + 1 > A.Last || !T[A.First].isIdent("dim3") ||
        !T[A.First + 1].is(tok::l_paren))
      return false;
    auto Close = T.matchForward(A.First + 1);
    return Close && *Close == A.Last;
  }

  bool enabled(const Options &O) const override { return O.Launch == LaunchMode::Ggl; }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 1; I < T.size(); ++I) {
      if (!T[I].is(tok::lesslessless))
        continue;
      auto Start = launchKernelStart(T, I - 1);
      auto Config = T.parseList(I);
      if (!Start || !Config || Config->RParen + 1 >= T.size() ||
          !T[Config->RParen + 1].is(tok::l_paren)) {
        C.report(id(), Severity::Warning, T[I].Offset,
                 "kernel launch not recognised; left as <<<>>> (valid HIP)");
        continue;
      }
      auto Args = T.parseArgs(Config->RParen + 1);
      size_t NConf = Config->Args.size();
      if (!Args || NConf < 2 || NConf > 4) {
        C.report(id(), Severity::Warning, T[I].Offset,
                 "kernel launch not recognised; left as <<<>>> (valid HIP)");
        continue;
      }
      llvm::StringRef Callee = T.text(*Start, I - 1);
      bool Template = Callee.contains('<');
      C.insert(id(), *Start,
               Template ? "hipLaunchKernelGGL(HIP_KERNEL_NAME(" : "hipLaunchKernelGGL(");
      // `<<<` -> `, ` (closing HIP_KERNEL_NAME first).
      C.replaceTokens(id(), I, I, Template ? "), " : ", ");
      for (size_t A = 0; A < 2; ++A)
        if (!isDim3Call(T, Config->Args[A]))
          wrapArg(C, id(), Config->Args[A], "dim3(", ")");
      std::string Tail;
      if (NConf < 3)
        Tail += ", 0";
      if (NConf < 4)
        Tail += ", 0";
      bool HasArgs = !Args->Args.empty();
      // `>>>(` -> `<defaults>, ` or `<defaults>` when there are no arguments.
      unsigned B = T[Config->RParen].Offset, E = T[Args->LParen].end();
      C.Edits.add({B, E - B, Tail + (HasArgs ? ", " : ""), id().str()});
      ++C.Stats.EditsPerRule[id()];
    }
  }
};

} // namespace

std::unique_ptr<Rule> createLaunchRule() { return std::make_unique<LaunchRule>(); }

} // namespace cu2hip
