//===- Progress.h - the progress line of a tree run on a terminal ---------===//
//
//   cu2hip: parsing 3/12 (2 s) src/train.cu
//
// One line on stderr, redrawn in place (carriage return, erase to the end
// of the line) when the porter reports (Porter::setProgress, at most ten
// times a second) and once a second while a long parse runs; erased before
// the diagnostics and the summary are printed. Only for a terminal: stderr
// must be a tty and TERM not "dumb" (isWanted).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_PROGRESS_H
#define CU2HIP_TOOL_PROGRESS_H

#include "llvm/ADT/StringRef.h"
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace cu2hip {

class ProgressLine {
public:
  /// True when a progress line may be drawn: stderr is a terminal that is
  /// not TERM=dumb.
  static bool isWanted();

  explicit ProgressLine(std::chrono::steady_clock::time_point Start);
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  /// The porter's report: phase, the file a task started ("" when one
  /// ended), tasks done and in all.
  void update(llvm::StringRef Phase, llvm::StringRef File, unsigned Done, unsigned Total);
  /// Erases the line and stops redrawing.
  void finish();

private:
  void drawLocked();
  void tick();

  std::chrono::steady_clock::time_point Start, LastDraw;
  std::mutex Mu;
  std::condition_variable Wake;
  std::string Phase, File;
  unsigned Done = 0, Total = 0;
  bool Drawn = false, Stopped = false;
  std::thread Ticker;
};

} // namespace cu2hip

#endif
