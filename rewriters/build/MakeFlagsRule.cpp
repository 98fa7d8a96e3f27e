//===- MakeFlagsRule.cpp - build-make-flags -------------------------------===//
//
// Makefiles: nvcc options become hipcc's (the flag table, BuildMaps.cpp)
// where nvcc reads them: the values of nvcc flag variables (a name holding
// NVCC, CUDA, GENCODE or CUFLAGS: NVCC_FLAGS, NVCCFLAGS, CUDA_FLAGS, ...)
// and the words after an nvcc command (`nvcc`, `$(NVCC)`, or a variable set
// to nvcc) up to the end of the shell command. CUDA libraries (-lcublas ->
// -lhipblas, -lcudart dropped) are renamed in every line. GPU targets: the
// AMD list is OFFLOAD_ARCH, added at the top (`make OFFLOAD_ARCH=gfx90a`
// overrides it) and passed as $(OFFLOAD_ARCH_FLAGS), appended to the first
// nvcc flag variable set with = := ?= (or after each nvcc command when
// there is none); nvcc's -arch/-gencode flags are dropped with a note.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

bool isFlagsVar(StringRef V) {
  if (V.endswith("_PATH") || V.endswith("_HOME") || V.endswith("_ROOT") || V.endswith("_DIR"))
    return false;
  return V.contains("NVCC") || V.contains("CUDA") || V.contains("GENCODE") ||
         V.contains("CUFLAGS");
}

bool endsShellCommand(StringRef W) {
  return W == ";" || W == "&&" || W == "||" || W == "|" || W.endswith(";");
}

class MakeFlagsRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-make-flags", IdKind::Edit,
         "make: nvcc options and CUDA libraries to hipcc's; GPU targets from "
         "--offload-arch as OFFLOAD_ARCH"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::Make; }

  void run(BuildContext &C) override {
    findCompilerVars(C);
    // A port's output has OFFLOAD_ARCH_FLAGS already: it gets no second one.
    for (const MakeLine &L : C.Make.Lines)
      Ported |= L.K == MakeLine::Assignment && L.Var == "OFFLOAD_ARCH_FLAGS";
    const MakeLine *Anchor = anchor(C);
    bool Any = false;
    for (const MakeLine &L : C.Make.Lines) {
      if (L.K == MakeLine::Assignment && isFlagsVar(L.Var) && !Compilers.count(L.Var)) {
        translate(C, L.Words, {"", "OFFLOAD_ARCH"});
        Any = true;
        if (&L == Anchor && !Ported)
          appendArch(C, L);
        continue;
      }
      Any |= commands(C, L, Anchor != nullptr);
    }
    if (Any && !Ported)
      C.insert(id(), headerOffset(C), header(C));
  }

private:
  StringSet<> Compilers;
  bool Ported = false;

  /// The lines added at the top: the GPU targets (and the runtime headers).
  static std::string header(const BuildContext &C) {
    std::string H = "# cu2hip: AMD GPU targets (cu2hip --offload-arch); override with\n"
                    "# make OFFLOAD_ARCH=\"gfx90a gfx1100\"\n"
                    "OFFLOAD_ARCH ?= " +
                    archList(C) +
                    "\nOFFLOAD_ARCH_FLAGS = $(foreach a,$(OFFLOAD_ARCH),--offload-arch=$(a))\n";
    if (C.Opts.RuntimeInclude.empty())
      return H;
    if (!C.Opts.RuntimeIncludeRelative)
      return H + "# cu2hip: the ported sources include cu2hip's runtime headers\n"
                 "CU2HIP_INCLUDE ?= " +
             C.Opts.RuntimeInclude + "\n";
    // Beside this makefile, wherever the tree is: MAKEFILE_LIST's last
    // word is this file while no include has run (the header comes first).
    return H + "# cu2hip: the ported sources include cu2hip's runtime headers (copied into\n"
               "# the ported tree; make CU2HIP_INCLUDE=... picks others)\n"
               "ifeq ($(origin CU2HIP_INCLUDE),undefined)\n"
               "CU2HIP_INCLUDE := $(dir $(abspath $(lastword $(MAKEFILE_LIST))))" +
           C.Opts.RuntimeInclude + "\nendif\n";
  }

  /// What nvcc's flags get: the GPU targets (and the runtime headers).
  static std::string added(const BuildContext &C) {
    return C.Opts.RuntimeInclude.empty() ? " $(OFFLOAD_ARCH_FLAGS)"
                                         : " $(OFFLOAD_ARCH_FLAGS) -I$(CU2HIP_INCLUDE)";
  }

  static std::string archList(const BuildContext &C) {
    std::string S = C.Opts.OffloadArch;
    std::replace(S.begin(), S.end(), ';', ' ');
    return S;
  }

  static unsigned headerOffset(const BuildContext &C) {
    for (const MakeLine &L : C.Make.Lines)
      if (L.K != MakeLine::Blank && L.K != MakeLine::Comment)
        return L.Offset;
    return C.Buffer.size();
  }

  /// Variables whose value runs nvcc: NVCC, and any set to an nvcc word.
  void findCompilerVars(const BuildContext &C) {
    Compilers.insert("NVCC");
    for (const MakeLine &L : C.Make.Lines)
      if (L.K == MakeLine::Assignment)
        for (const MakeWord &W : L.Words)
          if (isNvccWord(W.Text))
            Compilers.insert(L.Var);
  }

  bool isCompilerWord(StringRef W) const {
    if (isNvccWord(W))
      return true;
    if (W.size() > 3 && W[0] == '$' && (W[1] == '(' || W[1] == '{') &&
        W.back() == (W[1] == '(' ? ')' : '}'))
      return Compilers.count(W.slice(2, W.size() - 1));
    return false;
  }

  /// The first nvcc flag variable set (not appended to), or nullptr.
  const MakeLine *anchor(const BuildContext &C) const {
    for (const MakeLine &L : C.Make.Lines)
      if (L.K == MakeLine::Assignment && isFlagsVar(L.Var) && !Compilers.count(L.Var) &&
          L.Var.contains("FLAGS") && L.Op != "+=" && L.Op != "!=")
        return &L;
    return nullptr;
  }

  void appendArch(BuildContext &C, const MakeLine &L) {
    if (L.Words.empty())
      C.insert(id(), L.ValueOffset, added(C));
    else
      C.insert(id(), L.Words.back().end(), added(C));
    C.report(id(), Severity::Note, L.VarOffset,
             L.Var + " gets the AMD targets: $(OFFLOAD_ARCH_FLAGS)");
  }

  void translate(BuildContext &C, ArrayRef<MakeWord> Words, const ArchSpelling &Arch) {
    FlagResult R;
    translateNvccFlags(C.Buffer, Words, Arch, R);
    for (const TextEdit &E : R.Edits)
      C.replace(id(), E.Offset, E.Length, E.Text);
    for (const FlagNote &N : R.Notes)
      C.report(N.Sev == Severity::Note ? id() : StringRef(UnsupportedId), N.Sev, N.Offset,
               N.Message);
  }

  /// The nvcc commands of one line (flags after each compiler word), and
  /// CUDA libraries anywhere in it; true when it ran nvcc.
  bool commands(BuildContext &C, const MakeLine &L, bool HaveAnchor) {
    bool Ran = false;
    std::vector<MakeWord> Libs;
    for (size_t I = 0; I < L.Words.size(); ++I) {
      if (!isCompilerWord(L.Words[I].Text)) {
        if (L.Words[I].Text.startswith("-l"))
          Libs.push_back(L.Words[I]);
        continue;
      }
      Ran = true;
      size_t E = I + 1;
      while (E < L.Words.size() && !endsShellCommand(L.Words[E].Text) &&
             L.Words[E].CallDepth >= L.Words[I].CallDepth)
        ++E;
      ArrayRef<MakeWord> Flags = ArrayRef<MakeWord>(L.Words).slice(I + 1, E - I - 1);
      bool InAssignment = L.K == MakeLine::Assignment;
      if (HaveAnchor || InAssignment) {
        translate(C, Flags, {"", "OFFLOAD_ARCH"});
      } else {
        FlagResult Probe;
        translateNvccFlags(C.Buffer, Flags, {"x", ""}, Probe);
        translate(C, Flags, {"$(OFFLOAD_ARCH_FLAGS)", "OFFLOAD_ARCH"});
        if (!Probe.SawArch && !Ported)
          C.insert(id(), L.Words[I].end(), added(C));
      }
      I = E - 1;
    }
    translate(C, Libs, {"", "OFFLOAD_ARCH"});
    return Ran;
  }
};

} // namespace

std::unique_ptr<BuildRule> createMakeFlagsRule() { return std::make_unique<MakeFlagsRule>(); }

} // namespace build
} // namespace cu2hip
