//===- KrecCompare.cpp - compare two per-kernel launch traces -------------===//
#include "KrecCompare.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace llvm;

namespace cu2hip {
namespace krec {

namespace {

/// A JSON number, or a NaN/infinity written as a string.
double number(const json::Value &V) {
  if (auto D = V.getAsNumber())
    return *D;
  if (auto S = V.getAsString())
    return StringSwitch<double>(*S)
        .Case("inf", std::numeric_limits<double>::infinity())
        .Case("-inf", -std::numeric_limits<double>::infinity())
        .Default(std::numeric_limits<double>::quiet_NaN());
  return std::numeric_limits<double>::quiet_NaN();
}

unsigned long long count(const json::Object &O, StringRef Key) {
  if (auto V = O.getInteger(Key))
    return (unsigned long long)*V;
  return 0;
}

Buffer parseBuffer(const json::Object &O) {
  Buffer B;
  B.Arg = (unsigned)count(O, "arg");
  B.DType = O.getString("dtype").value_or("u8").str();
  B.Offset = count(O, "offset");
  B.Bytes = count(O, "bytes");
  B.N = count(O, "n");
  B.NonFinite = count(O, "nonfinite");
  B.Hash = O.getString("hash").value_or("").str();
  if (const json::Value *S = O.get("sum"))
    B.Sum = number(*S);
  if (const json::Value *S = O.get("asum"))
    B.ASum = number(*S);
  if (const json::Array *I = O.getArray("idx"))
    for (const json::Value &V : *I)
      B.Idx.push_back((unsigned long long)V.getAsInteger().value_or(0));
  if (const json::Array *Vs = O.getArray("vals"))
    for (const json::Value &V : *Vs)
      B.Vals.push_back(number(V));
  return B;
}

void dims(const json::Object &O, StringRef Key, unsigned (&D)[3]) {
  if (const json::Array *A = O.getArray(Key))
    for (size_t I = 0; I < 3 && I < A->size(); ++I)
      D[I] = (unsigned)(*A)[I].getAsInteger().value_or(0);
}

Launch parseLaunch(const json::Object &O) {
  Launch L;
  L.Index = O.getInteger("i").value_or(0);
  L.Kernel = O.getString("kernel").value_or("").str();
  L.Site = O.getString("site").value_or("").str();
  L.Error = O.getString("error").value_or("").str();
  dims(O, "grid", L.Grid);
  dims(O, "block", L.Block);
  if (const json::Array *Bs = O.getArray("bufs"))
    for (const json::Value &V : *Bs)
      if (const json::Object *BO = V.getAsObject())
        L.Bufs.push_back(parseBuffer(*BO));
  return L;
}

bool isInteger(StringRef DType) { return DType.startswith("i") || DType.startswith("u"); }

/// |a-b| over the tolerance, for elements of a buffer of mean magnitude `Mean`; NaN matches
/// only NaN, an infinity only itself.
double elementRatio(double A, double B, const Tol &T, double Mean = 0) {
  if (std::isnan(A) || std::isnan(B))
    return std::isnan(A) && std::isnan(B) ? 0 : HUGE_VAL;
  if (std::isinf(A) || std::isinf(B))
    return A == B ? 0 : HUGE_VAL;
  double D = std::fabs(A - B);
  if (D == 0)
    return 0;
  double Allowed = T.Atol + T.Rtol * std::max({std::fabs(A), std::fabs(B), Mean});
  return Allowed > 0 ? D / Allowed : HUGE_VAL;
}

} // namespace

Expected<KTrace> parseKTrace(StringRef Text, StringRef Path) {
  KTrace T;
  T.Path = Path.str();
  unsigned LineNo = 0;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    ++LineNo;
    if (Line.trim().empty())
      continue;
    Expected<json::Value> V = json::parse(Line);
    if (!V)
      return createStringError(inconvertibleErrorCode(), "%s:%u: %s", Path.str().c_str(),
                               LineNo, toString(V.takeError()).c_str());
    const json::Object *O = V->getAsObject();
    if (!O)
      return createStringError(inconvertibleErrorCode(), "%s:%u: not a JSON object",
                               Path.str().c_str(), LineNo);
    StringRef Type = O->getString("type").value_or("");
    if (Type == "meta") {
      if (O->getString("format").value_or("") != "cu2hip-krec")
        return createStringError(inconvertibleErrorCode(),
                                 "%s:%u: not a cu2hip-krec trace (format)", Path.str().c_str(),
                                 LineNo);
      T.Impl = O->getString("impl").value_or("").str();
      T.HashAlgo = O->getString("hash").value_or("fnv1a64-bytes").str();
      T.Device = O->getString("device").value_or("").str();
      T.Multiprocessors = O->getInteger("multiprocessors").value_or(0);
      T.WarpSize = O->getInteger("warp_size").value_or(0);
    } else if (Type == "launch") {
      T.Launches.push_back(parseLaunch(*O));
    } else if (Type == "end") {
      T.HasEnd = true;
    }
  }
  return T;
}

Expected<KTrace> loadKTrace(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(), "%s: %s", Path.str().c_str(),
                             Buf.getError().message().c_str());
  return parseKTrace((*Buf)->getBuffer(), Path);
}

Tol toleranceFor(StringRef DType, double Scale) {
  Tol T = StringSwitch<Tol>(DType)
              .Case("f64", {1e-9, 1e-12})
              .Case("f32", {1e-4, 1e-6})
              .Case("f16", {4e-3, 1e-4})
              .Case("bf16", {1.6e-2, 1e-3})
              .Default({0, 0});
  T.Rtol *= Scale;
  T.Atol *= Scale;
  return T;
}

/// Floating types from most to least precise; -1 for others.
static int floatRank(StringRef DType) {
  return StringSwitch<int>(DType).Case("f64", 0).Case("f32", 1).Case("f16", 2).Case("bf16", 3)
      .Default(-1);
}

std::string launchPrecision(const Launch &L) {
  std::string P;
  for (const Buffer &B : L.Bufs)
    if (floatRank(B.DType) > floatRank(P))
      P = B.DType;
  return P;
}

bool LaunchDiff::bitwise() const {
  if (!Structural.empty())
    return false;
  for (const BufferDiff &B : Bufs)
    if (!B.Bitwise)
      return false;
  return true;
}

/// Compares one buffer of B with A's (same launch, same argument).
static BufferDiff compareBuffer(const Buffer &A, const Buffer &B, double Scale,
                                bool SameHash, StringRef Precision) {
  BufferDiff D;
  D.Arg = A.Arg;
  D.DType = A.DType;
  D.SumA = A.Sum;
  D.SumB = B.Sum;
  if (A.DType != B.DType || A.N != B.N || A.Offset != B.Offset) {
    D.Structural = "buffer differs in type, offset or extent (" + A.DType + " n=" +
                   std::to_string(A.N) + " vs " + B.DType + " n=" + std::to_string(B.N) + ")";
    D.Ratio = HUGE_VAL;
    return D;
  }
  if (SameHash && !A.Hash.empty() && A.Hash == B.Hash) {
    D.Bitwise = true;
    return D;
  }
  D.JudgedAs = floatRank(Precision) > floatRank(A.DType) && floatRank(A.DType) >= 0
                   ? Precision.str()
                   : A.DType;
  Tol T = toleranceFor(D.JudgedAs, Scale);
  double Mean = std::max(A.ASum, B.ASum) / double(std::max<unsigned long long>(A.N, 1));
  if (A.NonFinite != B.NonFinite || (SameHash && (A.DType == "u8" || isInteger(A.DType))))
    D.Ratio = HUGE_VAL; // exact types: any difference fails
  else if (isInteger(A.DType) || A.DType == "u8")
    D.Ratio = A.Sum == B.Sum ? 0 : HUGE_VAL; // checksums not comparable: sums and values
  else
    D.Ratio = elementRatio(A.Sum, B.Sum,
                           {T.Rtol, T.Atol + T.Rtol * std::max(A.ASum, B.ASum)});
  size_t K = std::min(A.Vals.size(), B.Vals.size());
  double Worst = -1;
  for (size_t J = 0; J < K; ++J) {
    double R = isInteger(A.DType) ? (A.Vals[J] == B.Vals[J] ? 0 : HUGE_VAL)
                                  : elementRatio(A.Vals[J], B.Vals[J], T, Mean);
    if (R > Worst && (R > 0 || !D.HaveWorst)) {
      Worst = R;
      D.HaveWorst = R > 0;
      D.WorstIndex = J < A.Idx.size() ? A.Idx[J] : J;
      D.WorstA = A.Vals[J];
      D.WorstB = B.Vals[J];
    }
  }
  D.Ratio = std::max(D.Ratio, std::max(Worst, 0.0));
  return D;
}

LaunchDiff compareLaunch(const Launch &A, const Launch &B, double TolScale, bool SameHash,
                         bool OwnTypes) {
  LaunchDiff L;
  L.Index = A.Index;
  if (A.Kernel != B.Kernel) {
    L.Structural = "another kernel: A runs " + A.Kernel + ", B runs " + B.Kernel;
    L.Ratio = HUGE_VAL;
    return L;
  }
  std::string Precision = OwnTypes ? std::string() : launchPrecision(A);
  for (const Buffer &BA : A.Bufs) {
    auto It = std::find_if(B.Bufs.begin(), B.Bufs.end(),
                           [&](const Buffer &X) { return X.Arg == BA.Arg; });
    if (It == B.Bufs.end()) {
      L.Structural = "argument " + std::to_string(BA.Arg) + " is a device buffer in A only";
      L.Ratio = HUGE_VAL;
      return L;
    }
    L.Bufs.push_back(compareBuffer(BA, *It, TolScale, SameHash, Precision));
    L.Ratio = std::max(L.Ratio, L.Bufs.back().Ratio);
  }
  if (B.Bufs.size() > A.Bufs.size()) {
    L.Structural = "B records more device buffers than A";
    L.Ratio = HUGE_VAL;
  }
  return L;
}

} // namespace krec
} // namespace cu2hip
