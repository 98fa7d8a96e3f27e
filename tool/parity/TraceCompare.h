//===- TraceCompare.h - compare two cu2hip parity traces --------*- C++ -*-===//
//
// Reads the JSON-lines traces written by runtime/include/cu2hip/trace.h and compares them
// record by record with tolerances chosen by each record's class and dtype:
//   exact  (elementwise fp, same operations on both sides): bitwise equal
//   reduce (sums, means, norms: order of additions may differ): rtol 1e-5, atol 1e-6
//   train  (values after N training steps): rtol 1e-3, atol 1e-5
// 16-bit dtypes widen reduce/train (f16: 1e-2; bf16: 2e-2 reduce, 5e-2 train).
// A value passes when |a - b| <= atol + rtol * max(|a|, |b|); NaN equals only NaN.
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_PARITY_TRACECOMPARE_H
#define CU2HIP_TOOL_PARITY_TRACECOMPARE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace cu2hip {
namespace parity {

struct Record {
  std::string Type;  // "scalar" or "tensor"
  std::string Name;
  std::string DType; // f32, f64, f16, bf16, i32, i64
  std::string Class; // exact, reduce, train
  long Step = 0;
  std::vector<double> Values;
};

struct Trace {
  std::string Path;
  std::map<std::string, std::string> Meta;
  std::vector<Record> Records;
  std::map<std::string, double> Perf;
  bool HasEnd = false;
};

llvm::Expected<Trace> parseTrace(llvm::StringRef Text, llvm::StringRef Path);
llvm::Expected<Trace> loadTrace(llvm::StringRef Path);

struct Tolerances {
  double RtolExact = 0.0, RtolReduce = 1e-5, RtolTrain = 1e-3;
  double AtolReduce = 1e-6, AtolTrain = 1e-5;
  double MinRtol = 0.0; // raises every class's rtol (CPU reference against GPU)
  double MinAtol = 0.0;
  long MaxStep = -1;    // compare only records with step <= MaxStep (-1: all)
  std::set<std::string> Ignore;
  bool AllowMissing = false;

  // rtol and atol for one record.
  void forRecord(llvm::StringRef Class, llvm::StringRef DType, double &Rtol,
                 double &Atol) const;
};

// Per record name (all steps of a scalar series, or one tensor name).
struct SeriesResult {
  std::string Name, Class, DType;
  size_t Compared = 0, Bad = 0;
  double MaxAbs = 0.0, MaxRel = 0.0, Rtol = 0.0, Atol = 0.0;
  double WorstRatio = 0.0; // max |a-b| / (atol + rtol*max(|a|,|b|)); > 1 fails
  long FirstBadStep = -1;
  size_t FirstBadIndex = 0;
  double FirstBadA = 0.0, FirstBadB = 0.0;
  std::string Missing; // "", "A" or "B": which trace lacks it
};

struct CompareResult {
  std::vector<SeriesResult> Series;
  std::vector<std::string> Problems; // meta mismatches, length mismatches...
  long FirstDivergence = -1;
  std::string FirstDivergenceName;
  double MaxRel = 0.0;
  size_t Values = 0;
  bool Pass = true;
};

CompareResult compareTraces(const Trace &A, const Trace &B, const Tolerances &Tol);

// |a-b| / max(|a|,|b|); 0 when equal (NaN == NaN), infinity when exactly one is NaN.
double relativeDifference(double A, double B);
bool withinTolerance(double A, double B, double Rtol, double Atol);

void printReport(llvm::raw_ostream &OS, const Trace &A, const Trace &B,
                 const CompareResult &R, bool Quiet);

} // namespace parity
} // namespace cu2hip

#endif
