// SPDX-License-Identifier: BSD-3-Clause
// Every shipped tuning model (inputs/tuning/<app>/<device slug>.json) loads, lives under its
// app and device, and predicts a point for instances across its training range: a file that
// only the GPU machine would read is checked on every CI run.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "hpcs/harness/tuning_model.hpp"
#include "hpcs/io/data_files.hpp"

namespace hpcs {
namespace {

// Instances per app, in the features its MiniApp::features() gives and the run's resources
// (the wavefront's gpu-count: tune.hpp hands a model both).
const std::map<std::string, std::vector<nlohmann::json>>& instances() {
  static const std::map<std::string, std::vector<nlohmann::json>> m{
      {"wavefront",
       {{{"app", "synthetic"}, {"dim", 500.0}, {"tsize", 10}, {"element_bytes", 16}, {"gpu-count", 1}},
        {{"app", "synthetic"}, {"dim", 10000.0}, {"tsize", 4000}, {"element_bytes", 48}, {"gpu-count", 1}},
        {{"app", "lcs"}, {"dim", 20000.0}, {"tsize", 1}, {"element_bytes", 4}, {"gpu-count", 1}},
        {{"app", "synthetic"}, {"dim", 3100.0}, {"tsize", 100}, {"element_bytes", 16}, {"gpu-count", 2}}}},
      {"jacobi", {{{"n1", 4096}, {"n2", 4096}, {"steps", 256}, {"element_bytes", 4}, {"dims", 2}}}},
      {"smith_waterman", {{{"len_a", 65536}, {"len_b", 131072}}, {{"len_a", 600000}, {"len_b", 600000}}}}};
  return m;
}

TEST(ShippedTuningModels, LoadAndPredictWhereTheyLive) {
  const std::filesystem::path root = std::filesystem::path(HPCS_SOURCE_DIR) / "inputs" / "tuning";
  int files = 0;
  for (const auto& app_dir : std::filesystem::directory_iterator(root)) {
    if (!app_dir.is_directory()) continue;
    for (const auto& f : std::filesystem::directory_iterator(app_dir.path())) {
      if (f.path().extension() != ".json") continue;
      SCOPED_TRACE(f.path().string());
      ++files;
      const TuningModel m = load_tuning_model(f.path().string());
      EXPECT_EQ(m.app, app_dir.path().filename().string());
      EXPECT_EQ(device_slug(m.device), f.path().stem().string());
      const auto known = instances().find(m.app);
      ASSERT_NE(known, instances().end()) << "no test instances for app " << m.app;
      for (const auto& features : known->second) {
        const Prediction p = predict_tuning(m, features);
        EXPECT_FALSE(p.coordinates.empty()) << features.dump();
        for (const auto& [tunable, coordinate] : p.coordinates) EXPECT_TRUE(std::isfinite(coordinate)) << tunable;
      }
    }
  }
  EXPECT_GE(files, 3);  // the H200 and H100 wavefront models and the H100 Smith-Waterman one at least
}

// The shipped wavefront models hold a class learned on two GPUs: a run with two takes it (and
// its halo), a run with one never does (one GPU has no halo to predict).
TEST(ShippedTuningModels, WavefrontTwoGpuRunsTakeTheTwoGpuClass) {
  const std::filesystem::path dir = std::filesystem::path(HPCS_SOURCE_DIR) / "inputs" / "tuning" / "wavefront";
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    SCOPED_TRACE(f.path().string());
    const TuningModel m = load_tuning_model(f.path().string());
    nlohmann::json features = {{"app", "synthetic"}, {"dim", 3100.0}, {"tsize", 100}, {"element_bytes", 16}};
    const auto has_halo = [](const Prediction& p) {
      for (const auto& c : p.coordinates)
        if (c.first == "halo") return true;
      return false;
    };
    features["gpu-count"] = 2;
    const Prediction two = predict_tuning(m, features);
    EXPECT_EQ(two.model_class, "two GPUs");
    EXPECT_TRUE(has_halo(two));
    features["gpu-count"] = 1;
    const Prediction one = predict_tuning(m, features);
    EXPECT_NE(one.model_class, "two GPUs");
    EXPECT_FALSE(has_halo(one));
  }
}

}  // namespace
}  // namespace hpcs
