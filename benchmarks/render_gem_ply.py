#!/usr/bin/env python3
"""Renders a gem_miniapp --ply point cloud (the surface coloured by potential) to a PNG with
Debian's matplotlib: two views of the molecule, points coloured by their potential in
kcal/(mol e) (blue negative, white zero, red positive, saturated at 3 x RMS, the PLY's own
colours), depth-sorted so near points hide far ones.

usage: render_gem_ply.py surface.ply picture.png [--title TEXT]
"""
import argparse
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_ply(path):
    with open(path) as f:
        names, count = [], 0
        for line in f:
            words = line.split()
            if words[:2] == ["element", "vertex"]:
                count = int(words[2])
            elif words[:1] == ["property"]:
                names.append(words[-1])
            elif words[:1] == ["end_header"]:
                break
        rows = [list(map(float, next(f).split())) for _ in range(count)]
    return {n: [r[i] for r in rows] for i, n in enumerate(names)}


def view(ax, p, azimuth, title):
    ca, sa = math.cos(azimuth), math.sin(azimuth)
    u = [ca * x + sa * y for x, y in zip(p["x"], p["y"])]
    depth = [-sa * x + ca * y for x, y in zip(p["x"], p["y"])]
    order = sorted(range(len(u)), key=lambda k: depth[k])  # far first, near drawn last
    colours = [(p["red"][k] / 255, p["green"][k] / 255, p["blue"][k] / 255) for k in order]
    ax.scatter([u[k] for k in order], [p["z"][k] for k in order], c=colours, s=2, linewidths=0)
    ax.set_aspect("equal")
    ax.set_title(title, fontsize=9)
    ax.axis("off")


def main():
    a = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    a.add_argument("ply")
    a.add_argument("png")
    a.add_argument("--title", default="")
    args = a.parse_args()
    p = read_ply(args.ply)
    phi = p["potential"]
    rms = math.sqrt(sum(x * x for x in phi) / len(phi))
    fig, axes = plt.subplots(1, 2, figsize=(10, 5), facecolor="black")
    for ax, az, name in zip(axes, (0.0, math.pi), ("front", "back")):
        ax.set_facecolor("black")
        view(ax, p, az, f"{name}")
        ax.title.set_color("white")
    fig.suptitle(f"{args.title}  ({len(phi)} vertices; blue -{3 * rms:.2g}, white 0, red +{3 * rms:.2g} kcal/(mol e))",
                 color="white", fontsize=10)
    fig.savefig(args.png, dpi=110, facecolor="black", bbox_inches="tight")


if __name__ == "__main__":
    main()
