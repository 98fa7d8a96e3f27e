//===- DriverTest.cpp - the tool's run, as a library (cu2hipDriver) -------===//
#include "Driver.h"
#include "KernelCost.h"
#include "Manifest.h"
#include "RunSetup.h"
#include "StoredResult.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace cu2hip;
using llvm::Expected;

namespace {

/// A temporary directory removed at the end of the test.
struct TempDir {
  llvm::SmallString<128> Path;
  TempDir() { EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("cu2hip-driver", Path)); }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string file(llvm::StringRef Name) const { return (Path + "/" + Name).str(); }
};

FileResult resultWithHeaders(std::vector<std::string> Headers) {
  FileResult R;
  R.Input = "/src/a.cu";
  R.Output = "/out/a.cu";
  R.Lines = 3;
  R.RuntimeHeaders = std::move(Headers);
  Finding F;
  F.RuleId = "wave-shfl";
  F.Sev = Severity::Warning;
  F.File = R.Input;
  F.Line = 2;
  F.Col = 7;
  F.Offset = 20;
  F.Message = "a message";
  R.Findings.push_back(F);
  R.Stats.EditsPerRule["wave-shfl"] = 2;
  return R;
}

// The runtime headers a result includes decide the build port's runtime
// include directory and roctx; they survive storing and restoring.
TEST(StoredResult, RuntimeHeadersRoundTrip) {
  StoredFile S = storeResult(resultWithHeaders({"cu2hip/roctx.h", "cu2hip/wave.h"}));
  EXPECT_TRUE(S.Runtime);
  EXPECT_TRUE(S.Roctx);
  FileResult R = restoreResult(S);
  EXPECT_EQ(R.RuntimeHeaders, (std::vector<std::string>{"cu2hip/roctx.h", "cu2hip/wave.h"}));
  EXPECT_TRUE(R.Unchanged);
  EXPECT_EQ(R.Stats.EditsPerRule.lookup("wave-shfl"), 2u);

  StoredFile W = storeResult(resultWithHeaders({"cu2hip/wave.h"}));
  EXPECT_TRUE(W.Runtime);
  EXPECT_FALSE(W.Roctx);
  StoredFile None = storeResult(resultWithHeaders({}));
  EXPECT_FALSE(None.Runtime);
  EXPECT_FALSE(None.Roctx);
}

TEST(Manifest, WriteThenReadKeepsEntries) {
  TempDir D;
  Manifest M;
  M.Key = {"0.1", "maps", "opts", "/src", "/out"};
  StoredFile S = storeResult(resultWithHeaders({"cu2hip/wave.h"}));
  S.Hash = "h1";
  S.OutHash = "h2";
  M.Files.push_back(S);
  std::string P = D.file("manifest.yaml");
  if (llvm::Error E = writeManifest(P, M))
    FAIL() << llvm::toString(std::move(E));
  std::optional<Manifest> Back = readManifest(P);
  ASSERT_TRUE(Back.has_value());
  EXPECT_TRUE(Back->Key == M.Key);
  ASSERT_EQ(Back->Files.size(), 1u);
  const StoredFile &F = Back->Files[0];
  EXPECT_EQ(F.Input, "/src/a.cu");
  EXPECT_EQ(F.Hash, "h1");
  EXPECT_EQ(F.RuntimeHeaders, std::vector<std::string>{"cu2hip/wave.h"});
  EXPECT_TRUE(F.Runtime);
  ASSERT_EQ(F.Findings.size(), 1u);
  EXPECT_EQ(F.Findings[0].RuleId, "wave-shfl");
  EXPECT_EQ(F.Findings[0].Line, 2u);
  Back->index();
  EXPECT_NE(Back->find("source", "/src/a.cu"), nullptr);
  EXPECT_EQ(Back->find("build", "/src/a.cu"), nullptr);
}

std::string readAll(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string("<unreadable>");
}

void writeAll(const std::string &Path, llvm::StringRef Text) {
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  ASSERT_FALSE(EC) << Path;
  OS << Text;
}

/// Options of a token-rules-only tree run (no CUDA SDK needed).
RunOptions treeRun(const TempDir &D) {
  RunOptions O;
  O.Argv0 = "cu2hip-driver-unittests";
  O.MapsDir = CU2HIP_MAPS_DIR;
  O.InRoot = D.file("src");
  O.OutRoot = D.file("out");
  O.NoSemantic = true;
  O.Quiet = O.NoSummary = true;
  return O;
}

TEST(Driver, ParseSize) {
  EXPECT_EQ(*parseSize("123"), 123u);
  EXPECT_EQ(*parseSize("2K"), 2048u);
  EXPECT_EQ(*parseSize("64M"), 64ull << 20);
  EXPECT_EQ(*parseSize("1g"), 1ull << 30);
  auto Bad = parseSize("12Q");
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("--max-file-size=12Q"), std::string::npos);
}

TEST(Driver, OffloadArchList) {
  RunOptions O;
  O.OffloadArch = "gfx90a:xnack+, gfx1100";
  auto B = buildOptions(O);
  ASSERT_TRUE(bool(B));
  EXPECT_EQ(B->OffloadArch, "gfx90a:xnack+;gfx1100");
  O.OffloadArch = "sm_80";
  auto Bad = buildOptions(O);
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("'sm_80' is not an AMD GPU target"),
            std::string::npos);
}

TEST(Driver, WorkersAtMostUnitsAndCores) {
  std::vector<FileJob> Jobs(3);
  Jobs[0].IsTU = Jobs[1].IsTU = true;
  EXPECT_EQ(workersFor(Jobs, 1), 1u);
  EXPECT_LE(workersFor(Jobs, 8), 2u); // two translation units
  EXPECT_GE(workersFor(Jobs, 0), 1u);
  EXPECT_EQ(workersFor({}, 4), 1u);
}

// Options that change an output change the digest a manifest is keyed by;
// those that do not (quiet, -j) leave it.
TEST(Driver, OptionsDigestFollowsOutputOptions) {
  RunOptions O;
  O.NoSemantic = true;
  RunSetup A(O);
  A.Opts = *porterOptions(O);
  A.Build = *buildOptions(O);
  RunOptions Quiet = O;
  Quiet.Quiet = true;
  Quiet.NumJobs = 4;
  RunSetup B(Quiet);
  B.Opts = *porterOptions(Quiet);
  B.Build = *buildOptions(Quiet);
  EXPECT_EQ(optionsDigest(A), optionsDigest(B));
  RunOptions Vec = O;
  Vec.Vectorize = true;
  RunSetup C(Vec);
  C.Opts = *porterOptions(Vec);
  C.Build = *buildOptions(Vec);
  EXPECT_NE(optionsDigest(A), optionsDigest(C));
}

// A tree run: the source ported, the build file ported with the runtime
// include the source needs, the other file copied, a manifest written; a
// second run keeps every file and writes the same bytes.
TEST(Driver, TreeRunPortsBuildFilesCopiesAndKeeps) {
  TempDir D;
  writeAll(D.file("src/k.cu"),
           "__global__ void k(float *x) { x[0] = __shfl_down_sync(0xffffffff, x[0], 1); }\n");
  writeAll(D.file("src/CMakeLists.txt"),
           "cmake_minimum_required(VERSION 3.21)\nproject(p LANGUAGES CXX CUDA)\n"
           "add_library(k k.cu)\n");
  writeAll(D.file("src/notes.txt"), "kept as is\n");
  RunOptions O = treeRun(D);
  Expected<int> Status = runPort(O);
  ASSERT_TRUE(bool(Status)) << llvm::toString(Status.takeError());
  EXPECT_EQ(*Status, 0);
  std::string K = readAll(D.file("out/k.cu"));
  EXPECT_NE(K.find("#include <cu2hip/wave.h>"), std::string::npos) << K;
  EXPECT_NE(K.find("__shfl_down_sync(cu2hip::mask64(0xffffffff), x[0], 1, 32)"),
            std::string::npos)
      << K;
  std::string CM = readAll(D.file("out/CMakeLists.txt"));
  EXPECT_NE(CM.find("cu2hip-runtime"), std::string::npos) << CM;
  EXPECT_TRUE(llvm::sys::fs::exists(D.file("out/cu2hip-runtime/cu2hip/wave.h")));
  EXPECT_EQ(readAll(D.file("out/notes.txt")), "kept as is\n");
  std::optional<Manifest> M = readManifest(manifestPath(D.file("out")));
  ASSERT_TRUE(M.has_value());
  // The source, the build file and the copy; the runtime copy's files are
  // entries of their own (kind "runtime"), wave.h among them.
  size_t Runtime = 0, Others = 0;
  for (const StoredFile &E : M->Files)
    (E.Kind == "runtime" ? Runtime : Others) += 1;
  EXPECT_EQ(Others, 3u);
  EXPECT_GT(Runtime, 1u);

  Status = runPort(O);
  ASSERT_TRUE(bool(Status)) << llvm::toString(Status.takeError());
  EXPECT_EQ(*Status, 0);
  EXPECT_EQ(readAll(D.file("out/k.cu")), K);
  EXPECT_EQ(readAll(D.file("out/CMakeLists.txt")), CM);
}

TEST(Driver, UsageErrorsWriteNothing) {
  TempDir D;
  writeAll(D.file("src/k.cu"), "int x;\n");
  RunOptions O = treeRun(D);
  O.OffloadArch = "sm_80"; // not an AMD GPU target
  Expected<int> Status = runPort(O);
  ASSERT_FALSE(bool(Status));
  llvm::consumeError(Status.takeError());
  EXPECT_FALSE(llvm::sys::fs::exists(D.file("out")));
  RunOptions Shared = treeRun(D);
  Shared.DynShared = "sometimes";
  Status = runPort(Shared);
  ASSERT_FALSE(bool(Status));
  EXPECT_NE(llvm::toString(Status.takeError()).find("--dynamic-shared must be"),
            std::string::npos);
}

} // namespace

namespace {
cu2hip::KernelCost spilling(unsigned VGPRs, unsigned VSpill, unsigned SGPRs, unsigned SSpill) {
  cu2hip::KernelCost K;
  K.Unit = "u.hip";
  K.Target = "gfx942";
  K.Name = "_Z1kv";
  K.VGPRs = VGPRs;
  K.VGPRSpill = VSpill;
  K.SGPRs = SGPRs;
  K.SGPRSpill = SSpill;
  return K;
}
} // namespace

// VGPR spills are measured against the VGPRs a 1024-thread workgroup leaves a
// lane (128 on gfx942), SGPR spills against the SGPRs a wavefront addresses.
TEST(KernelCost, SpillHazardsKeepVgprsAndSgprsApart) {
  auto H = cu2hip::findHazards({spilling(128, 20, 40, 0)}, "", "gfx942");
  ASSERT_EQ(H.size(), 1u);
  EXPECT_EQ(H[0].Kind, "spill");
  EXPECT_EQ(H[0].Value, 148u);
  EXPECT_EQ(H[0].Limit, 128u);

  H = cu2hip::findHazards({spilling(44, 0, 102, 68)}, "", "gfx942");
  ASSERT_EQ(H.size(), 1u);
  EXPECT_EQ(H[0].Kind, "sgpr-spill");
  EXPECT_EQ(H[0].Value, 170u);
  EXPECT_EQ(H[0].Limit, 102u);
  EXPECT_NE(H[0].Message.find("spills 68 SGPRs (102 in use; gfx942 has 102)"), std::string::npos)
      << H[0].Message;

  H = cu2hip::findHazards({spilling(44, 0, 100, 5)}, "", "gfx1100");
  ASSERT_EQ(H.size(), 1u);
  EXPECT_EQ(H[0].Limit, 106u);

  EXPECT_TRUE(cu2hip::findHazards({spilling(128, 0, 102, 0)}, "", "gfx942").empty());
}

// Each kernel takes the file and line of its "Function Name" remark, and its
// hazards carry them (the SARIF location of a hazard).
TEST(KernelCost, RemarksLocateKernelsAndHazards) {
  const char *Log =
      "/t/u.hip:12:0: remark: Function Name: _Z1kPf [-Rpass-analysis=kernel-resource-usage]\n"
      "/t/u.hip:12:0: remark:     VGPRs: 128 [-Rpass-analysis=kernel-resource-usage]\n"
      "/t/u.hip:12:0: remark:     VGPRs Spill: 7 [-Rpass-analysis=kernel-resource-usage]\n"
      "remark: Function Name: _Z1jv [-Rpass-analysis=kernel-resource-usage]\n";
  auto K = cu2hip::parseResourceRemarks(Log);
  ASSERT_EQ(K.size(), 2u);
  EXPECT_EQ(K[0].File, "/t/u.hip");
  EXPECT_EQ(K[0].Line, 12u);
  EXPECT_EQ(K[1].File, "");
  EXPECT_EQ(K[1].Line, 0u);
  auto H = cu2hip::findHazards({K[0]}, "", "gfx942");
  ASSERT_EQ(H.size(), 1u);
  EXPECT_EQ(H[0].File, "/t/u.hip");
  EXPECT_EQ(H[0].Line, 12u);
}
