// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "jacobi_json.hpp"
#include "jacobi_model.hpp"
#include "jacobi_output.hpp"

namespace hpcs::jacobi {

namespace {
double num(const nlohmann::json& v) { return v.is_number() ? v.get<double>() : NAN; }

long long integer(const nlohmann::json& x, const char* key) {
  return static_cast<long long>(x.value(key, std::int64_t{0}));
}

// One line of the model table: the prediction beside the measurement.
void print_model_line(std::ostream& os, const RunRecord& r) {
  const auto& m = r.extra["model"];
  const double measured = r.timings.representative();
  const double predicted = num(m["time_s"]);
  char line[400];
  std::snprintf(line, sizeof line,
                "    %-20s predicted %.4g ms (ideal %.4g ms) vs measured %.4g ms (%+.1f%%); %lld tiles in %lld "
                "wavefronts, k=%lld; energy %.4g J predicted",
                r.variant.c_str(), predicted * 1e3, num(m["time_ideal_s"]) * 1e3, measured * 1e3,
                measured > 0 ? (predicted / measured - 1) * 100 : 0.0, integer(m, "tiles"), integer(m, "wavefronts"),
                integer(m, "k"), num(m["energy_j"]));
  os << line;
  if (const auto j = r.joules_per_rep()) os << " vs measured " << format_one("%.4g", *j) << " J";
  if (m.contains("note") && m["note"].is_string() && !m["note"].get<std::string>().empty())
    os << " (" << m["note"].get<std::string>() << ")";
  os << "\n";
}
}  // namespace

CalibrationChoice choose_calibration(const MpiContext& mpi, const std::string& path) {
  CalibrationChoice c;
  const auto& gpu = current_gpu();
  const std::string device = gpu.device ? gpu.device->name : "cpu";
  if (!path.empty()) {
    c.path = path;
    c.cal = collective(mpi, [&] { return load_calibration(path); });
    return c;
  }
  const auto found = find_calibration_for(device);
  if (found) {
    c.path = *found;
    try {
      c.cal = load_calibration(*found);
    } catch (const std::exception& e) {
      c.note = "calibration unusable, so no prediction: " + one_line(e.what());
    }
  } else {
    c.note = "no calibration file for " + device + " (inputs/calibration/" + calibration_slug(device) +
             ".json; docs/jacobi.md: how to calibrate), so no prediction";
  }
  int ok = c.cal ? 1 : 0, all = 0;  // the same answer on every rank
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, mpi.comm());
  if (!all && c.cal) {
    c.cal.reset();
    c.note = "calibration unusable on another rank, so no prediction";
  }
  return c;
}

void add_run_fields(RunRecord& r, const RunFacts& f, std::int64_t steps) {
  const double t = r.timings.representative();
  r.extra["gcells_per_s"] = r.rate;
  r.extra["effective_gbs"] = t > 0 ? r.bytes_per_rep / t / 1e9 : 0.0;
  r.extra["steps"] = steps;
  r.extra["halo_depth"] = f.halo;
  r.extra["bands"] = f.bands;
  r.extra["halo_messages_per_rank"] = f.messages;
  r.extra["halo_bytes_per_rank"] = f.bytes;
  r.extra["redundant_rows_per_rank"] = f.redundant_rows;
  if (f.tiled) {
    r.extra["tiles"] = {
        {"t_T", f.tiles.t_T}, {"t_S1", f.tiles.t_S1}, {"t_S2", f.tiles.t_S2}, {"threads", f.tiles.threads}};
    if (f.local0.dims == 3) {
      r.extra["tiles"]["t_S3"] = f.tiles.t_S3;
      r.extra["tiles"]["slab_split"] = f.tiles.slab_split;
    }
  }
}

Prediction add_model_fields(RunRecord& r, const RunFacts& f, std::int64_t steps, Precision prec, const Calibration& cal,
                            const nlohmann::json& details) {
  const int k = details.value("blocks_per_sm", 0);
  const Prediction p = predict(f.local0, steps, f.tiles, prec, cal, k, r.timings.representative());
  r.extra["model"] = p.to_json();
  r.extra["tuning_columns"] = {{"predicted_s", number_or_null(p.time)}};
  return p;
}

void print_run_details(std::ostream& os, const std::vector<RunRecord>& records) {
  os << "  variant                      Gcell/s   eff.GB/s          norm              checksum  halo: depth bands "
        "msgs/rank bytes/rank\n";
  for (const auto& r : records) {
    const auto& x = r.extra;
    char line[400];
    std::snprintf(line, sizeof line, "  %-26s %9.3f %10.2f %13.8g %21.15g  %11lld %5lld %9lld %10lld\n",
                  r.variant.c_str(), x["gcells_per_s"].get<double>(), x["effective_gbs"].get<double>(),
                  x["norm"].get<double>(), x["checksum"].get<double>(), integer(x, "halo_depth"), integer(x, "bands"),
                  integer(x, "halo_messages_per_rank"), integer(x, "halo_bytes_per_rank"));
    os << line;
  }
  os << "  eff.GB/s counts 2 x sizeof(real) per update (the naive read + write); norm = L2 and checksum = sum of "
        "the interior\n";
}

void print_models(std::ostream& os, const std::vector<RunRecord>& records, const CalibrationChoice& cal) {
  if (!cal.cal) {
    os << "  model: " << cal.note << "\n";
    return;
  }
  os << "  model (thesis App. A/B, " << cal.path << "): prediction beside the measurement\n";
  bool any = false;
  for (const auto& r : records)
    if (r.extra.contains("model")) {
      any = true;
      print_model_line(os, r);
    }
  if (!any) os << "    (no tiled variant ran)\n";
}

namespace {
template <class Real>
void write_rows(const MpiContext& mpi, const std::string& path, const Task& task, const InitialRows& input,
                const std::vector<Real>& own, const nlohmann::json& grid_attrs, const nlohmann::json& file_attrs) {
  // This rank's output rows: the physical boundary row at either end, then its own rows.
  const Problem& g = task.grid;
  const RankRows rows = rank_rows(g, mpi.size(), mpi.rank(), 1);
  std::vector<Real> out;
  out.reserve(static_cast<std::size_t>(rows.out_count * g.cols()));
  if (mpi.rank() == 0) {
    const auto top = input.slice<Real>(0, 1);
    out.insert(out.end(), top.begin(), top.end());
  }
  out.insert(out.end(), own.begin(), own.end());
  if (mpi.rank() + 1 == mpi.size()) {
    const auto bottom = input.slice<Real>(g.n1 + 1, 1);
    out.insert(out.end(), bottom.begin(), bottom.end());
  }
  write_grid_distributed(mpi, path, g, task.precision, rows.out_begin, rows.out_count, out.data(), grid_attrs,
                         file_attrs);
}
}  // namespace

void write_final_grid(const MpiContext& mpi, const std::string& path, const GridSource& src, const Task& task,
                      std::int64_t steps, const InitialRows& input, const Result& grid, const RunRecord& record,
                      const nlohmann::json& meta) {
  const Problem& g = task.grid;
  const nlohmann::json grid_attrs = {{"dims", g.dims},
                                     {"n1", g.n1},
                                     {"n2", g.n2},
                                     {"n3", g.n3},
                                     {"steps", steps},
                                     {"stencil", to_string(g.stencil)},
                                     {"variant", record.variant},
                                     {"dtype", to_string(task.precision)},
                                     {"norm", grid.norm},
                                     {"checksum", grid.checksum},
                                     {"initial", src.describe()},
                                     {"verification", record.verification.status},
                                     {"provenance", meta}};
  std::visit([&](const auto& own) { write_rows(mpi, path, task, input, own, grid_attrs, meta); }, grid.own);
}

}  // namespace hpcs::jacobi
