//===- config.cpp - CU2HIP_ALLOC_CONF parser ------------------------------===//
#include "config.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <set>
#include <sstream>
#include <vector>

namespace cu2hip {
namespace alloc {

namespace {

const char *const KnownKeys =
    "backend, max_split_size_mb, roundup_power2_divisions, "
    "garbage_collection_threshold, release_threshold, release_threshold_mb, "
    "host_coherent, free_fence, expandable_segments, oom_report, "
    "report_at_exit, top_sites";

std::string trim(const std::string &S) {
  size_t B = 0, E = S.size();
  while (B < E && std::isspace(static_cast<unsigned char>(S[B])))
    ++B;
  while (E > B && std::isspace(static_cast<unsigned char>(S[E - 1])))
    --E;
  return S.substr(B, E - B);
}

bool parseUnsigned(const std::string &V, uint64_t &Out) {
  if (V.empty() || !std::isdigit(static_cast<unsigned char>(V[0])))
    return false;
  errno = 0;
  char *End = nullptr;
  unsigned long long X = std::strtoull(V.c_str(), &End, 10);
  if (errno != 0 || *End != '\0')
    return false;
  Out = X;
  return true;
}

/// "1048576", "64K", "512M", "2G", "512MB", "max".
bool parseBytes(const std::string &V, uint64_t &Out) {
  if (V == "max") {
    Out = UINT64_MAX;
    return true;
  }
  size_t Digits = 0;
  while (Digits < V.size() && std::isdigit(static_cast<unsigned char>(V[Digits])))
    ++Digits;
  uint64_t N;
  if (Digits == 0 || !parseUnsigned(V.substr(0, Digits), N))
    return false;
  std::string Suf = V.substr(Digits);
  for (char &C : Suf)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  uint64_t Mul = 1;
  if (Suf.empty() || Suf == "B")
    Mul = 1;
  else if (Suf == "K" || Suf == "KB" || Suf == "KIB")
    Mul = 1ull << 10;
  else if (Suf == "M" || Suf == "MB" || Suf == "MIB")
    Mul = 1ull << 20;
  else if (Suf == "G" || Suf == "GB" || Suf == "GIB")
    Mul = 1ull << 30;
  else
    return false;
  if (N > UINT64_MAX / Mul)
    return false;
  Out = N * Mul;
  return true;
}

bool parseBool(const std::string &V, bool &Out) {
  if (V == "1" || V == "true" || V == "True" || V == "on") {
    Out = true;
    return true;
  }
  if (V == "0" || V == "false" || V == "False" || V == "off") {
    Out = false;
    return true;
  }
  return false;
}

std::string bad(const std::string &Key, const std::string &Val,
                const char *Expected) {
  return "CU2HIP_ALLOC_CONF: bad value '" + Val + "' for key '" + Key +
         "' (expected " + Expected + ")";
}

} // namespace

const char *backendName(BackendKind K) {
  switch (K) {
  case BackendKind::Passthrough:
    return "passthrough";
  case BackendKind::Caching:
    return "caching";
  case BackendKind::Async:
    return "async";
  }
  return "?";
}

std::string parseConfig(const char *Text, Config &Out) {
  Out = Config();
  if (!Text)
    return "";
  std::string All(Text);
  std::set<std::string> Seen;
  size_t Pos = 0;
  while (Pos <= All.size()) {
    size_t Comma = All.find(',', Pos);
    if (Comma == std::string::npos)
      Comma = All.size();
    std::string Item = trim(All.substr(Pos, Comma - Pos));
    Pos = Comma + 1;
    if (Item.empty())
      continue;
    size_t Colon = Item.find(':');
    if (Colon == std::string::npos)
      return "CU2HIP_ALLOC_CONF: '" + Item +
             "' is not of the form key:value (known keys: " + KnownKeys + ")";
    std::string Key = trim(Item.substr(0, Colon));
    std::string Val = trim(Item.substr(Colon + 1));
    if (!Seen.insert(Key).second)
      return "CU2HIP_ALLOC_CONF: key '" + Key + "' given twice";
    uint64_t N = 0;
    if (Key == "backend") {
      if (Val == "passthrough" || Val == "none")
        Out.Backend = BackendKind::Passthrough;
      else if (Val == "caching" || Val == "native")
        Out.Backend = BackendKind::Caching;
      else if (Val == "async" || Val == "hipMallocAsync" ||
               Val == "cudaMallocAsync")
        Out.Backend = BackendKind::Async;
      else
        return bad(Key, Val, "passthrough, caching or async");
    } else if (Key == "max_split_size_mb") {
      // A 20 MiB segment must stay splittable (requests of 1..10 MiB).
      if (!parseUnsigned(Val, N) || N <= 20 || N > (1ull << 30))
        return bad(Key, Val, "a whole number of MiB, more than 20");
      Out.MaxSplitSize = static_cast<size_t>(N) << 20;
    } else if (Key == "roundup_power2_divisions") {
      if (!parseUnsigned(Val, N) || N == 0 || N > 64 || (N & (N - 1)) != 0)
        return bad(Key, Val, "a power of two from 1 to 64");
      Out.RoundupPower2Divisions = N == 1 ? 0 : static_cast<unsigned>(N);
    } else if (Key == "garbage_collection_threshold") {
      char *End = nullptr;
      double D = std::strtod(Val.c_str(), &End);
      if (Val.empty() || *End != '\0' || !(D > 0.0 && D < 1.0))
        return bad(Key, Val, "a fraction strictly between 0 and 1");
      Out.GcThreshold = D;
    } else if (Key == "release_threshold") {
      if (!parseBytes(Val, N))
        return bad(Key, Val, "bytes, optionally with K/M/G, or 'max'");
      Out.ReleaseThreshold = N;
    } else if (Key == "release_threshold_mb") {
      if (!parseUnsigned(Val, N) || N > (UINT64_MAX >> 20))
        return bad(Key, Val, "a whole number of MiB");
      Out.ReleaseThreshold = N << 20;
    } else if (Key == "host_coherent") {
      bool B;
      if (Val == "auto")
        Out.Host = HostCoherent::Auto;
      else if (parseBool(Val, B))
        Out.Host = B ? HostCoherent::On : HostCoherent::Off;
      else
        return bad(Key, Val, "auto, 1 or 0");
    } else if (Key == "free_fence" || Key == "oom_report" ||
               Key == "report_at_exit" || Key == "expandable_segments") {
      bool B;
      if (!parseBool(Val, B))
        return bad(Key, Val, "1 or 0");
      (Key == "free_fence"            ? Out.FreeFence
       : Key == "oom_report"          ? Out.OomReport
       : Key == "expandable_segments" ? Out.ExpandableSegments
                                      : Out.ReportAtExit) = B;
    } else if (Key == "top_sites") {
      if (!parseUnsigned(Val, N) || N == 0 || N > 1000)
        return bad(Key, Val, "a number from 1 to 1000");
      Out.TopSites = static_cast<unsigned>(N);
    } else {
      return "CU2HIP_ALLOC_CONF: unknown key '" + Key + "' (known keys: " +
             KnownKeys + ")";
    }
  }
  if (Seen.count("release_threshold") && Seen.count("release_threshold_mb"))
    return "CU2HIP_ALLOC_CONF: give release_threshold or release_threshold_mb, "
           "not both";
  return "";
}

unsigned mapHostFlags(unsigned Flags, HostCoherent H, unsigned CoherentBit,
                      unsigned NonCoherentBit) {
  if (H == HostCoherent::Off || CoherentBit == 0)
    return Flags;
  if (NonCoherentBit != 0 && (Flags & NonCoherentBit))
    return Flags;
  return Flags | CoherentBit;
}

std::string describeConfig(const Config &C) {
  std::ostringstream OS;
  OS << "backend:" << backendName(C.Backend);
  if (C.MaxSplitSize != SIZE_MAX)
    OS << ",max_split_size_mb:" << (C.MaxSplitSize >> 20);
  if (C.RoundupPower2Divisions)
    OS << ",roundup_power2_divisions:" << C.RoundupPower2Divisions;
  if (C.GcThreshold > 0)
    OS << ",garbage_collection_threshold:" << C.GcThreshold;
  if (C.ReleaseThreshold != UINT64_MAX)
    OS << ",release_threshold:" << C.ReleaseThreshold;
  OS << ",host_coherent:"
     << (C.Host == HostCoherent::Auto ? "auto"
         : C.Host == HostCoherent::On ? "1"
                                      : "0");
  OS << ",free_fence:" << (C.FreeFence ? 1 : 0);
  if (C.ExpandableSegments)
    OS << ",expandable_segments:1";
  return OS.str();
}

} // namespace alloc
} // namespace cu2hip
