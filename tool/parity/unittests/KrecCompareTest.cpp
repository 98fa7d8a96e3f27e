//===- KrecCompareTest.cpp - cu2hip compare on per-kernel traces ----------===//
#include "KrecCompare.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace cu2hip::krec;

namespace {

const char *Meta = R"({"type":"meta","format":"cu2hip-krec","version":1,"impl":"cuda"})"
                   "\n";

/// One launch line with one buffer.
std::string launch(int I, const char *Kernel, const char *DType, const char *Hash, double Sum,
                   const std::string &Vals, int N = 4) {
  return "{\"type\":\"launch\",\"i\":" + std::to_string(I) + ",\"kernel\":\"" + Kernel +
         "\",\"site\":\"a.cu:" + std::to_string(10 + I) +
         "\",\"grid\":[2,1,1],\"block\":[64,1,1],\"error\":\"\",\"bufs\":[{\"arg\":0,"
         "\"dtype\":\"" + DType + "\",\"offset\":0,\"bytes\":16,\"n\":" + std::to_string(N) +
         ",\"hash\":\"" + Hash + "\",\"sum\":" + std::to_string(Sum) +
         ",\"asum\":10,\"nonfinite\":0,\"idx\":[0,1,2,3],\"vals\":[" + Vals + "]}]}\n";
}

KTrace parse(const std::string &Body, const char *Name) {
  auto T = parseKTrace(std::string(Meta) + Body + "{\"type\":\"end\",\"launches\":3}\n", Name);
  EXPECT_TRUE(!!T) << (T ? "" : llvm::toString(T.takeError()));
  return T ? *T : KTrace();
}

CompareSummary run(const KTrace &A, const KTrace &B, const KTrace *N = nullptr,
                   std::string *Out = nullptr) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  CompareSummary R = compareTraces(A, B, N, CompareOptions(), OS);
  OS.flush();
  if (Out)
    *Out = S;
  return R;
}

TEST(KrecCompare, ParsesLaunchesAndBuffers) {
  KTrace T = parse(launch(0, "k", "bf16", "ab", 1.5, "1,2,3,\"nan\""), "t");
  ASSERT_EQ(T.Launches.size(), 1u);
  EXPECT_TRUE(T.HasEnd);
  EXPECT_EQ(T.Impl, "cuda");
  const Buffer &B = T.Launches[0].Bufs[0];
  EXPECT_EQ(B.DType, "bf16");
  EXPECT_EQ(T.Launches[0].Site, "a.cu:10");
  EXPECT_EQ(T.Launches[0].Block[0], 64u);
  ASSERT_EQ(B.Vals.size(), 4u);
  EXPECT_TRUE(std::isnan(B.Vals[3]));
}

TEST(KrecCompare, RejectsOtherFormats) {
  auto T = parseKTrace("{\"type\":\"meta\",\"format\":\"cu2hip-trace\"}\n", "x.jsonl");
  ASSERT_FALSE(!!T);
  EXPECT_NE(llvm::toString(T.takeError()).find("x.jsonl:1"), std::string::npos);
}

TEST(KrecCompare, SameHashIsBitwise) {
  KTrace A = parse(launch(0, "k", "f32", "01", 6, "0,1,2,3"), "a");
  CompareSummary S = run(A, A);
  EXPECT_EQ(S.Bitwise, 1u);
  EXPECT_EQ(S.First, -1);
}

TEST(KrecCompare, Fp32WithinAndBeyondTolerance) {
  // f32: rtol 1e-4. 1.00005 vs 1 is within; 1.001 vs 1 is not.
  KTrace A = parse(launch(0, "k", "f32", "01", 6, "1,1,2,3") + launch(1, "m", "f32", "02", 6, "1,1,2,3"), "a");
  KTrace B = parse(launch(0, "k", "f32", "0f", 6, "1.00005,1,2,3") +
                       launch(1, "m", "f32", "0e", 6.001, "1,1.001,2,3"),
                   "b");
  std::string Out;
  CompareSummary S = run(A, B, nullptr, &Out);
  EXPECT_EQ(S.Within, 1u);
  EXPECT_EQ(S.Beyond, 1u);
  EXPECT_EQ(S.First, 1);
  EXPECT_NE(Out.find("first launch beyond tolerance: #1 m (a.cu:11)"), std::string::npos) << Out;
  EXPECT_NE(Out.find("worst element 1: A=1 B=1.001"), std::string::npos) << Out;
}

TEST(KrecCompare, Bf16ToleratesOneUlpFp32DoesNot) {
  // One bf16 ulp at 1.0 is 2^-7 = 0.0078125: within bf16's tolerance, beyond f32's.
  std::string V = "1.0078125,1,2,3";
  KTrace A16 = parse(launch(0, "k", "bf16", "01", 6, "1,1,2,3"), "a");
  KTrace B16 = parse(launch(0, "k", "bf16", "02", 6, V), "b");
  EXPECT_EQ(run(A16, B16).First, -1);
  KTrace A32 = parse(launch(0, "k", "f32", "01", 6, "1,1,2,3"), "a");
  KTrace B32 = parse(launch(0, "k", "f32", "02", 6, V), "b");
  EXPECT_EQ(run(A32, B32).First, 0);
}

TEST(KrecCompare, IntegersAreExact) {
  KTrace A = parse(launch(0, "k", "i32", "01", 6, "1,1,2,3"), "a");
  KTrace B = parse(launch(0, "k", "i32", "02", 7, "1,1,2,4"), "b");
  EXPECT_EQ(run(A, B).First, 0);
}

TEST(KrecCompare, AnotherKernelIsStructural) {
  KTrace A = parse(launch(0, "k", "f32", "01", 6, "1,1,2,3"), "a");
  KTrace B = parse(launch(0, "other", "f32", "01", 6, "1,1,2,3"), "b");
  std::string Out;
  EXPECT_EQ(run(A, B, nullptr, &Out).First, 0);
  EXPECT_NE(Out.find("another kernel: A runs k, B runs other"), std::string::npos) << Out;
}

TEST(KrecCompare, NoiseFloorExcusesWhatTheReferenceItselfVaries) {
  // B differs from A by 1e-3 (beyond f32's tolerance); a second CUDA run differs by 5e-4:
  // within 4x the noise, so not beyond. Without the noise trace it is beyond.
  KTrace A = parse(launch(0, "k", "f32", "01", 6, "1,1,2,3"), "a");
  KTrace B = parse(launch(0, "k", "f32", "02", 6, "1.001,1,2,3"), "b");
  KTrace N = parse(launch(0, "k", "f32", "03", 6, "1.0005,1,2,3"), "n");
  std::string Out;
  CompareSummary S = run(A, B, &N, &Out);
  EXPECT_EQ(S.First, -1) << Out;
  EXPECT_EQ(S.NoiseFirstDiff, 0);
  EXPECT_EQ(S.NoiseFirstBeyond, 0);
  EXPECT_EQ(run(A, B).First, 0);
}

/// One launch line with a bf16 buffer (arg 0, same in every trace) and an f32 buffer (arg 1)
/// of values `F32` (asum 10, n 4).
std::string mixedLaunch(int I, const char *F32Hash, const std::string &F32) {
  return "{\"type\":\"launch\",\"i\":" + std::to_string(I) +
         ",\"kernel\":\"ln\",\"site\":\"a.cu:1\",\"grid\":[1,1,1],\"block\":[32,1,1],"
         "\"error\":\"\",\"bufs\":[{\"arg\":0,\"dtype\":\"bf16\",\"offset\":0,\"bytes\":8,"
         "\"n\":4,\"hash\":\"aa\",\"sum\":6,\"asum\":6,\"nonfinite\":0,\"idx\":[0,1,2,3],"
         "\"vals\":[0,1,2,3]},{\"arg\":1,\"dtype\":\"f32\",\"offset\":0,\"bytes\":16,\"n\":4,"
         "\"hash\":\"" + std::string(F32Hash) + "\",\"sum\":6,\"asum\":10,\"nonfinite\":0,"
         "\"idx\":[0,1,2,3],\"vals\":[" + F32 + "]}]}\n";
}

TEST(KrecCompare, LaunchPrecisionJudgesFp32OutputsOfABf16KernelAtBf16) {
  // A layer norm's f32 statistics from bf16 inputs: 17.73 against 17.74 (5.6e-4 relative)
  // is within bf16's tolerance, beyond f32's. --own-types judges each buffer by its type.
  KTrace A = parse(mixedLaunch(0, "01", "17.73,1,1,1"), "a");
  KTrace B = parse(mixedLaunch(0, "02", "17.74,1,1,1"), "b");
  EXPECT_EQ(launchPrecision(A.Launches[0]), "bf16");
  std::string Out;
  EXPECT_EQ(run(A, B, nullptr, &Out).First, -1) << Out;
  CompareOptions Own;
  Own.OwnTypes = true;
  llvm::raw_string_ostream OS(Out);
  CompareSummary S = compareTraces(A, B, nullptr, Own, OS);
  EXPECT_EQ(S.First, 0);
  EXPECT_NE(OS.str().find("buffer arg 1 (f32): worst element 0"), std::string::npos) << Out;
}

TEST(KrecCompare, ElementsNearZeroAreJudgedAgainstTheirBuffersMagnitude) {
  // asum 10 over 4 elements: mean magnitude 2.5. 1e-4 against 2e-4 differs by 1e-4, within
  // f32's 1e-6 + 1e-4 * 2.5; 1 against 1.001 (1e-3) is not.
  KTrace A = parse(launch(0, "k", "f32", "01", 6, "0.0001,1,2,3"), "a");
  KTrace B = parse(launch(0, "k", "f32", "02", 6, "0.0002,1,2,3"), "b");
  EXPECT_EQ(run(A, B).First, -1);
  KTrace C = parse(launch(0, "k", "f32", "03", 6, "0.0001,1.001,2,3"), "c");
  EXPECT_EQ(run(A, C).First, 0);
}

TEST(KrecCompare, NoiseIsRememberedPerKernel) {
  // The second reference varies k at launch #0 (ratio 2) and not at #1; B varies k at #1 by
  // ratio 4: within 4x the noise k has shown. B's kernel m at #2 varies where m never did.
  std::string Same = "1,1,2,3", Off = "1.001,1,2,3", Half = "1.0005,1,2,3";
  KTrace A = parse(launch(0, "k", "f32", "01", 6, Same) + launch(1, "k", "f32", "01", 6, Same) +
                       launch(2, "m", "f32", "01", 6, Same),
                   "a");
  KTrace N = parse(launch(0, "k", "f32", "02", 6, Half) + launch(1, "k", "f32", "01", 6, Same) +
                       launch(2, "m", "f32", "01", 6, Same),
                   "n");
  KTrace B = parse(launch(0, "k", "f32", "01", 6, Same) + launch(1, "k", "f32", "03", 6, Off) +
                       launch(2, "m", "f32", "03", 6, Off),
                   "b");
  std::string Out;
  CompareSummary S = run(A, B, &N, &Out);
  EXPECT_EQ(S.First, 2) << Out;
  EXPECT_EQ(S.Beyond, 1u) << Out;
}

TEST(KrecCompare, DifferentLengthsFailTheCommand) {
  KTrace A = parse(launch(0, "k", "f32", "01", 6, "1,1,2,3") + launch(1, "k", "f32", "01", 6, "1,1,2,3"), "a");
  KTrace B = parse(launch(0, "k", "f32", "01", 6, "1,1,2,3"), "b");
  CompareSummary S = run(A, B);
  EXPECT_TRUE(S.LengthDiffers);
  EXPECT_EQ(S.First, -1);
}

} // namespace
