//===- CudaArchGate.cpp - `__CUDA_ARCH__ >= N` feature gates on AMD -------===//
//
// A numeric use of __CUDA_ARCH__ (`#if __CUDA_ARCH__ >= 800`) gates a CUDA
// feature. On AMD the macro is undefined, so the gate reads 0 and every
// feature path drops out of the device pass. Here the gate gets the level
// that cu2hip/arch.h gives each gfx target (CU2HIP_CUDA_ARCH: 800 where the
// port has fp16, dp4a, bf16 and matrix cores, 610 elsewhere; the table is
// docs/arch-features.md):
//   #if __CUDA_ARCH__ >= 800   ->   #if CU2HIP_CUDA_ARCH >= 800
// unless some branch of the #if chain holds code the port cannot compile
// for AMD (inline PTX, names the maps mark unsupported), or the test
// is `==`/`!=` (one NVIDIA part singled out for tuning, not a feature): then
// it is kept as written with warning cuda-arch-version (it reads 0, as
// before). A gate that no AMD level passes (`>= 900`: TMA, wgmma,
// clusters) gets warning cuda-arch-nvidia-only.
//===----------------------------------------------------------------------===//
#include "CudaArchGate.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {

size_t directiveStart(const TokenStream &T, size_t I) {
  if (!T[I].InDirective)
    return std::string::npos;
  while (I > 0 && !(T[I].is(tok::hash) && T[I].StartOfLine))
    --I;
  return T[I].is(tok::hash) ? I : std::string::npos;
}

llvm::StringRef directiveName(const TokenStream &T, size_t H) {
  return H + 1 < T.size() && T[H + 1].InDirective ? T[H + 1].Text : "";
}

std::pair<size_t, size_t> chainRange(const TokenStream &T, size_t H) {
  // Back to the chain's #if.
  size_t Begin = H;
  int Depth = 0;
  for (size_t K = H; K-- > 0;) {
    if (!(T[K].is(tok::hash) && T[K].StartOfLine))
      continue;
    llvm::StringRef D = directiveName(T, K);
    if (D == "endif")
      ++Depth;
    else if (D == "if" || D == "ifdef" || D == "ifndef") {
      if (Depth == 0) {
        Begin = K;
        break;
      }
      --Depth;
    }
  }
  if (directiveName(T, H) == "if")
    Begin = H;
  Depth = 0;
  for (size_t K = H + 1; K < T.size(); ++K) {
    if (!(T[K].is(tok::hash) && T[K].StartOfLine))
      continue;
    llvm::StringRef D = directiveName(T, K);
    if (D == "if" || D == "ifdef" || D == "ifndef")
      ++Depth;
    else if (D == "endif" && Depth-- == 0)
      return {Begin, K};
  }
  return {Begin, T.size()};
}

bool chainHasElse(const TokenStream &T, size_t Begin, size_t End) {
  int Depth = 0;
  for (size_t K = Begin + 1; K < End; ++K) {
    if (!(T[K].is(tok::hash) && T[K].StartOfLine))
      continue;
    llvm::StringRef D = directiveName(T, K);
    if (D == "if" || D == "ifdef" || D == "ifndef")
      ++Depth;
    else if (D == "endif")
      --Depth;
    else if (Depth == 0 && (D == "else" || D == "elif"))
      return true;
  }
  return false;
}

std::string archBlocker(const TokenStream &T, const MapTable &Maps, size_t Begin, size_t End,
                        llvm::function_ref<bool(unsigned)> Fenced) {
  for (size_t K = Begin; K < End; ++K) {
    if (!T[K].isIdent() || Fenced(T[K].Offset))
      continue;
    llvm::StringRef N = T[K].Text;
    if (N == "asm" || N == "__asm__" || N == "__asm")
      return "inline PTX";
    if (T[K].InDirective)
      continue;
    if (const MapEntry *E = Maps.lookupName(N))
      if (!E->isHeader() && E->status() == MapStatus::Unsupported)
        return ("'" + N + "', which has no HIP equivalent").str();
  }
  return "";
}

namespace {

/// What in tokens [Begin, End) the port cannot compile for AMD, or "":
/// archBlocker, where the definitions rule cuda-arch-ptx-fence fenced off
/// for AMD (their PTX) do not count.
std::string blocker(const FileContext &C, size_t Begin, size_t End) {
  return archBlocker(C.Toks, C.Maps, Begin, End, [&](unsigned Offset) {
    return C.claimedBy(Offset) == "cuda-arch-ptx-fence";
  });
}

/// The comparison around __CUDA_ARCH__ at `I` as (operator, number), the
/// operator written as if __CUDA_ARCH__ stood on its left; {"", 0} when it
/// is not compared with a literal.
std::pair<std::string, long> comparison(const TokenStream &T, size_t I) {
  auto Num = [&](size_t K, long &V) {
    return K < T.size() && T[K].is(tok::numeric_constant) &&
           !T[K].Text.rtrim("uUlL").getAsInteger(0, V);
  };
  long V = 0;
  if (I + 2 < T.size() && Num(I + 2, V))
    return {T[I + 1].Text.str(), V};
  if (I >= 2 && Num(I - 2, V)) {
    std::string Op = llvm::StringSwitch<std::string>(T[I - 1].Text)
                         .Case(">=", "<=").Case("<=", ">=").Case(">", "<").Case("<", ">")
                         .Default(T[I - 1].Text.str());
    return {Op, V};
  }
  return {"", 0};
}

/// `Level Op N`; nullopt for an operator other than a comparison.
std::optional<bool> holds(llvm::StringRef Op, long Level, long N) {
  if (Op == ">=") return Level >= N;
  if (Op == ">") return Level > N;
  if (Op == "<=") return Level <= N;
  if (Op == "<") return Level < N;
  if (Op == "==") return Level == N;
  if (Op == "!=") return Level != N;
  return std::nullopt;
}

/// Where the comparison holds on AMD, for the note.
std::string whereHolds(llvm::StringRef Op, long N) {
  std::optional<bool> Hi = holds(Op, 800, N), Lo = holds(Op, 610, N);
  if (!Hi || !Lo)
    return "on each gfx target as its level in cu2hip/arch.h (800 or 610)";
  if (*Hi && *Lo)
    return "holds on every AMD target";
  if (*Hi)
    return "holds on gfx908, gfx90a, gfx94x, gfx950, gfx11 and gfx12 (level 800), not on "
           "other gfx targets (level 610)";
  if (*Lo)
    return "holds on gfx targets of level 610 only (not gfx908, gfx90a, gfx94x, gfx950, "
           "gfx11, gfx12)";
  return "holds on no AMD target";
}

} // namespace

void portCudaArchGate(FileContext &C, llvm::StringRef RuleId, size_t I,
                      llvm::SmallVectorImpl<size_t> &Noted) {
  const auto &T = C.Toks;
  auto [Op, N] = comparison(T, I);
  if (Op == "==" || Op == "!=") {
    C.report("cuda-arch-version", Severity::Warning, T[I].Offset,
             "__CUDA_ARCH__ " + Op + " " + std::to_string(N) +
                 " singles out one NVIDIA architecture (a tuning choice, not a feature): "
                 "kept; it is undefined on AMD, so the comparison reads 0",
             "choose the AMD setting by testing __HIP_DEVICE_COMPILE__ and AMD feature "
             "macros (e.g. __gfx942__)");
    return;
  }
  size_t H = directiveStart(T, I);
  std::string Why;
  llvm::StringRef Dir = H != std::string::npos ? directiveName(T, H) : "";
  if (Dir == "if" || Dir == "elif") {
    auto [Begin, End] = chainRange(T, H);
    Why = blocker(C, Begin, End);
  }
  if (!Why.empty()) {
    C.report("cuda-arch-version", Severity::Warning, T[I].Offset,
             "__CUDA_ARCH__ compared as a number, in an #if chain with " + Why +
                 ": kept; it is undefined on AMD, so the fallback branch is taken",
             "port the branch by hand for AMD, testing __HIP_DEVICE_COMPILE__ and AMD "
             "feature macros (e.g. __gfx942__)");
    return;
  }
  C.replaceTokens(RuleId, I, I, "CU2HIP_CUDA_ARCH");
  C.requestHeader("cu2hip/arch.h");
  size_t Line = H != std::string::npos ? H : I;
  if (std::find(Noted.begin(), Noted.end(), Line) != Noted.end())
    return;
  Noted.push_back(Line);
  std::optional<bool> Hi = Op.empty() ? std::nullopt : holds(Op, 800, N);
  std::optional<bool> Lo = Op.empty() ? std::nullopt : holds(Op, 610, N);
  if (Hi && Lo && !*Hi && !*Lo && (Op == ">=" || Op == ">"))
    C.report("cuda-arch-nvidia-only", Severity::Warning, T[I].Offset,
             "__CUDA_ARCH__ " + Op + " " + std::to_string(N) +
                 " gates features no AMD target has (sm_90 and later: TMA, wgmma, thread "
                 "block clusters); the branch is not compiled for AMD",
             "give the feature path an AMD implementation, or keep the fallback");
  else
    C.report("cuda-arch-gate", Severity::Note, T[I].Offset,
             Op.empty()
                 ? std::string("__CUDA_ARCH__ -> CU2HIP_CUDA_ARCH: the CUDA level whose "
                               "features the port has on the target (cu2hip/arch.h)")
                 : "__CUDA_ARCH__ " + Op + " " + std::to_string(N) + " -> CU2HIP_CUDA_ARCH: " +
                       whereHolds(Op, N) + " (cu2hip/arch.h, docs/arch-features.md)");
}

} // namespace cu2hip
