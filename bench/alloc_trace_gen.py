#!/usr/bin/env python3
"""alloc_trace_gen.py - writes an allocation trace shaped like deep-RL training.

The trace format (`cu2hip-alloc-trace 1`) is described in docs/alloc.md,
section "Allocation traces". The workload, per the profile chosen:

  * a replay buffer allocated once in pinned host memory (cudaHostAlloc), plus
    the network's parameters, target network and optimizer state on the
    device, alive for the whole run;
  * per training step a sampled batch whose size varies (prioritized replay
    and n-step returns make the effective batch change from step to step),
    copied to the device, then forward activations of several layers,
    backward gradients freed out of order (a layer's activation is freed
    when its gradient has been computed, gradients a step later), a small
    loss and statistics scalars;
  * every `eval_every` steps an evaluation episode on a second stream: many
    short-lived per-time-step tensors of other shapes (a few environments,
    observation, hidden, Q-values, action);
  * every `tmp_every` steps a large temporary (target-network refresh
    staging, priority-tree rebuild, checkpoint staging), of varying size.

Deterministic: the same profile and seed give the same bytes on every Python
3 version (own splitmix64 generator, integer arithmetic only).

Usage: alloc_trace_gen.py --profile small|large [--seed N] [-o FILE]
"""
import argparse
import hashlib
import sys

PROFILES = {
    # A few KB, for CI (replayed against the fake device).
    "small": dict(steps=12, obs=2048, hidden=[256, 128], actions=6,
                  batch=(32, 160), replay=4096, eval_every=5, eval_len=4,
                  eval_envs=(1, 4), tmp_every=6, tmp=(1 << 20, 12 << 20),
                  seed=7),
    # For the GPU: peak near 10 GiB of device memory.
    "large": dict(steps=1500, obs=4 * 84 * 84 * 4, hidden=[8192, 4096, 2048],
                  actions=18, batch=(512, 4096), replay=8192,
                  eval_every=50, eval_len=40, eval_envs=(1, 16),
                  tmp_every=37, tmp=(64 << 20, 1536 << 20), seed=2026),
}


class Rng:
    """splitmix64: the same stream everywhere."""

    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def range(self, lo, hi):
        """An integer in [lo, hi]."""
        return lo + self.next() % (hi - lo + 1)

    def shuffle(self, xs):
        for i in range(len(xs) - 1, 0, -1):
            j = self.next() % (i + 1)
            xs[i], xs[j] = xs[j], xs[i]


class Trace:
    def __init__(self):
        self.lines = ["cu2hip-alloc-trace 1"]
        self.next_id = 0
        self.live = {}

    def comment(self, text):
        self.lines.append("# " + text)

    def alloc(self, size, stream, tag):
        i = self.next_id
        self.next_id += 1
        self.lines.append(f"a {i} {size} {stream} {tag}")
        self.live[i] = stream
        return i

    def host(self, size, tag):
        i = self.next_id
        self.next_id += 1
        self.lines.append(f"h {i} {size} {tag}")
        self.live[i] = "h"
        return i

    def free(self, i):
        kind = self.live.pop(i)
        self.lines.append(("H " if kind == "h" else "f ") + str(i))

    def text(self):
        return "\n".join(self.lines) + "\n"


def train_step(t, r, p, params, pending_grads):
    """One optimisation step on stream 0 (hipMalloc/hipFree)."""
    lo, hi = p["batch"]
    # Batch sizes vary in 32-sample steps.
    b = r.range(lo // 32, hi // 32) * 32
    obs = t.alloc(b * p["obs"], 0, "batch")
    nxt = t.alloc(b * p["obs"], 0, "batch")
    meta = t.alloc(b * 16, 0, "batch")  # action, reward, done, weight
    widths = p["hidden"] + [p["actions"]]
    acts = [t.alloc(b * w * 4, 0, "act") for w in widths]
    tq = t.alloc(b * p["actions"] * 4, 0, "act")  # target network's Q
    t.free(nxt)
    loss = t.alloc(b * 4, 0, "act")
    scal = t.alloc(4, 0, "scalar")
    # Backward: the gradient of a layer's output, then its activation and the
    # gradient above are freed; weight gradients live until the next step's
    # optimizer update (out of order with respect to their allocation).
    t.free(tq)
    g_above = t.alloc(b * p["actions"] * 4, 0, "grad")
    grads = []
    for li in range(len(widths) - 1, -1, -1):
        grads.append(t.alloc(params[li], 0, "wgrad"))
        t.free(acts[li])
        if li > 0:
            g = t.alloc(b * widths[li - 1] * 4, 0, "grad")
            t.free(g_above)
            g_above = g
    t.free(g_above)
    t.free(loss)
    for g in pending_grads:
        t.free(g)
    # Priorities go back to the host buffer: a small staging block.
    prio = t.alloc(b * 4, 0, "batch")
    t.free(obs)
    t.free(meta)
    t.free(prio)
    t.free(scal)
    r.shuffle(grads)
    return grads


def eval_episode(t, r, p):
    """An evaluation episode on stream 1 (hipMallocAsync/hipFreeAsync)."""
    envs = r.range(*p["eval_envs"])
    state = t.alloc(envs * p["obs"], 1, "eval")
    for _ in range(p["eval_len"]):
        ob = t.alloc(envs * p["obs"], 1, "eval")
        hs = [t.alloc(envs * w * 4, 1, "eval") for w in p["hidden"]]
        q = t.alloc(envs * p["actions"] * 4, 1, "eval")
        for h in hs:
            t.free(h)
        a = t.alloc(envs * 4, 1, "eval")
        t.free(q)
        t.free(ob)
        t.free(a)
    t.free(state)


def generate(p, seed):
    r = Rng(seed)
    t = Trace()
    t.comment(f"deep-RL workload, seed {seed}: " + ", ".join(
        f"{k}={v}" for k, v in sorted(p.items()) if k != "seed"))
    # Replay buffer: pinned host, filled once (observations + metadata).
    t.host(p["replay"] * p["obs"], "replay")
    t.host(p["replay"] * 16, "replay")
    dims = [p["obs"] // 4] + p["hidden"] + [p["actions"]]
    params = [dims[i] * dims[i + 1] * 4 + dims[i + 1] * 4
              for i in range(len(dims) - 1)]
    persistent = []
    for tag in ("param", "target", "adam_m", "adam_v"):
        persistent += [t.alloc(n, 0, tag) for n in params]
    pending = []
    for step in range(p["steps"]):
        pending = train_step(t, r, p, params, pending)
        if step % p["eval_every"] == p["eval_every"] - 1:
            eval_episode(t, r, p)
        if step % p["tmp_every"] == p["tmp_every"] - 1:
            lo, hi = p["tmp"]
            tmp = t.alloc(r.range(lo >> 20, hi >> 20) << 20, 0, "tmp")
            t.free(tmp)
    for g in pending:
        t.free(g)
    for i in persistent:
        t.free(i)
    for i in list(t.live):
        t.free(i)
    return t.text()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--profile", choices=sorted(PROFILES), default="small")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--sha256", action="store_true",
                    help="print the trace's SHA-256 instead of the trace")
    a = ap.parse_args()
    p = dict(PROFILES[a.profile])
    seed = p.pop("seed") if a.seed is None else a.seed
    p.pop("seed", None)
    text = generate(p, seed)
    if a.sha256:
        print(hashlib.sha256(text.encode()).hexdigest())
        return
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
