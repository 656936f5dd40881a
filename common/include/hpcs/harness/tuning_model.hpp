// SPDX-License-Identifier: BSD-3-Clause
// A learned tuning model (seed 004's autotuner): a small JSON file, trained offline
// (benchmarks/tune_train.py), that predicts a variant's tunables from an instance's
// features, evaluated here at run time. Format (docs/autotuning.md):
//   {"format": "hpcs-tuning-model 1", "app": "wavefront", "variant": "cuda/band",
//    "device": "NVIDIA H100 80GB HBM3", "models": [
//      {"class": "fine", "when": [{"feature": "tsize", "max": 99}],
//       "predict": [{"tunable": "band", "tree": NODE}, ...]}]}
// The first model whose `when` holds predicts its tunables in order (a cascade: a later
// tree may read "pred(band)", the coordinate predicted for band). A NODE is a split
// {"split": EXPR, "at": x, "le": NODE, "gt": NODE} or a leaf {"intercept": c, "coef":
// {EXPR: a, ...}} (a linear model; a constant where coef is empty). EXPR is a feature
// "tsize", its "log2(tsize)", or "pred(TUNABLE)".
#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hpcs {

struct TuningModel {
  std::string path, app, variant, device, name;  // name: the model's own label ("M5-style tree")
  nlohmann::json models;                         // validated at load
};

// Reads and checks the whole file; throws hpcs::Error naming the file and what is wrong.
TuningModel load_tuning_model(const std::string& path);

struct Prediction {
  std::string model_class;                                  // the "class" of the model used
  std::vector<std::pair<std::string, double>> coordinates;  // tunable -> predicted coordinate
};

// Throws hpcs::Error naming the file where no model's `when` holds or a feature is missing.
Prediction predict_tuning(const TuningModel& m, const nlohmann::json& features);

// The shipped model of an app's variant for a device: inputs/tuning/<app>/<device slug>.json
// (found by hpcs/io/data_files.hpp), or nullopt.
std::optional<std::string> find_tuning_model(const std::string& app, const std::string& device_name);
std::string tuning_model_relative_path(const std::string& app, const std::string& device_name);

}  // namespace hpcs
