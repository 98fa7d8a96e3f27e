//===- BuildMaps.cpp - nvcc flags, CUDA libraries and targets -------------===//
#include "BuildMaps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace cu2hip {
namespace build {

namespace {

const LibraryMap Libraries[] = {
    {"cudart", "", ""},
    {"cudart_static", "", ""},
    {"cuda", "", ""},
    {"cudadevrt", "", ""},
    {"cublas", "hipblas", ""},
    {"cublas_static", "hipblas", ""},
    {"cublasLt", "hipblaslt", ""},
    {"cublasLt_static", "hipblaslt", ""},
    {"curand", "hiprand", ""},
    {"cufft", "hipfft", ""},
    {"cusparse", "hipsparse", ""},
    {"cusolver", "hipsolver", ""},
    {"nvrtc", "hiprtc", ""},
    {"nccl", "rccl", ""},
    {"nvToolsExt", "roctx64", ""},
    {"cudnn", "MIOpen",
     "cuDNN calls are not ported to MIOpen (a different API): port them by hand"},
    {"nvidia-ml", "",
     "NVML has no HIP port (ROCm SMI, -lrocm_smi64, is a different API): dropped; port "
     "NVML calls by hand"},
    {"cupti", "", "CUPTI has no HIP counterpart (rocprofiler is a different API): dropped"},
    {"nvjpeg", "", "nvJPEG has no HIP port (rocJPEG is a different API): dropped"},
};

const TargetMap Targets[] = {
    {"CUDA::cudart", "hip::host", "hip", ""},
    {"CUDA::cudart_static", "hip::host", "hip", ""},
    {"CUDA::cuda_driver", "hip::host", "hip", ""},
    {"CUDA::cublas", "roc::hipblas", "hipblas", ""},
    {"CUDA::cublas_static", "roc::hipblas", "hipblas", ""},
    {"CUDA::cublasLt", "roc::hipblaslt", "hipblaslt", ""},
    {"CUDA::cublasLt_static", "roc::hipblaslt", "hipblaslt", ""},
    {"CUDA::curand", "hip::hiprand", "hiprand", ""},
    {"CUDA::curand_static", "hip::hiprand", "hiprand", ""},
    {"CUDA::cufft", "hip::hipfft", "hipfft", ""},
    {"CUDA::cufft_static", "hip::hipfft", "hipfft", ""},
    {"CUDA::cusparse", "roc::hipsparse", "hipsparse", ""},
    {"CUDA::cusparse_static", "roc::hipsparse", "hipsparse", ""},
    {"CUDA::cusolver", "roc::hipsolver", "hipsolver", ""},
    {"CUDA::cusolver_static", "roc::hipsolver", "hipsolver", ""},
    {"CUDA::nvrtc", "hiprtc::hiprtc", "hiprtc", ""},
    // ROCm ships roctx64 without a CMake config: linked by name.
    {"CUDA::nvToolsExt", "roctx64", "", ""},
    {"CUDA::nvtx3", "roctx64", "", ""},
    {"CUDA::nvml", "", "",
     "NVML has no HIP port (ROCm SMI is a different API): link rocm_smi64 and port the "
     "calls by hand"},
    {"CUDA::cupti", "", "", "CUPTI has no HIP counterpart (rocprofiler is a different API)"},
};

/// One nvcc option. `Hip` is the replacement: "" drops it; "@arch" is a GPU
/// target flag; "@host" passes the value to the host compiler; "@linker"
/// passes it to the linker; "a=>x|b=>y|*=>z" picks by the value; "%v" in
/// a replacement is the value.
struct NvccOption {
  const char *Names[4];
  bool TakesValue;
  const char *Hip;
  const char *Note; ///< said as a note when non-empty
};

const NvccOption Options[] = {
    {{"--use_fast_math", "-use_fast_math"}, false,
     "-ffp-contract=fast -fgpu-flush-denormals-to-zero",
     "--use_fast_math: FMA contraction and denormal flushing kept; nvcc's approximate "
     "division and square root have no clang switch (-ffast-math would also assume no "
     "NaN or infinity, which nvcc does not)"},
    {{"-lineinfo", "--generate-line-info"}, false, "-gline-tables-only", ""},
    {{"--expt-relaxed-constexpr", "-expt-relaxed-constexpr"}, false, "",
     "dropped: clang calls constexpr host functions from device code without it"},
    {{"--extended-lambda", "-extended-lambda", "--expt-extended-lambda",
      "-expt-extended-lambda"},
     false, "", "dropped: clang accepts __device__ lambdas without it"},
    {{"-Xcompiler", "--compiler-options"}, true, "@host", ""},
    {{"-Xlinker", "--linker-options"}, true, "@linker", ""},
    {{"-Xptxas", "--ptxas-options"}, true, "",
     "dropped: PTX assembler options have no AMD counterpart"},
    {{"-Xcudafe"}, true, "", "dropped: nvcc front-end options have no clang counterpart"},
    {{"-Xnvlink", "--nvlink-options"}, true, "", "dropped: nvlink options have no counterpart"},
    {{"-arch", "--gpu-architecture"}, true, "@arch", ""},
    {{"-code", "--gpu-code"}, true, "@arch", ""},
    {{"-gencode", "--generate-code"}, true, "@arch", ""},
    {{"-ccbin", "--compiler-bindir"}, true, "",
     "dropped: hipcc compiles host code with its own clang"},
    {{"-t", "--threads"}, true, "",
     "dropped: hipcc has no option to compile GPU targets in parallel (use make -j)"},
    {{"--std", "-std"}, true, "-std=%v", ""},
    {{"--machine"}, true, "-m%v", ""},
    {{"-maxrregcount", "--maxrregcount"}, true, "",
     "dropped: no register cap for a whole file on AMD; use __launch_bounds__ per kernel"},
    {{"-G", "--device-debug"}, false, "-g",
     "-G: device debug information (-g); device code is still optimized unless -O0"},
    {{"-rdc", "--relocatable-device-code"}, true,
     "true=>-fgpu-rdc|false=>-fno-gpu-rdc|*=>", ""},
    {{"-dc", "--device-c"}, false, "-fgpu-rdc -c", ""},
    {{"-ftz", "--ftz"}, true,
     "true=>-fgpu-flush-denormals-to-zero|false=>-fno-gpu-flush-denormals-to-zero|*=>", ""},
    {{"-fmad", "--fmad"}, true, "true=>-ffp-contract=fast|false=>-ffp-contract=off|*=>", ""},
    {{"-prec-div", "--prec-div", "-prec-sqrt", "--prec-sqrt"}, true, "",
     "dropped: clang has no per-operation precision switch; HIP division and square root "
     "are IEEE-correct"},
    {{"--default-stream", "-default-stream"}, true, "-fgpu-default-stream=%v", ""},
    {{"-x", "--x"}, true, "cu=>-x hip|*=>-x %v", ""},
    {{"-Wno-deprecated-gpu-targets"}, false, "", ""},
    {{"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler"}, false, "",
     ""},
    {{"--resource-usage", "-res-usage"}, false, "-Rpass-analysis=kernel-resource-usage", ""},
    {{"-keep", "--keep"}, false, "-save-temps", ""},
    {{"-keep-dir", "--keep-dir"}, true, "", "dropped: temporaries go to the working directory"},
    {{"-cudart", "--cudart"}, true, "",
     "dropped: HIP has one shared runtime (libamdhip64), linked by hipcc"},
    {{"-diag-suppress", "--diag-suppress"}, true, "",
     "dropped: nvcc diagnostic numbers have no clang counterpart"},
};

const NvccOption *lookupOption(StringRef Name) {
  for (const NvccOption &O : Options)
    for (const char *N : O.Names)
      if (N && Name == N)
        return &O;
  return nullptr;
}

/// The replacement `Spec` gives for `Value` (see NvccOption::Hip).
std::string expand(StringRef Spec, StringRef Value) {
  if (Spec.contains("=>")) {
    SmallVector<StringRef, 4> Alts;
    Spec.split(Alts, '|');
    for (StringRef A : Alts) {
      auto [Key, Text] = A.split("=>");
      if (Key == Value || Key == "*")
        return expand(Text, Value);
    }
    return "";
  }
  std::string Out;
  for (size_t I = 0; I < Spec.size(); ++I) {
    if (Spec.substr(I).startswith("%v")) {
      Out += Value.str();
      ++I;
    } else {
      Out += Spec[I];
    }
  }
  return Out;
}

StringRef unquote(StringRef S) {
  if (S.size() >= 2 && (S.front() == '"' || S.front() == '\'') && S.back() == S.front())
    return S.drop_front().drop_back();
  return S;
}

/// A flag's replacement text; may add a note.
std::string replacementFor(const NvccOption &O, StringRef Value, unsigned At,
                           const ArchSpelling &Arch, FlagResult &R) {
  StringRef Hip = O.Hip;
  if (O.Note[0])
    R.Notes.push_back({At, Severity::Note, O.Note});
  if (Hip == "@arch") {
    bool First = !R.SawArch;
    R.SawArch = true;
    R.Notes.push_back({At, Severity::Note,
                       "nvcc GPU target flag " +
                           std::string(First && !Arch.Replacement.empty() ? "replaced"
                                                                          : "dropped") +
                           ": AMD targets come from " + Arch.Where});
    return First ? Arch.Replacement : "";
  }
  if (Hip == "@host" || Hip == "@linker") {
    SmallVector<StringRef, 4> Parts;
    unquote(Value).split(Parts, ',', -1, false);
    std::string Out;
    for (StringRef P : Parts)
      Out += (Out.empty() ? "" : " ") + (Hip == "@linker" ? "-Wl," + P.str() : P.str());
    return Out;
  }
  return expand(Hip, Value);
}

} // namespace

const LibraryMap *lookupLibrary(StringRef Name) {
  for (const LibraryMap &L : Libraries)
    if (Name == L.Cuda)
      return &L;
  return nullptr;
}

const TargetMap *lookupTarget(StringRef Name) {
  for (const TargetMap &T : Targets)
    if (Name == T.Cuda)
      return &T;
  return nullptr;
}

bool isNvccWord(StringRef W) { return W == "nvcc" || W.endswith("/nvcc"); }

unsigned blanksAfter(StringRef Buffer, unsigned End) {
  while (End < Buffer.size() && (Buffer[End] == ' ' || Buffer[End] == '\t'))
    ++End;
  return End;
}

void translateNvccFlags(StringRef Buffer, ArrayRef<MakeWord> Words, const ArchSpelling &Arch,
                        FlagResult &R) {
  for (size_t I = 0; I < Words.size(); ++I) {
    StringRef W = Words[I].Text;
    unsigned At = Words[I].Offset, End = Words[I].end();
    if (const LibraryMap *L = W.startswith("-l") ? lookupLibrary(W.drop_front(2)) : nullptr) {
      if (L->Warning[0])
        R.Notes.push_back({At, Severity::Warning, L->Warning});
      if (L->Rocm[0])
        R.Edits.push_back({At, End - At, "-l" + std::string(L->Rocm)});
      else
        R.Edits.push_back({At, blanksAfter(Buffer, End) - At, ""});
      continue;
    }
    auto [Name, Joined] = W.split('=');
    const NvccOption *O = lookupOption(Name);
    bool HasEq = W.contains('=');
    if (!O || (HasEq && !O->TakesValue))
      continue;
    StringRef Value = Joined;
    if (O->TakesValue && !HasEq) {
      if (I + 1 >= Words.size() || Words[I + 1].CallDepth != Words[I].CallDepth)
        continue; // no value here: leave it
      ++I;
      Value = Words[I].Text;
      End = Words[I].end();
    }
    std::string Text = replacementFor(*O, Value, At, Arch, R);
    if (Text == Buffer.slice(At, End))
      continue;
    if (Text.empty())
      End = blanksAfter(Buffer, End);
    R.Edits.push_back({At, End - At, Text});
  }
}

} // namespace build
} // namespace cu2hip
