//===- Doctor.h - `cu2hip doctor`: what is installed, what a port needs ---===//
//
//   cu2hip doctor [--rocm-root DIR] [--cuda-path DIR] [--probe-timeout S] [--json]
//
// Checks the machine for what porting and building a port need: cu2hip's
// runtime headers and clang resource directory, hipcc and its ROCm/HIP
// version, HIP's headers and device libraries, the AMD GPUs present (their
// gfx targets and wave sizes; each query tool runs in a process group of
// its own, killed after --probe-timeout seconds), HSA_OVERRIDE_GFX_VERSION,
// and the CUDA SDK.
// Each problem comes with the command that fixes it. Exit status 0 when a
// port can be built (no check is a problem), 1 otherwise.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_DOCTOR_H
#define CU2HIP_TOOL_DOCTOR_H

#include "cu2hip/CudaSdk.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace cu2hip {

/// What the driver knows about its own installation.
struct DoctorInputs {
  std::string Version;            ///< cu2hip's version line
  std::string RuntimeIncludeDir;  ///< where <cu2hip/wave.h> is, "" if none was found
  std::string ClangResourceDir;   ///< the resource dir the parse uses
  std::string DefaultOffloadArch; ///< --offload-arch's default, ';'-separated
  std::string CudaDeclsDir;       ///< the bundled declaration-only CUDA headers, "" if none
};

/// True when the command line chose the `doctor` subcommand.
bool doctorChosen();

/// Runs the checks with the doctor's options and prints them (text, or
/// JSON with --json) to `OS`. Returns the exit status: 0 when a port can be
/// built, 1 when a check found a problem.
int runDoctor(const DoctorInputs &In, llvm::raw_ostream &OS);

/// The default wave size (lanes per wavefront) of gfx target `Gfx`: 64 for
/// GCN and CDNA (gfx6..gfx9: gfx906, gfx90a, gfx942), 32 for RDNA
/// (gfx10, gfx11, gfx12), where HIP compiles wave32 unless told
/// -mwavefrontsize64. 0 when `Gfx` is not a gfx target name.
unsigned defaultWaveSize(llvm::StringRef Gfx);

/// The gfx target named by an HSA_OVERRIDE_GFX_VERSION value
/// "major.minor.stepping" (10.3.0 -> gfx1030, 9.0.10 -> gfx90a: minor and
/// stepping are one hex digit each); std::nullopt when `V` has another form.
std::optional<std::string> overrideTarget(llvm::StringRef V);

} // namespace cu2hip

#endif
