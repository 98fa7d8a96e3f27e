//===- KernelCost.cpp - per-kernel cost on AMD targets, from the compiler -===//
#include "KernelCost.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"
#include <algorithm>

using namespace llvm;

namespace cu2hip {

std::vector<KernelCost> parseResourceRemarks(StringRef Log) {
  static const Regex Remark("remark: +([A-Za-z][A-Za-z ]*[A-Za-z])( \\[[^]]*\\])?: (.*) "
                            "\\[-Rpass-analysis=kernel-resource-usage\\]");
  std::vector<KernelCost> Out;
  SmallVector<StringRef, 128> Lines;
  Log.split(Lines, '\n');
  for (StringRef L : Lines) {
    SmallVector<StringRef, 4> M;
    if (!Remark.match(L, &M))
      continue;
    StringRef Key = M[1].trim(), Val = M[3].trim();
    if (Key == "Function Name") {
      static const Regex Loc("^(.+):([0-9]+):[0-9]+: remark:");
      Out.emplace_back();
      Out.back().Name = Val.str();
      SmallVector<StringRef, 3> W;
      if (Loc.match(L, &W) && !W[2].getAsInteger(10, Out.back().Line))
        Out.back().File = W[1].str();
      continue;
    }
    if (Out.empty())
      continue;
    KernelCost &K = Out.back();
    unsigned N = 0;
    Val.getAsInteger(10, N);
    if (Key == "TotalSGPRs" || Key == "SGPRs")
      K.SGPRs = N;
    else if (Key == "VGPRs")
      K.VGPRs = N;
    else if (Key == "AGPRs")
      K.AGPRs = N;
    else if (Key.startswith("ScratchSize"))
      K.ScratchBytes = N;
    else if (Key.startswith("Occupancy"))
      K.Occupancy = N;
    else if (Key == "SGPRs Spill")
      K.SGPRSpill = N;
    else if (Key == "VGPRs Spill")
      K.VGPRSpill = N;
    else if (Key.startswith("LDS Size"))
      K.LDSBytes = N;
  }
  return Out;
}

namespace {

bool isDpp(StringRef Line) {
  return Line.contains("quad_perm:") || Line.contains("row_shr:") || Line.contains("row_shl:") ||
         Line.contains("row_ror:") || Line.contains("row_bcast") || Line.contains("row_mirror") ||
         Line.contains("row_half_mirror") || Line.contains("wave_shr") || Line.contains("wave_ror") ||
         Line.contains("row_share") || Line.contains("row_xmask") || Line.contains("dpp8:") ||
         Line.contains("_dpp ");
}

/// The mnemonic of an instruction line of the assembly, or "" for a label,
/// directive or comment.
StringRef mnemonicOf(StringRef Line) {
  StringRef T = Line.trim();
  if (T.empty() || T.front() == '.' || T.front() == ';' || T.endswith(":") ||
      T.startswith("//"))
    return "";
  StringRef M = T.take_until([](char C) { return C == ' ' || C == '\t'; });
  if (M.contains(':'))
    return "";
  return M;
}

} // namespace

std::string instructionClass(StringRef M, StringRef Line) {
  if (M.startswith("s_waitcnt") || M.startswith("s_wait_"))
    return "wait";
  if (M.startswith("s_cbranch") || M == "s_branch" || M.startswith("s_setpc") ||
      M.startswith("s_swappc") || M.startswith("s_call"))
    return "branch";
  if (M == "s_barrier" || M.startswith("s_barrier_"))
    return "barrier";
  if (M.startswith("s_load") || M.startswith("s_buffer_load") || M.startswith("s_store") ||
      M.startswith("s_dcache"))
    return "smem";
  if (M.startswith("s_"))
    return "salu";
  if (M.startswith("ds_bpermute") || M.startswith("ds_permute") || M.startswith("ds_swizzle"))
    return "cross-lane";
  if (M.startswith("ds_"))
    return "lds";
  if (M.startswith("v_permlane") || M.startswith("v_readlane") || M.startswith("v_readfirstlane") ||
      M.startswith("v_writelane") || M.startswith("v_mov_b32_dpp") || isDpp(Line))
    return "cross-lane";
  if (M.startswith("v_mfma") || M.startswith("v_smfmac") || M.startswith("v_wmma") ||
      M.startswith("v_swmmac"))
    return "matrix";
  if (M.startswith("v_"))
    return "valu";
  bool Mem = M.startswith("global_") || M.startswith("buffer_") || M.startswith("flat_") ||
             M.startswith("scratch_");
  if (Mem && M.contains("atomic"))
    return "vmem-atomic";
  if (Mem && M.contains("_load"))
    return "vmem-load";
  if (Mem && M.contains("_store"))
    return "vmem-store";
  return "other";
}

void countInstructions(StringRef Asm, std::vector<KernelCost> &Kernels) {
  std::map<std::string, KernelCost *> ByName;
  for (KernelCost &K : Kernels)
    ByName[K.Name] = &K;
  SmallVector<StringRef, 0> Lines;
  Asm.split(Lines, '\n');
  KernelCost *Cur = nullptr;
  std::string MetaName;
  unsigned MetaFlat = 0;
  auto flushMeta = [&] {
    if (!MetaName.empty() && ByName.count(MetaName) && MetaFlat)
      ByName[MetaName]->MaxFlatWorkGroupSize = MetaFlat;
    MetaName.clear();
    MetaFlat = 0;
  };
  for (StringRef L : Lines) {
    StringRef T = L.trim();
    if (!L.empty() && L.front() != '\t' && L.front() != ' ' && T.contains(':') &&
        !T.startswith(".")) {
      StringRef Label = T.substr(0, T.find(':'));
      auto It = ByName.find(Label.str());
      if (It != ByName.end())
        Cur = It->second;
      continue;
    }
    if (T.startswith(".Lfunc_end")) {
      Cur = nullptr;
      continue;
    }
    if (T.startswith("- .args:") || T.startswith("- .agpr_count") || T == "-") {
      flushMeta();
      continue;
    }
    if (T.startswith(".max_flat_workgroup_size:"))
      T.drop_front(strlen(".max_flat_workgroup_size:")).trim().getAsInteger(10, MetaFlat);
    else if (T.startswith(".name:") && L.startswith("    .name:"))
      MetaName = T.drop_front(strlen(".name:")).trim().str();
    if (!Cur)
      continue;
    StringRef M = mnemonicOf(L);
    if (M.empty())
      continue;
    std::string C = instructionClass(M, L);
    ++Cur->Classes[C];
    if (C.rfind("vmem", 0) == 0 || C == "lds")
      ++Cur->MemOps[M.str()];
  }
  flushMeta();
}

std::map<std::string, PtxFigures> parsePtxasInfo(StringRef Log) {
  static const Regex Entry("Compiling entry function '([^']+)'");
  static const Regex Props("Function properties for ([A-Za-z0-9_$]+)");
  static const Regex Spill("([0-9]+) bytes spill stores");
  static const Regex Used("Used ([0-9]+) registers");
  static const Regex Smem("([0-9]+) bytes smem");
  std::map<std::string, PtxFigures> Out;
  std::string Cur;
  SmallVector<StringRef, 128> Lines;
  Log.split(Lines, '\n');
  for (StringRef L : Lines) {
    SmallVector<StringRef, 2> M;
    if (Entry.match(L, &M) || Props.match(L, &M)) {
      Cur = M[1].str();
      continue;
    }
    if (Cur.empty())
      continue;
    if (Spill.match(L, &M))
      M[1].getAsInteger(10, Out[Cur].Spill);
    if (Used.match(L, &M)) {
      M[1].getAsInteger(10, Out[Cur].Regs);
      if (Smem.match(L, &M))
        M[1].getAsInteger(10, Out[Cur].Smem);
    }
  }
  return Out;
}

namespace {
bool isGfx9(StringRef T) { return T.startswith("gfx9") || T.startswith("gfx8"); }
bool isGfx11Plus(StringRef T) { return T.startswith("gfx11") || T.startswith("gfx12"); }
} // namespace

unsigned ldsLimit(StringRef) { return 65536; }

unsigned vgprBudget(unsigned FlatWorkGroupSize, StringRef Target) {
  unsigned Wave = isGfx9(Target) ? 64 : 32;
  unsigned Total = isGfx9(Target) ? 512 : isGfx11Plus(Target) ? 1536 : 1024;
  unsigned Waves = (FlatWorkGroupSize + Wave - 1) / Wave;
  unsigned PerSimd = std::max(1u, (Waves + 3) / 4); // 4 SIMDs per CU
  return std::min(256u, Total / PerSimd);
}

std::string kernelBaseName(StringRef Mangled) {
  StringRef S = Mangled;
  if (!S.consume_front("_Z"))
    return Mangled.str();
  bool Nested = S.consume_front("N");
  std::string Last;
  while (!S.empty() && isDigit(S.front())) {
    size_t N = 0;
    while (N < S.size() && isDigit(S[N]))
      ++N;
    unsigned Len = 0;
    if (S.substr(0, N).getAsInteger(10, Len) || Len > S.size() - N)
      break;
    Last = S.substr(N, Len).str();
    S = S.drop_front(N + Len);
    if (!Nested)
      break;
  }
  return Last.empty() ? Mangled.str() : Last;
}

std::string occupancyLimiter(const KernelCost &K, StringRef Target) {
  unsigned MaxWaves = isGfx9(Target) ? 8 : 16;
  if (K.Occupancy == 0 || K.Occupancy >= MaxWaves)
    return "max";
  // Register file per lane and allocation granule (AMDGPU's own tables).
  unsigned Total = isGfx9(Target) ? 512 : isGfx11Plus(Target) ? 1536 : 1024;
  unsigned Granule = isGfx9(Target) ? 8 : isGfx11Plus(Target) ? 24 : 16;
  unsigned Regs = (Target == "gfx90a" || Target == "gfx942" || Target == "gfx950")
                      ? alignTo(K.VGPRs, 4) + K.AGPRs
                      : std::max(K.VGPRs, K.AGPRs);
  unsigned Alloc = std::max<unsigned>(alignTo(std::max(Regs, 1u), Granule), Granule);
  if (std::min(MaxWaves, Total / Alloc) == K.Occupancy)
    return "vgpr";
  if (isGfx9(Target) && K.SGPRs && std::min<uint64_t>(MaxWaves, 800 / alignTo(K.SGPRs + 6, 16)) == K.Occupancy)
    return "sgpr";
  if (K.LDSBytes && K.MaxFlatWorkGroupSize) {
    unsigned Wave = isGfx9(Target) ? 64 : 32;
    unsigned WavesPerGroup = (K.MaxFlatWorkGroupSize + Wave - 1) / Wave;
    unsigned Groups = 65536 / K.LDSBytes;
    unsigned SimdsPerCu = 4;
    if ((Groups * WavesPerGroup + SimdsPerCu - 1) / SimdsPerCu <= K.Occupancy)
      return "lds";
  }
  if (K.MaxFlatWorkGroupSize && K.MaxFlatWorkGroupSize != 1024)
    return "launch-bounds";
  return "other";
}

namespace {

/// Evaluates a constant integer expression of decimal literals, + - * /
/// << and parentheses; none when `S` is anything else.
std::optional<long long> evalConst(StringRef &S);
std::optional<long long> evalAtom(StringRef &S) {
  S = S.ltrim();
  if (S.consume_front("(")) {
    auto V = evalConst(S);
    S = S.ltrim();
    if (!V || !S.consume_front(")"))
      return std::nullopt;
    return V;
  }
  size_t N = 0;
  while (N < S.size() && isDigit(S[N]))
    ++N;
  if (!N)
    return std::nullopt;
  long long V = 0;
  S.substr(0, N).getAsInteger(10, V);
  S = S.drop_front(N);
  while (!S.empty() && (S.front() == 'u' || S.front() == 'U' || S.front() == 'l' || S.front() == 'L'))
    S = S.drop_front();
  return V;
}
std::optional<long long> evalTerm(StringRef &S) {
  auto V = evalAtom(S);
  while (V) {
    S = S.ltrim();
    if (S.consume_front("*")) {
      auto R = evalAtom(S);
      if (!R) return std::nullopt;
      *V *= *R;
    } else if (S.consume_front("/")) {
      auto R = evalAtom(S);
      if (!R || !*R) return std::nullopt;
      *V /= *R;
    } else
      break;
  }
  return V;
}
std::optional<long long> evalConst(StringRef &S) {
  auto V = evalTerm(S);
  while (V) {
    S = S.ltrim();
    if (S.consume_front("<<")) {
      auto R = evalTerm(S);
      if (!R || *R > 40) return std::nullopt;
      *V <<= *R;
    } else if (S.consume_front("+")) {
      auto R = evalTerm(S);
      if (!R) return std::nullopt;
      *V += *R;
    } else if (S.consume_front("-")) {
      auto R = evalTerm(S);
      if (!R) return std::nullopt;
      *V -= *R;
    } else
      break;
  }
  return V;
}

std::optional<long long> constantOf(StringRef Expr) {
  StringRef S = Expr.trim();
  auto V = evalConst(S);
  if (!V || !S.trim().empty())
    return std::nullopt;
  return V;
}

/// The last identifier of `Arg` that names no type or cast: the kernel of
/// `reinterpret_cast<const void *>(&ns::kernel)` is "kernel".
std::string lastIdentifier(StringRef Arg) {
  static const Regex Id("[A-Za-z_][A-Za-z0-9_]*");
  std::string Last;
  SmallVector<StringRef, 1> M;
  while (Id.match(Arg, &M)) {
    StringRef W = M[0];
    if (W != "const" && W != "void" && W != "reinterpret_cast" && W != "static_cast" &&
        W != "char" && W != "decltype")
      Last = W.str();
    Arg = Arg.drop_front(Arg.find(W) + W.size());
  }
  return Last;
}

/// Dynamic LDS requested per kernel name with
/// hipFuncSetAttribute(K, hipFuncAttributeMaxDynamicSharedMemorySize, N).
std::map<std::string, long long> dynamicLdsRequests(StringRef Src) {
  static const Regex R("hipFuncSetAttribute\\(([^,]*),[ \t\n]*"
                       "hipFuncAttributeMaxDynamicSharedMemorySize[ \t\n]*,([^;]*)\\)[ \t]*[;)]");
  std::map<std::string, long long> Out;
  StringRef Rest = Src;
  SmallVector<StringRef, 3> M;
  while (R.match(Rest, &M)) {
    std::string K = lastIdentifier(M[1]);
    StringRef Size = M[2].trim();
    while (Size.count(')') > Size.count('(') && Size.endswith(")"))
      Size = Size.drop_back().rtrim();
    if (auto V = constantOf(Size))
      Out[K] = std::max(Out[K], *V);
    Rest = Rest.drop_front(Rest.find(M[0]) + M[0].size());
  }
  return Out;
}

/// Constant block sizes (x*y*z) at launches of each kernel name:
/// `k<<<g, B...>>>` and hipLaunchKernelGGL(k, g, B, ...), where B is an
/// integer constant or dim3(a[, b[, c]]) of constants.
std::map<std::string, std::vector<long long>> constantBlockSizes(StringRef Src) {
  static const Regex Chevron("([A-Za-z_][A-Za-z0-9_]*)[ \t]*(<[^<>;]*>)?[ \t]*<<<[^,;]*,[ \t]*"
                             "(dim3[ \t]*\\(([^()]*)\\)|[0-9][0-9uUlL]*)[ \t]*[,>]");
  static const Regex Ggl("hipLaunchKernelGGL\\([ \t]*([A-Za-z_][A-Za-z0-9_]*)[^,]*,[^,]*,[ \t]*"
                         "(dim3[ \t]*\\(([^()]*)\\)|[0-9][0-9uUlL]*)[ \t]*,");
  std::map<std::string, std::vector<long long>> Out;
  for (const Regex *R : {&Chevron, &Ggl}) {
    StringRef Rest = Src;
    SmallVector<StringRef, 5> M;
    while (R->match(Rest, &M)) {
      StringRef Kernel = M[1];
      StringRef Dims = R == &Chevron ? (M[4].empty() ? M[3] : M[4]) : (M[3].empty() ? M[2] : M[3]);
      SmallVector<StringRef, 3> Parts;
      Dims.split(Parts, ',');
      long long Threads = 1;
      bool Const = true;
      for (StringRef P : Parts) {
        auto V = constantOf(P);
        if (!V) { Const = false; break; }
        Threads *= *V;
      }
      if (Const)
        Out[Kernel.str()].push_back(Threads);
      Rest = Rest.drop_front(Rest.find(M[0]) + M[0].size());
    }
  }
  return Out;
}

} // namespace

/// The SGPRs a wavefront can address: 102 on gfx9 (GCN, CDNA), 106 on gfx10+
/// (AMDGPUUsage, "Register" limits; VCC is counted apart).
static unsigned sgprLimit(StringRef Target) { return isGfx9(Target) ? 102 : 106; }

std::vector<KernelHazard> findHazards(const std::vector<KernelCost> &Kernels, StringRef Source,
                                      StringRef Target) {
  std::vector<KernelHazard> Out;
  auto Dyn = dynamicLdsRequests(Source);
  auto Blocks = constantBlockSizes(Source);
  unsigned Wave = isGfx9(Target) ? 64 : 32;
  for (const KernelCost &K : Kernels) {
    std::string Base = kernelBaseName(K.Name);
    auto add = [&](StringRef Kind, unsigned long long V, unsigned long long L, std::string Msg) {
      Out.push_back({K.Unit, K.Target, K.Name, K.File, K.Line, Kind.str(), V, L, std::move(Msg)});
    };
    long long DynBytes = Dyn.count(Base) ? Dyn[Base] : 0;
    unsigned long long Lds = K.LDSBytes + (unsigned long long)std::max(DynBytes, 0LL);
    if (Lds > ldsLimit(Target))
      add("lds-over-limit", Lds, ldsLimit(Target),
          formatv("{0} asks for {1} bytes of LDS per workgroup ({2} static + {3} dynamic from "
                  "hipFuncSetAttribute); {4} allows {5}: the launch fails",
                  Base, Lds, K.LDSBytes, DynBytes, Target, ldsLimit(Target)).str());
    if (Wave == 64) {
      for (long long B : Blocks.count(Base) ? Blocks[Base] : std::vector<long long>{})
        if (B > 0 && B % 64) {
          add("block-not-wave-multiple", B, 64,
              formatv("{0} is launched with {1} threads per block: on {2} (wave64) {3} of the "
                      "last wavefront's 64 lanes stay idle",
                      Base, B, Target, 64 - B % 64).str());
          break;
        }
      if (K.MaxFlatWorkGroupSize && K.MaxFlatWorkGroupSize % 64)
        add("block-not-wave-multiple", K.MaxFlatWorkGroupSize, 64,
            formatv("{0} has __launch_bounds__({1}): not a multiple of {2}'s 64-lane wavefront",
                    Base, K.MaxFlatWorkGroupSize, Target).str());
    }
    if (K.VGPRSpill) {
      unsigned Flat = K.MaxFlatWorkGroupSize ? K.MaxFlatWorkGroupSize : 1024;
      unsigned Budget = vgprBudget(Flat, Target);
      add("spill", K.VGPRs + K.VGPRSpill, Budget,
          formatv("{0} spills {1} VGPRs ({2} bytes of scratch per lane): a workgroup of up to "
                  "{3} threads (__launch_bounds__, default 1024) leaves each lane {4} VGPRs on "
                  "{5}",
                  Base, K.VGPRSpill, K.ScratchBytes, Flat, Budget, Target)
              .str());
    }
    if (K.SGPRSpill) {
      unsigned Limit = sgprLimit(Target);
      add("sgpr-spill", K.SGPRs + K.SGPRSpill, Limit,
          formatv("{0} spills {1} SGPRs ({2} in use; {3} has {4}): the compiler keeps them in "
                  "VGPR lanes (v_writelane/v_readlane), with extra instructions and VGPRs",
                  Base, K.SGPRSpill, K.SGPRs, Target, Limit)
              .str());
    }
  }
  return Out;
}

} // namespace cu2hip
