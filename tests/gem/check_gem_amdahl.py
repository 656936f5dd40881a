#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""benchmarks/gem_amdahl.py on synthetic records: a CPU ladder whose OpenMP times follow
Amdahl's law with P = 0.9 (and 2% noise of alternating sign) must fit P = 0.9 within 0.01;
the ladder, Table 3.1 and a GPU record of the same problem come out with the expected
speed-ups, every model number labelled; mixed problems are one error line.

    check_gem_amdahl.py PYTHON SCRIPT WORKDIR      (exit 77: no scipy, the test skips)
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from script_check import start  # noqa: E402

python, script, work = start("scipy.optimize")
P, SERIAL, SIMD = 0.9, 2.0, 0.5
RUN = {"atoms": 1441, "vertices": 16520, "region": 1, "salt_mol_per_l": 0.0, "phi": "total", "proj_A": 0.0}
PAIRS = 1441 * 16520


def record(variant, backend, config, t, run=RUN, dtype="float32"):
    return {"app": "gem", "variant": variant, "backend": backend, "config": config, "time_s": t, "dtype": dtype,
            "rate": run["atoms"] * run["vertices"] / t / 1e9, "run": run, "verification": {"status": "passed"},
            "provenance": {"devices": ["synthetic"]}}


cpu = [record("cpu/serial", "cpu", "float32, scalar, 1 thread", SERIAL),
       record("cpu/simd", "cpu", "float32, avx512f, 1 thread", SIMD),
       record("cpu/simd", "cpu", "float32, sse2, 1 thread", 1.0)]
for k, n in enumerate([1, 2, 4, 8, 16]):
    noise = 1 + (0.02 if k % 2 else -0.02) * (n > 1)
    cpu.append(record("cpu/openmp", "cpu", "float32, avx512f, %d thread%s" % (n, "s" * (n > 1)),
                      SIMD * ((1 - P) + P / n) * noise))
cpu_file, gpu_file, mixed_file = (os.path.join(work, f) for f in ("cpu.jsonl", "gpu.jsonl", "mixed.jsonl"))
with open(cpu_file, "w") as f:
    f.write("".join(json.dumps(r) + "\n" for r in cpu))
with open(gpu_file, "w") as f:
    f.write(json.dumps(record("cuda/tuned", "cuda", "block=256", 0.001)) + "\n")
    f.write(json.dumps(record("cuda/tuned", "cuda", "block=256", 0.002, dtype="float64")) + "\n")
with open(mixed_file, "w") as f:
    f.write("".join(json.dumps(r) + "\n" for r in cpu))
    f.write(json.dumps(record("cpu/serial", "cpu", "float32, scalar, 1 thread", 9.0, run=dict(RUN, atoms=25086))) + "\n")

out = subprocess.run([python, script, cpu_file, "--gpu", gpu_file], capture_output=True, text=True)
fail = []
if out.returncode != 0:
    fail.append("exit %d: %s" % (out.returncode, out.stderr))
text = out.stdout
m = re.search(r"Amdahl fit \(model\): P = ([0-9.]+)", text)
if not m or abs(float(m.group(1)) - P) > 0.01:
    fail.append("fitted P %s, expected %.2f within 0.01" % (m.group(1) if m else "missing", P))
for want in ["| 2 | cpu/simd | float32, avx512f, 1 thread | 0.5 | 0.0476 | 4.00x |",  # the SIMD step, 4x
             "| 2 | cpu/simd | float32, sse2, 1 thread | 1 | 0.0238 | 2.00x |",
             "SSE: 1.9x over -O3",
             "OpenMP, 16 cores: 10.2x over 1 core",
             "| S, thesis (P = 0.97, model) | 7.8 | 25.2 | 32.3 | 33.2 |",
             "| S, fitted P (model) | 5.",  # 1 / (0.1 + 0.9 / N): 5.3 at N = 10
             "| cuda/tuned | synthetic | block=256 | 0.001 | 500x |",  # 0.5 s / 1 ms
             "times, same problem",
             "(1 GPU records left out"]:
    if want not in text:
        fail.append("missing: " + want)
mixed = subprocess.run([python, script, mixed_file], capture_output=True, text=True)
if mixed.returncode == 0 or not re.search(r"^error: the CPU records hold 2 problems", mixed.stderr, re.M):
    fail.append("two problems: exit %d, stderr %r" % (mixed.returncode, mixed.stderr))
if fail:
    print(text)
    print("\n".join(fail))
    sys.exit(1)
print("gem_amdahl.py on synthetic records: P = %s, as built" % m.group(1))
