#!/bin/bash
# Data-loss checks that need more than lit's shell: mounts (a bind mount, a
# small full tmpfs), signals in the middle of a run, device nodes, dropped
# capabilities. Usage: nothing-lost.sh CU2HIP WORKDIR CASE
# Prints "ok: CASE", or "skip: CASE: why" when this machine does not allow
# what the case needs (mount, mknod, setpriv); exits 1 after "FAIL: ...".
set -u
CU2HIP=$1 W=$2 CASE=$3
rm -rf "$W" && mkdir -p "$W" && cd "$W" || exit 1
MOUNTS=()
cleanup() { for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null; done; }
trap cleanup EXIT
fail() { echo "FAIL: $CASE: $*"; exit 1; }
skip() { echo "skip: $CASE: $*"; exit 0; }

# A small CUDA source.
cu() { printf '#include <cuda_runtime.h>\nvoid f%s(){ cudaDeviceSynchronize(); }\n' "$2" > "$1"; }
# Checksums and modes of every file under $1, for "inputs unchanged".
fingerprint() { (cd "$1" && find . -type f -printf '%p %m\n' | sort && find . -type f -print0 | sort -z | xargs -0 -r md5sum); }
# Every file under $1 (the out-root) is complete: equal to its twin under
# $2 (a reference port). With $3 = allow-temps, leftover temporaries of a
# killed run are allowed; otherwise any is a failure.
complete_or_absent() {
  local f rel
  while IFS= read -r -d '' f; do
    rel=${f#"$1"/}
    case "$rel" in
      *.cu2hip-tmp-*) [ "${3:-}" = allow-temps ] || fail "temporary left: $rel"; continue ;;
      .cu2hip/manifest.yaml) continue ;; # names its own out-root
    esac
    cmp -s "$f" "$2/$rel" || fail "incomplete or wrong file at a final path: $rel"
  done < <(find "$1" -type f -print0)
}
mount_tmpfs() { # DIR SIZE
  mkdir -p "$1" && mount -t tmpfs -o size="$2" tmpfs "$1" 2>/dev/null || return 1
  MOUNTS+=("$1")
}

case_bind_mount() {
  mkdir -p in/sub alias && cu in/a.cu a && cu in/sub/b.cu b && echo data > in/data.txt
  mount --bind in alias 2>/dev/null || skip "mount --bind not permitted"
  MOUNTS+=("$W/alias")
  fingerprint in > before
  "$CU2HIP" --in-root in --out-root alias > log 2>&1 && fail "bind-mounted out-root accepted"
  grep -q "is a directory of the in-root tree (through a link or a mount)" log || fail "message: $(cat log)"
  # A subdirectory of the in-root mounted again inside the out-root.
  mkdir -p out/sub && mount --bind in/sub out/sub && MOUNTS+=("$W/out/sub")
  "$CU2HIP" --in-root in --out-root out > log2 2>&1 && fail "out-root holding a mount of in-root/sub accepted"
  grep -q "is an input" log2 || fail "message: $(cat log2)"
  fingerprint in | diff before - || fail "inputs changed"
}

# An out-root inside the in-root reached through a bind mount of the tree:
# a new directory and an existing one. Refused; inputs unchanged.
case_bind_mount_inside() {
  mkdir -p in/sub alias && cu in/a.cu a && cu in/sub/a.cu b && echo data > in/data.txt
  mount --bind in alias 2>/dev/null || skip "mount --bind not permitted"
  MOUNTS+=("$W/alias")
  fingerprint in > before
  "$CU2HIP" --no-semantic --in-root in --out-root alias/new > log 2>&1 && fail "out-root inside the mounted tree accepted"
  grep -q "lies inside the in-root" log || fail "message: $(cat log)"
  "$CU2HIP" --no-semantic --in-root in --out-root alias/sub > log2 2>&1 && fail "existing subdirectory through the mount accepted"
  grep -q "lies inside the in-root" log2 || fail "message: $(cat log2)"
  [ -e in/new ] && fail "in/new created"
  fingerprint in | diff before - || fail "inputs changed"
}

case_full_disk() {
  mkdir -p in/sub && for i in 1 2 3 4 5 6; do cu in/f$i.cu $i; done
  head -c 150000 /dev/urandom > in/big.bin && head -c 120000 /dev/urandom > in/sub/big2.bin
  echo small > in/z.txt
  fingerprint in > before
  "$CU2HIP" --no-semantic --in-root in --out-root ref --no-summary || fail "reference run"
  mount_tmpfs mnt 200k || skip "mounting a tmpfs not permitted"
  "$CU2HIP" --no-semantic --in-root in --out-root mnt/out > log 2>&1; rc=$?
  [ $rc = 1 ] || fail "exit status $rc on a full disk"
  grep -q "LLVM ERROR" log && fail "fatal LLVM error: $(cat log)"
  grep -q "big2.bin: error: cannot copy .*No space left on device \[io-error\]" log || fail "no error naming the file: $(cat log)"
  grep -q " 1 failed" log || fail "summary: $(cat log)"
  complete_or_absent mnt/out ref
  # Ported files on a disk that is already full.
  umount mnt && mount_tmpfs mnt 64k || fail "remount"
  head -c 60000 /dev/zero > mnt/filler 2>/dev/null
  "$CU2HIP" --no-semantic --in-root in --out-root mnt/out2 > log2 2>&1 && fail "exit 0 on a full disk"
  grep -q "LLVM ERROR" log2 && fail "fatal LLVM error"
  grep -Eq "f[0-9].cu: error: cannot (write|create).*No space left on device" log2 || fail "no error naming a ported file: $(cat log2)"
  [ -d mnt/out2 ] && complete_or_absent mnt/out2 ref
  fingerprint in | diff before - || fail "inputs changed"
}

# SIGINT and SIGTERM in the middle of a run leave no temporary and no
# partial file at a final path; SIGKILL may leave temporaries, never a
# partial final file.
case_signals() {
  mkdir -p in/data && for i in $(seq 1 20); do cu in/k$i.cu $i; done
  for i in $(seq 1 24); do head -c 3000000 /dev/urandom > in/data/blob$i.bin; done
  fingerprint in > before
  local t0 t1
  t0=$(date +%s%N)
  "$CU2HIP" --no-semantic --in-root in --out-root ref --no-summary || fail "reference run"
  t1=$(date +%s%N)
  local ms=$(( (t1 - t0) / 1000000 )) sig frac pid rc killed
  for sig in INT TERM KILL; do
    killed=0
    for frac in 20 45 70 90; do
      rm -rf out
      # A background job of a script starts with SIGINT ignored: restore it.
      env --default-signal=INT "$CU2HIP" --no-semantic --in-root in --out-root out \
        --no-summary 2>/dev/null &
      pid=$!
      sleep "$(awk -v m=$ms -v f=$frac 'BEGIN { printf "%.3f", m * f / 100000 }')"
      kill -s $sig $pid 2>/dev/null
      wait $pid; rc=$?
      [ $rc -gt 128 ] && killed=$((killed + 1))
      [ -d out ] || continue
      if [ $sig = KILL ]; then complete_or_absent out ref allow-temps; else complete_or_absent out ref; fi
    done
    [ $killed -gt 0 ] || fail "no run was killed by SIG$sig (too fast to test)"
  done
  fingerprint in | diff before - || fail "inputs changed"
}

# SIGQUIT mid-run ends the run like SIGTERM: a non-zero exit (131), no
# crash report or stack dump, no temporary left, no partial file.
case_quit() {
  mkdir -p in/data && for i in $(seq 1 20); do cu in/k$i.cu $i; done
  for i in $(seq 1 24); do head -c 3000000 /dev/urandom > in/data/blob$i.bin; done
  fingerprint in > before
  local t0 t1
  t0=$(date +%s%N)
  "$CU2HIP" --no-semantic --in-root in --out-root ref --no-summary || fail "reference run"
  t1=$(date +%s%N)
  local ms=$(( (t1 - t0) / 1000000 )) frac pid rc killed=0
  for frac in 20 45 70 90; do
    rm -rf out
    # A background job of a script starts with SIGQUIT ignored: restore it.
    env --default-signal=QUIT "$CU2HIP" --no-semantic --in-root in --out-root out \
      --no-summary 2> log &
    pid=$!
    sleep "$(awk -v m=$ms -v f=$frac 'BEGIN { printf "%.3f", m * f / 100000 }')"
    kill -s QUIT $pid 2>/dev/null
    wait $pid; rc=$?
    [ $rc = 0 ] && continue # finished first
    killed=$((killed + 1))
    [ $rc = 131 ] || fail "exit status $rc after SIGQUIT"
    grep -q -e "PLEASE submit" -e "Stack dump" log && fail "crash report: $(cat log)"
    [ -d out ] && complete_or_absent out ref
  done
  [ $killed -gt 0 ] || fail "no run was stopped by SIGQUIT (too fast to test)"
  fingerprint in | diff before - || fail "inputs changed"
}

# Existing device nodes and FIFOs at an output path are written into, never
# replaced by a regular file.
case_device_outputs() {
  cu x.cu x
  mknod null c 1 3 2>/dev/null && mknod full c 1 7 2>/dev/null || skip "mknod not permitted"
  "$CU2HIP" x.cu -o null --no-summary || fail "writing into a null device"
  [ -c null ] || fail "the null device was replaced"
  "$CU2HIP" x.cu -o full > log 2>&1 && fail "exit 0 writing into a full device"
  [ -c full ] || fail "the full device was replaced"
  grep -q "full: error: cannot write .*No space left on device" log || fail "message: $(cat log)"
  ln -s /proc/self/fd/1 out-link
  "$CU2HIP" x.cu -o out-link --no-summary | grep -q hipDeviceSynchronize || fail "writing through /proc/self/fd/1"
  [ -L out-link ] || fail "the link to stdout was replaced"
}

case_inplace_owner() {
  [ "$(id -u)" = 0 ] || skip "needs root to give files away"
  cu x.cu x && chown 1234:2345 x.cu && chmod 640 x.cu
  "$CU2HIP" --inplace x.cu --no-summary || fail "port"
  [ "$(stat -c '%u:%g %a' x.cu x.cu.orig)" = "$(printf '1234:2345 640\n1234:2345 640')" ] ||
    fail "owner or mode not kept: $(stat -c '%n %u:%g %a' x.cu x.cu.orig)"
  grep -q hipDeviceSynchronize x.cu || fail "not ported"
}

case_unreadable_dir() {
  mkdir -p in/locked in/open && cu in/locked/a.cu a && cu in/open/b.cu b && chmod 000 in/locked
  local run=()
  if [ "$(id -u)" != 0 ]; then run=()
  elif command -v setpriv > /dev/null &&
       setpriv --bounding-set=-dac_override,-dac_read_search true 2>/dev/null; then
    run=(setpriv --bounding-set=-dac_override,-dac_read_search --inh-caps=-dac_override,-dac_read_search)
  else skip "root without setpriv reads every directory"; fi
  "${run[@]}" "$CU2HIP" --no-semantic --in-root in --out-root out > log 2>&1; rc=$?
  chmod 755 in/locked
  [ $rc = 1 ] || fail "exit status $rc with an unreadable directory: $(cat log)"
  grep -q "in/locked: error: cannot read directory: Permission denied; its files are not ported \[io-error\]" log ||
    fail "message: $(cat log)"
  grep -q hipDeviceSynchronize out/open/b.cu || fail "the readable directory was not ported"
}

"case_${CASE//-/_}" && echo "ok: $CASE"
