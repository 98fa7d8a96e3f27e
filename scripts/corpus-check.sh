#!/usr/bin/env bash
# corpus-check.sh — port the public corpus of bench/corpus.txt with cu2hip and check every
# ported unit with `cu2hip check` (ROCm 7.2, gfx942 and gfx1100, nvcc on the originals, with
# --extended-lambda --expt-relaxed-constexpr through the wrapper CORPUS_DIR/nvcc);
# prints the per-repository table. docs/results/corpus-check-*.md.
#
# Usage: scripts/corpus-check.sh [options] CORPUS_DIR
#   --mirror DIR       where the repositories are fetched (DIR/<owner>+<name>/repo, a git dir
#                      or a work tree with .git; default /work/.mirror); a repository already
#                      cloned under CORPUS_DIR/src is reused
#   --list FILE        the corpus list (default <repo>/bench/corpus.txt)
#   --only NAMES       comma-separated repository names (the part after the owner)
#   --rocm-root DIR    ROCm 7.2 root (default $CU2HIP_ROCM72_ROOT or /var/cache/cu2hip/rocm-7.2)
#   --arch LIST        gfx targets (default gfx942,gfx1100)
#   --cu2hip PATH      the tool (default <repo>/build/tool/cu2hip)
#   -j N               cu2hip's and the checks' parallelism (default 2)
#   --no-port          reuse the ports already in CORPUS_DIR/hip (check and table only)
#   --table            print the table of the reports already there (no port, no check)
#   --markdown         print the table as Markdown
#   --hipify-clang PATH  also port each staged tree with hipify-clang, for the port times side
#                      by side (default: hipify-clang on PATH, if any); --hipify-perl PATH the
#                      same with hipify-perl (default: hipify-perl on PATH, if any)
#   --hipify-args ARGS clang arguments hipify-clang gets before the list's flags (default:
#                      -std=c++17 (hipify-clang's own default, C++14, is too old for CUDA 13's
#                      CCCL), variadic device functions allowed as nvcc does, -nocudalib
#                      -Wno-unknown-cuda-version, the SDK's cccl include dir, and an empty
#                      texture_fetch_functions.h where the SDK no longer ships one)
#   --hipify-only      time the hipify tools on the staged trees already there (no port, no
#                      check, no clone: the reports and cu2hip's times stay as they are)
# The table lists every repository of the list with a report in CORPUS_DIR/reports (a run
# with --only adds to the earlier ones). Units: the units whose text the port changed
# (cu2hip check --changed-only), or every unit where the list says units=all.
# Layout: CORPUS_DIR/src/NAME (clone at the listed commit; only source and build files are
# checked out, so a repository whose large files are absent still works),
# CORPUS_DIR/stage/NAME (the sub= paths, relative paths kept: the --in-root),
# CORPUS_DIR/hip/NAME (the port), CORPUS_DIR/reports/NAME.json (cu2hip check --report),
# CORPUS_DIR/logs/. Needs root (cu2hip check runs the root's hipcc through chroot).
# The hipify tools take files, not trees: every code file of the staged tree (hipify's own set
# of extensions) is ported by one process, file after file, into CORPUS_DIR/hipify/clang/NAME
# and CORPUS_DIR/hipify/perl/NAME (tree kept); wall time in logs/hipify-NAME.time and
# logs/hipify-perl-NAME.time, exit status per file in logs/hipify-NAME.status ("STATUS<TAB>FILE";
# hipify-clang writes no output for a file it cannot parse: a nonzero status is a failed file).
set -euo pipefail

usage() { sed -n '2,42p' "$0"; }
die() { echo "corpus-check: error: $*" >&2; exit 2; }

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
MIRROR=/work/.mirror LIST="$REPO/bench/corpus.txt" ONLY="" ARCH=gfx942,gfx1100
ROOT="${CU2HIP_ROCM72_ROOT:-/var/cache/cu2hip/rocm-7.2}" CU2HIP="$REPO/build/tool/cu2hip"
JOBS=2 PORT=1 MD=0 DIR="" TABLE=0 HONLY=0 HARGS=""
HCLANG=$(command -v hipify-clang || true) HPERL=$(command -v hipify-perl || true)
while [[ $# -gt 0 ]]; do
  case "$1" in
    --mirror) MIRROR=$2; shift ;;
    --list) LIST=$2; shift ;;
    --only) ONLY=$2; shift ;;
    --rocm-root) ROOT=$2; shift ;;
    --arch) ARCH=$2; shift ;;
    --cu2hip) CU2HIP=$2; shift ;;
    -j) JOBS=$2; shift ;;
    -j*) JOBS=${1#-j} ;;
    --no-port) PORT=0 ;;
    --table) TABLE=1 ;;
    --markdown) MD=1 ;;
    --hipify-clang) HCLANG=$2; shift ;;
    --hipify-perl) HPERL=$2; shift ;;
    --hipify-args) HARGS=$2; shift ;;
    --hipify-only) HONLY=1 ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) DIR=$1 ;;
  esac
  shift
done
[[ -n "$DIR" ]] || { usage >&2; die "give CORPUS_DIR"; }
[[ -f "$LIST" ]] || die "no corpus list $LIST"
[[ -z "$HCLANG" || -x "$HCLANG" ]] || die "hipify-clang '$HCLANG' is not an executable"
[[ -z "$HPERL" || -x "$HPERL" ]] || die "hipify-perl '$HPERL' is not an executable"
[[ $HONLY -eq 0 || -n "$HCLANG$HPERL" ]] || die "--hipify-only: give --hipify-clang or --hipify-perl"
[[ $TABLE -eq 1 || $HONLY -eq 1 || -x "$CU2HIP" ]] || die "$CU2HIP not built (cmake --build build --target cu2hip)"
mkdir -p "$DIR"/{src,stage,hip,reports,logs}
DIR=$(cd "$DIR" && pwd -P)
HELD="$REPO/../shared/held-out.txt"
# nvcc as the trees' own builds run it: device lambdas and constexpr host functions in device
# code are enabled by the flags DL builds pass (moderngpu's tutorials need --extended-lambda).
NVCC_REAL=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
printf '#!/bin/sh\nexec %s --extended-lambda --expt-relaxed-constexpr "$@"\n' "$NVCC_REAL" \
  >"$DIR/nvcc" && chmod +x "$DIR/nvcc"

# Source and build files only: large data files may be absent from a fetched snapshot.
SRC_RE='\.(cu|cuh|h|hh|hpp|hxx|c|cc|cpp|cxx|inc|inl|tpp|ipp|cmake|mk|txt|in)$|(^|/)(Makefile|makefile|GNUmakefile)$'

clone() { # OWNER/NAME COMMIT DEST
  local m="$MIRROR/${1/\//+}/repo"
  [[ -d "$m/.git" ]] && m="$m/.git"
  [[ -d "$m" ]] || die "$1 is not fetched ($m missing)"
  git clone -q --no-checkout "$m" "$3"
  git -C "$3" ls-tree -r --name-only "$2" | grep -E "$SRC_RE" >"$3.files" || true
  (cd "$3" && xargs -a "$3.files" -d '\n' git checkout -q "$2" --) || die "checkout of $1 failed"
  rm -f "$3.files"
  submodules "$1" "$2" "$3"
}

# GitHub submodules of DEST at COMMIT whose repository is fetched too are checked out at
# their recorded commit; the others stay empty (a warning).
submodules() { # OWNER/NAME COMMIT DEST
  local key path url sha sub
  git -C "$3" show "$2:.gitmodules" 2>/dev/null |
    git config -f /dev/stdin --get-regexp '^submodule\..*\.path$' | while read -r key path; do
    key=${key%.path}
    url=$(git -C "$3" show "$2:.gitmodules" | git config -f /dev/stdin --get "$key.url" || true)
    sha=$(git -C "$3" ls-tree "$2" -- "$path" | awk '$2 == "commit" {print $3}')
    sub=$(echo "$url" | sed -nE 's#^.*github\.com[:/]([^/]+)/([^/]+)$#\1/\2#p')
    sub=${sub%.git}
    if [[ -n "$sha" && -n "$sub" && -d "$MIRROR/${sub/\//+}/repo" ]]; then
      rmdir "$3/$path" 2>/dev/null || true
      clone "$sub" "$sha" "$3/$path"
    else
      echo "corpus-check: warning: $1: submodule $path ($url) not fetched: left empty" >&2
    fi
  done || true
}

stage() { # SRC DEST SUBS (globs expand inside SRC only)
  rm -rf "$2"; mkdir -p "$2"
  local subs
  IFS=, read -r -a subs <<<"$3"
  # A listed path absent at the commit (e.g. an unfetched submodule) is reported, not fatal.
  (cd "$1" && shopt -s nullglob && for p in "${subs[@]}"; do
     local any=0
     for f in $p; do [[ -e "$f" ]] || continue; cp -a --parents "$f" "$2/"; any=1; done
     [[ $any -eq 1 ]] || echo "corpus-check: warning: $(basename "$1"): '$p' matches nothing" >&2
   done)
}

# Clang 16's CUDA wrapper includes texture_fetch_functions.h, which CUDA 12+ no longer ships: an
# empty one lets hipify-clang parse against the installed SDK (as cu2hip's own parse does).
CUDA=$(dirname "$(dirname "$(readlink -f "$NVCC_REAL")")")
if [[ -n "$HCLANG" && -z "$HARGS" ]]; then
  HARGS="-std=c++17 -Xclang -fcuda-allow-variadic-functions -nocudalib -Wno-unknown-cuda-version"
  HARGS+=" -isystem $CUDA/include/cccl"
  if [[ ! -f "$CUDA/include/texture_fetch_functions.h" ]]; then
    mkdir -p "$DIR/hipify/compat"
    echo "// empty: removed from CUDA 12+, still included by Clang 16" \
      >"$DIR/hipify/compat/texture_fetch_functions.h"
    HARGS+=" -I$DIR/hipify/compat"
  fi
fi
HIPIFY_RE='\.(cu|cuh|c|cc|cpp|cxx|h|hpp|hxx|inc|inl)$'

hipify() { # clang|perl NAME STAGE FLAGS: port file by file, time it (see the header)
  local tool=$1 name=$2 st=$3 flags=$4 out="$DIR/hipify/$1/$2" f rc t0 n=0 bad=0
  local log="$DIR/logs/hipify-$name"
  [[ $tool == perl ]] && log="$DIR/logs/hipify-perl-$name"
  rm -rf "$out"; mkdir -p "$out"
  (cd "$st" && find . -type d -print0) | (cd "$out" && xargs -0 mkdir -p)
  (cd "$st" && find . -type f | sed 's#^\./##' | grep -E "$HIPIFY_RE" | sort) >"$log.files" || true
  echo "# $tool: $([[ $tool == clang ]] && echo "--cuda-path=$CUDA -- $HARGS") $flags" >"$log.log"
  : >"$log.status"
  echo "corpus-check: hipify-$tool on $name ($(wc -l <"$log.files") files)" >&2
  t0=$(date +%s.%N)
  while IFS= read -r f; do
    rc=0
    echo "== $f" >>"$log.log"
    if [[ $tool == clang ]]; then
      # shellcheck disable=SC2086
      "$HCLANG" "$st/$f" -o "$out/$f" --cuda-path="$CUDA" -- $HARGS $flags </dev/null >>"$log.log" 2>&1 || rc=$?
    else
      "$HPERL" -quiet-warnings -o "$out/$f" "$st/$f" </dev/null >>"$log.log" 2>&1 || rc=$?
    fi
    printf '%s\t%s\n' "$rc" "$f" >>"$log.status"
    n=$((n + 1)); [[ $rc -eq 0 ]] || bad=$((bad + 1))
  done <"$log.files"
  echo "$(date +%s.%N) - $t0" | bc >"$log.time"
  rm -f "$log.files"
  echo "corpus-check: hipify-$tool on $name: $(cat "$log.time") s, $bad of $n files failed" >&2
}

ROWS=()
while read -r spec subs flags; do
  [[ -z "$spec" || "$spec" == \#* ]] && continue
  full=${spec%@*} commit=${spec#*@} name=${full#*/}
  if [[ -n "$ONLY" && ",$ONLY," != *",$name,"* ]] || [[ $TABLE -eq 1 ]]; then continue; fi
  if [[ -f "$HELD" ]] && grep -qix "$full" "$HELD"; then die "$full is held out"; fi
  src="$DIR/src/$name" st="$DIR/stage/$name" out="$DIR/hip/$name"
  if [[ $HONLY -eq 1 && ! -d "$st" ]]; then
    echo "corpus-check: warning: $name: no staged tree $st: skipped" >&2; continue
  fi
  [[ $HONLY -eq 1 || -d "$src" ]] || clone "$full" "$commit" "$src"
  subs=${subs#sub=}
  # units=all: check every unit, not only those whose own text the port changed (a tree whose
  # CUDA code sits in headers, with .cu files that only include them).
  units=--changed-only
  if [[ $flags == units=all* ]]; then units=""; flags=${flags#units=all}; fi
  flags=${flags//@SRC@/$st}
  ptime=-
  if [[ $PORT -eq 1 && $HONLY -eq 0 ]]; then
    stage "$src" "$st" "$subs"
    rm -rf "$out"
    echo "corpus-check: porting $name" >&2
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$CU2HIP" -j "$JOBS" --quiet --in-root "$st" --out-root "$out" -- $flags \
      >"$DIR/logs/port-$name.log" 2>&1 || true
    ptime=$(echo "$(date +%s.%N) - $t0" | bc)
    echo "$ptime" >"$DIR/logs/port-$name.time"
  elif [[ -f "$DIR/logs/port-$name.time" ]]; then ptime=$(cat "$DIR/logs/port-$name.time"); fi
  [[ -z "$HCLANG" ]] || hipify clang "$name" "$st" "$flags"
  [[ -z "$HPERL" ]] || hipify perl "$name" "$st" "$flags"
  [[ $HONLY -eq 0 ]] || continue
  echo "corpus-check: checking $name" >&2
  rm -f "$DIR/reports/$name.json"
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$CU2HIP" check --out-root "$out" --in-root "$st" --rocm-root "$ROOT" --offload-arch "$ARCH" \
    --nvcc="$DIR/nvcc" $units -j "$JOBS" --report "$DIR/reports/$name.json" -- $flags \
    >"$DIR/logs/check-$name.txt" 2>"$DIR/logs/check-$name.err" || true
  echo "$(date +%s.%N) - $t0" | bc >"$DIR/logs/check-$name.time"
done <"$LIST"
while read -r spec _; do
  [[ -z "$spec" || "$spec" == \#* ]] && continue
  name=${spec%@*}; name=${name#*/}
  # A repository whose check ran but wrote no report (setup error) is listed as failed.
  [[ -f "$DIR/reports/$name.json" || -f "$DIR/logs/check-$name.err" ]] || continue
  hfail=n/a
  [[ ! -f "$DIR/logs/hipify-$name.status" ]] ||
    hfail="$(awk '$1 != 0' "$DIR/logs/hipify-$name.status" | wc -l)/$(wc -l <"$DIR/logs/hipify-$name.status")"
  ROWS+=("${spec%@*}@$(echo "${spec#*@}" | cut -c1-12)|$name|$(cat "$DIR/logs/port-$name.time" 2>/dev/null || echo -)|$(cat "$DIR/logs/hipify-$name.time" 2>/dev/null || echo n/a)|$hfail|$(cat "$DIR/logs/hipify-perl-$name.time" 2>/dev/null || echo n/a)")
done <"$LIST"

python3 - "$DIR" "$MD" "$ARCH" "${ROWS[@]}" <<'EOF'
import json, sys, collections
d, md, arch, rows = sys.argv[1], sys.argv[2] == "1", sys.argv[3].split(","), sys.argv[4:]
tot = collections.Counter(); cats_all = collections.Counter()
hdr = ["repository", "units", "nvcc-ok"] + [f"{a} ok" for a in arch] + \
      ["all targets", "of nvcc-ok", "failures by category", "cu2hip s", "hipify-clang s",
       "hipify-clang failed", "hipify-perl s"]
out = []
secs = lambda t: f"{float(t):.1f}" if t not in ("-", "", "n/a") else t or "-"
both = collections.Counter()  # port times of the repositories both cu2hip and hipify-clang ported
for r in rows:
    spec, name, pt, ht, hf, hp = r.split("|")
    pts, hts, hps = secs(pt), secs(ht), secs(hp)
    if pts != "-" and hts != "n/a":
        both.update(n=1, cu2hip=float(pt), clang=float(ht), bad=int(hf.split("/")[0]),
                    files=int(hf.split("/")[1]))
        if hps != "n/a": both.update(nperl=1, perl=float(hp), cu2hip_perl=float(pt))
    try:
        rep = json.load(open(f"{d}/reports/{name}.json"))
    except Exception:
        out.append([spec, "-", "-"] + ["-"] * len(arch) + ["-", "-", "check failed", pts, hts, hf, hps]); continue
    us = rep["units"]; n = len(us)
    nv = sum(1 for u in us if u.get("nvcc") == "ok")
    per = [sum(1 for u in us if u["targets"][a]["status"] == "ok") for a in arch]
    allok = sum(1 for u in us if u["category"] == "ok")
    nvok_all = sum(1 for u in us if u["category"] == "ok" and u.get("nvcc") == "ok")
    cats = collections.Counter(u["category"] for u in us if u["category"] != "ok")
    cats_all.update(cats)
    tot.update(units=n, nvcc=nv, allok=allok, nvok_all=nvok_all,
               **{f"t{i}": p for i, p in enumerate(per)})
    cs = ", ".join(f"{k} {v}" for k, v in sorted(cats.items())) or "-"
    out.append([spec, n, nv] + per + [allok, f"{nvok_all}/{nv}", cs, pts, hts, hf, hps])
out.append(["**total**" if md else "TOTAL", tot["units"], tot["nvcc"]] +
           [tot[f"t{i}"] for i in range(len(arch))] +
           [tot["allok"], f'{tot["nvok_all"]}/{tot["nvcc"]}',
            ", ".join(f"{k} {v}" for k, v in sorted(cats_all.items())), "", "", "", ""])
if md:
    print("| " + " | ".join(hdr) + " |"); print("|" + "---|" * len(hdr))
    for o in out: print("| " + " | ".join(str(x) for x in o) + " |")
else:
    fmt = "{:<48} {:>5} {:>7} " + " ".join(["{:>10}"] * len(arch)) + " {:>11} {:>10}  {:<40} {:>8} {:>14} {:>19} {:>13}"
    print(fmt.format(*hdr))
    for o in out: print(fmt.format(*[str(x) for x in o]))
pct = 100.0 * tot["nvok_all"] / tot["nvcc"] if tot["nvcc"] else 0
print(f"{tot['nvok_all']} of {tot['nvcc']} units that nvcc builds compile on ROCm 7.2 for "
      f"{', '.join(arch)} ({pct:.1f}%); {tot['allok']} of {tot['units']} units in all")
if both["n"]:
    perl = (f"; hipify-perl {both['perl']:.1f} s on {both['nperl']} of them (cu2hip "
            f"{both['cu2hip_perl']:.1f} s there)") if both["nperl"] else ""
    print(f"port time of the {both['n']} repositories both tools ported: cu2hip "
          f"{both['cu2hip']:.1f} s (its port run), hipify-clang {both['clang']:.1f} s (file by file; "
          f"{both['bad']} of {both['files']} files failed){perl}")
EOF
[[ $TABLE -eq 1 || -n "$HCLANG" ]] ||
  echo "corpus-check: no hipify-clang (Debian 12 has no package; build it from HIPIFY's sources and" \
    "give --hipify-clang PATH): cu2hip's port time alone" >&2
