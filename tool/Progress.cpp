//===- Progress.cpp - the progress line of a tree run on a terminal -------===//
#include "Progress.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <sys/ioctl.h>
#include <unistd.h>

namespace cu2hip {

namespace {

unsigned terminalWidth() {
  struct winsize W;
  if (::ioctl(2, TIOCGWINSZ, &W) == 0 && W.ws_col > 20)
    return W.ws_col;
  return 80;
}

void writeAll(llvm::StringRef S) {
  while (!S.empty()) {
    ssize_t N = ::write(2, S.data(), S.size());
    if (N <= 0)
      return;
    S = S.drop_front(N);
  }
}

} // namespace

bool ProgressLine::isWanted() {
  const char *Term = std::getenv("TERM");
  return ::isatty(2) && !(Term && llvm::StringRef(Term) == "dumb");
}

ProgressLine::ProgressLine(std::chrono::steady_clock::time_point Start)
    : Start(Start), Ticker([this] { tick(); }) {}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::update(llvm::StringRef NewPhase, llvm::StringRef NewFile, unsigned NewDone,
                          unsigned NewTotal) {
  std::lock_guard<std::mutex> Lock(Mu);
  if (Stopped)
    return;
  Phase = NewPhase.str();
  if (!NewFile.empty())
    File = NewFile.str();
  Done = NewDone;
  Total = NewTotal;
  if (std::chrono::steady_clock::now() - LastDraw >= std::chrono::milliseconds(100))
    drawLocked();
}

void ProgressLine::drawLocked() {
  LastDraw = std::chrono::steady_clock::now();
  double Secs = std::chrono::duration<double>(LastDraw - Start).count();
  std::string Head;
  llvm::raw_string_ostream OS(Head);
  OS << "cu2hip: " << Phase << " " << Done << "/" << Total << " ("
     << llvm::format("%.0f", Secs) << " s) ";
  OS.flush();
  // The file's path, cut from the left to fit the terminal.
  size_t Room = terminalWidth() - 1;
  std::string Name = File;
  if (Head.size() + Name.size() > Room)
    Name = Room > Head.size() + 3 ? "..." + Name.substr(Name.size() - (Room - Head.size() - 3))
                                  : "";
  writeAll("\r\x1b[K" + Head + Name);
  Drawn = true;
}

void ProgressLine::tick() {
  std::unique_lock<std::mutex> Lock(Mu);
  while (!Stopped) {
    Wake.wait_for(Lock, std::chrono::seconds(1));
    if (!Stopped && Total)
      drawLocked();
  }
}

void ProgressLine::finish() {
  {
    std::lock_guard<std::mutex> Lock(Mu);
    if (Stopped)
      return;
    Stopped = true;
    if (Drawn)
      writeAll("\r\x1b[K");
  }
  Wake.notify_all();
  if (Ticker.joinable())
    Ticker.join();
}

} // namespace cu2hip
