"""Fails when a pid listed in the file argv[1] still runs (zombies, whose
parent has not reaped them yet, count as gone); kills the ones it finds so
that a failing test leaves nothing behind. Prints how many it checked."""
import os
import signal
import sys

pids = [int(p) for p in open(sys.argv[1]).read().split()]
alive = []
for pid in pids:
    try:
        state = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()[0]
    except OSError:
        continue
    if state != "Z":
        alive.append(pid)
        os.kill(pid, signal.SIGKILL)
print("checked %d pids" % len(pids))
if alive:
    sys.exit("still running: %s" % alive)
