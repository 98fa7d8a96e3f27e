//===- SemanticIndexTest.cpp - SemanticIndex merges; rules reading it -----===//
#include "cu2hip/FileIO.h"
#include "cu2hip/IncludeScan.h"
#include "cu2hip/Porter.h"
#include "cu2hip/SemanticIndex.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace cu2hip;

namespace {

NameRef ref(llvm::StringRef Qual, DeclKind K, bool System, llvm::StringRef Parent = "") {
  NameRef R;
  R.QualName = Qual.str();
  R.Kind = K;
  R.System = System;
  R.Parent = Parent.str();
  return R;
}

TEST(SemanticIndex, AgreeingConfigurationsKeepTheEntry) {
  SemanticIndex Host, Device;
  NameRef A = ref("cudaMalloc", DeclKind::Function, true);
  A.Type = "cudaError (void **, unsigned long)";
  Host.addName(10, A);
  Device.addName(10, A);
  Host.mergeFrom(Device);
  ASSERT_NE(Host.name(10), nullptr);
  EXPECT_EQ(Host.name(10)->QualName, "cudaMalloc");
  EXPECT_EQ(Host.name(10)->Type, "cudaError (void **, unsigned long)");
  EXPECT_TRUE(Host.name(10)->System);
}

TEST(SemanticIndex, DisagreeingConfigurationsAreAmbiguous) {
  SemanticIndex Host, Device;
  Host.addName(5, ref("hostside::pick", DeclKind::Function, false));
  Device.addName(5, ref("devside::pick", DeclKind::Function, false));
  Host.mergeFrom(Device);
  EXPECT_EQ(Host.name(5), nullptr);
  ASSERT_NE(Host.anyName(5), nullptr);
  EXPECT_TRUE(Host.anyName(5)->Ambiguous);
}

TEST(SemanticIndex, EntriesOfOneConfigurationAreTaken) {
  SemanticIndex Host, Device;
  Host.addName(1, ref("a", DeclKind::Variable, false));
  Device.addName(2, ref("b", DeclKind::Variable, false));
  Host.mergeFrom(Device);
  ASSERT_NE(Host.name(1), nullptr);
  ASSERT_NE(Host.name(2), nullptr);
  EXPECT_EQ(Host.name(2)->QualName, "b");
}

TEST(SemanticIndex, OneParseInsideADeclarationMakesAFragment) {
  // A file some configuration or unit entered from inside a declaration is
  // a fragment whatever the others saw.
  SemanticIndex A, B;
  IncludeFacts In;
  In.Resolved = "/t/list.def";
  In.UserFile = true;
  A.Includes[7] = In;
  In.InBody = true;
  B.Includes[7] = In;
  B.EnteredInBody = true;
  EXPECT_FALSE(B.empty());
  A.mergeFrom(B);
  ASSERT_NE(A.include(7), nullptr);
  EXPECT_TRUE(A.include(7)->InBody);
  EXPECT_FALSE(A.include(7)->Ambiguous);
  EXPECT_TRUE(A.EnteredInBody);
}

TEST(IncludeScan, ResolvesBySearchOrderAndSeesBraces) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cu2hip-scan", Dir));
  for (const char *Sub : {"/inc", "/q"})
    ASSERT_FALSE(llvm::sys::fs::create_directory(Dir + Sub));
  for (const char *F : {"/list.def", "/inc/list.def", "/inc/lib.h", "/q/quoted.h"})
    ASSERT_FALSE(llvm::errorToBool(writeFileAtomically((Dir + F).str(), "")));
  std::string Text = "#include \"list.def\"\n#include <list.def>\n#include \"lib.h\"\n"
                     "#include \"quoted.h\"\n#include <quoted.h>\nenum E {\n"
                     "#include \"list.def\"\n};\n#define M { \n#include <missing.h>\n";
  std::vector<ScannedInclude> S =
      scanIncludes((Dir + "/a.cu").str(), Text, {"-iquote", "q", "-Iinc"}, Dir);
  ASSERT_EQ(S.size(), 7u);
  auto Real = [&](llvm::StringRef Rel) {
    llvm::SmallString<128> R;
    EXPECT_FALSE(llvm::sys::fs::real_path(Dir + Rel, R));
    return std::string(R.str());
  };
  EXPECT_EQ(S[0].Resolved, Real("/list.def"));     // the includer's directory first
  EXPECT_EQ(S[1].Resolved, Real("/inc/list.def")); // <...>: -I only
  EXPECT_EQ(S[2].Resolved, Real("/inc/lib.h"));
  EXPECT_EQ(S[3].Resolved, Real("/q/quoted.h"));   // -iquote for "..."
  EXPECT_EQ(S[4].Resolved, "");                    // but not for <...>
  EXPECT_EQ(S[0].NameOffset, 9u);
  for (size_t I = 0; I < 5; ++I)
    EXPECT_FALSE(S[I].InBody) << I;
  EXPECT_TRUE(S[5].InBody);  // inside the enum
  EXPECT_FALSE(S[6].InBody); // a brace in a #define opens nothing
  EXPECT_EQ(S[6].Resolved, "");
  llvm::sys::fs::remove_directories(Dir);
}

TEST(SemanticIndex, FunctionCalleesUniteAndParameterChangesAreAmbiguous) {
  SemanticIndex Host, Device;
  FunctionFacts F;
  F.QualName = "k";
  F.Kernel = true;
  F.Params.push_back({"x", "float *", "float", false, false, false});
  F.Callees = {"a"};
  FunctionFacts G = F;
  G.Callees = {"b"};
  G.BodyErrors = true;
  Host.Functions[7] = F;
  Device.Functions[7] = G;
  Host.mergeFrom(Device);
  const FunctionFacts &M = Host.Functions[7];
  EXPECT_EQ(M.Callees, (std::set<std::string>{"a", "b"}));
  EXPECT_TRUE(M.BodyErrors);
  EXPECT_FALSE(M.Ambiguous);
  SemanticIndex Other;
  FunctionFacts H = F;
  H.Params[0].Const = true;
  Other.Functions[7] = H;
  Host.mergeFrom(Other);
  EXPECT_TRUE(Host.Functions[7].Ambiguous);
}

const MapTable &maps() {
  static MapTable *M = [] {
    auto *T = new MapTable;
    if (llvm::Error E = T->loadDirectory(CU2HIP_MAPS_DIR))
      ADD_FAILURE() << llvm::toString(std::move(E));
    return T;
  }();
  return *M;
}

/// Ports `Text` with the token rules and hand-made facts (no CUDA SDK).
FileResult portWith(llvm::StringRef Text, const FileFacts &Facts) {
  Options O;
  O.Semantic = false;
  Porter P(O, maps());
  return P.portBuffer("/virtual/in.cu", Text, Facts);
}

unsigned offsetOf(llvm::StringRef Text, llvm::StringRef Needle, unsigned Nth = 0) {
  size_t At = Text.find(Needle);
  for (unsigned I = 0; I < Nth; ++I)
    At = Text.find(Needle, At + 1);
  return unsigned(At);
}

TEST(IndexedRules, NamesRenameTheSdkUsesAndKeepTheUsers) {
  std::string In = "#include <cuda_runtime.h>\n"
                   "void cudaFree(int);\n"
                   "void f(void *p) { cudaFree(p); cudaFree(3); }\n";
  FileFacts Facts;
  Facts.Parsed = true;
  NameRef Decl = ref("cudaFree", DeclKind::Function, false);
  Decl.IsDecl = true;
  Facts.Index.addName(offsetOf(In, "cudaFree", 0), Decl);
  Facts.Index.addName(offsetOf(In, "cudaFree", 1), ref("cudaFree", DeclKind::Function, true));
  Facts.Index.addName(offsetOf(In, "cudaFree", 2), ref("cudaFree", DeclKind::Function, false));
  // Today's spelling fact would keep every use: the index decides instead.
  Facts.ShadowedNames.insert("cudaFree");
  FileResult R = portWith(In, Facts);
  EXPECT_EQ(R.Ported, "#include <hip/hip_runtime.h>\n"
                      "void cudaFree(int);\n"
                      "void f(void *p) { hipFree(p); cudaFree(3); }\n");
}

TEST(IndexedRules, HostWarpSizeOnlyOnDeviceProperties) {
  std::string In = "#include <cuda_runtime.h>\n"
                   "int f(cudaDeviceProp p, S s) { return p.warpSize + s.warpSize; }\n";
  FileFacts Facts;
  Facts.Parsed = true;
  Facts.Index.addName(offsetOf(In, "warpSize", 0),
                      ref("cudaDeviceProp::warpSize", DeclKind::Field, true, "cudaDeviceProp"));
  Facts.Index.addName(offsetOf(In, "warpSize", 1),
                      ref("S::warpSize", DeclKind::Field, false, "S"));
  FileResult R = portWith(In, Facts);
  unsigned N = 0;
  for (const Finding &F : R.Findings)
    if (F.RuleId == "wave-host-warpsize") {
      ++N;
      EXPECT_EQ(F.Offset, offsetOf(In, "warpSize", 0));
    }
  EXPECT_EQ(N, 1u);
}

TEST(IndexedRules, CubWidthThroughAnAlias) {
  std::string In = "#include <cub/cub.cuh>\nnamespace cb = cub;\nusing WR = cb::WarpReduce<float>;\n";
  FileFacts Facts;
  Facts.Parsed = true;
  Facts.Index.addName(offsetOf(In, "WarpReduce"),
                      ref("cub::WarpReduce", DeclKind::Template, true));
  EXPECT_NE(portWith(In, Facts).Ported.find("cb::WarpReduce<float, 32>"), std::string::npos);
  // Without the index entry, `cb::` is not CUB's by spelling.
  EXPECT_NE(portWith(In, FileFacts()).Ported.find("cb::WarpReduce<float>;"),
            std::string::npos);
}

TEST(ContainsCuda, NamesHeadersAndNamespaces) {
  EXPECT_TRUE(containsCuda("void f() { cudaDeviceSynchronize(); }", maps()));
  EXPECT_TRUE(containsCuda("#include <cuda_fp16.h>\n", maps()));
  EXPECT_TRUE(containsCuda("using R = cub::WarpReduce<int>;", maps()));
  EXPECT_FALSE(containsCuda("#include <hip/hip_runtime.h>\n"
                            "__global__ void k(float *p) { p[0] = __shfl_xor(p[0], 1); }\n",
                            maps()));
  EXPECT_FALSE(containsCuda("int f(S s) { return s.cudaMalloc; }", maps()));
  EXPECT_FALSE(containsCuda("const char *s = \"cudaMalloc\";", maps()));
}

} // namespace
