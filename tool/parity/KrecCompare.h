//===- KrecCompare.h - compare two per-kernel launch traces ----*- C++ -*-===//
//
// Reads the JSON-lines traces <cu2hip/krec.h> writes (one "launch" record
// per kernel launch, with its buffers' checksums and sampled values) and
// finds the first launch whose buffers differ beyond a tolerance for their
// element type: the port's run (B) against the CUDA reference (A), and,
// given a second reference run (Noise), against the reference's own
// run-to-run noise. docs/parity.md, "Per-kernel parity".
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_PARITY_KRECCOMPARE_H
#define CU2HIP_TOOL_PARITY_KRECCOMPARE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace cu2hip {
namespace krec {

/// One recorded buffer of a launch (a pointer argument's memory).
struct Buffer {
  unsigned Arg = 0;
  std::string DType; ///< f64 f32 f16 bf16 iN uN (u8 also for raw bytes)
  unsigned long long Offset = 0, Bytes = 0, N = 0, NonFinite = 0;
  std::string Hash;
  double Sum = 0, ASum = 0;
  std::vector<unsigned long long> Idx;
  std::vector<double> Vals; ///< NaN and infinities as such
};

/// One kernel launch.
struct Launch {
  long long Index = 0;
  std::string Kernel, Site, Error;
  unsigned Grid[3] = {0, 0, 0}, Block[3] = {0, 0, 0};
  std::vector<Buffer> Bufs;
};

struct KTrace {
  std::string Path, Impl;
  /// The checksum's algorithm (meta "hash"; traces without it: "fnv1a64-bytes"). Hashes of
  /// traces with different algorithms are not compared: their values are.
  std::string HashAlgo = "fnv1a64-bytes";
  /// The recording device (meta "device", "multiprocessors", "warp_size"; empty and 0 in
  /// traces that predate them).
  std::string Device;
  long long Multiprocessors = 0, WarpSize = 0;
  std::vector<Launch> Launches;
  bool HasEnd = false;
};

/// Parses a trace; an error names the file and the line.
llvm::Expected<KTrace> parseKTrace(llvm::StringRef Text, llvm::StringRef Path);
llvm::Expected<KTrace> loadKTrace(llvm::StringRef Path);

/// Tolerance of one element type: |a-b| <= Atol + Rtol*max(|a|, |b|, m), where m is the
/// buffer's mean magnitude (asum/n, the larger of A's and B's): an element near zero after
/// cancellation (a mean, a bias gradient) is judged against the size of its buffer's values,
/// not its own (a norm-wise bound).
/// Defaults: f64 1e-9/1e-12, f32 1e-4/1e-6, f16 4e-3/1e-4, bf16 1.6e-2/1e-3
/// (two units in the last place of each 16-bit format), integers exact.
struct Tol {
  double Rtol = 0, Atol = 0;
};
Tol toleranceFor(llvm::StringRef DType, double Scale);

/// The least precise floating type among a launch's buffers ("" when it has none): a
/// kernel that reads or writes bf16 computes its other floating outputs (f32 statistics,
/// partial sums) from values of bf16 precision, so those are judged at bf16's tolerance
/// too (unless CompareOptions::OwnTypes).
std::string launchPrecision(const Launch &L);

/// How one buffer of B compares with A's.
struct BufferDiff {
  unsigned Arg = 0;
  std::string DType;
  std::string JudgedAs;   ///< the type whose tolerance applied (launchPrecision or DType)
  bool Bitwise = false;   ///< same hash
  std::string Structural; ///< "" or why the buffers cannot be compared
  double Ratio = 0;       ///< worst |a-b| / tolerance (values and sum); > 1 fails
  bool HaveWorst = false;
  unsigned long long WorstIndex = 0;
  double WorstA = 0, WorstB = 0, SumA = 0, SumB = 0;
};

/// How one launch of B compares with A's.
struct LaunchDiff {
  long long Index = 0;
  std::string Structural; ///< kernel name, buffer set or extent differs
  std::vector<BufferDiff> Bufs;
  double Ratio = 0; ///< worst over the buffers
  bool bitwise() const;
};

/// Compares launch `B` with launch `A` (same index). `SameHash`: both traces' checksums use
/// one algorithm (equal checksums then mean bitwise equal buffers; integer buffers whose
/// checksums differ fail). Otherwise integer buffers are judged by their sampled values and
/// sums, exactly. `OwnTypes`: each buffer at its own type's tolerance, not the launch's
/// precision.
LaunchDiff compareLaunch(const Launch &A, const Launch &B, double TolScale,
                         bool SameHash = true, bool OwnTypes = false);

struct CompareOptions {
  double TolScale = 1.0;    ///< multiplies every tolerance (--tol-scale)
  /// B fails where its ratio > NoiseFactor * the noise ratio of the same kernel: the
  /// largest ratio the second reference showed at that kernel's launches so far (state
  /// that run-to-run noise, float atomics, has perturbed stays perturbed).
  double NoiseFactor = 4.0;
  bool OwnTypes = false;    ///< --own-types: no launch precision (see launchPrecision)
  long long MaxLaunches = -1;
  bool Verbose = false;
};

struct CompareSummary {
  size_t Compared = 0, Bitwise = 0, Within = 0, Beyond = 0;
  long long First = -1; ///< first launch beyond tolerance (or structural)
  bool LengthDiffers = false;
  // Noise floor (A against the second reference), when given.
  bool HaveNoise = false;
  long long NoiseFirstDiff = -1, NoiseFirstBeyond = -1;
  double NoiseMaxRatio = 0;
};

/// Compares B (and Noise, when not null) with A; writes the report to OS.
CompareSummary compareTraces(const KTrace &A, const KTrace &B, const KTrace *Noise,
                             const CompareOptions &O, llvm::raw_ostream &OS);

} // namespace krec

/// `cu2hip compare A B [--noise REF2] [--tol-scale X] [--noise-factor F]
/// [--max-launches N] [--own-types] [--verbose]`: Argv[0] is "compare". Exit status 0 no
/// launch beyond tolerance, 1 one is (or the traces differ in launches),
/// 2 usage or unreadable input.
int runKrecCompare(int Argc, const char **Argv, llvm::raw_ostream &OS);

} // namespace cu2hip

#endif
