// SPDX-License-Identifier: BSD-3-Clause
// jacobi_calibrate: measures the machine constants of the Jacobi time and energy models
// (and the integer, DPX and L2 energies of Smith-Waterman's, docs/smith_waterman.md) on
// the current GPU and writes them as a calibration file (docs/jacobi.md, "Models and
// calibration"):
//   jacobi_calibrate --output inputs/calibration/nvidia_h200.json [--quick]
// Every constant comes from a run on this GPU; none is typed in.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <iterator>
#include <limits>
#include <random>
#include <thread>
#include <tuple>
#include <vector>

#include <CLI/CLI.hpp>

#include "calibrate_kernels.hpp"
#include "hpcs/harness/cli.hpp"
#include "hpcs/measure/energy.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "hpcs/version.hpp"
#include "jacobi_calibration.hpp"

namespace {

using namespace hpcs::jacobi;
using namespace hpcs::jacobi::calib;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Options {
  std::string output;
  bool quick = false;
  bool energy = true;
  int configs = 0;       // C_iter configurations per (dimension, precision); 0: 70, quick 12
  double window = 0;     // energy window seconds; 0: 3, quick 1
  unsigned seed = 2017;  // random tile configurations
};

void say(const std::string& s) { std::cerr << "jacobi_calibrate: " << s << std::endl; }

std::string now_utc() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// Random tile configurations as the thesis' 70 (digest 3.6): 1D hexagons up to 1024 wide,
// 2D sub-prisms with t_S2 a multiple of 32 and at most 48 KiB of shared memory.
struct Config {
  int t_T, t_S1, t_S2, threads;
};
std::vector<Config> random_configs(int dims, bool f64, int count, std::mt19937& rng) {
  std::vector<Config> out;
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  while (static_cast<int>(out.size()) < count) {
    Config c{};
    if (dims == 1) {
      c.t_T = 2 * pick(1, 32);
      c.t_S1 = pick(32, 1024);
      c.t_S2 = 1;
      c.threads = std::min(1024, (c.t_S1 + c.t_T - 2 + 31) / 32 * 32);  // one lane per point of the widest row
    } else {
      c.t_T = 2 * pick(1, 8);
      c.t_S1 = pick(4, 64);
      c.t_S2 = 32 << pick(0, 2);
      c.threads = 128 << pick(0, 2);
      if (c.threads > c.t_S1 * c.t_S2) continue;
    }
    if (c_iter_shared_bytes(dims, f64, c.t_T, c.t_S1, c.t_S2) > 48 * 1024) continue;
    out.push_back(c);
  }
  return out;
}

// 3D slab configurations (one per sample, as the 2D ones): small hexagons (t_T 2-8, t_S1
// 1-8), sub-slabs of t_S2 1-8 by t_S3 32-128 (a multiple of 32: the threads run along S3),
// 128 or 256 threads, at most 48 KiB of shared memory; the sweep's 3D defaults lie inside.
struct Config3D {
  int t_T, t_S1, t_S2, t_S3, threads;
};
std::vector<Config3D> random_configs_3d(bool f64, int count, std::mt19937& rng) {
  std::vector<Config3D> out;
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  while (static_cast<int>(out.size()) < count) {
    Config3D c{};
    c.t_T = 2 * pick(1, 4);
    c.t_S1 = pick(1, 8);
    c.t_S2 = pick(1, 8);
    c.t_S3 = 32 * pick(1, 4);
    c.threads = 128 << pick(0, 1);
    if (c_iter_shared_bytes_3d(f64, c.t_T, c.t_S1, c.t_S2, c.t_S3) > 48 * 1024) continue;
    out.push_back(c);
  }
  return out;
}

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}
double stddev(const std::vector<double>& v) {
  const double m = mean(v);
  double s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return v.size() > 1 ? std::sqrt(s / static_cast<double>(v.size() - 1)) : 0.0;
}

struct EnergyRun {
  double seconds = 0, joules = 0, units = 0;
  int launches = 0;
};

// Repeats the kernel for at least `window` seconds inside one energy window (NVML's
// counter updates every 20-100 ms, so windows are >= 1 s).
EnergyRun energy_run(hpcs::EnergyMeter& meter, Repeatable& r, double window) {
  r.run(1);
  const double one = r.run(3) / 3.0;
  EnergyRun e;
  e.launches = static_cast<int>(std::ceil(window / std::max(one, 1e-6)));
  meter.start();
  r.run(e.launches);
  const hpcs::EnergyWindow w = meter.stop();
  if (!w.gpu_joules) throw hpcs::Error("NVML returned no energy for the window of '" + r.describe() + "'");
  e.seconds = w.seconds;
  e.joules = *w.gpu_joules;
  e.units = r.units() * e.launches;
  return e;
}

// The windows of Smith-Waterman's constants (calibrate_sw_kernels.cu).
struct SwRuns {
  EnergyRun iadd, imax, dpx_addmax, dpx_max, ls;
  std::string what[5];
  std::vector<std::tuple<const char*, EnergyRun, std::string>> named() const {
    return {{"e_iadd", iadd, what[0]},
            {"e_imax", imax, what[1]},
            {"e_dpx_addmax", dpx_addmax, what[2]},
            {"e_dpx_max", dpx_max, what[3]},
            {"e_ls", ls, what[4]}};
  }
};

SwRuns sw_energy_runs(hpcs::EnergyMeter& meter, const DeviceFacts& dev, double window) {
  SwRuns r;
  EnergyRun* runs[] = {&r.iadd, &r.imax, &r.dpx_addmax, &r.dpx_max};
  const IntOp ops[] = {IntOp::Add, IntOp::MaxAdd, IntOp::DpxAddMax, IntOp::DpxMax3Add};
  for (int i = 0; i < 4; ++i) {
    auto k = make_int_chain(ops[i], dev.n_sm);
    *runs[i] = energy_run(meter, *k, window);
    r.what[i] = k->describe();
  }
  // Two buffers of an eighth of L2 each: a quarter of it, so the data stay there.
  if (!(dev.l2_bytes > 0)) throw hpcs::Error("the device reports no L2 cache size; e_ls needs one");
  auto l2 = make_l2_copy(static_cast<std::size_t>(dev.l2_bytes / 8 / 4), dev.n_sm, 256);
  r.ls = energy_run(meter, *l2, window);
  r.what[4] = l2->describe();
  return r;
}

double idle_watts(hpcs::EnergyMeter& meter, double window) {
  meter.start();
  std::this_thread::sleep_for(std::chrono::duration<double>(window));
  const hpcs::EnergyWindow w = meter.stop();
  if (!w.gpu_joules) throw hpcs::Error("NVML returned no energy for the idle window");
  return *w.gpu_joules / w.seconds;
}

nlohmann::json run_json(const EnergyRun& e, const std::string& what) {
  return {{"kernel", what}, {"seconds", e.seconds}, {"joules", e.joules}, {"units", e.units}, {"launches", e.launches}};
}

// One C_iter configuration's record (t_S3 for 3D samples only).
nlohmann::json sample_json(const CiterSample& s) {
  nlohmann::json j = {{"t_T", s.t_T},       {"t_S1", s.t_S1}, {"t_S2", s.t_S2},       {"threads", s.threads},
                      {"blocks", s.blocks}, {"reps", s.reps}, {"seconds", s.seconds}, {"iterations", s.iterations},
                      {"c_iter", s.c_iter}};
  if (s.dims == 3) j["t_S3"] = s.t_S3;
  return j;
}

// Mean, spread and range of one key's C_iter values.
nlohmann::json spread_json(const std::vector<double>& v) {
  return {{"mean", mean(v)},
          {"stddev", stddev(v)},
          {"min", *std::min_element(v.begin(), v.end())},
          {"max", *std::max_element(v.begin(), v.end())}};
}

int run(const Options& o, const std::string& command) {
  const hpcs::GpuSelection sel = hpcs::select_gpu(0);
  if (!sel.device) throw hpcs::Error("jacobi_calibrate needs a CUDA GPU: " + sel.reason);
  const DeviceFacts dev = device_facts(sel.device->index);
  const int configs = o.configs > 0 ? o.configs : (o.quick ? 12 : 70);
  const double window = o.window > 0 ? o.window : (o.quick ? 1.0 : 3.0);
  if (window < 1.0) throw hpcs::Error("--window " + std::to_string(window) + ": energy windows must last >= 1 s");
  const double target = o.quick ? 0.005 : 0.02;  // seconds per timed C_iter kernel

  Calibration c;
  c.device = dev.name;
  c.measured_at = now_utc() + "; " + command + "; revision " + HPCS_GIT_REVISION;
  c.n_sm = dev.n_sm;
  c.n_v = dev.n_v;
  c.m_sm_bytes = dev.smem_sm_bytes;
  c.m_block_bytes = dev.smem_block_bytes;
  c.r_sm = dev.regs_sm;
  c.mtb_sm = dev.max_blocks_sm;
  nlohmann::json& d = c.details;
  d["command"] = command;
  d["revision"] = HPCS_GIT_REVISION;
  d["date_utc"] = now_utc();
  d["mode"] = o.quick ? "quick" : "full";
  d["device"] = {{"name", dev.name},
                 {"pci_bus_id", sel.device->pci_bus_id},
                 {"compute_capability", std::to_string(dev.cc_major) + "." + std::to_string(dev.cc_minor)},
                 {"global_bytes", dev.global_bytes}};
  say(dev.name + ": " + std::to_string(dev.n_sm) + " SMs x " + std::to_string(dev.n_v) + " FP32 lanes");

  // L: streaming copy, minimum of several passes; words read + written.
  const std::size_t floats =
      std::min<std::size_t>(o.quick ? (1u << 26) : (1u << 28), static_cast<std::size_t>(dev.global_bytes / 4 / 4));
  auto copy = make_copy(floats, dev.n_sm);
  copy->run(2);
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < (o.quick ? 5 : 20); ++i) best = std::min(best, copy->run(1));
  const double words_per_s = copy->units() / best;
  c.l_word = dev.n_sm / words_per_s;
  d["copy"] = {{"kernel", copy->describe()},
               {"seconds_per_pass", best},
               {"words_per_pass", copy->units()},
               {"bandwidth_gb_s", words_per_s * 4e-9}};
  char l_line[96];  // %e: L is ~1e-10, which std::to_string prints as 0.000000
  std::snprintf(l_line, sizeof l_line, "L = %.4e s/word/SM (%.1f GB/s)", c.l_word, words_per_s * 4e-9);
  say(l_line);

  // T_sync (one block of 256 threads per SM) and T_sync' (launch + host synchronisation).
  c.t_sync = barrier_seconds(dev.n_sm, 256);
  d["t_sync_1024_threads"] = barrier_seconds(dev.n_sm, 1024);
  c.t_launch = launch_seconds(dev.n_sm, o.quick ? 2000 : 20000);
  say("T_sync = " + std::to_string(c.t_sync * 1e9) + " ns, T_launch = " + std::to_string(c.t_launch * 1e6) + " us");

  // C_iter: mean over random tile configurations per (dimension, precision).
  std::mt19937 rng(o.seed);
  d["c_iter_seed"] = o.seed;
  std::vector<Config> configs_2d[2];  // Jacobi 2D's, per precision: the other stencils rerun them
  for (int dims : {1, 2})
    for (bool f64 : {false, true}) {
      std::vector<double> values;
      nlohmann::json samples = nlohmann::json::array();
      const std::vector<Config> picked = random_configs(dims, f64, configs, rng);
      if (dims == 2) configs_2d[f64] = picked;
      for (const Config& g : picked) {
        const CiterSample s = c_iter_sample(dims, f64, g.t_T, g.t_S1, g.t_S2, g.threads, target, dev);
        values.push_back(s.c_iter);
        samples.push_back(sample_json(s));
      }
      const std::string key = std::string("c_iter_") + (dims == 1 ? "1d" : "2d") + (f64 ? "_f64" : "");
      (dims == 1 ? (f64 ? c.c_iter_1d_f64 : c.c_iter_1d) : (f64 ? c.c_iter_2d_f64 : c.c_iter_2d)) = mean(values);
      d[key] = spread_json(values);
      d[key]["samples"] = samples;
      say(key + " = " + std::to_string(mean(values) * 1e9) + " ns (" + std::to_string(values.size()) + " configs)");
    }
  // The other 2D stencils on the same configurations (their ratio to Jacobi 2D is then paired).
  const std::pair<Stencil, double Calibration::*> others[] = {
      {Stencil::Heat, &Calibration::c_iter_heat2d},
      {Stencil::Heat, &Calibration::c_iter_heat2d_f64},
      {Stencil::Laplacian, &Calibration::c_iter_laplacian2d},
      {Stencil::Laplacian, &Calibration::c_iter_laplacian2d_f64},
      {Stencil::Gradient, &Calibration::c_iter_gradient2d},
      {Stencil::Gradient, &Calibration::c_iter_gradient2d_f64}};
  for (std::size_t i = 0; i < std::size(others); ++i) {
    const auto [stencil, member] = others[i];
    const bool f64 = i % 2 == 1;
    std::vector<double> values;
    for (const Config& g : configs_2d[f64])
      values.push_back(c_iter_sample(2, f64, g.t_T, g.t_S1, g.t_S2, g.threads, target, dev, stencil).c_iter);
    c.*member = mean(values);
    const std::string key = "c_iter_" + to_string(stencil) + "2d" + (f64 ? "_f64" : "");
    d[key] = spread_json(values);
    d[key]["configs"] = "those of c_iter_2d" + std::string(f64 ? "_f64" : "");
    d[key]["per_config"] = values;
    say(key + " = " + std::to_string(mean(values) * 1e9) + " ns (" + std::to_string(values.size()) + " configs, " +
        std::to_string(mean(values) / (f64 ? c.c_iter_2d_f64 : c.c_iter_2d)) + "x Jacobi 2D)");
  }

  // The 3D stencils under HHC slabs: their own configurations (random_configs_3d), the same
  // per stencil within a precision so the ratios between them are paired.
  const std::pair<Stencil, double Calibration::*> slabs[] = {
      {Stencil::Jacobi, &Calibration::c_iter_jacobi3d},
      {Stencil::Jacobi, &Calibration::c_iter_jacobi3d_f64},
      {Stencil::Heat, &Calibration::c_iter_heat3d},
      {Stencil::Heat, &Calibration::c_iter_heat3d_f64},
      {Stencil::Laplacian, &Calibration::c_iter_laplacian3d},
      {Stencil::Laplacian, &Calibration::c_iter_laplacian3d_f64}};
  std::vector<Config3D> configs_3d[2];
  for (bool f64 : {false, true}) configs_3d[f64] = random_configs_3d(f64, configs, rng);
  for (std::size_t i = 0; i < std::size(slabs); ++i) {
    const auto [stencil, member] = slabs[i];
    const bool f64 = i % 2 == 1;
    std::vector<double> values;
    nlohmann::json samples = nlohmann::json::array();
    for (const Config3D& g : configs_3d[f64]) {
      const CiterSample s = c_iter_sample_3d(f64, g.t_T, g.t_S1, g.t_S2, g.t_S3, g.threads, target, dev, stencil);
      values.push_back(s.c_iter);
      samples.push_back(sample_json(s));
    }
    c.*member = mean(values);
    const std::string key = Calibration::c_iter_3d_key(stencil, f64 ? Precision::Float64 : Precision::Float32);
    d[key] = spread_json(values);
    d[key]["samples"] = samples;
    say(key + " = " + std::to_string(mean(values) * 1e9) + " ns (" + std::to_string(values.size()) + " configs)");
  }

  // Energy: P_stat idle before and after the kernels (mean), then per-operation energies
  // e = (E - P_stat t) / count.
  c.p_stat = c.e_gs = c.e_sr = c.e_fadd = c.e_fmul = c.e_dadd = c.e_dmul = kNaN;
  hpcs::EnergyMeter meter(sel.device->pci_bus_id);
  d["energy_source"] = meter.gpu_source();
  if (!o.energy) {
    d["energy_skipped"] = "--no-energy";
  } else if (!meter.gpu_available()) {
    say("energy constants not measured: " + meter.gpu_source());
  } else {
    // Idle with the context alive right after the kernels (clocks as found: never changed).
    const double idle_before = idle_watts(meter, window);
    auto pingpong = make_shared_pingpong(dev.n_sm);
    const EnergyRun sr = energy_run(meter, *pingpong, window);
    std::vector<std::pair<Op, EnergyRun>> ops;
    for (Op op : {Op::FAdd, Op::FMul, Op::DAdd, Op::DMul}) {
      auto k = make_chain(op, dev.n_sm);
      ops.emplace_back(op, energy_run(meter, *k, window));
    }
    const EnergyRun gs = energy_run(meter, *copy, window);
    const SwRuns sw = sw_energy_runs(meter, dev, window);
    const double idle_after = idle_watts(meter, window);
    c.p_stat = 0.5 * (idle_before + idle_after);
    auto per_unit = [&](const EnergyRun& e) { return (e.joules - c.p_stat * e.seconds) / e.units; };
    c.e_sr = per_unit(sr);
    for (const auto& [op, e] : ops) {
      double& target_e = op == Op::FAdd ? c.e_fadd : op == Op::FMul ? c.e_fmul : op == Op::DAdd ? c.e_dadd : c.e_dmul;
      target_e = per_unit(e);
    }
    // The copy moves every word global -> shared -> global: one shared store and one load
    // per word read plus written, so e_gs is the rest after e_sr.
    c.e_gs = per_unit(gs) - c.e_sr;
    // Smith-Waterman's constants; a chain that needs an add beside its instruction (a max
    // alone would converge or fold) has it subtracted, and the L2 copy's shared-memory half
    // as the DRAM copy's.
    c.e_iadd = per_unit(sw.iadd);
    c.e_imax = per_unit(sw.imax) - c.e_iadd;
    c.e_dpx_addmax = per_unit(sw.dpx_addmax);
    c.e_dpx_max = per_unit(sw.dpx_max) - c.e_iadd;
    c.e_ls = per_unit(sw.ls) - c.e_sr;
    nlohmann::json runs = {{"idle_before_w", idle_before},
                           {"idle_after_w", idle_after},
                           {"window_s", window},
                           {"e_sr", run_json(sr, pingpong->describe())},
                           {"e_gs", run_json(gs, copy->describe())}};
    const char* names[] = {"e_fadd", "e_fmul", "e_dadd", "e_dmul"};
    for (std::size_t i = 0; i < ops.size(); ++i) runs[names[i]] = run_json(ops[i].second, "dependent chain");
    for (const auto& [key, e, what] : sw.named()) runs[key] = run_json(e, what);
    d["l2_copy_bandwidth_gb_s"] = sw.ls.units * 4e-9 / sw.ls.seconds;
    d["energy_runs"] = runs;
    say("P_stat = " + std::to_string(c.p_stat) + " W (idle before " + std::to_string(idle_before) + ", after " +
        std::to_string(idle_after) + ")");
    char line[200];
    std::snprintf(line, sizeof line, "e_iadd %.3g, e_imax %.3g, e_dpx_addmax %.3g, e_dpx_max %.3g J; e_ls %.3g J/word",
                  c.e_iadd, c.e_imax, c.e_dpx_addmax, c.e_dpx_max, c.e_ls);
    say(line);
  }

  // A constant that came out <= 0 (noise, a broken kernel) must not reach a file.
  const std::pair<const char*, double> times[] = {{"L", c.l_word},
                                                  {"T_sync", c.t_sync},
                                                  {"T_launch", c.t_launch},
                                                  {"C_iter 1D", c.c_iter_1d},
                                                  {"C_iter 2D", c.c_iter_2d},
                                                  {"C_iter 1D float64", c.c_iter_1d_f64},
                                                  {"C_iter 2D float64", c.c_iter_2d_f64},
                                                  {"C_iter Heat 2D", c.c_iter_heat2d},
                                                  {"C_iter Heat 2D float64", c.c_iter_heat2d_f64},
                                                  {"C_iter Laplacian 2D", c.c_iter_laplacian2d},
                                                  {"C_iter Laplacian 2D float64", c.c_iter_laplacian2d_f64},
                                                  {"C_iter Gradient 2D", c.c_iter_gradient2d},
                                                  {"C_iter Gradient 2D float64", c.c_iter_gradient2d_f64},
                                                  {"C_iter Jacobi 3D", c.c_iter_jacobi3d},
                                                  {"C_iter Jacobi 3D float64", c.c_iter_jacobi3d_f64},
                                                  {"C_iter Heat 3D", c.c_iter_heat3d},
                                                  {"C_iter Heat 3D float64", c.c_iter_heat3d_f64},
                                                  {"C_iter Laplacian 3D", c.c_iter_laplacian3d},
                                                  {"C_iter Laplacian 3D float64", c.c_iter_laplacian3d_f64}};
  for (const auto& [name, v] : times)
    if (!(v > 0) || !std::isfinite(v))
      throw hpcs::Error(std::string("measured ") + name + " = " + std::to_string(v) + " is not a positive time");
  const std::string out = o.output.empty() ? calibration_slug(dev.name) + ".json" : o.output;
  save_calibration(out, c);
  std::cout << c.to_json().dump(2) << '\n';
  say("wrote " + out);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{
      "Measures the Jacobi model constants (time and energy) and Smith-Waterman's energy constants on this GPU"};
  app.add_option("--output,-o", o.output, "calibration file to write (default: <device slug>.json here)");
  app.add_flag("--quick", o.quick, "short run: fewer configurations, 1 s energy windows");
  bool no_energy = false;
  app.add_flag("--no-energy", no_energy, "skip the energy constants (written as null)");
  app.add_option("--configs", o.configs, "C_iter tile configurations per dimension and precision (default 70)")
      ->check(CLI::Range(1, 1000));
  app.add_option("--window", o.window, "seconds per energy window (>= 1; default 3, quick 1)");
  app.add_option("--seed", o.seed, "seed of the random tile configurations");
  if (const auto rc = hpcs::parse_command_line(app, argc, argv, true)) return *rc;
  o.energy = !no_energy;
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  try {
    return run(o, command);
  } catch (const std::exception& e) {
    std::cerr << "error: " << hpcs::one_line(e.what()) << std::endl;
    return 1;
  }
}
