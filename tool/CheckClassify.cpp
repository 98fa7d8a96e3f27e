//===- CheckClassify.cpp - the first error of a compile and its category --===//
#include "CheckClassify.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace cu2hip {

StringRef categoryName(CheckCategory C) {
  switch (C) {
  case CheckCategory::Ok: return "ok";
  case CheckCategory::PortGap: return "port-gap";
  case CheckCategory::RocmMissing: return "rocm-missing";
  case CheckCategory::Target: return "target";
  case CheckCategory::Input: return "input";
  case CheckCategory::Timeout: return "timeout";
  case CheckCategory::Other: return "other";
  }
  return "other";
}

namespace {

/// "FILE:LINE:COL: [fatal ]error: MSG" (clang) or "FILE(LINE): error: MSG"
/// (nvcc's front end); a driver error "clang: error: MSG" has no file.
bool parseErrorLine(StringRef L, FirstError &E) {
  static const Regex Clang("^(.+):([0-9]+):[0-9]+: (fatal )?error: (.*)$");
  static const Regex Nvcc("^(.+)\\(([0-9]+)\\): (catastrophic )?error: (.*)$");
  static const Regex Driver("^([A-Za-z0-9_.+-]+: )?(fatal )?error: (.*)$");
  SmallVector<StringRef, 5> M;
  if (Clang.match(L, &M) || Nvcc.match(L, &M)) {
    E.File = M[1].str();
    M[2].getAsInteger(10, E.Line);
    E.Message = M[4].str();
    return true;
  }
  if (Driver.match(L, &M)) {
    E.Message = M[3].str();
    return true;
  }
  return false;
}

bool isTopLevelDiag(StringRef L) {
  return L.contains(": error: ") || L.contains(": fatal error: ") || L.contains(": warning: ") ||
         L.startswith("error: ") || L.contains("): error: ");
}

/// The header a "'H' file not found" message names, or "".
StringRef missingHeader(StringRef Msg) {
  static const Regex R("^'([^']+)' file not found");
  SmallVector<StringRef, 2> M;
  return R.match(Msg, &M) ? M[1] : StringRef();
}

/// Headers of the CUDA toolkit and its libraries (a port should not name them).
bool isCudaHeader(StringRef H) {
  static const Regex R("^(cuda|cu[a-z]|nv|crt/|mma\\.h|sm_[0-9]|cooperative_groups|cub/|"
                       "thrust/system/cuda|device_(functions|launch|atomic)|math_constants|"
                       "vector_types|driver_|texture_|surface_|library_types|builtin_types|channel_descriptor|"
                       "common_functions|math_functions|host_config|"
                       "host_defines|helper_cuda)");
  return R.match(H);
}

/// Headers of ROCm's libraries (names a port writes).
bool isRocmHeader(StringRef H) {
  static const Regex R("^(hip|roc|miopen|rccl|thrust/|hipcub|rocwmma|amd_)");
  return R.match(H);
}

/// For an error located in an installed ROCm header (under /usr/include, as
/// Debian installs ROCm, or /opt/rocm*: "/usr/include/rocwmma/rocwmma.hpp"),
/// that header as included ("rocwmma/rocwmma.hpp"); "" for any other file
/// (a tree's own include/hip/... layer included).
StringRef rocmIncluder(StringRef File) {
  size_t P = File.rfind("/include/");
  if (P == StringRef::npos ||
      !(File.startswith("/usr/include/") || File.startswith("/opt/rocm")))
    return "";
  StringRef Rel = File.substr(P + 9);
  return isRocmHeader(Rel) && Rel.contains('/') ? Rel : "";
}

/// A CUDA identifier (runtime, driver, libraries, intrinsics' CUDA-only
/// names) quoted or named in `Text`.
bool namesCuda(StringRef Text) {
  static const Regex R("(^|[^A-Za-z0-9_])(cuda[A-Z][A-Za-z0-9_]*|cu(blas|blasLt|rand|fft|sparse|"
                       "solver|dnn|Device|Stream|Event|Ctx|Func|Mem|Module|Graph)[A-Za-z0-9_]*|"
                       "CU[A-Z][A-Za-z0-9_]*|CUDA_[A-Z0-9_]+|nvcuda|__nv_[a-z0-9_]+|"
                       "__CUDA[A-Z_]*|nvtx[A-Za-z0-9_]*|__nanosleep|__activemask)"
                       "([^A-Za-z0-9_]|$)");
  return R.match(Text);
}

/// A hip*/roc* name the message says does not exist.
bool undeclaredRocmName(StringRef Msg) {
  static const Regex R("(undeclared identifier|no member named|unknown type name|no type named|"
                       "undeclared function) '(hip|roc|HIP|ROC)[A-Za-z0-9_]*'");
  return R.match(Msg);
}

bool namesTarget(StringRef Text) {
  static const Regex R("(not supported on|on this (GPU|target)|for this target|target feature|"
                       "invalid for (the )?target|requires target|'gfx[0-9a-f]+'|"
                       "image instruction|instruction not supported|unsupported on target|"
                       "needs target feature|local memory \\(.*\\) exceeds limit|"
                       "exceeds (the )?(local|LDS) (memory )?(size|limit))");
  return R.match(Text);
}

/// A note or frame of `Context` inside ROCm's HIP headers: the user's code
/// collides with, or is ambiguous against, a HIP declaration.
bool involvesHipHeaders(StringRef Context) {
  static const Regex R("(/hip/amd_detail/|/hip/hip_|/include/hip/|__clang_hip_)");
  return R.match(Context);
}

} // namespace

FirstError firstError(StringRef Log) {
  FirstError E;
  SmallVector<StringRef, 64> Lines;
  Log.split(Lines, '\n');
  std::string Chain; // the "In file included from" lines before a diagnostic
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I].rtrim();
    if (L.startswith("In file included from") || L.ltrim().startswith("from ")) {
      Chain += L.str() + "\n";
      continue;
    }
    if (!parseErrorLine(L, E)) {
      if (isTopLevelDiag(L))
        Chain.clear();
      continue;
    }
    E.Found = true;
    std::string Ctx = Chain + L.str() + "\n";
    for (size_t J = I + 1; J < Lines.size() && J < I + 40; ++J) {
      StringRef N = Lines[J].rtrim();
      if (isTopLevelDiag(N) || N.startswith("In file included from") ||
          N.contains(" errors generated") || N.contains(" error generated"))
        break;
      Ctx += N.str() + "\n";
    }
    E.Context = std::move(Ctx);
    return E;
  }
  return E;
}

std::string portFindingFor(const FirstError &E, llvm::ArrayRef<Finding> Findings) {
  StringRef Rest = E.Message;
  while (true) {
    size_t Open = Rest.find('\'');
    if (Open == StringRef::npos)
      return "";
    size_t Close = Rest.find('\'', Open + 1);
    if (Close == StringRef::npos)
      return "";
    StringRef Quoted = Rest.slice(Open, Close + 1);
    Rest = Rest.drop_front(Close + 1);
    StringRef Name = Quoted.drop_front().drop_back();
    if (Name.empty() || !llvm::all_of(Name, [](char C) { return isAlnum(C) || C == '_'; }))
      continue;
    for (const Finding &F : Findings)
      if (F.Sev != Severity::Note && StringRef(F.Message).contains(Quoted))
        return ("cu2hip reported it: line " + Twine(F.Line) + ": " + F.Message + " [" +
                F.RuleId + "]")
            .str();
  }
}

CheckCategory classifyError(const FirstError &E, bool OtherTargetOk, std::optional<bool> NvccOk,
                            StringRef RuntimeDir, std::string &Why) {
  if (NvccOk && !*NvccOk) {
    Why = "the original does not compile with nvcc either";
    return CheckCategory::Input;
  }
  StringRef Header = missingHeader(E.Message);
  if (!Header.empty()) {
    if (isCudaHeader(Header)) {
      Why = ("CUDA header <" + Header + "> left in the port").str();
      return CheckCategory::PortGap;
    }
    if (isRocmHeader(Header)) {
      Why = ("ROCm header <" + Header + "> is not installed or does not exist").str();
      return CheckCategory::RocmMissing;
    }
    StringRef Includer = rocmIncluder(E.File);
    if (!Includer.empty()) {
      Why = ("ROCm header " + Includer + " includes <" + Header +
             ">, which is not installed (an incomplete ROCm package)")
                .str();
      return CheckCategory::RocmMissing;
    }
    // Neither CUDA's nor ROCm's: a dependency (OpenGL, MPI, glog, ...) that the port
    // leaves as it is. Where nvcc found it, the HIP compiler's system lacks it (a ROCm
    // root without the host's packages); either way not a gap of the port.
    Why = (NvccOk ? "header <" + Header +
                        "> not found where the HIP compiler runs, though nvcc found it (a "
                        "dependency: install it there or give its -I)"
                  : "header <" + Header + "> not found (a dependency: give its -I)")
              .str();
    return CheckCategory::Other;
  }
  if (namesTarget(E.Context) || OtherTargetOk) {
    Why = OtherTargetOk ? "compiles for another target" : "the compiler rejects it for this target";
    return CheckCategory::Target;
  }
  if (undeclaredRocmName(E.Message)) {
    Why = "a HIP name this ROCm does not declare";
    return CheckCategory::RocmMissing;
  }
  if (namesCuda(E.Message) || namesCuda(E.Context.substr(0, E.Context.find('\n')))) {
    Why = "a CUDA name in the error";
    return CheckCategory::PortGap;
  }
  if (!RuntimeDir.empty() && StringRef(E.File).startswith(RuntimeDir)) {
    Why = "an error inside cu2hip's runtime headers";
    return CheckCategory::PortGap;
  }
  if (involvesHipHeaders(E.Context)) {
    Why = "the code collides with or is ambiguous against a HIP declaration";
    return CheckCategory::PortGap;
  }
  if (NvccOk) {
    Why = "the original compiles with nvcc";
    return CheckCategory::PortGap;
  }
  Why = "not classified (give --nvcc to tell input errors from port gaps)";
  return CheckCategory::Other;
}

} // namespace cu2hip
