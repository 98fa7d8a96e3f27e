#!/usr/bin/env python3
"""llmc-data.py - synthetic token files in llm.c's format, for from-scratch runs (no downloads).

Usage: scripts/llmc-data.py OUTDIR [--train N] [--val N] [--vocab V] [--seed S]

Writes OUTDIR/synth_train.bin and OUTDIR/synth_val.bin as llm.c's dataloader reads them
(llmc/dataloader.h): a header of 256 little-endian int32 (magic 20240520, version 1, the
token count), then the tokens as little-endian uint16. The text is a fixed-seed order-2
Markov chain over V token ids (default 50257, GPT-2's vocabulary; at most 65535), with a
few hundred frequent tokens and skewed transitions, so a model trained on it learns
something and its loss falls within tens of steps. Same arguments, same bytes.

Train with llm.c's trainer from scratch, e.g.
  ./train_gpt2cu -e d6 -i OUTDIR/synth_train.bin -j OUTDIR/synth_val.bin -b 8 -t 256 -x 40

--checkpoint PATH also writes a freshly initialised GPT-2 model in llm.c's fp32 checkpoint
format (header of 256 int32: magic 20240326, version 3, max_seq_len, vocab_size, num_layers,
num_heads, channels, padded_vocab_size; then the 16 parameter tensors in llm.c's order, fp32)
for the legacy train_gpt2_fp32.cu, which always starts from a checkpoint: depth --depth
(default 6, like `-e d6`: channels 64*depth, heads depth, 1024 positions, padded vocabulary
50304), weights N(0, 0.02) from --seed, biases 0, layer-norm weights 1. That trainer runs one
epoch of its train file: --train B*T*steps+1 tokens gives `steps` steps.
"""
import argparse
import os
import random
import struct
import sys

MAGIC, VERSION, HEADER_INTS = 20240520, 1, 256


def tokens(n, vocab, seed):
    """n tokens of the chain: each (a, b) pair has a handful of likely successors."""
    rng = random.Random(seed)
    common = [rng.randrange(vocab) for _ in range(512)]
    out = [common[0], common[1]]
    for _ in range(n - 2):
        a, b = out[-2], out[-1]
        r = rng.random()
        if r < 0.7:  # one of four successors fixed by the previous two tokens
            h = (a * 1000003 + b * 9176 + rng.randrange(4)) % len(common)
            out.append(common[h])
        elif r < 0.95:
            out.append(common[rng.randrange(len(common))])
        else:
            out.append(rng.randrange(vocab))
    return out


def write(path, toks):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        header = [MAGIC, VERSION, len(toks)] + [0] * (HEADER_INTS - 3)
        f.write(struct.pack("<%di" % HEADER_INTS, *header))
        f.write(struct.pack("<%dH" % len(toks), *toks))
    os.replace(tmp, path)


def checkpoint(path, depth, vocab, seed):
    """A from-scratch fp32 checkpoint (see the module comment); numpy when present."""
    C, L, NH, maxT, Vp = 64 * depth, depth, depth, 1024, (vocab + 127) // 128 * 128
    sizes = [Vp * C, maxT * C, L * C, L * C, L * 3 * C * C, L * 3 * C, L * C * C, L * C,
             L * C, L * C, L * 4 * C * C, L * 4 * C, L * C * 4 * C, L * C, C, C]
    kind = ["w", "w", "one", "zero", "w", "zero", "w", "zero",
            "one", "zero", "w", "zero", "w", "zero", "one", "zero"]
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        header = [20240326, 3, maxT, vocab, L, NH, C, Vp] + [0] * (HEADER_INTS - 8)
        f.write(struct.pack("<%di" % HEADER_INTS, *header))
        try:
            import numpy as np
            rng = np.random.default_rng(seed)
            for n, k in zip(sizes, kind):
                a = (rng.standard_normal(n, dtype=np.float32) * np.float32(0.02) if k == "w"
                     else np.full(n, 1.0 if k == "one" else 0.0, dtype=np.float32))
                f.write(a.astype("<f4").tobytes())
        except ImportError:
            import array
            rng = random.Random(seed)
            for n, k in zip(sizes, kind):
                if k == "w":
                    a = array.array("f", (rng.gauss(0.0, 0.02) for _ in range(n)))
                else:
                    a = array.array("f", [1.0 if k == "one" else 0.0]) * n
                if sys.byteorder != "little":
                    a.byteswap()
                f.write(a.tobytes())
    os.replace(tmp, path)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("outdir")
    p.add_argument("--train", type=int, default=400000, help="train tokens (default 400000)")
    p.add_argument("--val", type=int, default=65536, help="validation tokens (default 65536)")
    p.add_argument("--vocab", type=int, default=50257)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--checkpoint", help="also write a from-scratch fp32 checkpoint here")
    p.add_argument("--depth", type=int, default=6, help="checkpoint depth (default 6)")
    a = p.parse_args()
    if not 2 <= a.vocab <= 65535:
        sys.exit("llmc-data: --vocab must be in 2..65535 (tokens are uint16)")
    if a.train < 2 or a.val < 2:
        sys.exit("llmc-data: --train and --val need at least 2 tokens")
    os.makedirs(a.outdir, exist_ok=True)
    # One chain, split: the validation text follows the same statistics.
    toks = tokens(a.train + a.val, a.vocab, a.seed)
    write(os.path.join(a.outdir, "synth_train.bin"), toks[: a.train])
    write(os.path.join(a.outdir, "synth_val.bin"), toks[a.train :])
    print("llmc-data: %d train, %d val tokens in %s" % (a.train, a.val, a.outdir))
    if a.checkpoint:
        checkpoint(a.checkpoint, a.depth, a.vocab, a.seed)
        print("llmc-data: d%d checkpoint %s" % (a.depth, a.checkpoint))


if __name__ == "__main__":
    main()
