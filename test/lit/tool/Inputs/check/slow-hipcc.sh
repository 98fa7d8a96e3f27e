#!/bin/sh
# A stand-in HIP compiler that never finishes hangs.cu (a compile stuck in
# an endless template instantiation): it starts a child that outlives it
# unless its process group is killed, records both pids in $CU2HIP_PROBE_PIDS
# and waits. Every other file compiles at once.
for a; do f=$a; done
case $f in
  *hangs.cu)
    /bin/sleep 120 &
    echo $$ $! >> "$CU2HIP_PROBE_PIDS"
    wait
    exit 0 ;;
esac
exit 0
