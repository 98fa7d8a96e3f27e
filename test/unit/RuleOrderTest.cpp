//===- RuleOrderTest.cpp - token rules do not depend on their order -------===//
//
// Rules talk to each other only through FileContext::claim and
// FileContext::requestHeader (Rule.h); what reads them runs in
// Rule::finish, after every rule's run. So running the rules in reverse
// registry order must port a file exactly as the registry order does.
//===----------------------------------------------------------------------===//
#include "cu2hip/Rule.h"
#include "gtest/gtest.h"
#include <algorithm>

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

/// Ports `Text` with the token rules of `Opts` in registry order, or in
/// reverse order; returns the output text and the rule ids of the findings.
std::pair<std::string, std::vector<std::string>> port(llvm::StringRef Text, const Options &Opts,
                                                      bool Reverse) {
  FileFacts Facts; // not parsed: token rules only
  FileContext C("/virtual/order.cu", Text, maps(), Opts, Facts, /*IsHeader=*/false);
  auto Rules = createRules(Opts);
  if (Reverse)
    std::reverse(Rules.begin(), Rules.end());
  for (auto &R : Rules)
    C.run(*R);
  for (auto &R : Rules)
    C.finish(*R);
  EXPECT_TRUE(C.Edits.merge().empty()) << "edit conflicts";
  std::vector<std::string> Ids;
  for (const Finding &F : C.Findings)
    Ids.push_back(F.RuleId);
  std::sort(Ids.begin(), Ids.end());
  return {C.Edits.apply(Text), Ids};
}

TEST(RuleOrder, ReverseOrderPortsTheSame) {
  const char *In = "#include <cuda_runtime.h>\n"
                   "#include <cub/cub.cuh>\n"
                   "__global__ void k(float *p, int n) {\n"
                   "  float v = __shfl_down_sync(0xffffffff, p[0], 1);\n"
                   "  unsigned b = __ballot_sync(0xffffffff, v > 0);\n"
                   "  p[threadIdx.x % warpSize] = v + b + FLT_MAX;\n"
                   "  p[1] = __AMDGCN_WAVEFRONT_SIZE;\n"
                   "}\n"
                   "void f(float *p) {\n"
                   "  float *q;\n"
                   "  cudaMalloc(&q, 16);\n"
                   "  k<<<1, 32>>>(p, 1);\n"
                   "  cudaFree(q);\n"
                   "}\n";
  Options O;
  O.AllocHooks = O.Vectorize = true;
  auto Forward = port(In, O, /*Reverse=*/false);
  auto Backward = port(In, O, /*Reverse=*/true);
  EXPECT_EQ(Forward.first, Backward.first);
  EXPECT_EQ(Forward.second, Backward.second);
  // The headers requested by the wave, alloc and implicit-include rules are
  // all there, in their fixed order, whichever rule ran first.
  size_t Wave = Forward.first.find("#include <cu2hip/wave.h>");
  size_t Alloc = Forward.first.find("#include <cu2hip/alloc.h>");
  size_t Implicit = Forward.first.find("#include <cu2hip/implicit.h>");
  ASSERT_NE(Wave, std::string::npos) << Forward.first;
  ASSERT_NE(Alloc, std::string::npos) << Forward.first;
  ASSERT_NE(Implicit, std::string::npos) << Forward.first;
  EXPECT_LT(Wave, Alloc);
  EXPECT_LT(Alloc, Implicit);
}

} // namespace
