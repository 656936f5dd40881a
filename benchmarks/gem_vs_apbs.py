#!/usr/bin/python3
"""GEM beside APBS: compares gem_miniapp's analytical surface potential with the numerical
Poisson-Boltzmann potential of APBS on real molecules (PQR files, e.g. Debian's apbs-data).

For each PQR file: runs APBS once (mg-auto, lpbe, pdie 1, sdie 80, no ions, 298.15 K; the
potential written as OpenDX), runs gem_miniapp (cpu/reference) once per projection p, samples
APBS' potential by trilinear interpolation at GEM's vertices pushed out by p along their
normals (where GEM evaluates), and prints one Markdown row per (molecule, p): Pearson r,
least-squares GEM = slope * APBS + intercept, RMS of each, RMS difference and run times.

Needs Debian's apbs, python3-numpy and python3-h5py (hence /usr/bin/python3, not a pyenv one).
  benchmarks/gem_vs_apbs.py /usr/share/apbs/examples/FKBP/1d7h-min.pqr --proj 0,1.5,3
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import tempfile
import time

import h5py
import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KCAL_PER_MOL_K = 1.987204e-3  # gas constant: 1 kT/e = 0.5925 kcal/(mol e) at 298.15 K

APBS_INPUT = """read
    mol pqr {pqr}
end
elec name gem-beside-apbs
    mg-auto
    dime {dime}
    cglen {cglen}
    fglen {fglen}
    cgcent mol 1
    fgcent mol 1
    mol 1
    lpbe
    bcfl sdh
    pdie 1.0
    sdie {sdie}
    srfm {srfm}
    chgm {chgm}
    sdens 10.0
    srad {srad}
    swin 0.3
    temp {temp}
    calcenergy no
    calcforce no
    write pot dx pot
end
quit
"""


def read_pqr(path):
    """Atoms as an (n, 5) array x y z q r: the last five fields of ATOM/HETATM lines (the
    whitespace layout of APBS and pdb2pqr, with or without a chain ID)."""
    rows = [line.split()[-5:] for line in open(path) if line.startswith(("ATOM", "HETATM"))]
    return np.array(rows, dtype=float)


def grid_for(atoms, spacing):
    """APBS grid sized like its psize.py: fine box = extent + 20 A (room for p up to a few A
    and a decent boundary), coarse box = 1.7 x extent; dime = 32k+1 per axis (mg-auto's
    multigrid levels) with a fine spacing of at most `spacing` A."""
    lo = (atoms[:, :3] - atoms[:, 4:5]).min(axis=0)
    hi = (atoms[:, :3] + atoms[:, 4:5]).max(axis=0)
    extent = hi - lo
    fglen = extent + 20.0
    cglen = np.maximum(1.7 * extent, fglen + 10.0)
    dime = [32 * math.ceil(f / spacing / 32) + 1 for f in fglen]
    return dime, cglen, fglen


def read_dx(path):
    """Minimal OpenDX reader for APBS' output: regular grid, z fastest. Returns origin, delta
    (per axis) and the values as an (nx, ny, nz) array."""
    origin, deltas, counts, values = None, [], None, []
    with open(path) as f:
        for line in f:
            if line.startswith("object 1 class gridpositions counts"):
                counts = [int(t) for t in line.split()[-3:]]
            elif line.startswith("origin"):
                origin = np.array(line.split()[1:4], dtype=float)
            elif line.startswith("delta"):
                deltas.append(np.array(line.split()[1:4], dtype=float))
            elif "data follows" in line:
                n = int(np.prod(counts))
                for data_line in f:
                    if data_line.startswith("attribute"):
                        break
                    values.extend(data_line.split())
                if len(values) != n:
                    raise ValueError(f"{path}: {len(values)} values, expected {n}")
                break
    d = np.array(deltas)
    if not np.allclose(d, np.diag(np.diag(d))):
        raise ValueError(f"{path}: only axis-aligned grids are supported")
    return origin, np.diag(d), np.array(values, dtype=float).reshape(counts)


def trilinear(origin, delta, grid, pts):
    """Grid values interpolated at pts (n, 3); NaN for points outside the grid."""
    f = (pts - origin) / delta
    shape = np.array(grid.shape)
    inside = np.all((f >= 0) & (f <= shape - 1), axis=1)
    i0 = np.clip(np.floor(f).astype(int), 0, shape - 2)
    t = np.clip(f - i0, 0.0, 1.0)
    out = np.zeros(len(pts))
    for corner in range(8):
        o = np.array([(corner >> 2) & 1, (corner >> 1) & 1, corner & 1])
        w = np.prod(np.where(o == 1, t, 1.0 - t), axis=1)
        idx = i0 + o
        out += w * grid[idx[:, 0], idx[:, 1], idx[:, 2]]
    out[~inside] = np.nan
    return out


def run_apbs(args, pqr, atoms, work):
    dime, cglen, fglen = grid_for(atoms, args.spacing)
    fmt = lambda v: " ".join(f"{x:.2f}" if isinstance(x, float) else str(x) for x in v)
    text = APBS_INPUT.format(pqr=os.path.abspath(pqr), dime=fmt(dime), cglen=fmt(cglen.tolist()),
                             fglen=fmt(fglen.tolist()), srfm=args.srfm, chgm=args.chgm,
                             srad=args.srad, temp=args.temp, sdie=args.sdie)
    with open(os.path.join(work, "apbs.in"), "w") as f:
        f.write(text)
    for stale in ("pot-PE0.dx", "pot.dx"):  # never read an earlier run's map
        if os.path.exists(os.path.join(work, stale)):
            os.remove(os.path.join(work, stale))
    t0 = time.perf_counter()
    with open(os.path.join(work, "apbs.log"), "w") as log:
        subprocess.run([args.apbs, "apbs.in"], cwd=work, stdout=log, stderr=subprocess.STDOUT, check=True)
    seconds = time.perf_counter() - t0
    # APBS built with MPI names the file pot-PE0.dx (rank 0), without MPI pot.dx
    dx = [f for f in ("pot-PE0.dx", "pot.dx") if os.path.exists(os.path.join(work, f))]
    if not dx:
        raise RuntimeError(f"apbs wrote no potential; see {work}/apbs.log")
    origin, delta, grid = read_dx(os.path.join(work, dx[0]))
    return origin, delta, grid, seconds, dime, float(max(delta))


def run_gem(args, pqr, proj, work):
    """gem_miniapp's float64 reference at projection p; --no-verify skips a second, identical
    reference run, --json gives the run's own timing."""
    out = os.path.join(work, f"gem_p{proj:g}.h5")
    cmd = [args.gem, "--pqr", pqr, "--variant", "cpu/reference", "--output-potentials", out,
           "--energy-window", "0", "--idle-window", "0", "--reps", "1", "--warmup", "0",
           "--no-verify", "--json", "--proj", f"{proj:g}", "--density", f"{args.density:g}",
           "--probe", f"{args.srad:g}", "--eps-out", f"{args.sdie:g}"]
    t0 = time.perf_counter()
    res = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if res.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{res.stderr}")
    record = json.loads(res.stdout.splitlines()[0])
    with h5py.File(out, "r") as f:
        v = f["vertices"]
        xyz = np.stack([v[k][:] for k in ("x", "y", "z")], axis=1)
        normals = np.stack([v[k][:] for k in ("nx", "ny", "nz")], axis=1)
        phi = f["potential"][:]
        region = int(f.attrs["region"])
    return xyz + proj * normals, phi, region, record["time_s"], wall


def compare(gem, apbs):
    ok = np.isfinite(apbs)
    g, a = gem[ok], apbs[ok]
    slope, intercept = np.polyfit(a, g, 1)  # GEM = slope * APBS + intercept
    rms = lambda x: float(np.sqrt(np.mean(x * x)))
    return {"outside": int((~ok).sum()), "r": float(np.corrcoef(g, a)[0, 1]), "slope": float(slope),
            "intercept": float(intercept), "rms_gem": rms(g), "rms_apbs": rms(a), "rms_diff": rms(g - a)}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pqr", nargs="+", help="PQR files (e.g. /usr/share/apbs/examples/FKBP/1d7h-min.pqr)")
    p.add_argument("--proj", default="0,1.5,3",
                   help="GEM projections p in A, comma-separated (0: region 1, (0,2]: 2, >2: 3)")
    p.add_argument("--gem", default=os.path.join(REPO, "build/default/bin/gem_miniapp"), help="gem_miniapp")
    p.add_argument("--apbs", default="apbs", help="the apbs executable (Debian: apt-get install apbs)")
    p.add_argument("--spacing", type=float, default=0.5, help="largest APBS fine-grid spacing (A)")
    p.add_argument("--srfm", default="smol", help="APBS dielectric surface: smol (smoothed), mol, spl2")
    p.add_argument("--chgm", default="spl2", help="APBS charge discretization: spl0, spl2, spl4")
    p.add_argument("--srad", type=float, default=1.5, help="probe radius of APBS' surface and GEM's (A)")
    p.add_argument("--density", type=float, default=3.0, help="GEM surface points per A^2")
    p.add_argument("--sdie", type=float, default=80.0,
                   help="solvent dielectric of both (80; 1 checks the pipeline: both are then Coulomb)")
    p.add_argument("--temp", type=float, default=298.15, help="K; sets APBS' kT/e unit")
    p.add_argument("--workdir", help="keep the APBS/GEM files here (default: a temporary directory)")
    p.add_argument("--csv", help="also write the rows to this CSV file")
    args = p.parse_args()
    projs = [float(x) for x in args.proj.split(",")]
    kt = KCAL_PER_MOL_K * args.temp  # kcal/(mol e) per kT/e

    rows = []
    tmp = None if args.workdir else tempfile.TemporaryDirectory(prefix="gem_vs_apbs.")
    root = args.workdir or tmp.name
    for pqr in args.pqr:
        name = os.path.splitext(os.path.basename(pqr))[0]
        work = os.path.join(root, name)
        os.makedirs(work, exist_ok=True)
        atoms = read_pqr(pqr)
        print(f"{name}: {len(atoms)} atoms, charge {atoms[:, 3].sum():+.2f} e: APBS ...", file=sys.stderr)
        origin, delta, grid, apbs_s, dime, h = run_apbs(args, pqr, atoms, work)
        for proj in projs:
            pts, gem_phi, region, gem_s, gem_wall = run_gem(args, pqr, proj, work)
            apbs_phi = kt * trilinear(origin, delta, grid, pts)  # kT/e -> kcal/(mol e)
            row = {"molecule": name, "atoms": len(atoms), "charge": round(float(atoms[:, 3].sum()), 2),
                   "vertices": len(gem_phi), "p": proj, "region": region,
                   **compare(gem_phi, apbs_phi), "gem_s": gem_s, "gem_wall_s": gem_wall,
                   "apbs_s": apbs_s, "apbs_grid": "x".join(map(str, dime)), "apbs_h": h}
            rows.append(row)
            print(f"  p = {proj:g}: r = {row['r']:.3f}, slope {row['slope']:.3f}", file=sys.stderr)

    print("| molecule | atoms | charge [e] | vertices | p [A] | GEM region | Pearson r | slope | intercept "
          "| RMS GEM | RMS APBS | RMS diff | GEM [s] | APBS [s] | APBS fine grid (h [A]) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        print(f"| {r['molecule']} | {r['atoms']} | {r['charge']:+g} | {r['vertices']} | {r['p']:g} | {r['region']} "
              f"| {r['r']:.3f} | {r['slope']:.3f} | {r['intercept']:+.3f} | {r['rms_gem']:.3f} | {r['rms_apbs']:.3f} "
              f"| {r['rms_diff']:.3f} | {r['gem_s']:.2f} | {r['apbs_s']:.1f} | {r['apbs_grid']} ({r['apbs_h']:.3f}) |")
    print("\nPotentials in kcal/(mol e) (APBS' kT/e times %.4f); slope and intercept: GEM = slope x APBS "
          "+ intercept; GEM [s]: gem_miniapp's timed run (cpu/reference, float64); APBS [s]: wall time "
          "of the whole apbs run." % kt)
    if any(r["outside"] for r in rows):
        print("warning: some vertices fell outside APBS' grid and were left out", file=sys.stderr)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
