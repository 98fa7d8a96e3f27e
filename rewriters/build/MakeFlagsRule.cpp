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
// Where the ported sources call roctx (NVTX 3 is header-only on CUDA, roctx
// is a library), CU2HIP_ROCTX_LIBS ?= -lroctx64 is added at the top and
// linked: appended to the first variable that names a CUDA library (set
// with = := ?=), else where the GPU targets go.
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
    Roctx = C.Opts.LinkRoctx && !linksRoctx(C);
    const MakeLine *Anchor = anchor(C);
    LibAnchor = Roctx ? libAnchor(C) : nullptr;
    bool Any = false;
    for (const MakeLine &L : C.Make.Lines) {
      if (&L == LibAnchor && &L != Anchor)
        appendRoctx(C, L);
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
  /// The file gets the roctx library (LinkRoctx, not linked yet).
  bool Roctx = false;
  /// The variable that gets $(CU2HIP_ROCTX_LIBS), or nullptr (then it goes
  /// with the GPU targets).
  const MakeLine *LibAnchor = nullptr;

  /// The lines added at the top: the GPU targets (and the runtime headers).
  static std::string header(const BuildContext &C) {
    std::string H = "# cu2hip: AMD GPU targets (cu2hip --offload-arch); override with\n"
                    "# make OFFLOAD_ARCH=\"gfx90a gfx1100\"\n"
                    "OFFLOAD_ARCH ?= " +
                    archList(C) +
                    "\nOFFLOAD_ARCH_FLAGS = $(foreach a,$(OFFLOAD_ARCH),--offload-arch=$(a))\n";
    if (C.Opts.LinkRoctx && !linksRoctx(C))
      H += "# cu2hip: the ported sources call roctx (NVTX); make CU2HIP_ROCTX_LIBS= builds\n"
           "# without the tracer library (with -DCU2HIP_ROCTX_NOOP: cu2hip/roctx.h)\n"
           "CU2HIP_ROCTX_LIBS ?= -lroctx64\n";
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

  /// True when the file links roctx already (a port's output, -lroctx64,
  /// or -lnvToolsExt, which becomes it).
  static bool linksRoctx(const BuildContext &C) {
    for (const MakeLine &L : C.Make.Lines) {
      if (L.K == MakeLine::Assignment && L.Var == "CU2HIP_ROCTX_LIBS")
        return true;
      for (const MakeWord &W : L.Words)
        if (W.Text == "-lroctx64" || W.Text == "-lnvToolsExt")
          return true;
    }
    return false;
  }

  /// The first variable set (= := ?=) to words naming a CUDA library.
  static const MakeLine *libAnchor(const BuildContext &C) {
    for (const MakeLine &L : C.Make.Lines) {
      if (L.K != MakeLine::Assignment || L.Op == "+=" || L.Op == "!=")
        continue;
      for (const MakeWord &W : L.Words)
        if (W.Text.startswith("-l") && lookupLibrary(W.Text.drop_front(2)))
          return &L;
    }
    return nullptr;
  }

  /// Without a library variable, an nvcc command that links (no -c) gets
  /// $(CU2HIP_ROCTX_LIBS) after its last word, behind its inputs.
  void linkRoctx(BuildContext &C, const MakeWord &Compiler, ArrayRef<MakeWord> Flags) {
    if (!Roctx || LibAnchor)
      return;
    for (const MakeWord &W : Flags)
      if (W.Text == "-c" || W.Text == "-dc" || W.Text == "--compile")
        return;
    unsigned End = Flags.empty() ? Compiler.end() : Flags.back().end();
    C.insert(id(), End, " $(CU2HIP_ROCTX_LIBS)");
  }

  void appendRoctx(BuildContext &C, const MakeLine &L) {
    C.insert(id(), L.Words.back().end(), " $(CU2HIP_ROCTX_LIBS)");
    C.report(id(), Severity::Note, L.VarOffset,
             L.Var + " gets the roctx library the ported NVTX calls need: $(CU2HIP_ROCTX_LIBS)");
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

  /// True when word `I` of `L` is where the shell finds a command: the
  /// first word of a recipe line or of a variable's value, the first word
  /// in $(shell ...), a word after a shell separator (; && || |) or a shell
  /// keyword that starts a command. Not text that make prints
  /// ($(warning ...), $(info ...)) nor the arguments of a command (`which
  /// nvcc`, `echo nvcc`).
  static bool runsCommand(const MakeLine &L, size_t I) {
    const MakeWord &W = L.Words[I];
    if (W.CallDepth > 0 && W.Call != "shell")
      return false;
    if (I == 0)
      return W.CallDepth == 0 && (L.K == MakeLine::Recipe || L.K == MakeLine::Assignment ||
                                  L.K == MakeLine::Other);
    const MakeWord &P = L.Words[I - 1];
    if (P.CallDepth < W.CallDepth)
      return true; // the first word in $(shell ...)
    if (P.CallDepth > W.CallDepth)
      return false;
    return endsShellCommand(P.Text) || P.Text == "then" || P.Text == "do" ||
           P.Text == "else" || P.Text == "exec" || P.Text == "time";
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
    std::string A = added(C);
    if (&L == LibAnchor) {
      A += " $(CU2HIP_ROCTX_LIBS)";
      C.report(id(), Severity::Note, L.VarOffset,
               L.Var + " gets the roctx library the ported NVTX calls need: "
                       "$(CU2HIP_ROCTX_LIBS)");
    }
    if (L.Words.empty())
      C.insert(id(), L.ValueOffset, A);
    else
      C.insert(id(), L.Words.back().end(), A);
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
      if (!isCompilerWord(L.Words[I].Text) || !runsCommand(L, I)) {
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
      if (!InAssignment)
        linkRoctx(C, L.Words[I], Flags);
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
