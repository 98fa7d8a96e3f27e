//===- KrecReport.cpp - `cu2hip compare`: the report and the command ------===//
#include "KrecCompare.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstdio>

using namespace llvm;

namespace cu2hip {
namespace krec {

namespace {

std::string dim(const unsigned (&D)[3]) {
  return "[" + std::to_string(D[0]) + "," + std::to_string(D[1]) + "," + std::to_string(D[2]) +
         "]";
}

/// `V` with `Digits` significant digits (printf's %g).
std::string num(double V, int Digits = 9) {
  char B[40];
  std::snprintf(B, sizeof B, "%.*g", Digits, V);
  return B;
}

std::string ratioText(double R) { return std::isinf(R) ? "inf" : num(R, 3); }

/// The report of the first launch beyond tolerance: its kernel, site,
/// configuration and each failing buffer with its worst element.
void describe(const Launch &A, const Launch &B, const LaunchDiff &D, double Scale,
              raw_ostream &OS) {
  OS << "first launch beyond tolerance: #" << A.Index << " " << A.Kernel << " (" << A.Site
     << ") grid " << dim(A.Grid) << " block " << dim(A.Block) << "\n";
  if (!D.Structural.empty()) {
    OS << "  " << D.Structural << "\n";
    return;
  }
  if (!B.Error.empty() || !A.Error.empty())
    OS << "  launch error: A '" << A.Error << "', B '" << B.Error << "'\n";
  for (const BufferDiff &BD : D.Bufs) {
    if (BD.Ratio <= 1)
      continue;
    Tol T = toleranceFor(BD.JudgedAs, Scale);
    OS << "  buffer arg " << BD.Arg << " (" << BD.DType;
    if (!BD.JudgedAs.empty() && BD.JudgedAs != BD.DType)
      OS << ", judged as " << BD.JudgedAs << ": the launch's precision";
    OS << "): ";
    if (!BD.Structural.empty()) {
      OS << BD.Structural << "\n";
      continue;
    }
    if (BD.HaveWorst)
      OS << "worst element " << BD.WorstIndex << ": A=" << num(BD.WorstA)
         << " B=" << num(BD.WorstB) << " (|diff| "
         << num(std::fabs(BD.WorstA - BD.WorstB), 3) << ", ";
    else
      OS << "no sampled element differs (";
    OS << "rtol " << num(T.Rtol, 3) << " atol " << num(T.Atol, 3)
       << "; ratio " << ratioText(BD.Ratio) << "); sum A=" << num(BD.SumA)
       << " B=" << num(BD.SumB) << "\n";
  }
}

/// Ratio of each launch of the noise comparison (A against the second reference), by launch.
std::vector<double> noiseRatios(const KTrace &A, const KTrace &N, const CompareOptions &O,
                                CompareSummary &S) {
  std::vector<double> R(A.Launches.size(), 0.0);
  S.HaveNoise = true;
  size_t K = std::min(A.Launches.size(), N.Launches.size());
  for (size_t I = 0; I < K; ++I) {
    LaunchDiff D = compareLaunch(A.Launches[I], N.Launches[I], O.TolScale,
                                 A.HashAlgo == N.HashAlgo, O.OwnTypes);
    R[I] = D.Ratio;
    if (!D.bitwise() && S.NoiseFirstDiff < 0)
      S.NoiseFirstDiff = (long long)I;
    if (D.Ratio > 1 && S.NoiseFirstBeyond < 0)
      S.NoiseFirstBeyond = (long long)I;
    if (std::isfinite(D.Ratio))
      S.NoiseMaxRatio = std::max(S.NoiseMaxRatio, D.Ratio);
  }
  for (size_t I = K; I < R.size(); ++I)
    R[I] = HUGE_VAL; // the second reference ended early: no judgement there
  return R;
}

/// Pairs the launches of A and B in order. Where the kernels differ, the shorter skip (at
/// most 16 launches) of one side that brings the same kernel again is taken: launches a
/// program makes on one device only (a split reduction sized by the multiprocessor count)
/// are listed, not compared. Without such a skip the two launches are paired (and reported
/// as a structural difference). What is left of the longer trace at the end means one run
/// stopped early: S.LengthDiffers.
std::vector<std::pair<size_t, size_t>> alignLaunches(const KTrace &A, const KTrace &B,
                                                     std::vector<size_t> &OnlyA,
                                                     std::vector<size_t> &OnlyB,
                                                     CompareSummary &S) {
  const size_t Window = 16;
  std::vector<std::pair<size_t, size_t>> Pairs;
  size_t I = 0, J = 0, NA = A.Launches.size(), NB = B.Launches.size();
  auto Name = [](const KTrace &T, size_t K) -> const std::string & { return T.Launches[K].Kernel; };
  while (I < NA && J < NB) {
    if (Name(A, I) != Name(B, J)) {
      size_t SkipA = 0, SkipB = 0;
      for (size_t D = 1; D <= Window && !SkipA && !SkipB; ++D) {
        if (I + D < NA && Name(A, I + D) == Name(B, J))
          SkipA = D;
        else if (J + D < NB && Name(A, I) == Name(B, J + D))
          SkipB = D;
      }
      for (; SkipA; --SkipA)
        OnlyA.push_back(I++);
      for (; SkipB; --SkipB)
        OnlyB.push_back(J++);
    }
    Pairs.push_back({I++, J++});
  }
  S.LengthDiffers = I < NA || J < NB;
  for (; I < NA; ++I)
    OnlyA.push_back(I);
  for (; J < NB; ++J)
    OnlyB.push_back(J);
  return Pairs;
}

/// Says how the recording devices differ where that changes what a program launches: a
/// program that sizes grids from the multiprocessor count (llm.c's split bias reductions)
/// makes other launches on another count. The emulator reports CU2HIP_EMU_SM_COUNT.
void noteDevices(const KTrace &A, const KTrace &B, raw_ostream &OS) {
  auto Shape = [](const KTrace &T) {
    return (T.Device.empty() ? std::string("a device") : "'" + T.Device + "'") + " with " +
           std::to_string(T.Multiprocessors) + " multiprocessors, warp size " +
           std::to_string(T.WarpSize);
  };
  if (A.Multiprocessors && B.Multiprocessors && A.Multiprocessors != B.Multiprocessors) {
    OS << "note: A was recorded on " << Shape(A) << ", B on " << Shape(B)
       << ": launches a program sizes from the multiprocessor count differ";
    if (B.Impl == "emu")
      OS << " (run B with CU2HIP_EMU_SM_COUNT=" << A.Multiprocessors << ")";
    OS << "\n";
  }
}

/// One line naming the launches only `Side` made (count and the first few kernels).
void reportUnmatched(const char *Side, const KTrace &T, const std::vector<size_t> &Only,
                     raw_ostream &OS) {
  if (Only.empty())
    return;
  OS << "launches in " << Side << " only: " << Only.size() << " (";
  for (size_t K = 0; K < Only.size() && K < 3; ++K)
    OS << (K ? ", " : "") << "#" << Only[K] << " " << T.Launches[Only[K]].Kernel;
  OS << (Only.size() > 3 ? ", ...)\n" : ")\n");
}

} // namespace

CompareSummary compareTraces(const KTrace &A, const KTrace &B, const KTrace *Noise,
                             const CompareOptions &O, raw_ostream &OS) {
  CompareSummary S;
  OS << "cu2hip compare: A=" << A.Path << " (" << A.Impl << ", " << A.Launches.size()
     << " launches) B=" << B.Path << " (" << B.Impl << ", " << B.Launches.size()
     << " launches)\n";
  if (A.HashAlgo != B.HashAlgo)
    OS << "note: the traces' checksums differ in algorithm (" << A.HashAlgo << ", "
       << B.HashAlgo << "): values and sums compared, no launch is called bitwise equal\n";
  noteDevices(A, B, OS);
  std::vector<double> NoiseR;
  if (Noise)
    NoiseR = noiseRatios(A, *Noise, O, S);
  std::map<std::string, double> KernelNoise; // the largest noise ratio per kernel so far
  std::vector<size_t> OnlyA, OnlyB;
  std::vector<std::pair<size_t, size_t>> Pairs = alignLaunches(A, B, OnlyA, OnlyB, S);
  for (const auto &P : Pairs) {
    size_t I = P.first;
    if (O.MaxLaunches >= 0 && (long long)I >= O.MaxLaunches)
      break;
    LaunchDiff D =
        compareLaunch(A.Launches[I], B.Launches[P.second], O.TolScale, A.HashAlgo == B.HashAlgo,
                      O.OwnTypes);
    ++S.Compared;
    bool Beyond = D.Ratio > 1 || !D.Structural.empty();
    if (Noise) {
      double &KN = KernelNoise[A.Launches[I].Kernel];
      KN = std::max(KN, NoiseR[I]);
      if (Beyond && D.Structural.empty() && D.Ratio <= O.NoiseFactor * KN)
        Beyond = false; // within the reference's own run-to-run noise at this kernel
    }
    if (D.bitwise())
      ++S.Bitwise;
    else if (!Beyond)
      ++S.Within;
    else
      ++S.Beyond;
    if (Beyond && S.First < 0) {
      S.First = (long long)I;
      describe(A.Launches[I], B.Launches[P.second], D, O.TolScale, OS);
    } else if (Beyond && O.Verbose) {
      OS << "  also beyond: #" << I << " " << A.Launches[I].Kernel << " ratio "
         << ratioText(D.Ratio) << "\n";
    }
  }
  if (O.MaxLaunches >= 0)
    S.LengthDiffers = false;
  reportUnmatched("A", A, OnlyA, OS);
  reportUnmatched("B", B, OnlyB, OS);
  OS << "launches compared: " << S.Compared << ", bitwise equal: " << S.Bitwise
     << ", within tolerance: " << S.Within << ", beyond: " << S.Beyond << "\n";
  if (S.LengthDiffers)
    OS << "the traces differ in length: " << A.Launches.size() << " vs " << B.Launches.size()
       << " launches\n";
  if (S.HaveNoise)
    OS << "noise floor (A against " << Noise->Path << "): first bitwise difference "
       << (S.NoiseFirstDiff < 0 ? std::string("none") : "#" + std::to_string(S.NoiseFirstDiff))
       << ", first beyond tolerance "
       << (S.NoiseFirstBeyond < 0 ? std::string("none")
                                  : "#" + std::to_string(S.NoiseFirstBeyond))
       << ", worst ratio " << ratioText(S.NoiseMaxRatio) << "\n";
  return S;
}

} // namespace krec

/// Reads a number option's value; false (with a message) when malformed.
static bool numberArg(StringRef Opt, StringRef V, double &Out, raw_ostream &Err) {
  if (V.getAsDouble(Out)) {
    Err << "cu2hip compare: " << Opt << " needs a number, not '" << V << "'\n";
    return false;
  }
  return true;
}

int runKrecCompare(int Argc, const char **Argv, raw_ostream &OS) {
  std::vector<std::string> Files;
  std::string NoisePath;
  krec::CompareOptions O;
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    double V = 0;
    auto Next = [&]() -> StringRef { return I + 1 < Argc ? StringRef(Argv[++I]) : ""; };
    if (A == "--noise")
      NoisePath = Next().str();
    else if (A == "--tol-scale" || A == "--noise-factor" || A == "--max-launches") {
      if (!numberArg(A, Next(), V, errs()))
        return 2;
      (A == "--tol-scale" ? O.TolScale : A == "--noise-factor" ? O.NoiseFactor : V) = V;
      if (A == "--max-launches")
        O.MaxLaunches = (long long)V;
    } else if (A == "--verbose")
      O.Verbose = true;
    else if (A == "--own-types")
      O.OwnTypes = true;
    else if (A.startswith("-")) {
      errs() << "cu2hip compare: unknown option " << A << "\n";
      return 2;
    } else
      Files.push_back(A.str());
  }
  if (Files.size() != 2) {
    errs() << "usage: cu2hip compare A B [--noise REF2] [--tol-scale X] [--noise-factor F] "
              "[--max-launches N] [--own-types] [--verbose]\n";
    return 2;
  }
  Expected<krec::KTrace> A = krec::loadKTrace(Files[0]), B = krec::loadKTrace(Files[1]);
  Expected<krec::KTrace> N = NoisePath.empty() ? krec::KTrace() : krec::loadKTrace(NoisePath);
  for (Expected<krec::KTrace> *T : {&A, &B, &N})
    if (!*T) {
      errs() << "cu2hip compare: error: " << toString(T->takeError()) << "\n";
      return 2;
    }
  krec::CompareSummary S = compareTraces(*A, *B, NoisePath.empty() ? nullptr : &*N, O, OS);
  bool Fail = S.First >= 0 || S.LengthDiffers;
  OS << "cu2hip compare: " << (Fail ? "FAIL" : "PASS") << " first_beyond="
     << (S.First < 0 ? std::string("none")
                     : "#" + std::to_string(S.First) + ":" + A->Launches[S.First].Kernel)
     << "\n";
  return Fail ? 1 : 0;
}

} // namespace cu2hip
