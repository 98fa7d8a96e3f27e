#!/usr/bin/env bash
# rocm-root.sh — build (once) a Debian sid root with ROCm 7.2 from Debian experimental, used by
# scripts/hipcc-check.sh to compile-check ported HIP code against the ROCm users run.
#
# Usage: scripts/rocm-root.sh [--force] [--print-root]
#   --force       rebuild even if a complete root exists
#   --print-root  print the root path and exit
# Env:
#   CU2HIP_ROCM72_ROOT    root directory (default /var/cache/cu2hip/rocm-7.2)
#   CU2HIP_DEBIAN_MIRROR  Debian mirror (default: the deb.debian.org/debian URI in the host's apt
#                         sources, else http://deb.debian.org/debian)
#
# How: debootstrap --variant=minbase sid into "<root>.tmp.XXXX" next to the root, set
# Acquire::Check-Valid-Until "false" (the mirror may serve a sid Release past its Valid-Until),
# add experimental, `apt-get install -t experimental` the ROCm packages (sid versions are taken
# where experimental has none), check `hipcc --version`, write the marker file
# <root>/.cu2hip-root (hipcc version, package versions), then rename the temp dir to <root>.
# A root without the marker is never used and is rebuilt. Needs root (debootstrap, chroot).
# chroot commands run in a private mount namespace (unshare) with /proc and /dev mounted, so
# nothing stays mounted on the host afterwards.
set -euo pipefail

die() { echo "rocm-root: error: $*" >&2; exit 1; }
log() { echo "rocm-root: $*"; }

ROOT="${CU2HIP_ROCM72_ROOT:-/var/cache/cu2hip/rocm-7.2}"
MARKER_NAME=.cu2hip-root
FORCE=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --force) FORCE=1 ;;
    --print-root) echo "$ROOT"; exit 0 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done

# ROCm packages (all required).
# libroctx-dev (source package roctracer) has <roctracer/roctx.h>, where ported NVTX calls go
# (cu2hip/roctx.h falls back to no-ops without it).
# cmake and make build ported projects from their own build files
# (scripts/build-ported-projects.sh).
# librocwmma-dev has <rocwmma/rocwmma.hpp>, the counterpart of CUDA's <mma.h> (nvcuda::wmma).
PKGS=(hipcc libamdhip64-dev libhipblas-dev libhipblaslt-dev libhipcub-dev librocthrust-dev
      libhiprand-dev libhipfft-dev libhipsparse-dev libhipsolver-dev libmiopen-dev librccl-dev
      libroctx-dev librocwmma-dev cmake make)
# OpenMP for hipcc -fopenmp (host code of CUDA programs built with -Xcompiler -fopenmp):
# libomp-<N>-dev of the clang that hipcc uses (N from /usr/lib/llvm-<N> in the root).
# Installed too when the archive has them (rocPRIM/rocRAND headers for hipCUB/hipRAND device
# code; the device bitcode libraries). hipcc's own dependencies normally pull them in; names
# that the archive lacks are skipped: sid has no plain "rocm-device-libs", the bitcode comes
# versioned with the compiler (rocm-device-libs-22, /usr/lib/llvm-22/lib/clang/22/amdgcn/).
OPT_PKGS=(librocprim-dev librocrand-dev rocm-device-libs)

# The clang major version hipcc uses in root $1 (its /usr/lib/llvm-<N>), empty if none.
llvm_major() { compgen -G "$1/usr/lib/llvm-*/bin/clang" | sed -n 's|.*/llvm-\([0-9]*\)/bin/clang$|\1|p' | sort -n | tail -1; }
# Required packages that a complete root $1 lacks (roots built before a package was added).
missing_pkgs() {
  local p n; n=$(llvm_major "$1")
  for p in "${PKGS[@]}" ${n:+libomp-$n-dev}; do
    compgen -G "$1/var/lib/dpkg/info/$p.list" >/dev/null ||
      compgen -G "$1/var/lib/dpkg/info/$p:*.list" >/dev/null || echo "$p"
  done
}
# Installs the missing packages into an existing complete root (under the lock).
top_up() {
  local miss; mapfile -t miss < <(missing_pkgs "$ROOT")
  [[ ${#miss[@]} -gt 0 ]] || return 0
  [[ $(id -u) -eq 0 ]] || die "root $ROOT lacks ${miss[*]}; run as root to add them"
  exec 9>"$ROOT.lock"; flock 9
  log "adding ${miss[*]} to $ROOT"
  unshare --mount --propagation private /bin/bash -c '
    set -e; r=$1; shift
    mount -t proc proc "$r/proc"; mount --bind /dev "$r/dev"
    chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
      DEBIAN_FRONTEND=noninteractive /bin/sh -c "apt-get update -q >/dev/null && apt-get install -y -q -t experimental \"\$@\" && apt-get clean" sh "$@"' \
    top_up "$ROOT" "${miss[@]}" >"$ROOT.top-up.log" 2>&1 ||
    { tail -20 "$ROOT.top-up.log" >&2; die "adding ${miss[*]} failed; log: $ROOT.top-up.log"; }
  rm -f "$ROOT.top-up.log"
  local p when; when=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  for p in "${miss[@]}"; do
    printf '  %s (added %s)\n' "$(chroot "$ROOT" dpkg-query -W -f='${Package} ${Version}' "$p")" "$when"
  done >>"$ROOT/$MARKER_NAME"
}

if [[ -f "$ROOT/$MARKER_NAME" && $FORCE -eq 0 ]]; then
  top_up
  log "root ready: $ROOT ($(grep '^hipcc:' "$ROOT/$MARKER_NAME" | head -1))"
  exit 0
fi

[[ $(id -u) -eq 0 ]] || die "must run as root (debootstrap and chroot)"
for t in debootstrap unshare chroot flock; do
  command -v "$t" >/dev/null || die "'$t' not found (scripts/setup.sh installs debootstrap)"
done

find_mirror() {
  local m
  m=$(grep -rhoE 'https?://deb\.debian\.org/debian/?([[:space:]]|$)' \
        /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null | head -1 | tr -d '[:space:]' || true)
  echo "${m:-http://deb.debian.org/debian}"
}
MIRROR="${CU2HIP_DEBIAN_MIRROR:-$(find_mirror)}"
MIRROR="${MIRROR%/}"

PARENT=$(dirname "$ROOT")
mkdir -p "$PARENT"
exec 9>"$ROOT.lock"
flock -n 9 || { log "another build holds $ROOT.lock; waiting"; flock 9; }
if [[ -f "$ROOT/$MARKER_NAME" && $FORCE -eq 0 ]]; then
  log "root ready (built by another run): $ROOT"; exit 0
fi

# Left-overs of interrupted runs (we hold the lock, so nobody else is using them).
for stale in "$ROOT".tmp.*; do
  [[ -e "$stale" ]] || continue
  log "removing left-over $stale"
  rm -rf --one-file-system "$stale"
done
TMP=$(mktemp -d "$ROOT.tmp.XXXXXX")
cleanup() {
  local rc=$?
  if [[ $rc -ne 0 && -d "$TMP" ]]; then
    log "failed (rc=$rc); removing $TMP"
    rm -rf --one-file-system "$TMP" || true
  fi
}
trap cleanup EXIT

# Run a command inside the root being built, in a private mount namespace with /proc and /dev.
in_root() {
  unshare --mount --propagation private /bin/bash -c '
    set -e; r=$1; shift
    mount -t proc proc "$r/proc"
    mount --bind /dev "$r/dev"
    exec chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
      DEBIAN_FRONTEND=noninteractive "$@"' in_root "$TMP" "$@"
}

t0=$SECONDS
log "debootstrap --variant=minbase sid $TMP $MIRROR (several minutes)"
DBLOG="$TMP.debootstrap.log"
if ! unshare --mount --propagation private \
     debootstrap --variant=minbase sid "$TMP" "$MIRROR" >"$DBLOG" 2>&1; then
  tail -20 "$DBLOG" >&2
  die "debootstrap failed; full log: $DBLOG"
fi
rm -f "$DBLOG"
log "debootstrap done in $((SECONDS - t0)) s"

cat >"$TMP/etc/apt/apt.conf.d/99cu2hip" <<'EOF'
Acquire::Check-Valid-Until "false";
APT::Sandbox::User "root";
APT::Install-Recommends "false";
APT::Install-Suggests "false";
EOF
cat >"$TMP/etc/apt/sources.list" <<EOF
deb $MIRROR sid main
deb $MIRROR experimental main
EOF
rm -f "$TMP"/etc/apt/sources.list.d/*.sources 2>/dev/null || true
cp -L /etc/resolv.conf "$TMP/etc/resolv.conf" 2>/dev/null || true

t1=$SECONDS
log "apt-get update in root"
in_root apt-get update -q >/dev/null || die "apt-get update in root failed"
for p in "${OPT_PKGS[@]}"; do
  cand=$(in_root apt-cache policy "$p" 2>/dev/null | sed -n 's/ *Candidate: *//p')
  if [[ -n "$cand" && "$cand" != "(none)" ]]; then
    PKGS+=("$p")
  else
    log "optional package $p not in sid/experimental; skipped"
  fi
done
log "apt-get install -t experimental ${PKGS[*]}"
if ! in_root apt-get install -y -q -t experimental "${PKGS[@]}" >"$TMP.apt.log" 2>&1; then
  tail -30 "$TMP.apt.log" >&2
  die "apt-get install in root failed; full log: $TMP.apt.log"
fi
rm -f "$TMP.apt.log"
n=$(llvm_major "$TMP")
if [[ -n "$n" ]]; then
  log "apt-get install libomp-$n-dev"
  in_root apt-get install -y -q -t experimental "libomp-$n-dev" >/dev/null || die "libomp-$n-dev install failed"
  PKGS+=("libomp-$n-dev")
fi
in_root apt-get clean
log "packages installed in $((SECONDS - t1)) s"

ver=$(in_root hipcc --version 2>&1) || die "hipcc --version failed in root: $ver"
hipv=$(sed -n 's/^HIP version: *//p' <<<"$ver" | head -1)
clangv=$(grep -m1 -oE 'clang version [0-9.]+' <<<"$ver" || true)
case "$hipv" in
  7.2*) ;;
  *) log "WARNING: hipcc in root reports HIP version '${hipv:-unknown}', not 7.2" ;;
esac
{
  echo "hipcc: HIP ${hipv:-unknown}, ${clangv:-clang unknown}"
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) mirror: $MIRROR"
  echo "packages:"
  in_root dpkg-query -W -f='  ${Package} ${Version}\n' "${PKGS[@]}" 2>/dev/null || true
} >"$TMP/$MARKER_NAME"

if [[ -e "$ROOT" ]]; then
  log "removing incomplete/old root $ROOT"
  rm -rf --one-file-system "$ROOT"
fi
mv "$TMP" "$ROOT"
trap - EXIT
log "root ready: $ROOT (HIP ${hipv:-unknown}, ${clangv:-?}; $(du -sh "$ROOT" 2>/dev/null | cut -f1); $((SECONDS - t0)) s)"
