//===- cu2hip-parity.cpp - compare two parity traces ----------------------===//
//
// cu2hip-parity A B [options]
//   Compares two traces written by cu2hip/trace.h (for example the CUDA original's golden
//   trace and the HIP port's), prints a table per record name and the first diverging step.
//   Exit status: 0 all within tolerance, 1 mismatch, 2 unreadable input or bad usage.
//
//===----------------------------------------------------------------------===//
#include "TraceCompare.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cu2hip::parity;

static cl::OptionCategory Cat("cu2hip-parity options");
static cl::opt<std::string> PathA(cl::Positional, cl::Required, cl::desc("<trace A>"),
                                  cl::cat(Cat));
static cl::opt<std::string> PathB(cl::Positional, cl::Required, cl::desc("<trace B>"),
                                  cl::cat(Cat));
static cl::opt<double> RtolExact("rtol-exact", cl::init(0.0),
                                 cl::desc("relative tolerance of class exact (default 0: "
                                          "bitwise)"),
                                 cl::cat(Cat));
static cl::opt<double> RtolReduce("rtol-reduce", cl::init(1e-5),
                                  cl::desc("relative tolerance of class reduce"),
                                  cl::cat(Cat));
static cl::opt<double> RtolTrain("rtol-train", cl::init(1e-3),
                                 cl::desc("relative tolerance of class train"), cl::cat(Cat));
static cl::opt<double> AtolReduce("atol-reduce", cl::init(1e-6),
                                  cl::desc("absolute tolerance of class reduce"),
                                  cl::cat(Cat));
static cl::opt<double> AtolTrain("atol-train", cl::init(1e-5),
                                 cl::desc("absolute tolerance of class train"), cl::cat(Cat));
static cl::opt<double> MinRtol("min-rtol", cl::init(0.0),
                               cl::desc("raise every class's relative tolerance to at least "
                                        "this (e.g. CPU reference against GPU)"),
                               cl::cat(Cat));
static cl::opt<double> MinAtol("min-atol", cl::init(0.0),
                               cl::desc("raise every class's absolute tolerance to at least "
                                        "this"),
                               cl::cat(Cat));
static cl::opt<long> MaxStep("max-step", cl::init(-1),
                             cl::desc("compare only records with step <= N"), cl::cat(Cat));
static cl::list<std::string> Ignore("ignore", cl::desc("skip records of this name"),
                                    cl::cat(Cat));
static cl::opt<bool> AllowMissing("allow-missing",
                                  cl::desc("records present in one trace only are not a "
                                           "mismatch"),
                                  cl::cat(Cat));
static cl::opt<bool> Quiet("quiet", cl::desc("print only the summary line"), cl::cat(Cat));

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Cat);
  cl::ParseCommandLineOptions(
      argc, argv,
      "cu2hip-parity: compare two cu2hip parity traces (JSON lines).\n\n"
      "Tolerance classes: exact = bitwise, reduce = rtol 1e-5, train = rtol 1e-3;\n"
      "exit status 0 = within tolerance, 1 = mismatch, 2 = error.\n");
  Expected<Trace> A = loadTrace(PathA);
  if (!A) {
    errs() << "cu2hip-parity: error: " << toString(A.takeError()) << "\n";
    return 2;
  }
  Expected<Trace> B = loadTrace(PathB);
  if (!B) {
    errs() << "cu2hip-parity: error: " << toString(B.takeError()) << "\n";
    return 2;
  }
  Tolerances Tol;
  Tol.RtolExact = RtolExact;
  Tol.RtolReduce = RtolReduce;
  Tol.RtolTrain = RtolTrain;
  Tol.AtolReduce = AtolReduce;
  Tol.AtolTrain = AtolTrain;
  Tol.MinRtol = MinRtol;
  Tol.MinAtol = MinAtol;
  Tol.MaxStep = MaxStep;
  Tol.Ignore.insert(Ignore.begin(), Ignore.end());
  Tol.AllowMissing = AllowMissing;
  CompareResult R = compareTraces(*A, *B, Tol);
  printReport(outs(), *A, *B, R, Quiet);
  return R.Pass ? 0 : 1;
}
