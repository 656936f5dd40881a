#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Cross-checks sw_miniapp's scores against parasail (Debian's python3-parasail), which uses
the same gap convention (a gap of length k costs open + (k-1) * extend): random DNA and
protein pairs with planted similar regions, several gap settings, through the FASTA
converter and the mini-app as a user runs them. Exit 77 (ctest: skipped) without parasail.

usage: parasail_crosscheck.py GEN_INPUTS SW_MINIAPP WORKDIR
"""
import json
import os
import random
import subprocess
import sys

try:
    import parasail
except ImportError:
    print("parasail_crosscheck: skipped: python3-parasail is not installed (apt install python3-parasail)")
    sys.exit(77)

gen, app, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
seed = random.randrange(1 << 30)
rng = random.Random(seed)
print(f"seed {seed}")


def fasta(path, name, seq):
    with open(path, "w") as f:
        f.write(f">{name}\n")
        for k in range(0, len(seq), 60):
            f.write(seq[k:k + 60] + "\n")


def pair(letters, n, m):
    a = "".join(rng.choice(letters) for _ in range(n))
    b = list(rng.choice(letters) for _ in range(m))
    k = min(n, m) // 3
    if k > 0:  # a mutated copy of a piece of a in b
        i, j = rng.randrange(n - k + 1), rng.randrange(m - k + 1)
        for t in range(k):
            b[j + t] = a[i + t] if rng.random() > 0.15 else rng.choice(letters)
    return a, "".join(b)


cases = []
for alphabet, letters in (("dna", "ACGT"), ("protein", "ARNDCQEGHILKMFPSTWYV")):
    for open_, extend in ((7, 2), (10, 1), (3, 3), (1, 0)):
        for _ in range(3):
            cases.append((alphabet, letters, open_, extend, rng.randrange(1, 700), rng.randrange(1, 700)))

failures = 0
for n_case, (alphabet, letters, open_, extend, n, m) in enumerate(cases):
    a, b = pair(letters, n, m)
    fa, fb, h5 = (os.path.join(work, f"{n_case}.{x}") for x in ("a.fa", "b.fa", "h5"))
    fasta(fa, "a", a)
    fasta(fb, "b", b)
    subprocess.run([gen, "fasta", "--a", fa, "--b", fb, "--alphabet", alphabet, "-o", h5], check=True,
                   stdout=subprocess.DEVNULL)
    run = subprocess.run([app, h5, "--variant", "cpu/reference", "--reps", "1", "--warmup", "0", "--energy-window",
                          "0", "--json", "--gap-open", str(open_), "--gap-extend", str(extend)],
                         check=True, capture_output=True, text=True)
    got = json.loads(run.stdout.splitlines()[0])["result"]["score"]
    matrix = parasail.matrix_create("ACGT", 2, -3) if alphabet == "dna" else parasail.blosum62
    # parasail.sw is its plain (non-vectorized) implementation; its striped kernel returned
    # 860 against 861 from sw, sw_scan_32, an independent Gotoh and us on one protein pair
    # with open = extend = 3 (docs/smith_waterman.md), so it is not the oracle here.
    want = parasail.sw(a, b, open_, extend, matrix).score
    status = "ok" if got == want else "MISMATCH"
    failures += got != want
    print(f"{status}: {alphabet} {n}x{m} open {open_} extend {extend}: sw_miniapp {got}, parasail {want}")
print(f"{len(cases) - failures}/{len(cases)} scores equal parasail's")
sys.exit(1 if failures else 0)
