#!/usr/bin/env bash
# Measures DRAM bytes read and written by cuda/traditional and cuda/multipass with Nsight
# Compute and prints them against the thesis' predictions (Eqs. 7-9 and the per-pass
# correction, as sw_miniapp reports them). Run on the GPU machine:
#   benchmarks/sw_dram_traffic.sh [LEN_A] [LEN_B] [extra sw_miniapp options]
# Default 2^22 x 2^21 with the default 2048 x 128 tiles: a tile wavefront's boundary data
# (up to 2048 tiles x 17 x 2176 B = 76 MB) exceeds the 50-60 MB L2 of an H100/H200.
# One repetition runs inside cudaProfilerStart/Stop (HPCS_PROFILE_RANGE=1), and ncu's
# application-range replay totals the counters over all of its kernels (traditional
# launches one kernel per wavefront). Clocks are left alone (--clock-control none).
set -euo pipefail
BUILD=${BUILD:-build/gpu}
OUT=${OUT:-$PWD/gpu-out}
LEN_A=${1:-4194304}
LEN_B=${2:-2097152}
shift $(( $# > 2 ? 2 : $# ))
NCU=${NCU:-$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1 || /usr/local/cuda/bin/ncu)}
# L2 hit rates beside the bytes: the thesis measured 98% (reads) / 74% (all) for multi-pass
# against 2% / 1% for the traditional kernel on a K20c (seed 000, issue 30).
metrics=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum
metrics+=,lts__t_sector_op_read_hit_rate.pct,lts__t_sector_hit_rate.pct
mkdir -p "$OUT"
for variant in cuda/multipass cuda/traditional; do
  tag=${variant#cuda/}
  HPCS_PROFILE_RANGE=1 "$NCU" --replay-mode app-range --clock-control none --metrics "$metrics" --csv \
      --log-file "$OUT/ncu_$tag.csv" \
      "$BUILD/bin/sw_miniapp" --variant "$variant" --len-a "$LEN_A" --len-b "$LEN_B" --plant 10000 \
      --reps 1 --warmup 0 --no-verify --energy-window 0 --json "$@" > "$OUT/ncu_$tag.jsonl" 2> "$OUT/ncu_$tag.txt"
done
python3 - "$OUT" <<'PY'
import csv, json, sys, os
out = sys.argv[1]
def counters(path):
    vals = {}
    with open(path) as f:
        rows = [r for r in csv.reader(f) if r and not r[0].startswith("==")]
    head = rows[0]
    for r in rows[1:]:
        d = dict(zip(head, r))
        name, unit, value = d.get("Metric Name"), d.get("Metric Unit", ""), d.get("Metric Value", "0").replace(",", "")
        scale = {"byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9, "Tbyte": 1e12}.get(unit, 1)
        if name.endswith(".pct"):  # a ratio of the range: one row per range, never summed
            vals.setdefault(name + ".rows", []).append(float(value))
            vals[name] = sum(vals[name + ".rows"]) / len(vals[name + ".rows"])
        else:
            vals[name] = vals.get(name, 0.0) + float(value) * scale
    return vals
print(f"{'variant':12} {'DRAM read':>12} {'DRAM write':>12} {'total':>12} {'L2 rd sect':>12} {'L2 wr sect':>12} {'L2 rd hit':>9} {'L2 hit':>7}  model (bytes)")
res = {}
for tag in ("traditional", "multipass"):
    c = counters(os.path.join(out, f"ncu_{tag}.csv"))
    rec = json.loads(open(os.path.join(out, f"ncu_{tag}.jsonl")).readline())
    m = rec["result"]["model_traffic"]
    res[tag] = c
    rd, wr = c.get("dram__bytes_read.sum", 0), c.get("dram__bytes_write.sum", 0)
    model = (f"Eq.7 {m['traditional_bytes']:.3g}" if tag == "traditional" else
             f"Eq.8 {m['multipass_wb_printed_bytes']:.3g}, Eq.9 {m['multipass_wt_printed_bytes']:.3g}, per-pass {m['multipass_per_pass_bytes']:.3g} (N_P={m['passes']})")
    hit = lambda k: "%.1f%%" % c[k] if k in c else "-"
    print(f"{tag:12} {rd:12.4g} {wr:12.4g} {rd+wr:12.4g} {c.get('lts__t_sectors_op_read.sum',0):12.4g} {c.get('lts__t_sectors_op_write.sum',0):12.4g} {hit('lts__t_sector_op_read_hit_rate.pct'):>9} {hit('lts__t_sector_hit_rate.pct'):>7}  {model}")
t, mp = res["traditional"], res["multipass"]
tr = t.get("dram__bytes_read.sum", 0) + t.get("dram__bytes_write.sum", 0)
mr = mp.get("dram__bytes_read.sum", 0) + mp.get("dram__bytes_write.sum", 0)
print("L2 hit rates, thesis (K20c): multi-pass 98% of reads / 74% of all accesses, traditional 2% / 1%")
if mr > 0:
    print(f"traditional / multipass DRAM bytes: total {tr / mr:.1f}x, reads {t.get('dram__bytes_read.sum',0) / max(mp.get('dram__bytes_read.sum',1),1):.1f}x, writes {t.get('dram__bytes_write.sum',0) / max(mp.get('dram__bytes_write.sum',1),1):.1f}x")
PY
