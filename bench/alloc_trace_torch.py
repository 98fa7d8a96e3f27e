#!/usr/bin/env python3
"""alloc_trace_torch.py - replays a cu2hip allocation trace through PyTorch.

Each device allocation of the trace becomes torch.empty(BYTES, dtype=uint8,
device="cuda") on the trace's stream (0: the default stream, K: a side
stream), each free drops the tensor; pinned host records use
torch.empty(..., pin_memory=True). The allocator's setting is the usual
PYTORCH_CUDA_ALLOC_CONF of the process (set it before starting this program).

Prints one markdown row, the same columns as alloc_trace_replay:
  | allocator | peak allocated | peak reserved | ratio | device allocs |
  OOM retries | ns / op | device used peak (mem_get_info) |
Pass 1 is timed (device ops only); pass 2, after empty_cache, samples
torch.cuda.mem_get_info after every allocation.

Usage: alloc_trace_torch.py --label TEXT TRACE
"""
import argparse
import os
import sys
import time

import torch


def load(path):
    ops = []
    with open(path) as f:
        first = f.readline().rstrip("\n")
        if first != "cu2hip-alloc-trace 1":
            sys.exit(f"{path}:1: not a cu2hip allocation trace")
        for n, line in enumerate(f, start=2):
            if not line.strip() or line[0] == "#":
                continue
            p = line.split()
            k = p[0]
            if k == "a":
                ops.append(("a", int(p[1]), int(p[2]), int(p[3])))
            elif k == "h":
                ops.append(("h", int(p[1]), int(p[2]), 0))
            elif k in ("f", "H"):
                ops.append((k, int(p[1]), 0, 0))
            else:
                sys.exit(f"{path}:{n}: unknown record '{k}'")
    return ops


def replay(ops, streams, sample):
    live = {}
    secs = 0.0
    peak_used = 0
    base = None
    if sample:
        free, total = torch.cuda.mem_get_info()
        base = total - free
    dev = torch.device("cuda")
    t0 = time.perf_counter()
    for k, i, n, s in ops:
        if k == "a":
            if s:
                with torch.cuda.stream(streams[s]):
                    live[i] = torch.empty(n, dtype=torch.uint8, device=dev)
            else:
                live[i] = torch.empty(n, dtype=torch.uint8, device=dev)
            if sample:
                free, total = torch.cuda.mem_get_info()
                peak_used = max(peak_used, total - free - base)
        elif k == "f":
            del live[i]
        else:
            secs += time.perf_counter() - t0
            if k == "h":
                live[i] = torch.empty(n, dtype=torch.uint8, pin_memory=True)
            else:
                del live[i]
            t0 = time.perf_counter()
    torch.cuda.synchronize()
    secs += time.perf_counter() - t0
    return secs, peak_used


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--label", default=None)
    ap.add_argument("trace")
    a = ap.parse_args()
    conf = os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "")
    label = a.label or ("PyTorch " + (conf or "default"))
    ops = load(a.trace)
    nstreams = 1 + max((s for k, _, _, s in ops if k == "a"), default=0)
    torch.cuda.init()
    torch.empty(1, device="cuda")  # context
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    streams = [None] + [torch.cuda.Stream() for _ in range(nstreams - 1)]
    base_alloc = torch.cuda.memory_allocated()
    secs, _ = replay(ops, streams, False)
    st = torch.cuda.memory_stats()
    peak_alloc = torch.cuda.max_memory_allocated() - base_alloc
    peak_res = torch.cuda.max_memory_reserved()
    dev_allocs = st.get("num_device_alloc", st.get("segment.all.allocated", 0))
    retries = st.get("num_alloc_retries", 0)
    nops = sum(1 for k, *_ in ops if k in "af")
    torch.cuda.empty_cache()
    _, used = replay(ops, streams, True)
    print(f"| {label} | {peak_alloc / 2**30:.3f} | {peak_res / 2**30:.3f} | "
          f"{peak_res / peak_alloc:.3f} | {dev_allocs} | {retries} | "
          f"{secs * 1e9 / nops:.0f} | {used / 2**30:.3f} |", flush=True)
    print(f"[{label}] torch {torch.__version__}, segment.all.allocated "
          f"{st.get('segment.all.allocated')}, num_device_alloc "
          f"{st.get('num_device_alloc')}, num_alloc_retries {retries}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
