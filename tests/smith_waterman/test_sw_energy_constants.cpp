// SPDX-License-Identifier: BSD-3-Clause
// The energy model's constants (sw_energy_constants.hpp): a calibration file's where it has
// them (written here by the test), else the thesis' K20c ones, labelled; E_ls priced with
// e_ls; DPX counting; the record and the printed model line saying which constants priced it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "expect_error.hpp"
#include "hpcs/io/calibration_file.hpp"
#include "sw_app.hpp"
#include "sw_energy_constants.hpp"
#include "sw_model.hpp"

namespace hpcs::sw {
namespace {

// Made-up Hopper-like constants, each distinct from Table 5.1's so a mix-up shows.
const nlohmann::json kFake = {{"device", "Fake GPU 9000"}, {"p_stat", 70.0},       {"e_gs", 1.5e-9},
                              {"e_sr", 1.0e-11},           {"e_iadd", 2.0e-12},    {"e_imax", 3.0e-12},
                              {"e_dpx_addmax", 4.0e-12},   {"e_dpx_max", 5.0e-12}, {"e_ls", 2.5e-10}};

class SwConstantsFile : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + "/sw_calib_" + std::to_string(::getpid()) + "_" + name;
    std::ofstream(path) << text;
    paths_.push_back(path);
    return path;
  }
  void TearDown() override {
    for (const auto& p : paths_) std::remove(p.c_str());
  }
  std::vector<std::string> paths_;
};

TEST_F(SwConstantsFile, FileConstantsPriceTheModelAndELs) {
  const std::string path = write("fake.json", kFake.dump());
  const EnergyConstants k = constants_from_file(path);
  ASSERT_TRUE(k.from_file()) << k.note;
  EXPECT_EQ(k.source, path);
  EXPECT_EQ(k.device, "Fake GPU 9000");
  EXPECT_TRUE(k.prices_ls());
  EXPECT_TRUE(k.has_dpx());

  // S = 4096, T = 2048, 512 x 256 tiles, s_S = 16, N_P = 2: P_h = 4, P_w = 8.
  const EnergyModel m = energy_model(4096, 2048, 512, 256, 16, 2.0, 2, k, false);
  const double v = 512.0 * 256, a = 4.25;
  EXPECT_DOUBLE_EQ(m.tile_gs_joules, a * (512 + 256) * 1.5e-9);
  EXPECT_DOUBLE_EQ(m.tile_sr_joules, (v + 5.0 * 256 * 512 / 16) * 1.0e-11);
  EXPECT_DOUBLE_EQ(m.tile_ar_joules, v * 5.0 * (2.0e-12 + 3.0e-12));
  EXPECT_DOUBLE_EQ(m.total_joules, 70.0 * 2.0 + m.dynamic_joules);
  // Eq. 12's E_ls priced: words x e_ls, and part of the pass.
  EXPECT_DOUBLE_EQ(m.pass_write_back.ls_words, a * 2048 * 3);
  EXPECT_DOUBLE_EQ(m.pass_write_back.ls_joules, a * 2048 * 3 * 2.5e-10);
  EXPECT_DOUBLE_EQ(m.pass_write_through.ls_joules, a / 2 * 2048 * 3 * 2.5e-10);
  EXPECT_DOUBLE_EQ(m.pass_write_back.joules(), m.pass_write_back.gs_joules + m.pass_write_back.ls_joules +
                                                   m.pass_write_back.sr_joules + m.pass_write_back.ar_joules);

  const nlohmann::json j = to_json(m);
  EXPECT_EQ(j["constants"]["source"], path);
  EXPECT_EQ(j["constants"]["e_ls_j"], 2.5e-10);
  EXPECT_EQ(j["constants"]["p_stat_w"], 70.0);
  EXPECT_EQ(j["ar_ops_per_cell"], "5 iadd + 5 imax");
  EXPECT_TRUE(j["multipass"]["write_back"]["ls_priced"].get<bool>());
  EXPECT_DOUBLE_EQ(j["multipass"]["write_back"]["ls_j"].get<double>(), m.pass_write_back.ls_joules);
  EXPECT_FALSE(j["constants"].contains("note"));
}

TEST_F(SwConstantsFile, DpxVariantsAreCountedInDpxInstructions) {
  const EnergyConstants k = constants_from_file(write("fake.json", kFake.dump()));
  const EnergyModel m = energy_model(1 << 12, 1 << 12, 1024, 256, 8, 1.0, 0, k, true);
  // E: one __viaddmax_s32 beside the H - open add; F the same; H: d + s and one __vimax3_s32_relu.
  EXPECT_DOUBLE_EQ(m.tile_ar_joules, 1024.0 * 256 * (3 * 2.0e-12 + 2 * 4.0e-12 + 5.0e-12));
  EXPECT_NE(to_json(m)["ar_ops_per_cell"].get<std::string>().find("__viaddmax_s32"), std::string::npos);
  EXPECT_TRUE(to_json(m)["dpx"].get<bool>());

  // Constants without DPX energies: the thesis' count, and a note saying so.
  nlohmann::json no_dpx = kFake;
  no_dpx.erase("e_dpx_addmax");
  no_dpx["e_dpx_max"] = nullptr;
  const EnergyConstants plain = constants_from_file(write("no_dpx.json", no_dpx.dump()));
  ASSERT_TRUE(plain.from_file());
  EXPECT_FALSE(plain.has_dpx());
  const EnergyModel p = energy_model(1 << 12, 1 << 12, 1024, 256, 8, 1.0, 0, plain, true);
  EXPECT_DOUBLE_EQ(p.tile_ar_joules, 1024.0 * 256 * 5 * (2.0e-12 + 3.0e-12));
  EXPECT_NE(to_json(p)["note"].get<std::string>().find("no DPX energies"), std::string::npos);
}

TEST_F(SwConstantsFile, WithoutFileTheThesisConstantsAreLabelled) {
  const EnergyModel m = energy_model(4096, 2048, 512, 256, 16, 1.0, 2);
  const nlohmann::json j = to_json(m);
  EXPECT_EQ(j["constants"]["source"], "K20c, Table 5.1 (thesis)");
  EXPECT_EQ(j["constants"]["p_stat_w"], 48.0);
  EXPECT_EQ(j["constants"]["e_iadd_j"], 7.2e-11);
  EXPECT_TRUE(j["constants"]["e_ls_j"].is_null());
  EXPECT_FALSE(j["multipass"]["write_back"]["ls_priced"].get<bool>());
  EXPECT_TRUE(j["multipass"]["write_back"]["ls_j"].is_null());
  EXPECT_DOUBLE_EQ(m.pass_write_back.joules(),
                   m.pass_write_back.gs_joules + m.pass_write_back.sr_joules + m.pass_write_back.ar_joules);
  const EnergyConstants k = thesis_constants("no GPU, so no device calibration file");
  EXPECT_FALSE(k.from_file());
  EXPECT_EQ(to_json(energy_model(64, 64, 8, 64, 8, 1.0, 0, k))["constants"]["note"],
            "no GPU, so no device calibration file");
}

TEST_F(SwConstantsFile, FilesWithoutTheConstantsGiveTheThesisOnesWithANote) {
  // A file measured before e_iadd, e_imax and e_ls (the H200's until 2026-11-28): still
  // readable, not used.
  nlohmann::json older = kFake;
  for (const char* key : {"e_iadd", "e_imax", "e_ls"}) older.erase(key);
  const std::string path = write("older.json", older.dump());
  const EnergyConstants k = constants_from_file(path);
  EXPECT_FALSE(k.from_file());
  EXPECT_EQ(k.source, kThesisConstants);
  EXPECT_EQ(k.p_stat, 48.0);  // all Table 5.1's: no Hopper e_gs beside a K20c e_iadd
  EXPECT_NE(k.note.find(path), std::string::npos) << k.note;
  EXPECT_NE(k.note.find("e_iadd, e_imax, e_ls"), std::string::npos) << k.note;
  // Both shipped Hopper files have them now.
  for (const char* device : {"NVIDIA H200", "NVIDIA H100 80GB HBM3"}) {
    const auto shipped = find_calibration_for(device);
    ASSERT_TRUE(shipped.has_value()) << device;
    EXPECT_TRUE(constants_from_file(*shipped).from_file()) << *shipped;
  }

  nlohmann::json unmeasured = kFake;
  unmeasured["e_ls"] = nullptr;  // no NVML when it was measured
  const EnergyConstants u = constants_from_file(write("null_ls.json", unmeasured.dump()));
  EXPECT_FALSE(u.from_file());
  EXPECT_NE(u.note.find("has no measured e_ls"), std::string::npos) << u.note;
}

TEST_F(SwConstantsFile, BadFilesNameTheFileAndTheKey) {
  nlohmann::json typed = kFake;
  typed["e_imax"] = "small";
  const std::string t = write("typed.json", typed.dump());
  hpcs::testing::expect_error([&] { constants_from_file(t); },
                              "calibration file '" + t + "': key 'e_imax' must be a number or null");
  const std::string m = write("malformed.json", "{\"p_stat\": 70,");
  hpcs::testing::expect_error([&] { constants_from_file(m); }, "calibration file '" + m + "': not valid JSON");
  hpcs::testing::expect_error([&] { constants_from_file(m + ".missing"); }, "cannot open");
}

TEST_F(SwConstantsFile, RecordsAndThePrintedLineSayWhichConstants) {
  const std::string path = write("fake.json", kFake.dump());
  const EnergyConstants k = constants_from_file(path);
  RunRecord r;
  r.variant = "cuda/multipass";
  r.backend = "cuda";
  r.config = "tile=512x256 sub=16x2 dpx";
  r.extra["details"] = {{"resident_rows", 4},
                        {"tiling", {{"tile_rows", 512}, {"tile_cols", 256}, {"sub_rows", 16}, {"sub_cols", 2}}}};
  add_models(r, Problem{4096, 2048}, k);
  const auto& e = r.extra["model_energy"];
  EXPECT_EQ(e["constants"]["source"], path);
  EXPECT_TRUE(e["dpx"].get<bool>());
  EXPECT_TRUE(e["multipass"]["write_back"]["ls_priced"].get<bool>());
  std::ostringstream os;
  print_models(os, {r});
  EXPECT_NE(os.str().find("energy constants: " + path + " (Fake GPU 9000)"), std::string::npos) << os.str();
  EXPECT_NE(os.str().find("(E_ls "), std::string::npos) << os.str();

  RunRecord plain = r;
  plain.config = "tile=512x256 sub=16x2 team=32";  // no dpx: the thesis' 5 + 5 count
  add_models(plain, Problem{4096, 2048}, thesis_constants("no calibration file for Fake GPU 9000"));
  EXPECT_FALSE(plain.extra["model_energy"]["dpx"].get<bool>());
  std::ostringstream os2;
  print_models(os2, {plain});
  EXPECT_NE(os2.str().find("energy constants: K20c, Table 5.1 (thesis) (no calibration file for Fake GPU 9000)"),
            std::string::npos)
      << os2.str();
  EXPECT_NE(os2.str().find("words (unpriced)"), std::string::npos) << os2.str();
}

}  // namespace
}  // namespace hpcs::sw
