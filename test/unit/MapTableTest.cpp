//===- MapTableTest.cpp - loading mapping tables --------------------------===//
#include "cu2hip/MapTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace cu2hip;

namespace {

std::string errText(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : std::string();
}

/// A temporary directory removed at the end of the test.
struct TempDir {
  llvm::SmallString<128> Path;
  TempDir() { EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("cu2hip-maps", Path)); }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string write(llvm::StringRef Rel, llvm::StringRef Text) {
    llvm::SmallString<256> P(Path);
    llvm::sys::path::append(P, Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC);
    OS << Text;
    return std::string(P);
  }
};

const char *Valid =
    "# comment\n"
    "- {cuda: cudaMalloc, hip: hipMalloc, kind: function, lib: runtime, since: \"5.2\"}\n"
    "- {cuda: cudaGraphAddDependencies, hip: hipGraphAddDependencies, kind: function, "
    "lib: runtime, since: \"5.2\", status: partial, note: \"5 vs 4 parameters\"}\n"
    "- {cuda: cudaFooBar, kind: function, lib: runtime, status: unsupported, note: \"none\"}\n"
    "- {cuda: cublas_v2.h, hip: hipblas/hipblas.h, kind: header, lib: cublas}\n"
    "- {cuda: cub, hip: hipcub, kind: namespace, lib: cub}\n";

TEST(MapTable, LoadsValidFile) {
  TempDir D;
  std::string F = D.write("runtime.yaml", Valid);
  MapTable M;
  ASSERT_EQ(errText(M.loadFile(F)), "");
  EXPECT_EQ(M.size(), 5u);
  const MapEntry *E = M.lookupName("cudaMalloc");
  ASSERT_NE(E, nullptr);
  EXPECT_EQ(E->Hip, "hipMalloc");
  EXPECT_EQ(E->Lib, "runtime");
  EXPECT_EQ(E->Since, "5.2");
  EXPECT_EQ(E->status(), MapStatus::Supported);
  EXPECT_EQ(M.lookupName("cudaGraphAddDependencies")->status(), MapStatus::Partial);
  EXPECT_EQ(M.lookupName("cudaFooBar")->status(), MapStatus::Unsupported);
  EXPECT_TRUE(M.lookupName("cub")->isNamespace());
  // Headers live in their own table.
  EXPECT_EQ(M.lookupName("cublas_v2.h"), nullptr);
  ASSERT_NE(M.lookupHeader("cublas_v2.h"), nullptr);
  EXPECT_EQ(M.lookupHeader("cublas_v2.h")->Hip, "hipblas/hipblas.h");
  EXPECT_TRUE(M.isHipHeader("hipblas/hipblas.h"));
  EXPECT_FALSE(M.isHipHeader("cublas_v2.h"));
  EXPECT_EQ(M.lookupName("notInTheMap"), nullptr);
}

TEST(MapTable, YamlSyntaxErrorNamesFileAndLine) {
  TempDir D;
  std::string F = D.write("bad.yaml",
                          "- {cuda: a, hip: b, kind: function, lib: x}\n"
                          "- {cuda: c, hip: [d, kind: function}\n");
  MapTable M;
  std::string Err = errText(M.loadFile(F));
  ASSERT_NE(Err, "");
  EXPECT_NE(Err.find("bad.yaml"), std::string::npos) << Err;
  EXPECT_NE(Err.find(":2:"), std::string::npos) << Err;
}

TEST(MapTable, DuplicateKeyRejected) {
  MapTable M;
  std::string Err = errText(M.loadString(
      "- {cuda: cudaMalloc, hip: hipMalloc, kind: function, lib: runtime}\n"
      "- {cuda: cudaMalloc, hip: hipMalloc2, kind: function, lib: runtime}\n",
      "dup.yaml"));
  EXPECT_NE(Err.find("dup.yaml"), std::string::npos) << Err;
  EXPECT_NE(Err.find("duplicate"), std::string::npos) << Err;
  EXPECT_NE(Err.find("cudaMalloc"), std::string::npos) << Err;
}

TEST(MapTable, DuplicateAcrossFilesRejected) {
  TempDir D;
  std::string A = D.write("a.yaml", "- {cuda: x, hip: y, kind: function, lib: l}\n");
  std::string B = D.write("b.yaml", "- {cuda: x, hip: z, kind: function, lib: l}\n");
  MapTable M;
  ASSERT_EQ(errText(M.loadFile(A)), "");
  std::string Err = errText(M.loadFile(B));
  EXPECT_NE(Err.find("b.yaml"), std::string::npos) << Err;
}

TEST(MapTable, UnknownKindRejected) {
  MapTable M;
  std::string Err = errText(
      M.loadString("- {cuda: cudaX, hip: hipX, kind: gadget, lib: runtime}\n", "k.yaml"));
  EXPECT_NE(Err.find("unknown kind 'gadget'"), std::string::npos) << Err;
  EXPECT_NE(Err.find("k.yaml"), std::string::npos) << Err;
}

TEST(MapTable, UnknownKeyRejected) {
  MapTable M;
  EXPECT_NE(errText(M.loadString(
                "- {cuda: a, hip: b, kind: function, lib: l, colour: red}\n", "u.yaml")),
            "");
}

TEST(MapTable, HipRequiredUnlessUnsupported) {
  MapTable M;
  EXPECT_NE(errText(M.loadString("- {cuda: a, kind: function, lib: l}\n", "h.yaml")), "");
  EXPECT_EQ(errText(M.loadString(
                "- {cuda: a, kind: function, lib: l, status: unsupported}\n", "h2.yaml")),
            "");
}

TEST(MapTable, OverrideWithLoadFileTrue) {
  TempDir D;
  std::string Base = D.write("base.yaml", Valid);
  std::string Over = D.write(
      "user.yaml",
      "- {cuda: cudaMalloc, hip: myMalloc, kind: function, lib: runtime}\n"
      "- {cuda: cudaNew, hip: hipNew, kind: function, lib: runtime}\n");
  MapTable M;
  ASSERT_EQ(errText(M.loadFile(Base)), "");
  ASSERT_EQ(errText(M.loadFile(Over, /*AllowOverride=*/true)), "");
  EXPECT_EQ(M.lookupName("cudaMalloc")->Hip, "myMalloc");
  EXPECT_EQ(M.lookupName("cudaNew")->Hip, "hipNew");
  EXPECT_EQ(M.lookupName("cudaFooBar")->status(), MapStatus::Unsupported);
}

TEST(MapTable, DirectoryWithOverrides) {
  TempDir D;
  D.write("a.yaml", "- {cuda: cudaA, hip: hipA, kind: function, lib: l}\n");
  D.write("b.yaml", "- {cuda: __f2b, kind: function, lib: bf16, status: unsupported}\n");
  D.write("notes.txt", "not a map: ignored\n");
  D.write("overrides/shims.yaml",
          "- {cuda: __f2b, hip: \"cu2hip::f2b\", kind: function, lib: bf16}\n");
  MapTable M;
  ASSERT_EQ(errText(M.loadDirectory(D.Path)), "");
  EXPECT_EQ(M.lookupName("cudaA")->Hip, "hipA");
  ASSERT_NE(M.lookupName("__f2b"), nullptr);
  EXPECT_EQ(M.lookupName("__f2b")->Hip, "cu2hip::f2b");
  EXPECT_EQ(M.lookupName("__f2b")->status(), MapStatus::Supported);
}

TEST(MapTable, EmptyDirectoryIsAnError) {
  TempDir D;
  MapTable M;
  EXPECT_NE(errText(M.loadDirectory(D.Path)), "");
}

TEST(MapTable, MissingFileNamesPath) {
  MapTable M;
  std::string Err = errText(M.loadFile("/nonexistent/cu2hip/x.yaml"));
  EXPECT_NE(Err.find("/nonexistent/cu2hip/x.yaml"), std::string::npos) << Err;
}

TEST(MapTable, BuiltInMapsLoad) {
  MapTable M;
  ASSERT_EQ(errText(M.loadDirectory(CU2HIP_MAPS_DIR)), "");
  EXPECT_GT(M.size(), 1000u);
  ASSERT_NE(M.lookupName("cublasSgemm_v2"), nullptr);
  EXPECT_EQ(M.lookupName("cublasSgemm_v2")->Hip, "hipblasSgemm");
  EXPECT_EQ(M.lookupName("CUDA_R_16BF")->Hip, "HIP_R_16BF");
  // From overrides/.
  EXPECT_EQ(M.lookupName("__float2bfloat162_rn")->Hip, "cu2hip::float2bfloat162_rn");
}

} // namespace
