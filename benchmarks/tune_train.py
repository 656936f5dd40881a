#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Seed 004's learned autotuner: models that predict a variant's tunables from an instance,
trained on `--tune exhaustive` tables of synthetic instances and tested on held-out instances
and on the real applications (docs/autotuning.md).

    tune_train.py --variant cuda/band --device "NVIDIA H200" --train 'study/tables/single_*.csv' \
        --test 'study/tables/holdout_*.csv' --apps 'study/tables/apps_*.csv' \
        --dual 'study/tables/dual_*.csv' -o inputs/tuning/wavefront/nvidia_h200.json --report report.md

Each table is one instance; its best verified row is the target. Every tunable is learned in
its model coordinate (the tables' <tunable>_coord columns: log2 of a tile, the band's share of
the diagonals) from log2(dim), log2(tsize) and element_bytes, in a cascade: the halo (two
GPUs, --dual tables) reads the predicted band and cpu-tile, as the seed's M5P tree does.

Three learners, each universal (one model) and class-specific (fine tasks, tsize < 100, and
coarse ones): linear regression; an M5-style model tree (a regression tree grown by
scikit-learn's CART on the features, a linear regression fitted in every leaf, then pruned
bottom-up as M5 does: a subtree becomes one linear leaf where that leaf's training error,
times M5's (n + v) / (n - v) penalty for v parameters, is no worse than the subtree's; no
smoothing); and a plain regression tree (constant leaves). A prediction becomes a point the
way the mini-app does it: tunable by tunable in the cascade's order, the rows whose
coordinate is nearest. "% of the exhaustive optimum" = best time / time of the chosen point,
read from the instance's exhaustive table. The model with the best mean over every synthetic
instance it was not trained on (the held-out ones, and each training instance left out in
turn: a handful of held-out instances alone once picked a tree that left-one-out scored 89.5%)
is written as the JSON file the mini-app evaluates (--tune model).
"""
import argparse
import glob
import json
import math
import os
import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression
from sklearn.tree import DecisionTreeRegressor

# What each app's model reads and predicts (its tables' feature and <tunable>_coord columns):
# features, the tunables in cascade order, the instance classes of the class-specific tuner,
# and the untuned baseline (the point a run without tunables takes: a dict tunable -> value,
# or a function of the instance's rows).
PROFILES = {
    "wavefront": {
        "features": ["log2(dim)", "log2(tsize)", "element_bytes"],
        "cascade": ["band", "cpu-tile", "gpu-tile", "gpu-count"],  # learned from the one-GPU tables
        "classes": [("fine", [{"feature": "tsize", "max": 99}]), ("coarse", [{"feature": "tsize", "min": 100}])],
        # cpu-tile 32, band all, gpu-tile 1 (wavefront_problem.hpp; cuda/band's space)
        "defaults": {"band": -2, "gpu-tile": 1},
    },
    "jacobi": {
        "features": ["log2(n1)", "log2(n2)", "log2(steps)", "element_bytes"],
        "cascade": ["tile-t", "tile-s1", "tile-s2", "threads"],
        "classes": [("float32", [{"feature": "element_bytes", "max": 4}]),
                    ("float64", [{"feature": "element_bytes", "min": 8}])],
        "defaults": None,  # resolve_tiles' default depends on the grid: the thesis model's pick is the baseline
    },
    "smith_waterman": {
        "features": ["log2(len_a)", "log2(len_b)"],
        "cascade": ["tile-rows", "tile-cols", "sub-rows", "sub-cols"],
        "classes": [("square-ish", [{"feature": "log2(len_a)", "max": 17.5}]),
                    ("large", [{"feature": "log2(len_a)", "min": 17.5}])],
        "defaults": {"tile-rows": 2048, "tile-cols": 128, "sub-rows": 16, "sub-cols": 2},  # cuda/multipass
    },
}
HALO_READS = ["pred(band)", "pred(cpu-tile)"]  # the seed's cascade for the halo (wavefront, two GPUs)
# The two-GPU tables' own model entry, first in the file: the mini-app gives a model the run's
# resources (the wavefront's gpu-count, given or not) beside the instance's features, so a run
# with two GPUs takes trees learned where two GPUs ran (on both H100 and H200 pairs the best GPU
# tile at tsize 100 is 32 there, 1 on one GPU) and one GPU the one-GPU classes.
TWO_GPUS = [{"feature": "gpu-count", "min": 2}]
FEATURES, CASCADE, CLASSES = PROFILES["wavefront"]["features"], PROFILES["wavefront"]["cascade"], \
    PROFILES["wavefront"]["classes"]


def use_profile(app):
    """Make `app`'s profile the one the learners read."""
    global FEATURES, CASCADE, CLASSES
    prof = PROFILES[app]
    FEATURES, CASCADE, CLASSES = prof["features"], prof["cascade"], prof["classes"]
    return prof


def load(pattern, variant):
    """Instances: name -> rows of `variant` that passed verification."""
    out = {}
    for path in sorted(glob.glob(pattern)) if pattern else []:
        t = pd.read_csv(path)
        t = t[(t["variant"] == variant) & (t["verification"] != "FAILED") & t["time_s"].notna()]
        if len(t):
            t = t.reset_index(drop=True)
            out[os.path.splitext(os.path.basename(path))[0]] = t
    return out


def feature_value(expr, row, predicted):
    if expr.startswith("pred("):
        return predicted[expr[5:-1]]
    if expr.startswith("log2("):
        return math.log2(max(float(row[expr[5:-1]]), 1e-300))
    return float(row[expr])


# --- the JSON model and its evaluation (as common/src/tuning_model.cpp) ---------------------
def eval_node(node, row, predicted):
    if "split" in node:
        x = feature_value(node["split"], row, predicted)
        return eval_node(node["le"] if x <= node["at"] else node["gt"], row, predicted)
    return node["intercept"] + sum(a * feature_value(e, row, predicted) for e, a in node.get("coef", {}).items())


def holds(when, row):
    for c in when:
        x = feature_value(c["feature"], row, {})
        if ("min" in c and x < c["min"]) or ("max" in c and x > c["max"]):
            return False
    return True


def predict(model_doc, row):
    for m in model_doc["models"]:
        if holds(m.get("when", []), row):
            predicted = {}
            for p in m["predict"]:
                predicted[p["tunable"]] = eval_node(p["tree"], row, predicted)
            return m.get("class", "universal"), predicted
    raise ValueError("no model holds for %s" % dict(row))


def choose(rows, predicted):
    """The mini-app's snapping (common/include/hpcs/harness/tune.hpp): tunable by tunable, keep the rows
    of the nearest coordinate and those where the tunable does not apply (no coordinate); of
    what is left, the first (the mini-app: the one keeping most of the command line's values)."""
    kept = rows
    for name, want in predicted.items():
        col = name + "_coord"
        if col not in kept or kept[col].isna().all():
            continue
        d = (kept[col] - want).abs()
        kept = kept[kept[col].isna() | (d <= d.min() + 1e-12)]
    return kept.iloc[0]


# --- learners: each returns a JSON node ------------------------------------------------------
def linear_node(X, y, names):
    if len(y) < len(names) + 2:  # too few points for a slope: the mean
        return {"intercept": float(np.mean(y))}
    lr = LinearRegression().fit(X, y)
    return {"intercept": float(lr.intercept_), "coef": {n: float(c) for n, c in zip(names, lr.coef_) if c != 0.0}}


def node_predict(node, X, names):
    return np.array([_eval_plain(node, dict(zip(names, x))) for x in X])


def _eval_plain(node, row):
    if "split" in node:
        return _eval_plain(node["le"] if row[node["split"]] <= node["at"] else node["gt"], row)
    return node["intercept"] + sum(a * row[e] for e, a in node.get("coef", {}).items())


def grow_tree(X, y, names, linear_leaves, depth=3, min_leaf=3):
    tree = DecisionTreeRegressor(max_depth=depth, min_samples_leaf=min_leaf, random_state=0).fit(X, y)
    t = tree.tree_

    def build(i, idx):
        if t.children_left[i] == -1:
            return linear_node(X[idx], y[idx], names) if linear_leaves else {"intercept": float(np.mean(y[idx]))}
        f, thr = t.feature[i], float(t.threshold[i])
        le, gt = idx[X[idx, f] <= thr], idx[X[idx, f] > thr]
        node = {"split": names[f], "at": thr, "le": build(t.children_left[i], le), "gt": build(t.children_right[i], gt)}
        if linear_leaves:  # M5 pruning: one linear leaf where it does as well as the subtree
            flat = linear_node(X[idx], y[idx], names)
            n, v = len(idx), 1 + len(flat.get("coef", {}))
            penalty = (n + v) / (n - v) if n > v else float("inf")
            err_flat = np.mean(np.abs(node_predict(flat, X[idx], names) - y[idx])) * penalty
            err_tree = np.mean(np.abs(node_predict(node, X[idx], names) - y[idx]))
            if err_flat <= err_tree:
                return flat
        return node

    return build(0, np.arange(len(y)))


LEARNERS = {
    "linear regression": lambda X, y, n: linear_node(X, y, n),
    "M5-style model tree": lambda X, y, n: grow_tree(X, y, n, linear_leaves=True),
    "regression tree": lambda X, y, n: grow_tree(X, y, n, linear_leaves=False),
}


def best_rows(instances):
    return {k: t.loc[t["time_s"].idxmin()] for k, t in instances.items()}


def design(rows, names, predicted=None):
    return np.array([[feature_value(e, r, predicted[i] if predicted else {}) for e in names]
                     for i, r in enumerate(rows)])


def fit_models(learner, train, dual, when):
    """One model entry (a class): trees for the cascade's tunables, then (dual tables given) the
    halo's, which reads the cascade's predictions on those tables."""
    best = [r for r in best_rows(train).values() if holds(when, r)]
    if not best:
        return None
    X = design(best, FEATURES)
    predict_list = []
    for name in CASCADE:
        col = name + "_coord"
        # learned only where the search varied it (a tunable pinned in the study is no target)
        if col not in best[0] or max(t[col].nunique() for t in train.values()) < 2:
            continue
        has = [i for i, r in enumerate(best) if not pd.isna(r[col])]  # where it applies at the best point
        if not has:
            continue
        y = np.array([float(best[i][col]) for i in has])
        predict_list.append({"tunable": name, "tree": LEARNERS[learner](X[has], y, FEATURES)})
    if dual:
        dbest = [r for r in best_rows(dual).values() if holds(when, r)]
        if dbest:
            partial = {"format": "hpcs-tuning-model 1", "models": [{"predict": predict_list}]}
            preds = [predict(partial, r)[1] for r in dbest]
            # only what this class predicts: a tunable no best point applied (cpu-tile where band
            # all always wins) has no tree, and the mini-app refuses a pred() read before it
            predicted = {p["tunable"] for p in predict_list}
            names = FEATURES + [e for e in HALO_READS if e[5:-1] in predicted]
            has = [i for i, r in enumerate(dbest) if not pd.isna(r.get("halo_coord", float("nan")))]
            if has:
                Xh = design([dbest[i] for i in has], names, [preds[i] for i in has])
                yh = np.array([float(dbest[i]["halo_coord"]) for i in has])
                predict_list.append({"tunable": "halo", "tree": LEARNERS[learner](Xh, yh, names)})
    return {"predict": predict_list}


def make_model(learner, specific, train, dual, variant, device, app):
    doc = {"format": "hpcs-tuning-model 1", "app": app, "variant": variant, "device": device,
           "name": learner + (" (class-specific)" if specific else " (universal)"), "models": []}
    if dual:  # two GPUs: the cascade and the halo from the two-GPU tables alone (few: one class)
        m = fit_models(learner, dual, dual, [])
        if m:
            doc["models"].append(dict(m, **{"class": "two GPUs", "when": TWO_GPUS}))
    if specific:
        for cls, when in CLASSES:
            m = fit_models(learner, train, None, when)
            if m:
                doc["models"].append(dict(m, **{"class": cls, "when": when}))
    m = fit_models(learner, train, None, [])  # the universal one, last: what no class covers
    doc["models"].append(dict(m, **{"class": "universal"}))
    return doc


def score(doc, instances):
    """Mean % of the exhaustive optimum over the instances, and per instance."""
    out = {}
    for k, rows in instances.items():
        _, predicted = predict(doc, rows.iloc[0])
        chosen = choose(rows, predicted)
        out[k] = (100.0 * rows["time_s"].min() / chosen["time_s"], chosen["config"])
    return (float(np.mean([v[0] for v in out.values()])) if out else float("nan")), out


def leave_one_out(instances, fit_without):
    """Each instance scored by the model fit_without(the other instances) returns: the halo's %
    on each two-GPU instance, or each training instance's (where no held-out tables exist, the
    honest held-out figure)."""
    res = {}
    for k in instances:
        doc = fit_without({j: t for j, t in instances.items() if j != k})
        res.update(score(doc, {k: instances[k]})[1])
    return (float(np.mean([v[0] for v in res.values()])) if res else float("nan")), res


def baseline(prof, instances):
    """Mean % of the optimum of the untuned point: the profile's defaults, or (no defaults: the
    Jacobi tiles) the point the thesis' time model ranks first (the predicted_s column)."""
    vals = []
    for rows in instances.values():
        d = rows[rows["source"] == "exhaustive"]
        if prof["defaults"]:
            if not set(prof["defaults"]) <= set(d.columns):
                continue
            hit = d
            for name, value in prof["defaults"].items():
                hit = hit[hit[name] == value]
        elif "predicted_s" in d.columns and d["predicted_s"].notna().any():
            hit = d.loc[[d["predicted_s"].idxmin()]]
        else:
            continue
        if len(hit):
            vals.append(100.0 * rows["time_s"].min() / hit["time_s"].min())
    return float(np.mean(vals)) if vals else float("nan")


def pct(v):
    return "-" if math.isnan(v) else "%.1f%%" % v


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--device", required=True, help="the GPU's name as the mini-app reports it, or cpu")
    ap.add_argument("--app", default="wavefront", choices=sorted(PROFILES))
    ap.add_argument("--train", required=True, help="glob of the training tables (synthetic instances)")
    ap.add_argument("--test", default="", help="glob of held-out synthetic tables")
    ap.add_argument("--apps", default="", help="glob of tables of the real applications")
    ap.add_argument("--dual", default="", help="glob of two-GPU tables (the halo)")
    ap.add_argument("-o", "--output", required=True, help="the model file (JSON) of the best learner")
    ap.add_argument("--report", default="", help="Markdown report of every learner")
    a = ap.parse_args()
    prof = use_profile(a.app)

    train, test, apps, dual = (load(p, a.variant) for p in (a.train, a.test, a.apps, a.dual))
    if len(train) < 3:
        sys.exit("error: --train %s: %d instance table(s) with %s rows; need 3 or more" % (a.train, len(train), a.variant))
    missing = [f for f in FEATURES if f.replace("log2(", "").rstrip(")") not in next(iter(train.values())).columns]
    if missing:
        sys.exit("error: --train %s: the tables lack the features %s of --app %s" % (a.train, missing, a.app))
    space = int(np.median([len(t) for t in train.values()]))
    lines = ["| learner | tuner | held-out synthetic | leave-one-out (training instances) | real apps | "
             "two GPUs (leave-one-out) | training instances |", "|---|---|---|---|---|---|---|"]
    results, docs = [], {}
    for learner in LEARNERS:
        for specific in (False, True):
            doc = make_model(learner, specific, train, dual, a.variant, a.device, a.app)
            docs[doc["name"]] = doc
            held, held_each = score(doc, test)
            loo, loo_each = leave_one_out(
                train, lambda rest: make_model(learner, specific, rest, dual, a.variant, a.device, a.app))
            real, real_each = score(doc, apps)
            halo = leave_one_out(dual, lambda rest: make_model(learner, specific, train, rest, a.variant, a.device,
                                                               a.app))[0] if dual else float("nan")
            fit, _ = score(doc, train)
            results.append({"name": doc["name"], "held": held, "loo": loo, "real": real, "halo": halo, "fit": fit,
                            "each": {**(held_each if test else loo_each), **real_each}})
            lines.append("| %s | %s | %s | %s | %s | %s | %d (fit %s) |" % (
                learner, "class-specific" if specific else "universal", pct(held), pct(loo), pct(real), pct(halo),
                len(train), pct(fit)))
    base = {"held-out": baseline(prof, test), "leave-one-out": baseline(prof, train), "apps": baseline(prof, apps)}
    # the best over every instance it did not see (held-out and leave-one-out, per instance);
    # ties: the halo's, then the real apps', then the fit
    for r in results:
        seen = [(r["held"], len(test)), (r["loo"], len(train))]
        r["unseen"] = sum(v * n for v, n in seen if n and not math.isnan(v)) / sum(n for v, n in seen if n and not math.isnan(v))
    best = max(results, key=lambda r: tuple(-1.0 if math.isnan(r[k]) else r[k] for k in ("unseen", "halo", "real", "fit")))
    model = docs[best["name"]]
    model["trained_on"] = {"instances": sorted(train), "two_gpu_instances": sorted(dual),
                           "held_out_pct": None if math.isnan(best["held"]) else round(best["held"], 2),
                           "leave_one_out_pct": None if math.isnan(best["loo"]) else round(best["loo"], 2),
                           "unseen_pct": round(best["unseen"], 2),
                           "apps_pct": None if math.isnan(best["real"]) else round(best["real"], 2),
                           "space_points_per_instance": space}
    with open(a.output + ".tmp", "w") as f:
        json.dump(model, f, indent=1, allow_nan=False)
        f.write("\n")
    os.replace(a.output + ".tmp", a.output)
    untuned = ("defaults (%s)" % ", ".join("%s %s" % kv for kv in prof["defaults"].items()) if prof["defaults"]
               else "the thesis time model's pick (predicted_s)")
    lines += ["", "Untuned, %s: %s held-out, %s over the training instances, %s real apps." % (
        untuned, pct(base["held-out"]), pct(base["leave-one-out"]), pct(base["apps"])),
              "Timed runs per tuned instance: the model 1 of a median %d-point space (%.1f%%); exhaustive %d; "
              "training %d runs once per device kind (%d instances)." % (
                  space, 100.0 / space, space, sum(len(t) for t in train.values()), len(train)),
              "", "Chosen: **%s** (written to %s): %s over the %d synthetic instances it was not trained on "
              "(held-out, and each training instance left out)." % (best["name"], a.output, pct(best["unseen"]),
                                                                     len(test) + len(train)), "",
              "| instance (%s) | %% of optimum | chosen point |" % ("held-out" if test else "leave-one-out"),
              "|---|---|---|"]
    for k, (share, cfg) in sorted(best["each"].items()):
        lines.append("| %s | %.1f%% | %s |" % (k, share, cfg))
    text = "\n".join(lines) + "\n"
    if a.report:
        with open(a.report, "w") as f:
            f.write(text)
    print(text)


if __name__ == "__main__":
    main()
