//===- TraceCompareTest.cpp - unit tests of the parity comparison ---------===//
#include "TraceCompare.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <string>

using namespace cu2hip::parity;

namespace {

const char *Meta =
    R"({"type":"meta","format":"cu2hip-trace","version":1,"sample":"s","impl":"cuda","mode":"small","seed":"1","steps":"5"})"
    "\n";

std::string scalar(long Step, const char *Name, const char *Value,
                   const char *Class = "train") {
  return std::string(R"({"type":"scalar","step":)") + std::to_string(Step) +
         R"(,"name":")" + Name + R"(","dtype":"f32","class":")" + Class +
         R"(","value":)" + Value + "}\n";
}

// A five-step trace: loss per step (train), a reduction at step 0, a tensor at the end.
std::string baseTrace(const char *LossAt3 = "0.25", const char *TensorLast = "3") {
  std::string T = Meta;
  T += scalar(0, "loss_step0", "2.5", "reduce");
  const char *Loss[] = {"1", "0.5", "0.4", LossAt3, "0.125"};
  for (long S = 0; S < 5; ++S)
    T += scalar(S, "loss", Loss[S]);
  T += std::string(R"({"type":"tensor","step":5,"name":"w","dtype":"f32","class":"exact","n":3,"values":[1,-2,)") +
       TensorLast + "]}\n";
  T += R"({"type":"perf","name":"ms_per_step","value":1.5})"
       "\n";
  T += R"({"type":"end","records":10})"
       "\n";
  return T;
}

Trace parse(const std::string &Text, const char *Name = "t") {
  auto T = parseTrace(Text, Name);
  EXPECT_TRUE(static_cast<bool>(T)) << (T ? "" : llvm::toString(T.takeError()));
  return T ? std::move(*T) : Trace();
}

TEST(TraceParse, ReadsRecordsMetaAndPerf) {
  Trace T = parse(baseTrace());
  EXPECT_EQ(T.Meta["sample"], "s");
  EXPECT_EQ(T.Meta["impl"], "cuda");
  ASSERT_EQ(T.Records.size(), 7u);
  EXPECT_EQ(T.Records[0].Class, "reduce");
  EXPECT_EQ(T.Records[6].Type, "tensor");
  EXPECT_EQ(T.Records[6].Values.size(), 3u);
  EXPECT_DOUBLE_EQ(T.Records[6].Values[1], -2.0);
  EXPECT_DOUBLE_EQ(T.Perf["ms_per_step"], 1.5);
  EXPECT_TRUE(T.HasEnd);
}

TEST(TraceParse, NonFiniteValuesAsStrings) {
  std::string Text = Meta;
  Text += R"({"type":"tensor","step":0,"name":"x","dtype":"f32","class":"exact","n":3,"values":["nan","inf","-inf"]})"
          "\n";
  Trace T = parse(Text);
  ASSERT_EQ(T.Records.size(), 1u);
  EXPECT_TRUE(std::isnan(T.Records[0].Values[0]));
  EXPECT_TRUE(std::isinf(T.Records[0].Values[1]) && T.Records[0].Values[1] > 0);
  EXPECT_TRUE(std::isinf(T.Records[0].Values[2]) && T.Records[0].Values[2] < 0);
}

TEST(TraceParse, RejectsBadInput) {
  auto NoMeta = parseTrace(scalar(0, "loss", "1"), "x");
  EXPECT_FALSE(static_cast<bool>(NoMeta));
  llvm::consumeError(NoMeta.takeError());
  auto BadJson = parseTrace(std::string(Meta) + "{not json\n", "y");
  ASSERT_FALSE(static_cast<bool>(BadJson));
  std::string Msg = llvm::toString(BadJson.takeError());
  EXPECT_NE(Msg.find("y:2:"), std::string::npos) << Msg;
  auto BadClass = parseTrace(std::string(Meta) + scalar(0, "l", "1", "fuzzy"), "z");
  EXPECT_FALSE(static_cast<bool>(BadClass));
  llvm::consumeError(BadClass.takeError());
}

TEST(Tolerance, ClassesAndDtypes) {
  Tolerances Tol;
  double R, A;
  Tol.forRecord("exact", "f32", R, A);
  EXPECT_EQ(R, 0.0);
  EXPECT_EQ(A, 0.0);
  Tol.forRecord("reduce", "f32", R, A);
  EXPECT_DOUBLE_EQ(R, 1e-5);
  Tol.forRecord("train", "f32", R, A);
  EXPECT_DOUBLE_EQ(R, 1e-3);
  Tol.forRecord("train", "bf16", R, A);
  EXPECT_DOUBLE_EQ(R, 5e-2);
  Tol.forRecord("reduce", "f16", R, A);
  EXPECT_DOUBLE_EQ(R, 1e-2);
  Tol.MinRtol = 1e-2;
  Tol.forRecord("exact", "f32", R, A);
  EXPECT_DOUBLE_EQ(R, 1e-2);
}

TEST(Tolerance, WithinAndRelative) {
  double NaN = std::numeric_limits<double>::quiet_NaN();
  double Inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(withinTolerance(1.0, 1.0, 0, 0));
  EXPECT_FALSE(withinTolerance(1.0, std::nextafter(1.0f, 2.0f), 0, 0)); // one ulp: not bitwise
  EXPECT_TRUE(withinTolerance(1.0, 1.0 + 5e-6, 1e-5, 0));
  EXPECT_FALSE(withinTolerance(1.0, 1.0 + 2e-5, 1e-5, 0));
  EXPECT_TRUE(withinTolerance(0.0, 1e-7, 1e-5, 1e-6)); // near zero: atol
  EXPECT_TRUE(withinTolerance(NaN, NaN, 0, 0));
  EXPECT_FALSE(withinTolerance(NaN, 1.0, 1, 1));
  EXPECT_TRUE(withinTolerance(Inf, Inf, 0, 0));
  EXPECT_FALSE(withinTolerance(Inf, -Inf, 1, 1));
  EXPECT_DOUBLE_EQ(relativeDifference(2.0, 1.0), 0.5);
  EXPECT_EQ(relativeDifference(NaN, NaN), 0.0);
}

TEST(Compare, EqualTracesPass) {
  Trace A = parse(baseTrace()), B = parse(baseTrace());
  CompareResult R = compareTraces(A, B, Tolerances());
  EXPECT_TRUE(R.Pass);
  EXPECT_EQ(R.FirstDivergence, -1);
  EXPECT_EQ(R.MaxRel, 0.0);
  EXPECT_EQ(R.Values, 9u);
}

TEST(Compare, SmallTrainDriftPasses) {
  Trace A = parse(baseTrace()), B = parse(baseTrace("0.2501"));
  CompareResult R = compareTraces(A, B, Tolerances());
  EXPECT_TRUE(R.Pass);
  EXPECT_NEAR(R.MaxRel, 0.0001 / 0.2501, 1e-9);
}

TEST(Compare, PerturbedLossFailsAtItsStep) {
  Trace A = parse(baseTrace()), B = parse(baseTrace("0.26"));
  CompareResult R = compareTraces(A, B, Tolerances());
  EXPECT_FALSE(R.Pass);
  EXPECT_EQ(R.FirstDivergence, 3);
  EXPECT_EQ(R.FirstDivergenceName, "loss");
  bool Found = false;
  for (const SeriesResult &S : R.Series)
    if (S.Name == "loss") {
      Found = true;
      EXPECT_EQ(S.Bad, 1u);
      EXPECT_EQ(S.FirstBadStep, 3);
      EXPECT_DOUBLE_EQ(S.FirstBadA, 0.25);
      EXPECT_DOUBLE_EQ(S.FirstBadB, 0.26);
    }
  EXPECT_TRUE(Found);
  // Comparing only up to step 2 passes; a looser train tolerance passes too.
  Tolerances Early;
  Early.MaxStep = 2;
  EXPECT_TRUE(compareTraces(A, B, Early).Pass);
  Tolerances Loose;
  Loose.RtolTrain = 0.05;
  EXPECT_TRUE(compareTraces(A, B, Loose).Pass);
}

TEST(Compare, ExactClassIsBitwise) {
  // 3 vs 3.0000002 (one float ulp) in an exact tensor fails at step 5, index 2.
  Trace A = parse(baseTrace()), B = parse(baseTrace("0.25", "3.00000024"));
  CompareResult R = compareTraces(A, B, Tolerances());
  EXPECT_FALSE(R.Pass);
  EXPECT_EQ(R.FirstDivergence, 5);
  for (const SeriesResult &S : R.Series)
    if (S.Name == "w") {
      EXPECT_EQ(S.FirstBadIndex, 2u);
    }
}

TEST(Compare, MissingRecordsAndMeta) {
  std::string Short = baseTrace();
  Short.erase(Short.find(R"({"type":"scalar","step":4)"),
              scalar(4, "loss", "0.125").size());
  Trace A = parse(baseTrace()), B = parse(Short);
  CompareResult R = compareTraces(A, B, Tolerances());
  EXPECT_FALSE(R.Pass);
  EXPECT_EQ(R.FirstDivergence, 4);
  Tolerances Allow;
  Allow.AllowMissing = true;
  EXPECT_TRUE(compareTraces(A, B, Allow).Pass);

  std::string Other = baseTrace();
  Other.replace(Other.find(R"("seed":"1")"), 10, R"("seed":"2")");
  CompareResult M = compareTraces(A, parse(Other), Tolerances());
  EXPECT_FALSE(M.Pass);
  ASSERT_FALSE(M.Problems.empty());
  EXPECT_NE(M.Problems[0].find("seed"), std::string::npos);
}

TEST(Compare, TruncatedTraceIsAProblem) {
  std::string Cut = baseTrace();
  Cut.erase(Cut.find(R"({"type":"end")"));
  CompareResult R = compareTraces(parse(baseTrace()), parse(Cut), Tolerances());
  EXPECT_FALSE(R.Pass);
}

} // namespace
