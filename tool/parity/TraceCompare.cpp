//===- TraceCompare.cpp - compare two cu2hip parity traces ----------------===//
#include "TraceCompare.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

using namespace llvm;

namespace cu2hip {
namespace parity {

static Error lineError(StringRef Path, unsigned Line, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(),
                           Path + ":" + Twine(Line) + ": " + Msg);
}

static bool toNumber(const json::Value &V, double &Out) {
  if (auto N = V.getAsNumber()) {
    Out = *N;
    return true;
  }
  if (auto S = V.getAsString()) {
    if (*S == "nan") Out = std::numeric_limits<double>::quiet_NaN();
    else if (*S == "inf") Out = std::numeric_limits<double>::infinity();
    else if (*S == "-inf") Out = -std::numeric_limits<double>::infinity();
    else return false;
    return true;
  }
  return false;
}

Expected<Trace> parseTrace(StringRef Text, StringRef Path) {
  Trace T;
  T.Path = Path.str();
  unsigned LineNo = 0;
  bool SawMeta = false;
  while (!Text.empty()) {
    StringRef Line;
    std::tie(Line, Text) = Text.split('\n');
    ++LineNo;
    Line = Line.trim();
    if (Line.empty())
      continue;
    Expected<json::Value> V = json::parse(Line);
    if (!V)
      return lineError(Path, LineNo, "invalid JSON: " + toString(V.takeError()));
    const json::Object *O = V->getAsObject();
    if (!O)
      return lineError(Path, LineNo, "expected a JSON object");
    auto Type = O->getString("type");
    if (!Type)
      return lineError(Path, LineNo, "record without \"type\"");
    if (*Type == "meta") {
      SawMeta = true;
      for (const auto &KV : *O) {
        if (auto S = KV.second.getAsString())
          T.Meta[KV.first.str()] = S->str();
        else if (auto N = KV.second.getAsNumber())
          T.Meta[KV.first.str()] = std::to_string(*N);
      }
      if (T.Meta["format"] != "cu2hip-trace")
        return lineError(Path, LineNo, "not a cu2hip trace (meta.format != cu2hip-trace)");
      continue;
    }
    if (*Type == "end") {
      T.HasEnd = true;
      continue;
    }
    if (*Type == "perf") {
      auto Name = O->getString("name");
      double Val;
      const json::Value *VV = O->get("value");
      if (!Name || !VV || !toNumber(*VV, Val))
        return lineError(Path, LineNo, "perf record needs name and value");
      T.Perf[Name->str()] = Val;
      continue;
    }
    if (*Type != "scalar" && *Type != "tensor")
      continue; // unknown record kinds are skipped (forward compatibility)
    Record R;
    R.Type = Type->str();
    auto Name = O->getString("name");
    auto Step = O->getInteger("step");
    if (!Name || !Step)
      return lineError(Path, LineNo, R.Type + " record needs name and step");
    R.Name = Name->str();
    R.Step = static_cast<long>(*Step);
    R.DType = O->getString("dtype").value_or("f32").str();
    R.Class = O->getString("class").value_or("train").str();
    if (R.Class != "exact" && R.Class != "reduce" && R.Class != "train")
      return lineError(Path, LineNo, "unknown class '" + R.Class + "'");
    if (R.Type == "scalar") {
      double Val;
      const json::Value *VV = O->get("value");
      if (!VV || !toNumber(*VV, Val))
        return lineError(Path, LineNo, "scalar '" + R.Name + "' has no numeric value");
      R.Values.push_back(Val);
    } else {
      const json::Array *Arr = O->getArray("values");
      if (!Arr)
        return lineError(Path, LineNo, "tensor '" + R.Name + "' has no values array");
      for (const json::Value &E : *Arr) {
        double Val;
        if (!toNumber(E, Val))
          return lineError(Path, LineNo, "tensor '" + R.Name + "' has a non-numeric value");
        R.Values.push_back(Val);
      }
    }
    T.Records.push_back(std::move(R));
  }
  if (!SawMeta)
    return createStringError(inconvertibleErrorCode(),
                             Path + ": no meta record (is this a cu2hip trace?)");
  return T;
}

Expected<Trace> loadTrace(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read '" + Path + "': " +
                                                 Buf.getError().message());
  return parseTrace((*Buf)->getBuffer(), Path);
}

void Tolerances::forRecord(StringRef Class, StringRef DType, double &Rtol,
                           double &Atol) const {
  if (Class == "exact") {
    Rtol = RtolExact;
    Atol = 0.0;
  } else if (Class == "reduce") {
    Rtol = RtolReduce;
    Atol = AtolReduce;
    if (DType == "f16") Rtol = std::max(Rtol, 1e-2);
    if (DType == "bf16") Rtol = std::max(Rtol, 2e-2);
  } else {
    Rtol = RtolTrain;
    Atol = AtolTrain;
    if (DType == "f16") Rtol = std::max(Rtol, 1e-2);
    if (DType == "bf16") Rtol = std::max(Rtol, 5e-2);
  }
  Rtol = std::max(Rtol, MinRtol);
  Atol = std::max(Atol, MinAtol);
}

double relativeDifference(double A, double B) {
  bool NA = std::isnan(A), NB = std::isnan(B);
  if (NA || NB)
    return NA && NB ? 0.0 : std::numeric_limits<double>::infinity();
  if (A == B)
    return 0.0;
  double D = std::fabs(A - B);
  if (std::isinf(D))
    return std::numeric_limits<double>::infinity();
  return D / std::max(std::fabs(A), std::fabs(B));
}

bool withinTolerance(double A, double B, double Rtol, double Atol) {
  bool NA = std::isnan(A), NB = std::isnan(B);
  if (NA || NB)
    return NA && NB;
  if (A == B)
    return true; // also equal infinities
  if (Rtol == 0.0 && Atol == 0.0)
    return false;
  if (std::isinf(A) || std::isinf(B))
    return false; // an infinity matches only the same infinity
  return std::fabs(A - B) <= Atol + Rtol * std::max(std::fabs(A), std::fabs(B));
}

namespace {

/// Differences of the traces' metadata and missing end records.
void compareMeta(const Trace &A, const Trace &B, CompareResult &R) {
  for (const char *Key : {"sample", "mode", "seed", "steps"}) {
    auto IA = A.Meta.find(Key), IB = B.Meta.find(Key);
    if (IA != A.Meta.end() && IB != B.Meta.end() && IA->second != IB->second)
      R.Problems.push_back(std::string("meta '") + Key + "' differs: '" + IA->second +
                           "' vs '" + IB->second + "'");
  }
  if (!A.HasEnd)
    R.Problems.push_back("trace A has no end record (program stopped early?)");
  if (!B.HasEnd)
    R.Problems.push_back("trace B has no end record (program stopped early?)");
}

/// Records the earliest step (and its series) where the traces diverge.
void noteDivergence(CompareResult &R, long Step, const std::string &Name) {
  if (R.FirstDivergence < 0 || Step < R.FirstDivergence) {
    R.FirstDivergence = Step;
    R.FirstDivergenceName = Name;
  }
}

/// Compares the values of record `RA` of trace A with `RB` of trace B (same
/// name and step, as many values) into their series `S`.
void compareValues(const Record &RA, const Record &RB, SeriesResult &S, CompareResult &R) {
  for (size_t I = 0; I < RA.Values.size(); ++I) {
    double VA = RA.Values[I], VB = RB.Values[I];
    ++S.Compared;
    ++R.Values;
    double Rel = relativeDifference(VA, VB);
    double Abs = (std::isnan(VA) || std::isnan(VB)) ? (Rel == 0.0 ? 0.0 : Rel)
                                                    : std::fabs(VA - VB);
    if (std::isnan(Abs)) Abs = 0.0; // inf - inf of equal infinities
    S.MaxAbs = std::max(S.MaxAbs, Abs);
    S.MaxRel = std::max(S.MaxRel, Rel);
    double Bound = S.Atol + S.Rtol * std::max(std::fabs(VA), std::fabs(VB));
    double Ratio = Abs == 0.0 ? 0.0 : (Bound > 0.0 ? Abs / Bound
                                                    : std::numeric_limits<double>::infinity());
    S.WorstRatio = std::max(S.WorstRatio, Ratio);
    if (!withinTolerance(VA, VB, S.Rtol, S.Atol)) {
      if (S.Bad == 0 || RA.Step < S.FirstBadStep) {
        S.FirstBadStep = RA.Step;
        S.FirstBadIndex = I;
        S.FirstBadA = VA;
        S.FirstBadB = VB;
      }
      ++S.Bad;
      noteDivergence(R, RA.Step, RA.Name);
    }
  }
}

} // namespace

CompareResult compareTraces(const Trace &A, const Trace &B, const Tolerances &Tol) {
  CompareResult R;
  compareMeta(A, B, R);

  using Key = std::pair<std::string, long>; // name, step
  std::map<Key, const Record *> InB;
  for (const Record &Rec : B.Records)
    InB[{Rec.Name, Rec.Step}] = &Rec;
  std::map<std::string, size_t> SeriesIndex;
  auto series = [&](const Record &Rec) -> SeriesResult & {
    auto It = SeriesIndex.find(Rec.Name);
    if (It != SeriesIndex.end())
      return R.Series[It->second];
    SeriesResult S;
    S.Name = Rec.Name;
    S.Class = Rec.Class;
    S.DType = Rec.DType;
    Tol.forRecord(Rec.Class, Rec.DType, S.Rtol, S.Atol);
    SeriesIndex[Rec.Name] = R.Series.size();
    R.Series.push_back(S);
    return R.Series.back();
  };

  std::set<Key> Seen;
  for (const Record &RA : A.Records) {
    if (Tol.Ignore.count(RA.Name))
      continue;
    if (Tol.MaxStep >= 0 && RA.Step > Tol.MaxStep)
      continue;
    SeriesResult &S = series(RA);
    Key K{RA.Name, RA.Step};
    Seen.insert(K);
    auto It = InB.find(K);
    if (It == InB.end()) {
      if (!Tol.AllowMissing) {
        S.Missing = "B";
        ++S.Bad;
        if (S.FirstBadStep < 0) S.FirstBadStep = RA.Step;
        noteDivergence(R, RA.Step, RA.Name);
      }
      continue;
    }
    const Record &RB = *It->second;
    if (RA.Values.size() != RB.Values.size()) {
      R.Problems.push_back("'" + RA.Name + "' at step " + std::to_string(RA.Step) + " has " +
                           std::to_string(RA.Values.size()) + " values in A and " +
                           std::to_string(RB.Values.size()) + " in B");
      ++S.Bad;
      if (S.FirstBadStep < 0) S.FirstBadStep = RA.Step;
      noteDivergence(R, RA.Step, RA.Name);
      continue;
    }
    compareValues(RA, RB, S, R);
    R.MaxRel = std::max(R.MaxRel, S.MaxRel);
  }
  if (!Tol.AllowMissing)
    for (const Record &RB : B.Records) {
      if (Tol.Ignore.count(RB.Name) || (Tol.MaxStep >= 0 && RB.Step > Tol.MaxStep))
        continue;
      if (Seen.count({RB.Name, RB.Step}))
        continue;
      SeriesResult &S = series(RB);
      S.Missing = "A";
      ++S.Bad;
      if (S.FirstBadStep < 0 || RB.Step < S.FirstBadStep) S.FirstBadStep = RB.Step;
      noteDivergence(R, RB.Step, RB.Name);
    }
  R.Pass = R.Problems.empty();
  for (const SeriesResult &S : R.Series)
    if (S.Bad)
      R.Pass = false;
  return R;
}

static std::string fmtG(double V) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.3g", V);
  return OS.str();
}

void printReport(raw_ostream &OS, const Trace &A, const Trace &B, const CompareResult &R,
                 bool Quiet) {
  auto meta = [](const Trace &T, const char *K) {
    auto It = T.Meta.find(K);
    return It == T.Meta.end() ? std::string("?") : It->second;
  };
  if (!Quiet) {
    OS << "A: " << A.Path << " (" << meta(A, "impl") << ", " << meta(A, "sample") << ", "
       << meta(A, "mode") << ")\n";
    OS << "B: " << B.Path << " (" << meta(B, "impl") << ", " << meta(B, "sample") << ", "
       << meta(B, "mode") << ")\n";
    const char *Head[] = {"name", "class", "dtype", "values", "max_abs",
                          "max_rel", "rtol", "atol", "bad@step", "status"};
    OS << format("%-22s %-7s %-5s %7s %10s %10s %9s %9s %8s %s\n", Head[0], Head[1], Head[2],
                 Head[3], Head[4], Head[5], Head[6], Head[7], Head[8], Head[9]);
    for (const SeriesResult &S : R.Series) {
      std::string Status = S.Bad ? "FAIL" : "ok";
      if (!S.Missing.empty())
        Status = "MISSING in " + S.Missing;
      std::string BadAt = S.FirstBadStep >= 0 ? std::to_string(S.FirstBadStep) : "-";
      OS << format("%-22s %-7s %-5s %7zu %10s %10s %9s %9s %8s %s\n", S.Name.c_str(),
                   S.Class.c_str(), S.DType.c_str(), S.Compared, fmtG(S.MaxAbs).c_str(),
                   fmtG(S.MaxRel).c_str(), fmtG(S.Rtol).c_str(), fmtG(S.Atol).c_str(),
                   BadAt.c_str(), Status.c_str());
    }
    for (const SeriesResult &S : R.Series)
      if (S.Bad && S.Missing.empty())
        OS << "  " << S.Name << ": first mismatch at step " << S.FirstBadStep << ", index "
           << S.FirstBadIndex << ": " << format("%.9g", S.FirstBadA) << " vs "
           << format("%.9g", S.FirstBadB) << " (" << S.Bad << " values out of tolerance)\n";
    for (const std::string &P : R.Problems)
      OS << "  problem: " << P << "\n";
    if (R.FirstDivergence >= 0)
      OS << "first divergence: step " << R.FirstDivergence << " ('"
         << R.FirstDivergenceName << "')\n";
    auto PA = A.Perf.find("ms_per_step"), PB = B.Perf.find("ms_per_step");
    if (PA != A.Perf.end() && PB != B.Perf.end() && PA->second > 0)
      OS << format("ms/step: A %.4f  B %.4f  B/A %.4f\n", PA->second, PB->second,
                   PB->second / PA->second);
  }
  OS << "cu2hip-parity: " << (R.Pass ? "PASS" : "FAIL") << " sample=" << meta(A, "sample")
     << " a=" << meta(A, "impl") << " b=" << meta(B, "impl") << " values=" << R.Values
     << " max_rel=" << fmtG(R.MaxRel) << " first_divergence="
     << (R.FirstDivergence >= 0 ? std::to_string(R.FirstDivergence) : std::string("none"))
     << "\n";
}

} // namespace parity
} // namespace cu2hip
