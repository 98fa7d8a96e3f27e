#!/usr/bin/env bash
# setup.sh — install what cu2hip needs on a fresh Debian 12 (bookworm) machine. Idempotent and
# fast (<5 s) when everything is present: packages are checked with dpkg-query first, and
# `apt-get update` / `apt-get install` run only when something is missing.
#
# Usage: scripts/setup.sh [--no-rocm-root]
#   --no-rocm-root  skip building the ROCm 7.2 root (scripts/rocm-root.sh, several minutes once)
# Needs root (or sudo) only when something is missing.
set -euo pipefail

die() { echo "setup: error: $*" >&2; exit 1; }
log() { echo "setup: $*"; }

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROCM_ROOT=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --no-rocm-root) ROCM_ROOT=0 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done

# All exist in bookworm main (checked with apt-cache policy on Debian 12).
PKGS=(llvm-16-dev libclang-16-dev clang-16 llvm-16-tools cmake ninja-build g++
      hipcc libamdhip64-dev rocm-device-libs libhiprand-dev librocrand-dev librocprim-dev
      libgtest-dev python3-sklearn debootstrap zlib1g-dev libboost-context-dev libblas-dev)

missing=()
for p in "${PKGS[@]}"; do
  st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [[ "$st" == installed ]] || missing+=("$p")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  log "packages: all ${#PKGS[@]} present"
else
  SUDO=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || die "missing packages (${missing[*]}) and not root, no sudo"
    SUDO=(sudo)
  fi
  log "packages: installing ${#missing[@]} missing: ${missing[*]}"
  "${SUDO[@]}" apt-get update -q >/dev/null || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q --no-install-recommends \
    "${missing[@]}" >/dev/null || die "apt-get install failed for: ${missing[*]}"
  log "packages: installed"
fi

if [[ $ROCM_ROOT -eq 1 ]]; then
  log "rocm-root: $HERE/rocm-root.sh"
  if [[ $(id -u) -ne 0 ]]; then sudo --preserve-env=CU2HIP_ROCM72_ROOT,CU2HIP_DEBIAN_MIRROR "$HERE/rocm-root.sh"; else "$HERE/rocm-root.sh"; fi
else
  log "rocm-root: skipped (--no-rocm-root)"
fi
log "done"
