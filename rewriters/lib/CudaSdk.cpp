//===- CudaSdk.cpp - where the installed CUDA SDK is ----------------------===//
#include "cu2hip/CudaSdk.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <vector>

namespace cu2hip {

std::string whyNotCudaSdk(llvm::StringRef Dir) {
  if (!llvm::sys::fs::exists(Dir))
    return "it does not exist";
  if (!llvm::sys::fs::is_directory(Dir))
    return "it is not a directory";
  llvm::SmallString<256> Header(Dir), Bin(Dir);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  llvm::sys::path::append(Bin, "bin");
  std::vector<std::string> Missing;
  if (!llvm::sys::fs::exists(Header))
    Missing.push_back("include/cuda_runtime.h");
  bool NoBin = !llvm::sys::fs::is_directory(Bin);
  if (NoBin)
    Missing.push_back("bin/ directory");
  if (Missing.empty())
    return "";
  return "it has no " + llvm::join(Missing, " and no ") +
         (NoBin ? " (Clang's CUDA detection ignores an SDK without bin/)" : "");
}

std::string findCudaPath(llvm::StringRef Explicit) {
  std::vector<std::string> Candidates;
  if (!Explicit.empty())
    Candidates.push_back(Explicit.str());
  else {
    if (auto Env = llvm::sys::Process::GetEnv("CUDA_PATH"))
      Candidates.push_back(*Env);
    Candidates.push_back("/usr/local/cuda");
  }
  for (auto &C : Candidates)
    if (whyNotCudaSdk(C).empty())
      return C;
  return "";
}

} // namespace cu2hip
