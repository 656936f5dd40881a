#!/usr/bin/env python3
"""torch.linalg.multi_dot (cuBLAS) on a matrix chain, timed as matrixchain_miniapp times its
variants: CUDA events around one chain product, after warm-up, median of the repetitions.
TF32 off (torch.backends.cuda.matmul.allow_tf32 = False), float32 or float64. With --graph
the product is captured once into a CUDA graph (torch.cuda.CUDAGraph) and replayed, as the
suite's CUDA variants do by default (--cuda-graph on).

  benchmarks/matrixchain_vs_torch.py --dims 936,1008,552,368,1016,616,544 [--precision float64] [--graph]

Prints one JSON record (the GPU, dims, median/min ms, GFLOP/s of the op-count tree)."""
import argparse
import json
import statistics
import sys


def opcount(p):
    n = len(p) - 1
    m = [[0] * (n + 1) for _ in range(n + 1)]
    for length in range(2, n + 1):
        for i in range(1, n - length + 2):
            j = i + length - 1
            m[i][j] = min(m[i][k] + m[k + 1][j] + p[i - 1] * p[k] * p[j] for k in range(i, j))
    return m[1][n]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dims", default="936,1008,552,368,1016,616,544")
    ap.add_argument("--precision", choices=["float32", "float64"], default="float32")
    ap.add_argument("--reps", type=int, default=200)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--graph", action="store_true", help="replay the product as one captured CUDA graph")
    a = ap.parse_args()
    try:
        import torch
    except ImportError:
        print(json.dumps({"error": "torch not available"}))
        return 1
    if not torch.cuda.is_available():
        print(json.dumps({"error": "no GPU visible"}))
        return 1
    torch.backends.cuda.matmul.allow_tf32 = False
    p = [int(x) for x in a.dims.split(",")]
    dtype = torch.float32 if a.precision == "float32" else torch.float64
    g = torch.Generator(device="cuda").manual_seed(42)
    mats = [torch.rand(p[m - 1], p[m], device="cuda", dtype=dtype, generator=g) * 2 - 1 for m in range(1, len(p))]
    product = lambda: torch.linalg.multi_dot(mats)
    if a.graph:  # capture on a side stream after warm-up there, as torch's documentation does
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(3):
                torch.linalg.multi_dot(mats)
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            torch.linalg.multi_dot(mats)
        product = graph.replay
    for _ in range(a.warmup):
        product()
    torch.cuda.synchronize()
    times = []
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(a.reps):
        start.record()
        product()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    med = statistics.median(times)
    flops = 2 * opcount(p)
    print(json.dumps({"tool": "torch.linalg.multi_dot", "cuda_graph": a.graph, "torch": torch.__version__, "gpu": torch.cuda.get_device_name(),
                      "dims": p, "precision": a.precision, "tf32": False, "reps": a.reps, "median_ms": med,
                      "min_ms": min(times), "gflops": flops / (med * 1e-3) / 1e9}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
