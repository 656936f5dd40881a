#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Replays, on the CPU, the global-load addresses of the fused matrix-chain kernels
(cuda_variants/matrix_chain/matrixchain_fused_kernels.cu, matrixchain_tile_pipeline.cuh: element-wise staging of
the A operand, 16-byte vectors for B, R patches in runs of 4) warp by warp, and sums the
bytes requested and the 32-byte sectors touched. It is a model of the code's access
pattern, not a measurement: it says how much a sector-counting profiler metric could
exceed the bytes requested when a block's thread count is not a multiple of 32.

The A operand is walked by the block's whole warps only, as the kernels do since 1a167c3;
--all-threads replays the walk before it (every thread, warps straddling rows), which the
H100 measured exactly (docs/results/matrixchain_h100.md, run 6). It counts the sectors a
warp's requests cover, as cp.async.ca does; the .cg form the kernels used before run 6
touched 1.5x that for the B vectors, which this replay does not model.

  benchmarks/matrixchain_sector_replay.py left 1040,2048,304,1568 104 152 [--all-threads]
  benchmarks/matrixchain_sector_replay.py right 1080,144,480,448 144 112
"""
import argparse
import math

MICRO, CHUNK, E = 8, 8, 4  # float32, 8 x 8 outputs a thread, k chunks of 8


class Replay:
    def __init__(self, x, y, all_threads=False):
        self.x, self.y = x, y
        self.threads = (x // MICRO) * (y // MICRO)
        # threads that walk A's elements: whole warps only (Patch::walkers), or all
        self.walkers = self.threads if all_threads or self.threads < 32 else self.threads // 32 * 32
        self.warps = math.ceil(self.threads / 32)
        self.req, self.sec = {}, {}

    def add(self, what, lanes):  # lanes: (first byte, bytes) of one warp instruction
        self.req[what] = self.req.get(what, 0) + sum(n for _, n in lanes)
        self.sec[what] = self.sec.get(what, 0) + 32 * len({b // 32 for a, n in lanes for b in (a, a + n - 1)})

    def stage_a(self, what, base, ld, rows_valid, k_len):  # stage_transposed, element walk
        count = self.x * CHUNK
        for k0 in range(0, k_len, CHUNK):
            for q in range(math.ceil(count / self.walkers)):
                for w in range(math.ceil(self.walkers / 32)):
                    lanes = []
                    for tid in range(32 * w, min(32 * w + 32, self.walkers)):
                        e = q * self.walkers + tid
                        r, k = e // CHUNK, e % CHUNK
                        if e < count and r < rows_valid and k0 + k < k_len:
                            lanes.append(((base + r * ld + k0 + k) * E, E))
                    self.add(what, lanes)

    def stage_b(self, what, base, ld, cols_valid, k_len):  # stage_rows, 16-byte vector walk
        per_row = self.y * E // 16
        rows_per_pass = self.threads // per_row
        for k0 in range(0, k_len, CHUNK):
            for k_pass in range(0, CHUNK, rows_per_pass):
                for w in range(self.warps):
                    lanes = []
                    for tid in range(32 * w, min(32 * w + 32, rows_per_pass * per_row)):
                        k, c = k_pass + tid // per_row, (tid % per_row) * (16 // E)
                        if k < CHUNK and k0 + k < k_len and c < cols_valid:
                            lanes.append(((base + (k0 + k) * ld + c) * E, min(16, (cols_valid - c) * E)))
                    self.add(what, lanes)

    def load_r(self, base, ld, rows_valid, cols_valid):  # load_patch, runs of MICRO / 2
        half, across = MICRO // 2, self.y // MICRO
        for i in range(MICRO):
            for h in (0, half):
                for w in range(self.warps):
                    lanes = []
                    for tid in range(32 * w, min(32 * w + 32, self.threads)):
                        row, col = (tid // across) * half, (tid % across) * half
                        r = row + i if i < half else self.x // 2 + row + i - half
                        c = col if h == 0 else self.y // 2 + col
                        if r < rows_valid and c + half <= cols_valid:
                            lanes.append(((base + r * ld + c) * E, half * E))
                    self.add("R", lanes)


def replay(kind, p, x, y, all_threads=False):
    p0, p1, p2, p3 = p
    s = Replay(x, y, all_threads)
    if kind == "left":  # T = X[ib] Y[:, jb]; R[ib, chunk] += T Z[jb, chunk]
        for ib in range(math.ceil(p0 / x)):
            for jb in range(math.ceil(p2 / y)):
                r0, c0 = ib * x, jb * y
                s.stage_a("X", r0 * p1, p1, p0 - r0, p1)
                s.stage_b("Y", c0, p2, p2 - c0, p1)
                for cc in range(0, p3, y):
                    s.stage_b("Z", c0 * p3 + cc, p3, p3 - cc, min(p2 - c0, y))
                    if jb > 0:
                        s.load_r(r0 * p3 + cc, p3, p0 - r0, p3 - cc)
    else:  # T = Y[ib] Z[:, jb]; R[chunk, jb] += X[chunk, ib] T
        for ib in range(math.ceil(p1 / x)):
            for jb in range(math.ceil(p3 / y)):
                r0, c0 = ib * x, jb * y
                s.stage_a("Y", r0 * p2, p2, p1 - r0, p2)
                s.stage_b("Z", c0, p3, p3 - c0, p2)
                for rr in range(0, p0, x):
                    s.stage_a("X", rr * p1 + r0, p1, p0 - rr, min(p1 - r0, x))
                    if ib > 0:
                        s.load_r(rr * p3 + c0, p3, p0 - rr, p3 - c0)
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kind", choices=["left", "right"])
    ap.add_argument("dims", help="P0,P1,P2,P3")
    ap.add_argument("x", type=int)
    ap.add_argument("y", type=int)
    ap.add_argument("--all-threads", action="store_true", help="A walked by every thread (the kernels before 1a167c3)")
    a = ap.parse_args()
    s = replay(a.kind, [int(v) for v in a.dims.split(",")], a.x, a.y, a.all_threads)
    print(f"{a.kind} {a.dims} tile {a.x} x {a.y}: {s.threads} threads a block")
    for what in s.req:
        print(f"  {what}: requested {s.req[what] / 1e6:.2f} MB, sectors {s.sec[what] / 1e6:.2f} MB "
              f"({s.sec[what] / s.req[what]:.3f}x)")
    req, sec = sum(s.req.values()), sum(s.sec.values())
    print(f"  total: requested {req / 1e6:.2f} MB, sectors {sec / 1e6:.2f} MB ({sec / req:.3f}x)")


if __name__ == "__main__":
    main()
