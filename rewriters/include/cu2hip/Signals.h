//===- Signals.h - holding interrupts back around temporaries -------------===//
#ifndef CU2HIP_SIGNALS_H
#define CU2HIP_SIGNALS_H

#include <csignal>
#include <initializer_list>
#include <pthread.h>

namespace cu2hip {

/// Holds SIGINT, SIGTERM and SIGHUP back for its lifetime (this thread), so
/// that a temporary is never between existing and being registered for
/// removal on those signals, nor between its rename and leaving that list.
class InterruptsHeld {
public:
  InterruptsHeld() {
    sigset_t Set;
    sigemptyset(&Set);
    for (int S : {SIGINT, SIGTERM, SIGHUP})
      sigaddset(&Set, S);
    pthread_sigmask(SIG_BLOCK, &Set, &Old);
  }
  ~InterruptsHeld() { pthread_sigmask(SIG_SETMASK, &Old, nullptr); }
  InterruptsHeld(const InterruptsHeld &) = delete;
  InterruptsHeld &operator=(const InterruptsHeld &) = delete;

private:
  sigset_t Old;
};

} // namespace cu2hip

#endif
