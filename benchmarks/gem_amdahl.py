#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""GEM's CPU ladder and Amdahl fit from the suite's records, beside the thesis' (seed 002,
digest section 5: -O3 2x, SSE 1.9x, -O3+SSE 3.8x, OpenMP 10.2x on 16 cores, P = 0.97).

    gem_amdahl.py CPU.jsonl [CPU.jsonl ...] [--gpu GPU.jsonl ...] [--markdown OUT.md]

CPU.jsonl: gem_miniapp --json records of cpu/serial, cpu/simd and cpu/openmp at several
OMP_NUM_THREADS (benchmarks/gem_cpu_scaling.sh), one problem. Prints:
  - the ladder serial -> simd -> openmp N (wall medians, measured) beside the thesis' steps;
  - S(N) = T_openmp(1) / T_openmp(N), and Amdahl's S = 1 / ((1 - P) + P / N) fitted to it
    (scipy.optimize.curve_fit, P in [0, 1]); every number from the fit is labelled "model";
  - Table 3.1 (N = 10, 100, 1,000, 10,000) from the fitted P beside the thesis' (P = 0.97);
  - with --gpu (gem_miniapp records of GPU variants, e.g. docs/results/data/gem_h100/*.jsonl):
    each GPU variant's speed-up over cpu/simd (the thesis' "SSE serial" baseline of 328x and
    371x) and over the fastest CPU record. Same problem: by times (a GPU record's time is its
    device time); another size: by pair rates, and the row says so.
"""
import argparse
import re
import sys

from hpcs_records import read_records

THESIS_SSE = 1.9         # SSE over the -O3 code
THESIS_O3 = 2.0          # -O3 over the unoptimized code (not measured here)
THESIS_O3_SSE = 3.8      # -O3 + SSE over the unoptimized code
THESIS_16 = 10.2         # OpenMP on 16 Magny-Cours cores
THESIS_P = 0.97
THESIS_TABLE_3_1 = {10: 7.8, 100: 25.2, 1000: 32.3, 10000: 33.2}
THESIS_GPU = "328x (NVIDIA) / 371x (AMD HD 5870) over SSE serial; 36x over SSE + OpenMP 16 cores"

# What makes two records the same problem.
PROBLEM_KEYS = ("atoms", "vertices", "region", "salt_mol_per_l", "phi", "proj_A")


def amdahl(n, p):
    return 1.0 / ((1.0 - p) + p / n)


def fit_amdahl(threads, speedups):
    """Least-squares P of Amdahl's law through (N, S(N)); returns (P, its standard error)."""
    from scipy.optimize import curve_fit
    popt, pcov = curve_fit(amdahl, threads, speedups, p0=[0.9], bounds=(0.0, 1.0))
    err = float(pcov[0][0]) ** 0.5 if pcov[0][0] == pcov[0][0] else float("nan")
    return float(popt[0]), err


def load(paths):
    return [r for path in paths for r in read_records(path) if r.get("app") == "gem"]


def threads_of(r):
    m = re.search(r"(\d+) threads?", r.get("config", ""))
    return int(m.group(1)) if m else 1


def isa_of(r):
    m = re.search(r"(default|sse2|avx2|avx512f|scalar)", r.get("config", ""))
    return m.group(1) if m else "?"


def problem(r):
    run = r.get("run", {})
    return tuple(run.get(k) for k in PROBLEM_KEYS) + (r.get("dtype"),)


def describe(r):
    run = r.get("run", {})
    return "%s, %s atoms x %s vertices, region %s, salt %s mol/L" % (
        r.get("dtype"), run.get("atoms"), run.get("vertices"), run.get("region"), run.get("salt_mol_per_l"))


def passed(r):
    return r.get("verification", {}).get("status") in ("passed", "not checked", None)


def fastest(records):
    """The fastest record of each key: repeated runs of one point keep their best median."""
    return min(records, key=lambda r: r["time_s"]) if records else None


def analyse(cpu, gpu, out):
    def p(line=""):
        out.append(line)

    bad = [r["variant"] for r in cpu if not passed(r)]
    if bad:
        sys.exit("error: records failed verification: " + ", ".join(bad))
    problems = {problem(r) for r in cpu}
    if len(problems) != 1:
        sys.exit("error: the CPU records hold %d problems; give one size per call" % len(problems))
    serial = fastest([r for r in cpu if r["variant"] == "cpu/serial"])
    simds = {}
    for r in cpu:
        if r["variant"] == "cpu/simd":
            simds.setdefault(isa_of(r), []).append(r)
    simd = fastest([fastest(v) for v in simds.values()])
    omp = {}
    for r in cpu:
        if r["variant"] == "cpu/openmp":
            omp.setdefault(threads_of(r), []).append(r)
    omp = {n: fastest(v) for n, v in sorted(omp.items())}
    if not serial and not simd and not omp:
        sys.exit("error: no cpu/serial, cpu/simd or cpu/openmp records")

    p("GEM's CPU ladder (measured: wall-clock medians of gem_miniapp --json records), %s" % describe(cpu[0]))
    p()
    p("| step | variant | config | time (s) | Gpair/s | over cpu/serial | thesis (16-core Magny-Cours, GCC 4.3) |")
    p("|---|---|---|---|---|---|---|")
    base = serial["time_s"] if serial else None

    def over(r):
        return "%.2fx" % (base / r["time_s"]) if base else "-"

    if serial:
        p("| 1 | cpu/serial | %s | %.4g | %.3g | 1.00x | -O3 (scalar): %.1fx over unoptimized code (not measured here) |"
          % (serial["config"], serial["time_s"], serial["rate"], THESIS_O3))
    for isa, rs in sorted(simds.items(), key=lambda kv: fastest(kv[1])["time_s"], reverse=True):
        r = fastest(rs)
        p("| 2 | cpu/simd | %s | %.4g | %.3g | %s | SSE: %.1fx over -O3; -O3+SSE: %.1fx over unoptimized |"
          % (r["config"], r["time_s"], r["rate"], over(r), THESIS_SSE, THESIS_O3_SSE))
    for n, r in omp.items():
        thesis = "OpenMP, 16 cores: %.1fx over 1 core" % THESIS_16 if n == 16 else ""
        p("| 3 | cpu/openmp | %s | %.4g | %.3g | %s | %s |" % (r["config"], r["time_s"], r["rate"], over(r), thesis))
    p()

    fit = None
    if omp:
        one = omp.get(1) or simd
        if one is None:
            sys.exit("error: no cpu/openmp record on 1 thread and no cpu/simd record to scale from")
        ns = list(omp)
        s = [one["time_s"] / omp[n]["time_s"] for n in ns]
        p("OpenMP scaling S(N) = T(1 thread) / T(N) (measured; T(1) from %s, %s)" % (one["variant"], one["config"]))
        if len(ns) >= 2:
            fit = fit_amdahl(ns, s)
            spread = "+- %.4f" % fit[1] if len(ns) > 2 else "(exact through 2 points, no error estimate)"
            p("Amdahl fit (model): P = %.4f %s (scipy curve_fit over N = %s); the thesis: P = %.2f"
              % (fit[0], spread, ", ".join(map(str, ns)), THESIS_P))
        else:
            p("Amdahl fit: needs cpu/openmp records at 2 or more thread counts")
        p()
        p("| threads N | time (s) | S(N) measured | S(N) Amdahl model, fitted P | efficiency S/N | thesis |")
        p("|---|---|---|---|---|---|")
        for n, sn in zip(ns, s):
            model = "%.2f" % amdahl(n, fit[0]) if fit else "-"
            thesis = "%.1f measured, %.2f model (P = %.2f)" % (THESIS_16, amdahl(16, THESIS_P), THESIS_P) if n == 16 else ""
            p("| %d | %.4g | %.2f | %s | %.0f%% | %s |" % (n, omp[n]["time_s"], sn, model, 100 * sn / n, thesis))
        p()
    if fit:
        p("Table 3.1 (model: Amdahl's law with the fitted P = %.4f, beside the thesis' model with P = %.2f)" % (fit[0], THESIS_P))
        p()
        p("| cores N | " + " | ".join("{:,}".format(n) for n in THESIS_TABLE_3_1) + " |")
        p("|---|" + "---|" * len(THESIS_TABLE_3_1))
        p("| S, fitted P (model) | " + " | ".join("%.1f" % amdahl(n, fit[0]) for n in THESIS_TABLE_3_1) + " |")
        p("| S, thesis (P = 0.97, model) | " + " | ".join("%.1f" % v for v in THESIS_TABLE_3_1.values()) + " |")
        if serial and simd:
            gain = serial["time_s"] / simd["time_s"]
            p()
            p("Extrapolation (model): SIMD gain %.2fx (measured) x S(10,000) %.1f (fitted P) = %.0fx over cpu/serial;"
              " the thesis: 3.8 x 33.2 = 126.2x over its unoptimized code" % (gain, amdahl(10000, fit[0]),
                                                                             gain * amdahl(10000, fit[0])))
        p()

    if gpu:
        best = fastest([r for r in [serial, simd] + list(omp.values()) if r])
        p("GPU speed-ups over the CPU ladder (measured; the thesis: %s)" % THESIS_GPU)
        p()
        p("| GPU variant | device | config | GPU time (s, device) | over cpu/simd (1 core) | over the best CPU code (%s, %s) | compared by |"
          % (best["variant"], best["config"]))
        p("|---|---|---|---|---|---|---|")
        skipped = 0
        for r in gpu:
            # HCP is an approximation, and a float64 run is not the CPU ladder's float32 problem.
            if not passed(r) or r["variant"].endswith("/hcp") or r.get("dtype") != cpu[0].get("dtype"):
                skipped += 1
                continue
            same = problem(r) == problem(cpu[0])
            devices = ", ".join(r.get("provenance", {}).get("devices", [])) or "?"

            def ratio(c):
                if not c:
                    return "-"
                return "%.0fx" % (c["time_s"] / r["time_s"] if same else r["rate"] / c["rate"])

            p("| %s | %s | %s | %.4g | %s | %s | %s |" % (
                r["variant"], devices, r.get("config", ""), r["time_s"], ratio(simd), ratio(best),
                "times, same problem" if same else "pair rates (GPU: %s)" % describe(r)))
        if skipped:
            p()
            p("(%d GPU records left out: HCP, another precision, or failed verification)" % skipped)
        p()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+", help="gem_miniapp --json records of the CPU ladder")
    ap.add_argument("--gpu", nargs="*", default=[], help="gem_miniapp --json records of GPU variants")
    ap.add_argument("--markdown", help="also write the tables to this file")
    a = ap.parse_args()
    cpu = [r for r in load(a.records) if r.get("variant") in ("cpu/serial", "cpu/simd", "cpu/openmp")]
    gpu = [r for r in load(a.gpu) if r.get("backend") != "cpu"]
    if not cpu:
        sys.exit("error: no cpu/serial, cpu/simd or cpu/openmp records in " + ", ".join(a.records))
    lines = analyse(cpu, gpu, [])
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
