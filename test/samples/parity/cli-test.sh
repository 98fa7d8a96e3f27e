#!/usr/bin/env bash
# cli-test.sh PARITY FIXTURES — command-line behaviour of cu2hip-parity on small traces:
# equal traces pass (exit 0), a trace perturbed at step 4 fails there (exit 1), a truncated
# trace fails, a missing file is an error (exit 2).
set -u
P=$1 D=$2
fail=0
check() { # name expected-exit command...
  local name=$1 want=$2; shift 2
  out=$("$@" 2>&1); rc=$?
  if [[ $rc -ne $want ]]; then echo "FAIL $name: exit $rc, expected $want"; echo "$out"; fail=1; return; fi
  echo "ok   $name"
  LAST=$out
}
expect() { # name pattern
  if ! grep -q -- "$2" <<<"$LAST"; then echo "FAIL $1: output lacks '$2'"; echo "$LAST"; fail=1; fi
}
check equal 0 "$P" "$D/cuda.jsonl" "$D/hip-equal.jsonl"
expect equal-summary "cu2hip-parity: PASS sample=fixture a=cuda b=hip values=11 max_rel=0 first_divergence=none"
check diverged 1 "$P" "$D/cuda.jsonl" "$D/hip-diverged-step4.jsonl"
expect diverged-step "first divergence: step 4 ('loss')"
expect diverged-detail "loss: first mismatch at step 4, index 0: 0.3125 vs 0.32"
check diverged-before-4 0 "$P" --max-step 3 "$D/cuda.jsonl" "$D/hip-diverged-step4.jsonl"
check diverged-loose 0 "$P" --rtol-train 0.05 "$D/cuda.jsonl" "$D/hip-diverged-step4.jsonl"
check truncated 1 "$P" "$D/cuda.jsonl" "$D/truncated.jsonl"
expect truncated-end "no end record"
check missing-file 2 "$P" "$D/cuda.jsonl" "$D/does-not-exist.jsonl"
check quiet 1 "$P" --quiet "$D/cuda.jsonl" "$D/hip-diverged-step4.jsonl"
[[ $(wc -l <<<"$LAST") -eq 1 ]] || { echo "FAIL quiet: more than one line"; fail=1; }
exit $fail
