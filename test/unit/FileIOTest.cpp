//===- FileIOTest.cpp - one gate for writes, one reader for reads ---------===//
//
// Every file cu2hip writes passes WriteGate (cu2hip/FileIO.h) and every
// file it reads passes readFileChecked. The scan below holds the sources of
// tool/ and rewriters/ to that: a raw write or read API may appear only in
// the files listed, each with the reason it may; a new writer or reader
// elsewhere fails this test. (tool/parity, cu2hip-parity, is a separate
// program that writes no port; tools/ are build-time generators;
// rewriters/cuda-decls holds the bundled CUDA declarations, data.)
//===----------------------------------------------------------------------===//
#include "cu2hip/FileIO.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "gtest/gtest.h"
#include <map>
#include <ftw.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

using namespace cu2hip;

namespace {

/// Source files of tool/ and rewriters/ (relative to the source root),
/// without tool/parity and rewriters/cuda-decls (CUDA declarations the
/// parse reads, no code of cu2hip's).
std::vector<std::string> sources() {
  std::vector<std::string> Out;
  std::string Root = CU2HIP_SOURCE_DIR;
  for (const char *Dir : {"tool", "rewriters"}) {
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Root + "/" + Dir, EC), End;
         It != End && !EC; It.increment(EC)) {
      std::string Rel = It->path().substr(Root.size() + 1);
      llvm::StringRef Ext = llvm::sys::path::extension(Rel);
      if (llvm::StringRef(Rel).startswith("tool/parity/") ||
          llvm::StringRef(Rel).startswith("rewriters/cuda-decls/") ||
          (Ext != ".cpp" && Ext != ".h"))
        continue;
      Out.push_back(Rel);
    }
  }
  return Out;
}

/// The lines of `Rel` (comments after // dropped) that match `Pattern`.
std::vector<std::string> uses(const std::string &Rel, const llvm::Regex &Pattern) {
  std::vector<std::string> Hits;
  auto Buf = llvm::MemoryBuffer::getFile(std::string(CU2HIP_SOURCE_DIR) + "/" + Rel);
  if (!Buf)
    return {"unreadable"};
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I];
    size_t C = L.find("//");
    if (C != llvm::StringRef::npos && L.take_front(C).count('"') % 2 == 0)
      L = L.take_front(C);
    if (Pattern.match(L))
      Hits.push_back(Rel + ":" + std::to_string(I + 1) + ": " + L.trim().str());
  }
  return Hits;
}

/// Fails for each use of `Pattern` outside the files of `Allowed`.
void expectOnlyIn(const char *What, const char *Pattern,
                  const std::map<std::string, std::string> &Allowed) {
  llvm::Regex Re(Pattern);
  ASSERT_TRUE(Re.isValid()) << Pattern;
  std::vector<std::string> Files = sources();
  ASSERT_GT(Files.size(), 20u) << "the scan found too few sources";
  for (const std::string &F : Files) {
    if (Allowed.count(F))
      continue;
    for (const std::string &Hit : uses(F, Re))
      ADD_FAILURE() << What << " outside the gate (use cu2hip/FileIO.h): " << Hit;
  }
}

const char *RawWrites =
    "raw_fd_ostream|ofstream|openFileForWrite|openFileForReadWrite|sys::fs::rename|"
    "TempFile::create|createUniqueFile|sys::fs::createTemporaryFile|copy_file|"
    "writeToOutput|fopen *\\([^)]*\"[wa+]|[^a-zA-Z_]open *\\([^;]*O_(WRONLY|RDWR|CREAT)|"
    "::rename *\\(|::link *\\(|posix_spawn_file_actions_addopen|createUniqueDirectory|"
    "create_director(y|ies) *\\(";
const char *RawReads =
    "MemoryBuffer::getFile|getFileOrSTDIN|MemoryBuffer::getOpenFile|ifstream|"
    "fopen *\\([^)]*\"r|[^a-zA-Z_]open *\\([^;]*O_RDONLY";

} // namespace

TEST(FileIOTest, EveryWriterGoesThroughTheGate) {
  expectOnlyIn("a raw write", RawWrites,
               {{"rewriters/lib/FileIO.cpp", "the gate and writeFileAtomically"},
                {"tool/OutputWriter.cpp", "copies, --inplace, stale removal: each calls "
                                          "WriteGate::check or checkInPlace first"},
                {"tool/Doctor.cpp", "posix_spawn_file_actions_addopen into the temporaries "
                                    "createTemporaryFile made"},
                {"tool/CheckRun.cpp", "posix_spawn_file_actions_addopen: a compile's log in "
                                      "the directory createTemporaryDirectory made"}});
}

TEST(FileIOTest, EveryReaderIsTheCheckedOne) {
  expectOnlyIn("a raw read", RawReads,
               {{"rewriters/lib/FileIO.cpp", "readFileChecked, readFileHead"},
                {"tool/OutputWriter.cpp", "copy source and hash of an output: opened "
                                          "O_NONBLOCK, refused unless a regular file"},
                {"tool/Inputs.cpp", "whyNotPortable: O_NONBLOCK, fstat, 4 KiB at most"}});
}

TEST(FileIOTest, TheScanSeesAWriter) {
  // The pattern finds what it is meant to find (a test that cannot fail is
  // no test).
  llvm::Regex W(RawWrites), R(RawReads);
  EXPECT_TRUE(W.match("  llvm::raw_fd_ostream OS(Path, EC);"));
  EXPECT_TRUE(W.match("int FD = ::open(P, O_WRONLY | O_CREAT, 0644);"));
  EXPECT_TRUE(W.match("FILE *F = fopen(Name, \"wb\");"));
  EXPECT_TRUE(W.match("llvm::sys::fs::rename(A, B)"));
  EXPECT_FALSE(W.match("writeFileAtomically(Path, Text)"));
  // Temporary directories (the parse's, check's logs) and directories
  // made before a gate check are writes too.
  EXPECT_TRUE(W.match("sys::fs::createUniqueDirectory(\"cu2hip-check\", Dir)"));
  EXPECT_TRUE(W.match("if (auto EC = sys::fs::create_directories(Parent))"));
  EXPECT_FALSE(W.match("createTemporaryDirectory(\"cu2hip-compat\", Dir)"));
  EXPECT_TRUE(R.match("auto Buf = llvm::MemoryBuffer::getFile(Path);"));
  EXPECT_TRUE(R.match("std::ifstream In(Path);"));
  EXPECT_FALSE(R.match("auto Buf = readFileChecked(Path);"));
}

namespace {

/// Removes the entry `P` of a tree walk (after its contents: FTW_DEPTH),
/// whatever its kind: sys::fs::remove_directories leaves FIFOs and devices.
int removeEntry(const char *P, const struct stat *, int, struct FTW *) {
  ::remove(P);
  return 0;
}

/// A fresh directory /tmp/fileio-test-XXXXXX, removed with everything in it
/// (FIFOs, links, subdirectories) when the test ends,
/// however it ends (a failed ASSERT returns early).
struct TempDir {
  llvm::SmallString<256> Path;
  TempDir() { EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("fileio-test", Path)); }
  ~TempDir() {
    WriteGate::get().reset();
    if (!Path.empty())
      ::nftw(Path.c_str(), removeEntry, 16, FTW_DEPTH | FTW_PHYS);
  }
  std::string operator/(llvm::StringRef Rel) const { return (Path + "/" + Rel).str(); }
};

std::string contentOf(const std::string &P) {
  auto B = readFileChecked(P);
  if (!B) {
    llvm::consumeError(B.takeError());
    return "<unreadable>";
  }
  return (*B)->getBuffer().str();
}

} // namespace

TEST(FileIOTest, TempDirFixtureLeavesNothingBehind) {
  std::string P;
  {
    TempDir T;
    P = T.Path.str().str();
    ASSERT_FALSE(llvm::sys::fs::create_directories(T / "sub"));
    ASSERT_EQ(::mkfifo((T / "fifo").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo((T / "sub/fifo").c_str(), 0600), 0);
    ASSERT_EQ(::symlink("/nowhere", (T / "sub/link").c_str()), 0);
    ASSERT_FALSE(writeFileAtomically(T / "sub/file", "x"));
  }
  EXPECT_FALSE(llvm::sys::fs::exists(P)) << P << " is left behind";
}

TEST(FileIOTest, GateRefusesInputsTheirTreeAndLinksBelowTheOutRoot) {
  TempDir T;
  ASSERT_FALSE(llvm::sys::fs::create_directories(T / "in/sub"));
  ASSERT_FALSE(llvm::sys::fs::create_directories(T / "out"));
  ASSERT_FALSE(writeFileAtomically(T / "in/a.cu", "input\n"));
  WriteGate &G = WriteGate::get();
  G.protectFile(T / "in/a.cu");
  for (const char *D : {"in", "in/sub"}) {
    llvm::sys::fs::UniqueID Id;
    ASSERT_FALSE(llvm::sys::fs::getUniqueID(T / D, Id));
    G.protectDir(Id);
  }
  G.setOutRoot(T / "out");
  ASSERT_EQ(::symlink((T / "in").c_str(), (T / "out/.cu2hip").c_str()), 0);
  ASSERT_EQ(::symlink((T / "elsewhere").c_str(), (T / "out/cu2hip-runtime").c_str()), 0);
  // An input by another spelling, a new file in the tree, through a link.
  llvm::Error E1 = writeFileAtomically(T / "in/sub/../a.cu", "x");
  EXPECT_NE(llvm::toString(std::move(E1)).find("is an input"), std::string::npos);
  llvm::Error E2 = writeFileAtomically(T / "in/sub/new.cu", "x");
  EXPECT_NE(llvm::toString(std::move(E2)).find("would be written into the input tree"),
            std::string::npos);
  llvm::Error E3 = writeFileAtomically(T / "out/.cu2hip/manifest.yaml", "x");
  EXPECT_NE(llvm::toString(std::move(E3)).find("input tree"), std::string::npos);
  llvm::Error E4 = writeFileAtomically(T / "out/cu2hip-runtime/cu2hip/wave.h", "x");
  EXPECT_NE(llvm::toString(std::move(E4)).find("is a symbolic link inside the out-root"),
            std::string::npos);
  EXPECT_EQ(contentOf(T / "in/a.cu"), "input\n");
  EXPECT_FALSE(llvm::sys::fs::exists(T / "in/sub/new.cu"));
  EXPECT_FALSE(llvm::sys::fs::exists(T / "in/manifest.yaml"));
  EXPECT_FALSE(llvm::sys::fs::exists(T / "elsewhere"));
  // An ordinary output is written.
  EXPECT_FALSE(writeFileAtomically(T / "out/sub/b.cu", "ported\n"));
  EXPECT_EQ(contentOf(T / "out/sub/b.cu"), "ported\n");
  // --inplace: only the inputs allowed.
  EXPECT_TRUE(llvm::errorToBool(G.checkInPlace(T / "in/a.cu")));
  G.allowInPlace(T / "in/a.cu");
  EXPECT_FALSE(llvm::errorToBool(G.checkInPlace(T / "in/a.cu")));
}

TEST(FileIOTest, ReaderRefusesFifosDevicesAndLargeFiles) {
  TempDir T;
  ASSERT_EQ(::mkfifo((T / "fifo").c_str(), 0600), 0);
  auto F = readFileChecked(T / "fifo");
  ASSERT_FALSE(F);
  EXPECT_NE(llvm::toString(F.takeError()).find("fifo: a FIFO, not a regular file"),
            std::string::npos);
  auto Z = readFileChecked("/dev/zero");
  ASSERT_FALSE(Z);
  EXPECT_EQ(llvm::toString(Z.takeError()),
            "cannot read /dev/zero: a character device, not a regular file");
  ASSERT_FALSE(writeFileAtomically(T / "big", std::string(100, 'x')));
  auto B = readFileChecked(T / "big", 99);
  ASSERT_FALSE(B);
  EXPECT_NE(llvm::toString(B.takeError()).find("100 bytes, more than the limit of 99"),
            std::string::npos);
  auto Ok = readFileChecked(T / "big", 100);
  ASSERT_TRUE(bool(Ok));
  EXPECT_EQ((*Ok)->getBuffer().size(), 100u);
  auto Head = readFileHead("/dev/zero", 4096);
  ASSERT_TRUE(bool(Head));
  EXPECT_EQ(Head->size(), 4096u);
}

TEST(FileIOTest, OrphanedTemporariesOfDeadProcessesAreSwept) {
  TempDir T;
  ASSERT_FALSE(llvm::sys::fs::create_directories(T / "d"));
  ASSERT_FALSE(writeFileAtomically(T / "d/x.cu.cu2hip-tmp-4194301-abcdef", "orphan"));
  ASSERT_FALSE(writeFileAtomically(T / "d/x.cu.cu2hip-tmp-1-abcdef", "live"));
  ASSERT_FALSE(writeFileAtomically(T / "d/x.cu.cu2hip-tmp-abc", "other"));
  EXPECT_EQ(sweepOrphanedTemporaries(T.Path), 1u);
  EXPECT_FALSE(llvm::sys::fs::exists(T / "d/x.cu.cu2hip-tmp-4194301-abcdef"));
  EXPECT_TRUE(llvm::sys::fs::exists(T / "d/x.cu.cu2hip-tmp-1-abcdef"));
  EXPECT_TRUE(llvm::sys::fs::exists(T / "d/x.cu.cu2hip-tmp-abc"));
  EXPECT_NE(temporaryPattern("/o/a.cu").find(".cu2hip-tmp-" + std::to_string(::getpid()) + "-"),
            std::string::npos);
}
