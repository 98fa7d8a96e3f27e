//===- CheckReport.cpp - the results of `cu2hip check`: table, JSON, SARIF ===//
#include "CheckReport.h"
#include "cu2hip/Porter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include <map>

using namespace llvm;

namespace cu2hip {

CheckCategory CheckUnit::category() const {
  for (const UnitResult &R : Results)
    if (!R.Ok)
      return R.Category;
  return CheckCategory::Ok;
}

namespace {

bool unitOk(const CheckUnit &U) { return U.category() == CheckCategory::Ok; }

const UnitResult *firstFailure(const CheckUnit &U) {
  for (const UnitResult &R : U.Results)
    if (!R.Ok)
      return &R;
  return nullptr;
}

/// The first error as one line, paths under the out-root made relative.
std::string errorLine(const UnitResult &R, StringRef OutRoot) {
  std::string Where = R.Error.File;
  if (StringRef(Where).startswith(OutRoot.str() + "/"))
    Where = Where.substr(OutRoot.size() + 1);
  std::string S = Where.empty() ? "" : Where + ":" + std::to_string(R.Error.Line) + ": ";
  return S + R.Error.Message;
}

std::string cell(const CheckUnit &U, size_t T) {
  return U.Results[T].Ok ? "ok" : "FAIL";
}

unsigned cls(const KernelCost &K, StringRef C) {
  auto It = K.Classes.find(C.str());
  return It == K.Classes.end() ? 0 : It->second;
}

/// VMEM loads of 128 bits (global/buffer/flat dwordx4 or b128).
unsigned loads128(const KernelCost &K) {
  unsigned N = 0;
  for (const auto &[M, C] : K.MemOps)
    if (StringRef(M).contains("_load") && (StringRef(M).endswith("dwordx4") || StringRef(M).endswith("b128")) &&
        !StringRef(M).startswith("ds_"))
      N += C;
  return N;
}

void printKernels(const std::vector<CheckUnit> &Units, raw_ostream &OS) {
  OS << "\nKernels (per target; VMEM-LD128 = 128-bit global/buffer loads; PTX = nvcc's "
        "registers/shared bytes/spill bytes)\n";
  OS << "KERNEL                                   TARGET    VGPR  AGPR  SGPR    LDS SCRAT "
        "SPILL OCC LIMITER        VALU  SALU  VMLD  VMST LD128   LDS XLANE BRNCH  WAIT PTX\n";
  for (const CheckUnit &U : Units)
    for (const UnitResult &R : U.Results)
      for (const KernelCost &K : R.Kernels) {
        std::string Ptx = K.PtxRegs ? formatv("{0}/{1}/{2}", *K.PtxRegs, *K.PtxSmem, *K.PtxSpill).str()
                                    : "-";
        std::string Name = K.Name.size() > 40 ? K.Name.substr(0, 39) + "~" : K.Name;
        OS << format("%-40s %-8s %5u %5u %5u %6u %5u %5u %3u %-13s %5u %5u %5u %5u %5u %5u %5u %5u %5u %s\n",
                     Name.c_str(), K.Target.c_str(), K.VGPRs, K.AGPRs, K.SGPRs, K.LDSBytes,
                     K.ScratchBytes, K.VGPRSpill + K.SGPRSpill, K.Occupancy, K.Limiter.c_str(),
                     cls(K, "valu"), cls(K, "salu"), cls(K, "vmem-load"), cls(K, "vmem-store"),
                     loads128(K), cls(K, "lds"), cls(K, "cross-lane"), cls(K, "branch"),
                     cls(K, "wait"), Ptx.c_str());
      }
  unsigned NH = 0;
  for (const CheckUnit &U : Units)
    for (const UnitResult &R : U.Results)
      for (const KernelHazard &H : R.Hazards) {
        if (!NH++)
          OS << "\nHazards\n";
        OS << "  " << H.Unit << " [" << H.Target << "] " << H.Kind << ": " << H.Message
           << " (value " << H.Value << ", limit " << H.Limit << ")\n";
      }
  if (!NH)
    OS << "\nHazards: none\n";
}

/// With --nvcc: "N of M originals compile with nvcc", M counting the
/// originals nvcc ran on, and how many it did not run on, with the first
/// reason; "nvcc was not run: REASON" when it ran on none.
std::string nvccLine(const std::vector<CheckUnit> &Units) {
  unsigned Ran = count_if(Units, [](const CheckUnit &U) { return bool(U.NvccOk); });
  unsigned Ok = count_if(Units, [](const CheckUnit &U) { return U.NvccOk && *U.NvccOk; });
  auto It = find_if(Units, [](const CheckUnit &U) { return !U.NvccOk; });
  std::string Why = It == Units.end() ? "" : It->NvccNote;
  if (!Ran)
    return "nvcc was not run: " + Why;
  std::string S = formatv("{0} of {1} originals compile with nvcc", Ok, Ran).str();
  if (Ran < Units.size())
    S += formatv(" (nvcc was not run on {0} more: {1})", Units.size() - Ran, Why).str();
  return S;
}

} // namespace

std::string summaryLine(const std::vector<CheckUnit> &Units, const CheckRunInfo &Info) {
  unsigned Ok = llvm::count_if(Units, unitOk);
  return formatv("{0} of {1} units compile for {2}", Ok, Units.size(), join(Info.Targets, ", "))
      .str();
}

void printCheckTable(const std::vector<CheckUnit> &Units, const CheckRunInfo &Info,
                     raw_ostream &OS) {
  OS << "cu2hip check: " << Info.Compiler << ", targets " << join(Info.Targets, ", ") << "\n";
  size_t W = 4;
  for (const CheckUnit &U : Units)
    W = std::max(W, U.Rel.size());
  W = std::min<size_t>(W, 60);
  OS << left_justify("UNIT", W);
  for (const std::string &T : Info.Targets)
    OS << "  " << left_justify(T, 7);
  if (Info.Nvcc)
    OS << "  NVCC";
  OS << "  CATEGORY      FIRST ERROR\n";
  std::map<std::string, unsigned> ByCat;
  for (const CheckUnit &U : Units) {
    OS << left_justify(U.Rel, W);
    for (size_t T = 0; T < U.Results.size(); ++T)
      OS << "  " << left_justify(cell(U, T), 7);
    if (Info.Nvcc)
      OS << "  " << left_justify(!U.NvccOk ? "-" : *U.NvccOk ? "ok" : "FAIL", 4);
    const UnitResult *F = firstFailure(U);
    if (F) {
      ++ByCat[categoryName(F->Category).str()];
      OS << "  " << left_justify(categoryName(F->Category), 12) << "  "
         << StringRef(errorLine(*F, Info.OutRoot)).take_front(160);
    }
    OS << "\n";
  }
  if (!ByCat.empty()) {
    OS << "Failures by category:";
    for (const auto &[C, N] : ByCat)
      OS << " " << C << " " << N << ";";
    OS << "\n";
  }
  if (Info.Nvcc)
    OS << nvccLine(Units) << "\n";
  if (Info.Kernels)
    printKernels(Units, OS);
  OS << summaryLine(Units, Info) << "\n";
}

namespace {

json::Object kernelJson(const KernelCost &K) {
  json::Object Classes, Mem;
  for (const auto &[C, N] : K.Classes)
    Classes[C] = N;
  for (const auto &[M, N] : K.MemOps)
    Mem[M] = N;
  json::Object O{{"unit", K.Unit}, {"target", K.Target}, {"kernel", K.Name},
                 {"vgprs", K.VGPRs}, {"agprs", K.AGPRs}, {"sgprs", K.SGPRs},
                 {"lds_bytes", K.LDSBytes}, {"scratch_bytes_per_lane", K.ScratchBytes},
                 {"vgpr_spill", K.VGPRSpill}, {"sgpr_spill", K.SGPRSpill},
                 {"occupancy_waves_per_simd", K.Occupancy}, {"occupancy_limiter", K.Limiter},
                 {"max_flat_workgroup_size", K.MaxFlatWorkGroupSize},
                 {"instructions", std::move(Classes)}, {"memory_ops", std::move(Mem)},
                 {"vmem_loads_128bit", loads128(K)}};
  if (K.PtxRegs)
    O["nvcc"] = json::Object{{"registers", *K.PtxRegs}, {"smem_bytes", *K.PtxSmem},
                             {"spill_bytes", *K.PtxSpill}};
  return O;
}

json::Object hazardJson(const KernelHazard &H) {
  return json::Object{{"unit", H.Unit},   {"target", H.Target}, {"kernel", H.Kernel},
                      {"kind", H.Kind},   {"value", H.Value},   {"limit", H.Limit},
                      {"message", H.Message}, {"line", H.Line}};
}

json::Value reportJson(const std::vector<CheckUnit> &Units, const CheckRunInfo &Info) {
  json::Array JU, JK, JH;
  std::map<std::string, unsigned> ByCat;
  for (const CheckUnit &U : Units) {
    json::Object Per;
    for (size_t T = 0; T < U.Results.size(); ++T) {
      const UnitResult &R = U.Results[T];
      json::Object O{{"status", R.Ok ? "ok" : "fail"}, {"seconds", R.Seconds}};
      if (!R.Ok) {
        O["category"] = categoryName(R.Category);
        O["why"] = R.Why;
        O["error"] = errorLine(R, Info.OutRoot);
        O["context"] = R.Error.Context;
      }
      Per[Info.Targets[T]] = std::move(O);
      for (const KernelCost &K : R.Kernels)
        JK.push_back(kernelJson(K));
      for (const KernelHazard &H : R.Hazards)
        JH.push_back(hazardJson(H));
    }
    ++ByCat[categoryName(U.category()).str()];
    json::Object O{{"unit", U.Rel}, {"input", U.Input}, {"category", categoryName(U.category())},
                   {"targets", std::move(Per)}};
    if (U.NvccOk)
      O["nvcc"] = *U.NvccOk ? "ok" : "fail";
    else if (Info.Nvcc)
      O["nvcc"] = "not run: " + U.NvccNote;
    JU.push_back(std::move(O));
  }
  json::Object Cats;
  for (const auto &[C, N] : ByCat)
    Cats[C] = N;
  json::Object Doc{{"tool", Info.Version}, {"compiler", Info.Compiler},
                   {"out_root", Info.OutRoot}, {"targets", json::Array(Info.Targets)},
                   {"seconds", Info.Seconds}, {"units", std::move(JU)},
                   {"summary", json::Object{{"units", Units.size()},
                                            {"compile", count_if(Units, unitOk)},
                                            {"by_category", std::move(Cats)},
                                            {"line", summaryLine(Units, Info)}}}};
  if (Info.Kernels) {
    Doc["kernels"] = std::move(JK);
    Doc["hazards"] = std::move(JH);
  }
  return Doc;
}

json::Object sarifLocation(StringRef File, unsigned Line) {
  json::Object Region;
  if (Line)
    Region["startLine"] = Line;
  json::Object Phys{{"artifactLocation", json::Object{{"uri", ("file://" + File).str()}}}};
  if (Line)
    Phys["region"] = std::move(Region);
  return json::Object{{"physicalLocation", std::move(Phys)}};
}

/// Where a hazard points: its kernel's definition where the compiler's
/// remarks gave it (an absolute path: check compiles the unit by its
/// absolute path), else the ported unit without a line.
json::Object hazardLocation(const KernelHazard &H, const CheckUnit &U) {
  if (H.File.empty() || !H.Line || !sys::path::is_absolute(H.File))
    return sarifLocation(U.Output, 0);
  return sarifLocation(H.File, H.Line);
}

json::Value reportSarifDoc(const std::vector<CheckUnit> &Units, const CheckRunInfo &Info) {
  json::Array Rules, Results;
  for (StringRef C : {"port-gap", "rocm-missing", "target", "input", "timeout", "other"})
    Rules.push_back(json::Object{{"id", ("check/" + C).str()},
                                 {"shortDescription", json::Object{{"text", ("A unit fails to "
                                  "compile on ROCm: " + C).str()}}}});
  for (StringRef H : {"lds-over-limit", "block-not-wave-multiple", "spill", "sgpr-spill"})
    Rules.push_back(json::Object{{"id", ("kernel/" + H).str()},
                                 {"shortDescription", json::Object{{"text", ("AMD kernel hazard: " + H).str()}}}});
  for (const CheckUnit &U : Units)
    for (size_t T = 0; T < U.Results.size(); ++T) {
      const UnitResult &R = U.Results[T];
      if (!R.Ok) {
        std::string File = R.Error.File.empty() ? U.Output : R.Error.File;
        if (!sys::path::is_absolute(File))
          File = U.Output;
        Results.push_back(json::Object{
            {"ruleId", ("check/" + categoryName(R.Category)).str()}, {"level", "error"},
            {"message", json::Object{{"text", (U.Rel + " [" + Info.Targets[T] + "]: " +
                                               errorLine(R, Info.OutRoot) + " (" + R.Why + ")")}}},
            {"locations", json::Array{sarifLocation(File, R.Error.Line)}}});
      }
      for (const KernelHazard &H : R.Hazards)
        Results.push_back(json::Object{
            {"ruleId", "kernel/" + H.Kind}, {"level", "warning"},
            {"message", json::Object{{"text", H.Message + " [" + H.Target + "]"}}},
            {"locations", json::Array{hazardLocation(H, U)}}});
    }
  json::Object Driver{{"name", "cu2hip check"}, {"version", Info.Version},
                      {"rules", std::move(Rules)}};
  return json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{json::Object{{"tool", json::Object{{"driver", std::move(Driver)}}},
                                        {"results", std::move(Results)}}}}};
}

} // namespace

Error writeCheckReport(StringRef Path, const std::vector<CheckUnit> &Units,
                       const CheckRunInfo &Info) {
  bool Sarif = StringRef(Path).lower().size() > 6 && StringRef(Path.lower()).endswith(".sarif");
  json::Value Doc = Sarif ? reportSarifDoc(Units, Info) : reportJson(Units, Info);
  std::string Text = formatv("{0:2}", Doc).str() + "\n";
  return writeFileAtomically(Path, Text);
}

} // namespace cu2hip
