// SPDX-License-Identifier: BSD-3-Clause
// Calibration files (round trip, errors, lookup by device) and the tile sweep's ranking,
// summary and HDF5 output. CPU only.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include "expect_error.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "jacobi_calibration.hpp"
#include "jacobi_model.hpp"
#include "jacobi_sweep.hpp"
#include "toy_calibration.hpp"

namespace hpcs::jacobi {
namespace {
using testing_support::toy;

// ---- calibration files ---------------------------------------------------------------------

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "/jacobi_model_" + std::to_string(::getpid()) + "_" + name;
}

std::string error_of(const std::string& path) {
  return hpcs::testing::error_message([&] { load_calibration(path); });
}

TEST(JacobiCalibration, RoundTripsThroughAFile) {
  Calibration c = toy();
  c.e_dmul = std::numeric_limits<double>::quiet_NaN();  // not measured -> null -> NaN
  c.details = {{"bandwidth_gb_s", 4000.5}};
  const std::string path = temp_path("round.json");
  save_calibration(path, c);
  const Calibration back = load_calibration(path);
  // Every field, exactly (to_json holds them all; the NaN as null on both sides).
  EXPECT_EQ(back.to_json(), c.to_json());
  EXPECT_EQ(back.n_sm, 2);  // the toy's values, not both sides' defaults
  EXPECT_EQ(back.e_dadd, 3e-11);
  EXPECT_TRUE(std::isnan(back.e_dmul));
  EXPECT_EQ(back.details["bandwidth_gb_s"], 4000.5);
  // Same prediction from the copy as from the original.
  const Tuning t{8, 16, 32, 0};
  EXPECT_EQ(predict(Problem{2, 300, 200}, 40, t, Precision::Float32, back).time,
            predict(Problem{2, 300, 200}, 40, t, Precision::Float32, c).time);
  // No temporary file is left beside it.
  std::ifstream tmp(path + ".tmp." + std::to_string(::getpid()));
  EXPECT_FALSE(tmp.good());
  std::remove(path.c_str());
}

// The per-stencil C_iter keys are optional (files from before them load, NaN), round-trip
// when present, and are checked like every time constant when given.
TEST(JacobiCalibration, PerStencilCiterIsOptionalAndChecked) {
  Calibration c = toy();
  EXPECT_TRUE(std::isnan(c.c_iter_2d_of(Stencil::Gradient, Precision::Float32)));
  EXPECT_EQ(c.c_iter_2d_of(Stencil::Jacobi, Precision::Float64), c.c_iter_2d_f64);
  c.c_iter_gradient2d = 9e-9, c.c_iter_laplacian2d_f64 = 8e-9;
  const std::string path = temp_path("stencils.json");
  save_calibration(path, c);
  const Calibration back = load_calibration(path);
  EXPECT_EQ(back.c_iter_2d_of(Stencil::Gradient, Precision::Float32), 9e-9);
  EXPECT_EQ(back.c_iter_2d_of(Stencil::Laplacian, Precision::Float64), 8e-9);
  EXPECT_TRUE(std::isnan(back.c_iter_2d_of(Stencil::Heat, Precision::Float32)));  // null in the file
  nlohmann::json j = toy().to_json();
  for (const char* key : {"c_iter_heat2d", "c_iter_laplacian2d", "c_iter_gradient2d_f64"}) j.erase(key);
  std::ofstream(path) << j.dump();  // an older file: no such keys at all
  EXPECT_TRUE(std::isnan(load_calibration(path).c_iter_heat2d));
  j["c_iter_heat2d"] = -1e-9;
  std::ofstream(path) << j.dump();
  const std::string e = error_of(path);
  EXPECT_NE(e.find("'c_iter_heat2d' must be a positive number"), std::string::npos) << e;
  EXPECT_NE(e.find(path), std::string::npos) << e;
  std::remove(path.c_str());
}

// The 3D C_iter keys: optional like the 2D per-stencil ones, one per stencil and precision.
TEST(JacobiCalibration, ThreeDimensionalCiterIsOptional) {
  Calibration c = toy();
  EXPECT_TRUE(std::isnan(c.c_iter_3d_of(Stencil::Jacobi, Precision::Float32)));
  EXPECT_TRUE(std::isnan(c.c_iter_3d_of(Stencil::Gradient, Precision::Float32)));  // no 3D Gradient
  EXPECT_EQ(Calibration::c_iter_3d_key(Stencil::Laplacian, Precision::Float64), "c_iter_laplacian3d_f64");
  c.c_iter_laplacian3d_f64 = 8e-9, c.c_iter_jacobi3d = 6e-9;
  const std::string path = temp_path("stencils3d.json");
  save_calibration(path, c);
  const Calibration back = load_calibration(path);
  EXPECT_EQ(back.c_iter_3d_of(Stencil::Laplacian, Precision::Float64), 8e-9);
  EXPECT_EQ(back.c_iter_3d_of(Stencil::Jacobi, Precision::Float32), 6e-9);
  EXPECT_TRUE(std::isnan(back.c_iter_3d_of(Stencil::Heat, Precision::Float32)));
  nlohmann::json j = back.to_json();
  j["c_iter_heat3d"] = 0;
  std::ofstream(path) << j.dump();
  const std::string e = error_of(path);
  EXPECT_NE(e.find("'c_iter_heat3d' must be a positive number"), std::string::npos) << e;
  std::remove(path.c_str());
}

TEST(JacobiCalibration, ErrorsNameTheFileAndTheKey) {
  const std::string missing = temp_path("does_not_exist.json");
  const std::string e1 = error_of(missing);
  EXPECT_NE(e1.find(missing), std::string::npos) << e1;
  EXPECT_NE(e1.find("cannot open"), std::string::npos) << e1;

  nlohmann::json j = toy().to_json();
  j.erase("l_word");
  const std::string no_key = temp_path("no_key.json");
  std::ofstream(no_key) << j.dump();
  const std::string e2 = error_of(no_key);
  EXPECT_NE(e2.find(no_key), std::string::npos) << e2;
  EXPECT_NE(e2.find("missing key 'l_word'"), std::string::npos) << e2;

  j = toy().to_json();
  j["n_sm"] = "many";
  std::ofstream(no_key) << j.dump();
  const std::string e3 = error_of(no_key);
  EXPECT_NE(e3.find("'n_sm'"), std::string::npos) << e3;

  j = toy().to_json();
  j["c_iter_2d"] = 0;  // a zero time constant would silently zero the model
  std::ofstream(no_key) << j.dump();
  EXPECT_NE(error_of(no_key).find("'c_iter_2d' must be a positive number"), std::string::npos);

  std::ofstream(no_key) << "{ not json";
  const std::string e4 = error_of(no_key);
  EXPECT_NE(e4.find(no_key), std::string::npos) << e4;
  EXPECT_NE(e4.find("not valid JSON"), std::string::npos) << e4;
  std::remove(no_key.c_str());

  EXPECT_THROW(save_calibration("/nonexistent_dir_hpcs/x.json", toy()), Error);
}

TEST(JacobiCalibration, SlugsAndLookup) {
  EXPECT_EQ(calibration_slug("NVIDIA H200"), "nvidia_h200");
  EXPECT_EQ(calibration_slug("NVIDIA H100 80GB HBM3"), "nvidia_h100_80gb_hbm3");
  EXPECT_EQ(calibration_slug("  Tesla K20c (rev. 2) "), "tesla_k20c_rev_2");
  EXPECT_FALSE(find_calibration_for("No Such GPU 9000").has_value());
  EXPECT_FALSE(find_calibration_for("").has_value());
  // The committed files are found by the name the driver reports and load.
  for (const char* name : {"NVIDIA H200", "NVIDIA H100 80GB HBM3"}) {
    const auto file = find_calibration_for(name);
    ASSERT_TRUE(file.has_value()) << name;
    const Calibration c = load_calibration(*file);
    EXPECT_EQ(c.device, name);
    EXPECT_EQ(c.n_sm, 132);
  }
}

// ---- sweep summary -----------------------------------------------------------------------

SweepPoint point(int t_T, double measured, double predicted, const std::string& status = "ok") {
  SweepPoint p;
  p.tiles = Tuning{t_T, 8, 32, 0};
  p.status = status;
  p.measured = measured;
  p.predicted.time = predicted;
  return p;
}

TEST(JacobiSweep, SummaryRanksAndFindsTheModelsTopTenPercent) {
  SweepResult r;
  r.problem = Problem{2, 64, 64};
  r.points = {point(2, 5.0, 1.00),  // model argmin; measured 5.0
              point(4, 2.0, 1.30),  // measured best, outside the model's top 10%
              point(6, 3.0, 1.08),  // in the top 10% (1.08 <= 1.1), measured 3.0: best of them
              point(8, 0.0, 0.50, "t_S1 too large for shared memory"),  // never ranked
              point(10, 4.0, 1.10),                                     // in the top 10% (boundary)
              point(12, 2.2, 2.64)};
  summarize_sweep(r);
  ASSERT_EQ(r.measured_points, 5u);
  // Measured order: 2.0, 2.2, 3.0, 4.0, 5.0, then the rejected point.
  EXPECT_EQ(r.points[0].tiles.t_T, 4);
  EXPECT_EQ(r.points[1].tiles.t_T, 12);
  EXPECT_EQ(r.points[4].tiles.t_T, 2);
  EXPECT_EQ(r.points[5].tiles.t_T, 8);
  EXPECT_EQ(r.best, 0u);
  EXPECT_EQ(r.points[r.model_best].tiles.t_T, 2);
  ASSERT_EQ(r.model_top.size(), 3u);  // t_T 6, 10, 2 in measured order
  EXPECT_EQ(r.points[r.model_top[0]].tiles.t_T, 6);
  EXPECT_EQ(r.points[r.model_top[1]].tiles.t_T, 10);
  EXPECT_EQ(r.points[r.model_top[2]].tiles.t_T, 2);
  EXPECT_EQ(r.points[r.best_of_model_top].tiles.t_T, 6);
  EXPECT_DOUBLE_EQ(r.top_gap, 3.0 / 2.0 - 1.0);
  EXPECT_DOUBLE_EQ(r.model_best_gap, 5.0 / 2.0 - 1.0);
  // Within 20% of the best (<= 2.4): 2.0 (pred 1.30) and 2.2 (pred 2.64):
  // errors -0.35 and +0.2 -> RMS sqrt((0.1225 + 0.04) / 2).
  EXPECT_NEAR(r.rmse_within_20, std::sqrt((0.1225 + 0.04) / 2), 1e-12);
  const nlohmann::json j = r.to_json();
  EXPECT_EQ(j["summary"]["model_top"].size(), 3u);
  EXPECT_TRUE(j["points"][5]["measured_s"].is_null());

  std::ostringstream os;
  print_sweep(os, r);
  EXPECT_NE(os.str().find("+50.0% over the best"), std::string::npos) << os.str();
  EXPECT_NE(os.str().find("not run: t_T=8"), std::string::npos) << os.str();
}

// Fig. A.7's fourth strategy: the variant's default tiles, found among the points that ran
// (by t_T, t_S1, t_S2), with their gap to the best; a default that did not run is said so.
TEST(JacobiSweep, TheDefaultTilesAreTheFourthStrategy) {
  SweepResult r;
  r.problem = Problem{2, 64, 64};
  r.points = {point(2, 5.0, 1.0), point(4, 2.0, 1.3), point(12, 2.2, 2.6), point(8, 0.0, 0.5, "too large")};
  r.default_tiles = Tuning{12, 8, 32, 0};
  summarize_sweep(r);
  ASSERT_TRUE(r.default_point.has_value());
  EXPECT_EQ(r.points[*r.default_point].tiles.t_T, 12);
  EXPECT_NEAR(r.default_gap, 2.2 / 2.0 - 1.0, 1e-12);
  EXPECT_EQ(r.to_json()["summary"]["default"], *r.default_point);
  std::ostringstream os;
  print_sweep(os, r);
  EXPECT_NE(os.str().find("default tiles:          t_T=12 t_S1=8 t_S2=32 threads=auto, measured 2200.0000 ms (+10.0%"),
            std::string::npos)
      << os.str();
  r.default_tiles = Tuning{8, 8, 32, 0};  // the rejected point: never the default's time
  summarize_sweep(r);
  EXPECT_FALSE(r.default_point.has_value());
  EXPECT_TRUE(std::isnan(r.default_gap));
  EXPECT_TRUE(r.to_json()["summary"]["default"].is_null());
  r.default_tiles = Tuning{4, 8, 33, 0};  // t_S2 differs: not the same point
  summarize_sweep(r);
  EXPECT_FALSE(r.default_point.has_value());
  std::ostringstream none;
  print_sweep(none, r);
  EXPECT_NE(none.str().find("t_S2=33 threads=auto: not among the points that ran"), std::string::npos) << none.str();
}

TEST(JacobiSweep, NoPointRanIsReportedNotInvented) {
  SweepResult r;
  r.points = {point(2, 0, 1, "rejected"), point(4, 0, 1, "rejected")};
  summarize_sweep(r);
  EXPECT_EQ(r.measured_points, 0u);
  EXPECT_TRUE(r.model_top.empty());
  EXPECT_TRUE(std::isnan(r.top_gap));
  EXPECT_FALSE(r.to_json().contains("summary"));
  std::ostringstream os;
  print_sweep(os, r);
  EXPECT_NE(os.str().find("no point ran"), std::string::npos);
}

// A search without --sweep-* lists also tries the tiles a run without tiles takes: on a
// large 2D float32 grid the fast kernel's t_S1 = 9, t_S2 = 384, outside the thesis' lists.
TEST(JacobiSweep, DefaultTilesJoinTheCandidates) {
  const auto candidates = [](const Task& task, bool with_defaults) {
    SweepSpec spec;
    spec.with_defaults = with_defaults;
    std::vector<std::vector<std::int64_t>> out;
    for (const auto& tunable : tiled_space(spec)) out.push_back(tunable.candidates(task));
    return out;
  };
  const Task big{Problem{2, 4096, 3000}, Precision::Float32, 1};
  const auto joined = candidates(big, true);
  EXPECT_EQ(joined[0], (std::vector<std::int64_t>{2, 4, 6, 8, 12, 16}));  // t_T = 16 is a candidate already
  EXPECT_EQ(joined[1], (std::vector<std::int64_t>{8, 9, 16, 32, 64}));
  EXPECT_EQ(joined[2], (std::vector<std::int64_t>{32, 64, 128, 384}));
  const auto lists = candidates(big, false);
  EXPECT_EQ(lists[1], (std::vector<std::int64_t>{8, 16, 32, 64}));
  EXPECT_EQ(lists[2], (std::vector<std::int64_t>{32, 64, 128}));
  // float64 keeps t_S2 = 256; a small grid's defaults (8, 16, 64) are in the lists already
  EXPECT_EQ(candidates(Task{Problem{2, 4096, 3000}, Precision::Float64, 1}, true)[2],
            (std::vector<std::int64_t>{32, 64, 128, 256}));
  const auto small = candidates(Task{Problem{2, 100, 70}, Precision::Float32, 1}, true);
  EXPECT_EQ(small[1], lists[1]);
  EXPECT_EQ(small[2], lists[2]);
}

// A variant's own default tiles join its space, not the shared ones: kokkos/tiled on a GPU
// resolves Tuning{} to its fast block's shape, which --tune and --sweep must be able to find.
TEST(JacobiSweep, TheVariantsOwnDefaultTilesJoinTheCandidates) {
  const TileDefaults own = [](const Task&, const Tuning& t) {
    Tuning d = t;
    d.t_T = 10;
    d.t_S1 = 4;
    d.t_S2 = 256;
    return d;
  };
  const Task big{Problem{2, 4096, 3000}, Precision::Float32, 1};
  std::vector<std::vector<std::int64_t>> c;
  for (const auto& tunable : tiled_space(SweepSpec{}, own)) c.push_back(tunable.candidates(big));
  EXPECT_EQ(c[0], (std::vector<std::int64_t>{2, 4, 6, 8, 10, 12, 16}));
  EXPECT_EQ(c[1], (std::vector<std::int64_t>{4, 8, 16, 32, 64}));
  EXPECT_EQ(c[2], (std::vector<std::int64_t>{32, 64, 128, 256}));
  // set_candidates gives each tiled variant its own resolve
  VariantList list(1);
  list[0].make.tiled = true;
  list[0].resolve = own;
  list[0].space = tiled_space();
  set_candidates(list, SweepSpec{});
  EXPECT_EQ(list[0].space[1].candidates(big), c[1]);
}

// The sweep's points from the tuner's side: the points of the space a variant refuses (with
// why, each counted once), the timed ones from their records, and the HDF5 file of both.
TEST(JacobiSweep, RefusedPointsAndRecordsMakeTheFile) {
  SweepSpec spec;
  spec.t_T = {2, 3, 4};
  spec.t_S1 = {4, 8};
  spec.t_S2 = {8};
  spec.with_defaults = false;  // the lists as given (the command line's --sweep-* lists)
  Variant v;
  v.name = "test/tiled";
  v.make.tiled = true;
  v.space = tiled_space(spec);
  v.why_not = [](const Task& task, const Tuning& t) { return check_tiles(task.grid, t); };
  const Task task{Problem{2, 24, 20}, Precision::Float32, 1};
  std::size_t legal = 0;
  const auto untimed = untimed_points(v, task, Tuning{}, {}, 6, toy(), legal);
  EXPECT_EQ(legal, 4u);
  ASSERT_EQ(untimed.size(), 2u);
  for (const auto& q : untimed) {
    EXPECT_EQ(q.tiles.t_T, 3);
    EXPECT_NE(q.status.find("even"), std::string::npos) << q.status;
  }
  // A tunable the command line set stays as given: t_T = 4 alone, nothing refused.
  EXPECT_TRUE(untimed_points(v, task, Tuning{4, 0, 0, 0, 0}, {"tile-t"}, 6, toy(), legal).empty());
  EXPECT_EQ(legal, 2u);

  SweepResult r;
  r.variant = v.name;
  r.problem = task.grid;
  r.steps = 6;
  for (int tT : {2, 4})
    for (int tS1 : {4, 8}) {
      RunRecord rec;
      rec.timings.wall = {0.5, 0.25};
      rec.timings.wall_stats.min = 1e-3 * (tT + tS1);
      rec.verification.status = tT == 4 && tS1 == 8 ? "FAILED" : "passed";
      const Tuning tiles{tT, tS1, 8, 0};
      r.points.push_back(timed_point(rec, tiles, predict(task.grid, 6, tiles, Precision::Float32, toy())));
    }
  r.points.insert(r.points.end(), untimed.begin(), untimed.end());
  summarize_sweep(r);
  ASSERT_EQ(r.points.size(), 6u);
  EXPECT_EQ(r.measured_points, 3u);  // the failed verification is not ranked
  EXPECT_DOUBLE_EQ(r.points[0].measured, 6e-3);
  EXPECT_NE(r.points[3].status.find("verification FAILED"), std::string::npos) << r.points[3].status;
  EXPECT_FALSE(r.model_top.empty());

  const std::string path = temp_path("sweep.h5");
  write_sweep_h5(path, r, {{"git_revision", "test"}});
  h5::Reader in(path, MPI_COMM_SELF);
  EXPECT_EQ(in.dataset_info("measured_s").dims, std::vector<std::uint64_t>{6});
  std::vector<std::int32_t> tT(6);
  in.read_1d("t_T", 0, 6, tT.data());
  EXPECT_EQ(tT[5], 3);
  std::vector<double> m(6);
  in.read_1d("measured_s", 0, 6, m.data());
  EXPECT_EQ(m[0], r.points[0].measured);
  EXPECT_TRUE(std::isnan(m[5]));
  EXPECT_EQ(in.int_attribute("/", "measured_points").value_or(-1), 3);
  EXPECT_EQ(in.string_attribute("/", "variant").value_or(""), "test/tiled");
  std::remove(path.c_str());
}

}  // namespace
}  // namespace hpcs::jacobi
