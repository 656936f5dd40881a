#!/usr/bin/env bash
# Measures, per kernel, the global traffic of the matrix-chain variants with Nsight Compute
# (L2-to-SM read and SM-to-L2 write bytes, and DRAM bytes) against the model's traffic of
# each step of the plan at the executed tiles (matrixchain_miniapp's result.plan.steps).
# Run on the GPU machine (one rank: the plan's steps are the kernels of one run):
#   benchmarks/matrixchain_traffic.sh [DIMS] [extra matrixchain_miniapp options]
# Default chain: a left-fused pair whose tiles (104 x 152 at M = 16384, float32, H100's auto M)
# divide its dimensions; 1080,144,480,448 is a right-fused one (144 x 112).
# Only the result run's kernels (the first len(steps) launches) are compared; clocks are
# left alone (--clock-control none). The GEMMs run the plan's tiles (--gemm-patch plan), the
# tiles the model's traffic is counted for.
set -euo pipefail
BUILD=${BUILD:-build/gpu}
OUT=${OUT:-$PWD/gpu-out}
DIMS=${1:-1040,2048,304,1568}
shift $(( $# > 1 ? 1 : $# ))
VARIANTS=${VARIANTS:-cuda/fused cuda/unfused}
NCU=${NCU:-$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1 || echo /usr/local/cuda/bin/ncu)}
# L2 sectors (what L2 serves: 32-byte sectors, partial ones included) and DRAM bytes; and,
# in a second pass, the bytes the kernels' global loads, cp.async copies and stores ask
# for (the model's quantity), with the metric names this ncu knows.
l2_metrics=lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum
req_metrics=$("$NCU" --query-metrics 2>/dev/null | grep -oE "^l1tex__t_bytes_pipe_lsu_mem_global_op_(ld|st|ldgsts|ldgsts_cache_access|ldgsts_cache_bypass)( |$)" | tr -d ' ' |
              sort -u | sed 's/$/.sum/' | paste -sd, -)
mkdir -p "$OUT"
for variant in $VARIANTS; do
  tag=mc_ncu_${variant//\//_}
  for pass in l2 req; do
    metrics=$([ $pass = l2 ] && echo "$l2_metrics" || echo "$req_metrics")
    [ -n "$metrics" ] || continue
    "$NCU" --clock-control none --metrics "$metrics" --csv --log-file "$OUT/$tag.$pass.csv" \
        "$BUILD/bin/matrixchain_miniapp" --dims "$DIMS" --variant "$variant" --reps 1 --warmup 0 --no-verify \
        --energy-window 0 --idle-window 0 --json --gemm-patch plan "$@" > "$OUT/$tag.jsonl" 2> "$OUT/$tag.txt" || echo "ncu $pass failed"
  done
done
python3 - "$OUT" $VARIANTS <<'PY'
import csv, json, sys, os
out, variants = sys.argv[1], sys.argv[2:]
def kernels(path):
    rows = [r for r in csv.reader(open(path)) if r and not r[0].startswith("==")]
    head, by_id = rows[0], {}
    for r in rows[1:]:
        d = dict(zip(head, r))
        k = by_id.setdefault(int(d["ID"]), {"name": d["Kernel Name"]})
        unit, value = d.get("Metric Unit", ""), float(d.get("Metric Value", "0").replace(",", ""))
        scale = {"byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9, "sector": 32}.get(unit, 1)
        k[d["Metric Name"]] = value * scale
    return [by_id[i] for i in sorted(by_id)]
print(f"{'variant':14} {'step':>4} {'kind':11} {'tile':>9} {'asked rd MB':>11} {'model rd MB':>11} {'ratio':>6} "
      f"{'asked wr MB':>11} {'model wr MB':>11} {'ratio':>6} {'L2 rd MB':>9} {'L2 wr MB':>9} {'DRAM MB':>8}  kernel")
summary = []
for v in variants:
    tag = "mc_ncu_" + v.replace("/", "_")
    rec = json.loads(open(os.path.join(out, tag + ".jsonl")).readline())
    steps = rec["result"]["plan"]["steps"]
    elem = 4 if rec["dtype"] == "float32" else 8
    l2 = kernels(os.path.join(out, tag + ".l2.csv"))[: len(steps)]
    req_path = os.path.join(out, tag + ".req.csv")
    req = kernels(req_path)[: len(steps)] if os.path.exists(req_path) else [{} for _ in steps]
    for i, (s, k, q) in enumerate(zip(steps, l2, req)):
        l2rd = k.get("lts__t_sectors_srcunit_tex_op_read.sum", 0)
        l2wr = k.get("lts__t_sectors_srcunit_tex_op_write.sum", 0)
        m = lambda op: q.get("l1tex__t_bytes_pipe_lsu_mem_global_op_" + op + ".sum")
        # op_ld is taken as the kernels' global reads, cp.async included: on an H100 op_ld alone came
        # to 1.12-1.16x the fused kernels' model and op_ld + ldgsts to 1.46-2.0x, which only double
        # counting explains (docs/results/matrixchain_h100.md); ldgsts is kept beside it
        gsts = m("ldgsts") if m("ldgsts") is not None else (m("ldgsts_cache_access") or 0) + (m("ldgsts_cache_bypass") or 0)
        asked_rd, asked_wr = m("ld") or 0, m("st") or 0
        mrd, mwr = s["rank0_model_read_elements"] * elem, s["rank0_model_write_elements"] * elem
        dram = k.get("dram__bytes_read.sum", 0) + k.get("dram__bytes_write.sum", 0)
        print(f"{v:14} {i:4d} {s['kind']:11} {str(s['tile'][0]) + 'x' + str(s['tile'][1]):>9} {asked_rd/1e6:11.2f} {mrd/1e6:11.2f} "
              f"{asked_rd/mrd if mrd else 0:6.3f} {asked_wr/1e6:11.2f} {mwr/1e6:11.2f} {asked_wr/mwr if mwr else 0:6.3f} "
              f"{l2rd/1e6:9.2f} {l2wr/1e6:9.2f} {dram/1e6:8.2f}  {k['name'][:34]}")
        summary.append({"variant": v, "step": i, "kind": s["kind"], "dims": s["dims"], "tile": s["tile"],
                        "requested_read_bytes": asked_rd, "requested_write_bytes": asked_wr, "ldgsts_bytes": gsts,
                        "requested_metrics": sorted(q.keys() - {"name"}),
                        "l2_read_bytes": l2rd, "model_read_bytes": mrd, "l2_write_bytes": l2wr, "model_write_bytes": mwr,
                        "dram_bytes": dram, "kernel": k["name"]})
json.dump(summary, open(os.path.join(out, "mc_ncu_summary.json"), "w"), indent=1)
PY
