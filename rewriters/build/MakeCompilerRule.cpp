//===- MakeCompilerRule.cpp - build-make-compiler -------------------------===//
//
// Makefiles: the nvcc command becomes hipcc (`nvcc`, `.../bin/nvcc`); the
// CUDA SDK root variables (CUDA_PATH, CUDA_HOME, CUDA_ROOT, CUDA_DIR,
// CUDA_INSTALL_PATH, CUDA_TOOLKIT_ROOT_DIR) become ROCM_PATH, whose default
// /usr/local/cuda becomes /opt/rocm; SDK paths (/usr/local/cuda[-X.Y]) are
// under $(ROCM_PATH), lib64 becomes lib. ROCM_PATH ?= /opt/rocm is added
// where the file uses it without setting it. SDK subtrees ROCm has no
// counterpart of (samples/, targets/, extras/) are build-unsupported.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

bool isCudaRootVar(StringRef V) {
  return StringSwitch<bool>(V)
      .Cases("CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "CUDA_DIR", "CUDA_INSTALL_PATH", true)
      .Cases("CUDA_TOOLKIT_ROOT_DIR", "CUDA_TOOLKIT_PATH", "CUDA_TOOLKIT_DIR", true)
      .Default(false);
}

/// Length of a CUDA SDK root spelled at the start of `S`: /usr/local/cuda,
/// /usr/local/cuda-12.4, $(CUDA_PATH), ${CUDA_HOME}; or 0.
size_t cudaRootAt(StringRef S) {
  if (S.startswith("/usr/local/cuda")) {
    size_t E = 15;
    if (E < S.size() && S[E] == '-')
      for (++E; E < S.size() && (isDigit(S[E]) || S[E] == '.'); ++E)
        ;
    return E == S.size() || S[E] == '/' || S[E] == '"' || S[E] == '\'' ? E : 0;
  }
  if (S.size() > 3 && S[0] == '$' && (S[1] == '(' || S[1] == '{')) {
    size_t Close = S.find(S[1] == '(' ? ')' : '}');
    if (Close != StringRef::npos && isCudaRootVar(S.slice(2, Close)))
      return Close + 1;
  }
  return 0;
}

class MakeCompilerRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-make-compiler", IdKind::Edit,
         "make: nvcc to hipcc, CUDA SDK root variables and paths to ROCM_PATH"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::Make; }

  void run(BuildContext &C) override {
    bool SetsRocmPath = false, RenamesRoot = false;
    for (const MakeLine &L : C.Make.Lines)
      if (L.K == MakeLine::Assignment)
        SetsRocmPath |= L.Var == "ROCM_PATH";
    bool UsesRocmPath = false;
    for (const MakeLine &L : C.Make.Lines) {
      if (L.K == MakeLine::Assignment && isCudaRootVar(L.Var)) {
        rootAssignment(C, L, SetsRocmPath);
        RenamesRoot |= !SetsRocmPath;
        continue;
      }
      for (const MakeWord &W : L.Words)
        UsesRocmPath |= word(C, W);
    }
    if (UsesRocmPath && !SetsRocmPath && !RenamesRoot)
      C.insert(id(), headerOffset(C), "ROCM_PATH ?= /opt/rocm\n");
  }

  /// Where lines added at the top go: the first line that is not a comment.
  static unsigned headerOffset(const BuildContext &C) {
    for (const MakeLine &L : C.Make.Lines)
      if (L.K != MakeLine::Blank && L.K != MakeLine::Comment)
        return L.Offset;
    return C.Buffer.size();
  }

private:
  void rootAssignment(BuildContext &C, const MakeLine &L, bool SetsRocmPath) {
    if (!SetsRocmPath)
      C.replace(id(), L.VarOffset, L.Var.size(), "ROCM_PATH");
    for (const MakeWord &W : L.Words) {
      size_t N = cudaRootAt(W.Text);
      if (N && W.Text[0] == '/' && N == W.Text.size())
        C.replace(id(), W.Offset, N, "/opt/rocm");
      else if (!word(C, W))
        C.report(UnsupportedId, Severity::Warning, W.Offset,
                 L.Var + ": '" + W.Text + "' is not a CUDA SDK path cu2hip knows; set "
                 "ROCM_PATH by hand");
    }
  }

  /// Rewrites one word; true when it now refers to $(ROCM_PATH).
  bool word(BuildContext &C, const MakeWord &W) {
    StringRef S = W.Text;
    if (isNvccWord(S) && S == "nvcc") {
      C.replace(id(), W.Offset, 4, "hipcc");
      return false;
    }
    // The SDK root may follow a flag: -I/usr/local/cuda/include.
    size_t At = 0, N = 0;
    for (; At < S.size(); ++At)
      if ((S[At] == '/' || S[At] == '$') && (N = cudaRootAt(S.substr(At))))
        break;
    if (!N)
      return false;
    std::string Out = S.take_front(At).str() + "$(ROCM_PATH)";
    StringRef Rest = S.substr(At + N);
    if (Rest.startswith("/lib64"))
      Out += "/lib" + Rest.drop_front(6).str();
    else if (Rest.startswith("/bin/nvcc"))
      Out += "/bin/hipcc" + Rest.drop_front(9).str();
    else
      Out += Rest.str();
    for (StringRef Sub : {"/samples", "/targets", "/extras", "/nvvm"})
      if (Rest.startswith(Sub))
        C.report(UnsupportedId, Severity::Warning, W.Offset,
                 "'" + S + "': the CUDA SDK's " + Sub.drop_front() +
                     " directory has no ROCm counterpart");
    if (Out != S)
      C.replace(id(), W.Offset, S.size(), Out);
    return true;
  }
};

} // namespace

std::unique_ptr<BuildRule> createMakeCompilerRule() {
  return std::make_unique<MakeCompilerRule>();
}

} // namespace build
} // namespace cu2hip
