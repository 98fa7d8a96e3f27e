//===- PorterTest.cpp - Porter::portBuffer, unifiedDiff, looksAlreadyHip --===//
#include "cu2hip/Porter.h"
#include "gtest/gtest.h"

using namespace cu2hip;

namespace {

const MapTable &maps() {
  static MapTable *M = [] {
    auto *T = new MapTable;
    if (llvm::Error E = T->loadDirectory(CU2HIP_MAPS_DIR))
      ADD_FAILURE() << llvm::toString(std::move(E));
    return T;
  }();
  return *M;
}

FileResult port(llvm::StringRef Text, Options O = Options()) {
  O.Semantic = false; // token rules only: no CUDA SDK needed
  Porter P(O, maps());
  return P.portBuffer("/virtual/in.cu", Text);
}

bool hasFinding(const FileResult &R, llvm::StringRef Id) {
  for (const Finding &F : R.Findings)
    if (F.RuleId == Id)
      return true;
  return false;
}

TEST(Porter, RenamesRuntimeNames) {
  FileResult R = port("#include <cuda_runtime.h>\nvoid f(float **p) { cudaMalloc(p, 4); }\n");
  EXPECT_EQ(R.Ported, "#include <hip/hip_runtime.h>\nvoid f(float **p) { hipMalloc(p, 4); }\n");
  EXPECT_FALSE(R.Failed);
}

TEST(Porter, StringsCommentsAndMembersStay) {
  const char *In = "#include <cuda_runtime.h>\n"
                   "struct S { int cudaMalloc; };\n"
                   "int g(S s) { /* cudaMalloc */ const char *t = \"cudaMalloc\"; return s.cudaMalloc; }\n";
  FileResult R = port(In);
  EXPECT_NE(R.Ported.find("/* cudaMalloc */"), std::string::npos);
  EXPECT_NE(R.Ported.find("\"cudaMalloc\""), std::string::npos);
  EXPECT_NE(R.Ported.find("s.cudaMalloc"), std::string::npos);
}

TEST(Porter, ShuffleGetsMaskAndWidth) {
  FileResult R = port("__device__ float f(float v) { return __shfl_xor_sync(0xffffffff, v, 1); }\n");
  EXPECT_NE(R.Ported.find("__shfl_xor_sync(cu2hip::mask64(0xffffffff), v, 1, 32)"),
            std::string::npos)
      << R.Ported;
  EXPECT_NE(R.Ported.find("#include <cu2hip/wave.h>"), std::string::npos) << R.Ported;
}

// The runtime headers the output includes travel in the result, whether a
// rule asked for them, a CUDA header was mapped to one, or the input had one.
TEST(Porter, RuntimeHeadersInTheResult) {
  FileResult R = port("__device__ float f(float v) { return __shfl_xor_sync(0xffffffff, v, 1); }\n");
  EXPECT_EQ(R.RuntimeHeaders, std::vector<std::string>{"cu2hip/wave.h"});
  R = port("#include <nvToolsExt.h>\nvoid f() { nvtxRangePop(); }\n");
  EXPECT_NE(R.Ported.find("#include <cu2hip/roctx.h>"), std::string::npos) << R.Ported;
  EXPECT_EQ(R.RuntimeHeaders, std::vector<std::string>{"cu2hip/roctx.h"});
  R = port("#include <cu2hip/compat.h>\nint x;\n");
  EXPECT_EQ(R.RuntimeHeaders, std::vector<std::string>{"cu2hip/compat.h"});
  R = port("#include <cuda_runtime.h>\nvoid f(float **p) { cudaMalloc(p, 4); }\n");
  EXPECT_TRUE(R.RuntimeHeaders.empty());
}

TEST(Porter, LaunchGgl) {
  Options O;
  O.Launch = LaunchMode::Ggl;
  FileResult R = port("__global__ void k(int *p);\nvoid f(int *p) { k<<<2, 64>>>(p); }\n", O);
  EXPECT_NE(R.Ported.find("hipLaunchKernelGGL(k, dim3(2), dim3(64), 0, 0, p);"),
            std::string::npos)
      << R.Ported;
}

TEST(Porter, LaunchBoundsFinding) {
  FileResult R = port("__global__ void __launch_bounds__(256, 2) k(int *p) {}\n");
  EXPECT_NE(R.Ported.find("__launch_bounds__(256, CU2HIP_WAVES_PER_EU(256, 2)) k"),
            std::string::npos)
      << R.Ported;
  EXPECT_NE(R.Ported.find("#include <cu2hip/launch.h>"), std::string::npos) << R.Ported;
  EXPECT_TRUE(hasFinding(R, "wave-launch-bounds"));
}

TEST(Porter, UnsupportedNameKeptAndReported) {
  FileResult R = port("int v = cudaAsyncNotificationTypeOverBudget;\n");
  EXPECT_NE(R.Ported.find("cudaAsyncNotificationTypeOverBudget"), std::string::npos);
  EXPECT_TRUE(hasFinding(R, "names-unsupported"));
}

TEST(Porter, PortingTwiceChangesNothing) {
  const char *In = "#include <cuda_runtime.h>\n"
                   "__global__ void k(float *p) { p[0] = __shfl_sync(0xffffffff, p[0], 0); }\n"
                   "void f(float *p) { k<<<1, 64>>>(p); cudaDeviceSynchronize(); }\n";
  FileResult A = port(In);
  FileResult B = port(A.Ported);
  EXPECT_EQ(A.Ported, B.Ported);
}

TEST(Porter, NothingToPortIsIdentity) {
  const char *In = "int add(int a, int b) { return a + b; }\n";
  FileResult R = port(In);
  EXPECT_EQ(R.Ported, In);
  EXPECT_TRUE(R.Findings.empty());
}

TEST(UnifiedDiff, EmptyWhenUnchanged) {
  FileResult R = port("int x;\n");
  EXPECT_EQ(unifiedDiff(R, "a/in.cu", "b/in.cu"), "");
}

TEST(UnifiedDiff, HeaderHunkAndLines) {
  FileResult R = port("#include <cuda_runtime.h>\nint a;\nint b;\nint c;\nint d;\nint e;\n"
                      "int f;\nint g;\nint h;\nvoid z(float **p) { cudaFree(*p); }\n");
  std::string D = unifiedDiff(R, "a/in.cu", "b/in.cu");
  EXPECT_EQ(D.rfind("--- a/in.cu\n+++ b/in.cu\n", 0), 0u) << D;
  EXPECT_NE(D.find("@@ -1,4 +1,4 @@\n"), std::string::npos) << D;
  EXPECT_NE(D.find("-#include <cuda_runtime.h>\n+#include <hip/hip_runtime.h>\n int a;\n"),
            std::string::npos)
      << D;
  EXPECT_NE(D.find("-void z(float **p) { cudaFree(*p); }\n+void z(float **p) { hipFree(*p); }\n"),
            std::string::npos)
      << D;
  // Lines far from any change are not in the diff.
  EXPECT_EQ(D.find("int e;"), std::string::npos) << D;
}

TEST(UnifiedDiff, UnchangedLinesBetweenChangesAreContext) {
  // Lines between two changed lines of one hunk are context, not -/+
  // (test/lit/tool/diff-minimal.cu).
  FileResult R = port("#include <cuda_runtime.h>\nint keep;\nvoid z(float **p) { cudaFree(*p); }\n");
  std::string D = unifiedDiff(R, "a", "b");
  EXPECT_NE(D.find("\n int keep;\n"), std::string::npos) << D;
  EXPECT_EQ(D.find("-int keep;"), std::string::npos) << D;
}

TEST(LooksAlreadyHip, DetectsHipIncludes) {
  EXPECT_TRUE(looksAlreadyHip("#include <hip/hip_runtime.h>\n", maps()));
  EXPECT_TRUE(looksAlreadyHip("#include <hipblas/hipblas.h>\n", maps()));
  EXPECT_TRUE(looksAlreadyHip("#include <hipcub/hipcub.hpp>\n", maps()));
  EXPECT_TRUE(looksAlreadyHip("  #include \"hip/hip_fp16.h\"\n", maps()));
}

TEST(LooksAlreadyHip, CudaAndPlainFilesAreNot) {
  EXPECT_FALSE(looksAlreadyHip("#include <cuda_runtime.h>\n", maps()));
  EXPECT_FALSE(looksAlreadyHip("#include <vector>\nint x;\n", maps()));
  // Only real #include lines count, not comments or strings.
  EXPECT_FALSE(looksAlreadyHip("// #include <hip/hip_runtime.h>\n", maps()));
  EXPECT_FALSE(looksAlreadyHip("const char *s = \"#include <hip/hip_runtime.h>\";\n", maps()));
}

} // namespace
