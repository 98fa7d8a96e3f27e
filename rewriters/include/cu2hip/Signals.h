//===- Signals.h - holding interrupts back around temporaries -------------===//
#ifndef CU2HIP_SIGNALS_H
#define CU2HIP_SIGNALS_H

#include "llvm/ADT/ArrayRef.h"
#include <csignal>
#include <initializer_list>
#include <pthread.h>
#include <sys/types.h>
#include <string>

namespace cu2hip {

/// Holds SIGINT, SIGTERM, SIGHUP and SIGQUIT back for its lifetime (this thread), so
/// that a temporary is never between existing and being registered for
/// removal on those signals, nor between its rename and leaving that list.
class InterruptsHeld {
public:
  InterruptsHeld() {
    sigset_t Set;
    sigemptyset(&Set);
    for (int S : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
      sigaddset(&Set, S);
    pthread_sigmask(SIG_BLOCK, &Set, &Old);
  }
  ~InterruptsHeld() { pthread_sigmask(SIG_SETMASK, &Old, nullptr); }
  InterruptsHeld(const InterruptsHeld &) = delete;
  InterruptsHeld &operator=(const InterruptsHeld &) = delete;

private:
  sigset_t Old;
};

/// Removes the temporary directory `Dir` holding the files `Files` (one or
/// two; more are not registered) on every way out of the process that runs
/// code: SIGINT, SIGTERM and SIGHUP (a handler that unlinks them, then passes the signal on to the handler
/// installed before it, LLVM's), a crash signal (LLVM's crash handlers) and
/// exit() (atexit). Only one directory is registered per process; a second
/// call replaces the first. Not for a SIGKILLed process: see
/// sweepOrphanedTemporaryDirs (FileIO.h).
void removeTempDirOnExit(const std::string &Dir, llvm::ArrayRef<std::string> Files);

/// Kills the process group `Group` (with SIGKILL) if this process gets
/// SIGINT, SIGTERM or SIGHUP while it is registered; 0 unregisters. For a
/// child started in a group of its own (doctor's GPU queries), which the
/// terminal's or a supervisor's signal does not reach. One group at a time.
/// `Registered`, a temporary file the caller removes anyway, is removed on
/// those signals too (LLVM's handlers, which this chains to, are installed
/// by registering it).
void killGroupOnInterrupt(pid_t Group, const std::string &Registered);

/// Adds the process group `Group` to those killed (SIGKILL) when this
/// process gets SIGINT, SIGTERM, SIGHUP or SIGQUIT: for the compiles of
/// `cu2hip check`, several at a time, each started in a group of its own.
/// At most 256 groups at once (a further one is not registered: false).
/// `Registered`, a temporary file the caller removes anyway, is registered
/// with LLVM's RemoveFileOnSignal (installing its handlers). Thread-safe.
bool addGroupKilledOnInterrupt(pid_t Group, const std::string &Registered);
/// Takes `Group` out of that list (once the group is dead and reaped).
void removeGroupKilledOnInterrupt(pid_t Group);

/// Removes the directory `Dir` (rmdir: only once empty) on SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT, after the files registered with LLVM's
/// RemoveFileOnSignal are gone: a directory of temporary files each
/// registered there. Up to 4 directories; "" is ignored.
/// forgetDirRemovedOnInterrupt takes one out of the list.
void removeDirOnInterrupt(const std::string &Dir);
void forgetDirRemovedOnInterrupt(const std::string &Dir);

/// Sets SIGINT, SIGTERM and SIGHUP back to ignored where they were ignored
/// when the process started (`nohup`, `cmd &` in a script): LLVM's and
/// cu2hip's handlers would otherwise clean up on such a signal and let the
/// run go on without its temporary files. Called after handlers are
/// installed (InitLLVM in main, removeTempDirOnExit, killGroupOnInterrupt).
void keepIgnoredInterruptsIgnored();

/// Makes SIGQUIT end the process like SIGTERM: the child group of
/// killGroupOnInterrupt killed, temporaries removed (cu2hip's and those
/// registered with LLVM's RemoveFileOnSignal), exit status 131 (128 +
/// SIGQUIT), no crash report or core file. LLVM counts SIGQUIT among the
/// crash signals: its handler prints a stack dump and returns, and the run
/// would go on. Called after InitLLVM; a SIGQUIT ignored when the process
/// started stays ignored.
void treatQuitAsInterrupt();

} // namespace cu2hip

#endif
