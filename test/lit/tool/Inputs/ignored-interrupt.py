"""Runs the command argv[2:] with SIGINT and SIGHUP ignored (as `nohup` or a
script's `cmd &` start it), sends it SIGINT and SIGHUP once its temporary
directory exists under $TMPDIR (argv[1]), and prints its exit status: an
ignored signal must stay ignored, the run going on with its files."""
import glob
import os
import signal
import subprocess
import sys
import time


def ignore():
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


proc = subprocess.Popen(sys.argv[2:], preexec_fn=ignore)
deadline = time.monotonic() + 30
while time.monotonic() < deadline and proc.poll() is None:
    if glob.glob(os.path.join(sys.argv[1], "cu2hip-compat-*")):
        break
    time.sleep(0.01)
for sig in (signal.SIGINT, signal.SIGHUP):
    if proc.poll() is None:
        proc.send_signal(sig)
print("exit status %d" % proc.wait())
