// samples/common/args.h — command-line flags shared by the sample trainers and their CPU
// references: --small, --steps N, --trace FILE, --seed S, --data FILE, --quiet.
// Plain host C++ (no CUDA), so the same header serves the .cu originals, their HIP ports and
// the .cpp references.
#ifndef SAMPLES_COMMON_ARGS_H
#define SAMPLES_COMMON_ARGS_H

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

struct SampleArgs {
  bool small = false;           // CI size: runs in seconds on one CPU core
  long steps = -1;              // -1: the sample's default for the mode
  unsigned long long seed = 1;  // every random number derives from it
  std::string trace;            // JSON-lines parity trace (cu2hip/trace.h); empty: none
  std::string data;             // data file override (digits.csv.gz, text file)
  bool quiet = false;           // no per-step lines on stdout
};

inline void sampleUsage(const char *prog, const char *what) {
  std::fprintf(stderr,
               "usage: %s [--small] [--steps N] [--seed S] [--trace FILE] [--data FILE] "
               "[--quiet]\n  %s\n",
               prog, what);
}

inline SampleArgs parseSampleArgs(int argc, char **argv, const char *what) {
  SampleArgs a;
  for (int i = 1; i < argc; ++i) {
    const char *s = argv[i];
    auto value = [&](const char *flag) -> const char * {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s: %s needs a value\n", argv[0], flag);
        std::exit(2);
      }
      return argv[++i];
    };
    if (!std::strcmp(s, "--small")) a.small = true;
    else if (!std::strcmp(s, "--quiet")) a.quiet = true;
    else if (!std::strcmp(s, "--steps")) a.steps = std::atol(value(s));
    else if (!std::strcmp(s, "--seed")) a.seed = std::strtoull(value(s), nullptr, 10);
    else if (!std::strcmp(s, "--trace")) a.trace = value(s);
    else if (!std::strcmp(s, "--data")) a.data = value(s);
    else if (!std::strcmp(s, "-h") || !std::strcmp(s, "--help")) {
      sampleUsage(argv[0], what);
      std::exit(0);
    } else {
      std::fprintf(stderr, "%s: unknown argument '%s'\n", argv[0], s);
      sampleUsage(argv[0], what);
      std::exit(2);
    }
  }
  return a;
}

#endif // SAMPLES_COMMON_ARGS_H
