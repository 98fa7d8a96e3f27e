//===- alloc_trace.h - reader and replayer of cu2hip allocation traces ----===//
//
// The trace format (docs/alloc.md, "Allocation traces"):
//
//   cu2hip-alloc-trace 1            first line: magic and version
//   # text                          comment
//   a ID BYTES STREAM TAG           device allocation; STREAM 0 = hipMalloc,
//                                   K >= 1 = hipMallocAsync on stream K
//   f ID                            free of device allocation ID (on the
//                                   stream it was allocated on)
//   h ID BYTES TAG                  pinned host allocation (hipHostMalloc)
//   H ID                            pinned host free
//
// IDs are unique in a trace (never reused). Header-only, plain C++17: used by
// the GPU replayer (alloc_trace_replay.hip), the CPU replayer against the
// fake device (alloc_cpu_bench.cpp) and the allocator's unit tests.
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BENCH_ALLOC_TRACE_H
#define CU2HIP_BENCH_ALLOC_TRACE_H

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cu2hip {
namespace trace {

struct Op {
  char Kind;       // 'a', 'f', 'h', 'H'
  uint32_t Id;
  uint64_t Bytes;  // 'a' and 'h'; for 'f'/'H' the size of the freed block
  int Stream;      // 'a' and 'f'
};

struct Trace {
  std::vector<Op> Ops;
  uint32_t NumIds = 0;
  int NumStreams = 1;              // streams used, the null stream included
  uint64_t DeviceAllocs = 0, DeviceFrees = 0;
  uint64_t PeakLiveBytes = 0;      // device bytes as requested
  uint64_t PeakLiveRounded = 0;    // the same, each rounded up to 512 B
};

/// Parses a trace. Returns "" or "FILE:LINE: message".
inline std::string parse(std::istream &In, const std::string &Name, Trace &T) {
  T = Trace();
  std::string Line;
  unsigned LineNo = 0;
  auto err = [&](const std::string &M) {
    return Name + ":" + std::to_string(LineNo) + ": " + M;
  };
  struct Slot {
    char Kind = 0; // 0 unseen, 'a'/'h' live, 'x' freed
    uint64_t Bytes = 0;
    int Stream = 0;
  };
  std::vector<Slot> Slots;
  uint64_t Live = 0, LiveR = 0;
  while (std::getline(In, Line)) {
    ++LineNo;
    if (LineNo == 1) {
      if (Line != "cu2hip-alloc-trace 1")
        return err("not a cu2hip allocation trace (expected the first line "
                   "'cu2hip-alloc-trace 1')");
      continue;
    }
    if (Line.empty() || Line[0] == '#')
      continue;
    std::istringstream LS(Line);
    std::string K, Tag;
    Op O{0, 0, 0, 0};
    long long Id = -1, Bytes = -1, Stream = 0;
    LS >> K >> Id;
    if (K.size() != 1 || Id < 0 || Id > 0x7fffffff)
      return err("expected 'a|f|h|H ID ...'");
    O.Kind = K[0];
    O.Id = static_cast<uint32_t>(Id);
    if (O.Id >= Slots.size())
      Slots.resize(O.Id + 1);
    Slot &S = Slots[O.Id];
    if (O.Kind == 'a' || O.Kind == 'h') {
      LS >> Bytes;
      if (O.Kind == 'a')
        LS >> Stream;
      LS >> Tag;
      if (!LS || Bytes <= 0 || Stream < 0 || Stream > 64)
        return err(O.Kind == 'a' ? "expected 'a ID BYTES STREAM TAG'"
                                 : "expected 'h ID BYTES TAG'");
      if (S.Kind)
        return err("id " + std::to_string(Id) + " used twice");
      S.Kind = O.Kind;
      S.Bytes = O.Bytes = static_cast<uint64_t>(Bytes);
      S.Stream = O.Stream = static_cast<int>(Stream);
      if (O.Kind == 'a') {
        T.DeviceAllocs++;
        Live += O.Bytes;
        LiveR += (O.Bytes + 511) / 512 * 512;
        T.PeakLiveBytes = std::max(T.PeakLiveBytes, Live);
        T.PeakLiveRounded = std::max(T.PeakLiveRounded, LiveR);
        T.NumStreams = std::max(T.NumStreams, O.Stream + 1);
      }
    } else if (O.Kind == 'f' || O.Kind == 'H') {
      char Want = O.Kind == 'f' ? 'a' : 'h';
      if (S.Kind != Want)
        return err("free of id " + std::to_string(Id) +
                   (S.Kind == 'x' ? " freed twice"
                    : S.Kind == 0 ? " never allocated"
                                  : " of the other kind"));
      S.Kind = 'x';
      O.Bytes = S.Bytes;
      O.Stream = S.Stream;
      if (O.Kind == 'f') {
        T.DeviceFrees++;
        Live -= O.Bytes;
        LiveR -= (O.Bytes + 511) / 512 * 512;
      }
    } else {
      return err("unknown record '" + K + "'");
    }
    T.Ops.push_back(O);
  }
  if (LineNo == 0)
    return Name + ": empty file";
  T.NumIds = static_cast<uint32_t>(Slots.size());
  return "";
}

inline std::string load(const std::string &Path, Trace &T) {
  std::ifstream In(Path);
  if (!In)
    return Path + ": cannot open";
  return parse(In, Path, T);
}

/// Replays T through Do(op, ptrs): Do receives each op and the table of live
/// pointers by id; it returns false to stop (the replay then returns false).
template <class F> bool replay(const Trace &T, std::vector<void *> &Ptrs, F Do) {
  Ptrs.assign(T.NumIds, nullptr);
  for (const Op &O : T.Ops)
    if (!Do(O, Ptrs))
      return false;
  return true;
}

} // namespace trace
} // namespace cu2hip

#endif
