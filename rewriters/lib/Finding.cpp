#include "cu2hip/Finding.h"
#include <tuple>

namespace cu2hip {

llvm::StringRef severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

bool Finding::operator<(const Finding &O) const {
  return std::tie(File, Offset, RuleId, Message) <
         std::tie(O.File, O.Offset, O.RuleId, O.Message);
}

bool Finding::operator==(const Finding &O) const {
  return File == O.File && Offset == O.Offset && RuleId == O.RuleId &&
         Message == O.Message;
}

void Finding::print(llvm::raw_ostream &OS) const {
  OS << File;
  if (Line)
    OS << ":" << Line << ":" << Col;
  OS << ": " << severityName(Sev) << ": " << Message << " [" << RuleId << "]\n";
  if (!Fix.empty())
    OS << File << (Line ? ":" + std::to_string(Line) + ":" + std::to_string(Col) : "")
       << ": note: fix: " << Fix << "\n";
}

} // namespace cu2hip
