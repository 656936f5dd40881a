// SPDX-License-Identifier: BSD-3-Clause
// The sweep's outputs: its JSON, the printed ranking and the HDF5 file (one row per point).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <ostream>
#include <utility>

#include "hpcs/base/format.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/report/results_file.hpp"
#include "hpcs/report/run_table.hpp"
#include "jacobi_json.hpp"
#include "jacobi_sweep.hpp"

namespace hpcs::jacobi {
namespace {

nlohmann::json tiles_json(const Tuning& t) {
  nlohmann::json j = {{"t_T", t.t_T}, {"t_S1", t.t_S1}, {"t_S2", t.t_S2}, {"threads", t.threads}};
  if (t.t_S3 > 0) j["t_S3"] = t.t_S3;                    // 3D
  if (t.slab_split > 1) j["slab_split"] = t.slab_split;  // 3D, --slab-split
  return j;
}

std::string tiles_text(const Problem& p, const Tuning& t) {
  std::string s = "t_T=" + std::to_string(t.t_T) + " t_S1=" + std::to_string(t.t_S1);
  if (p.dims >= 2) s += " t_S2=" + std::to_string(t.t_S2);
  if (p.dims == 3) s += " t_S3=" + std::to_string(t.t_S3);
  if (p.dims == 3 && t.slab_split > 1) s += " slab_split=" + std::to_string(t.slab_split);
  s += " threads=" + (t.threads > 0 ? std::to_string(t.threads) : std::string("auto"));
  return s;
}

}  // namespace

nlohmann::json SweepResult::to_json() const {
  nlohmann::json pts = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& q = points[i];
    pts.push_back({{"tiles", tiles_json(q.tiles)},
                   {"status", q.status},
                   {"measured_s", q.ran() ? number_or_null(q.measured) : nlohmann::json(nullptr)},
                   {"rank", q.ran() ? nlohmann::json(i + 1) : nlohmann::json(nullptr)},
                   {"in_model_top", std::find(model_top.begin(), model_top.end(), i) != model_top.end()},
                   {"predicted", q.predicted.to_json()}});
  }
  nlohmann::json j = {{"variant", variant},
                      {"dims", problem.dims},
                      {"n1", problem.n1},
                      {"n2", problem.n2},
                      {"n3", problem.n3},
                      {"steps", steps},
                      {"dtype", to_string(precision)},
                      {"measured_points", measured_points},
                      {"points", pts}};
  const bool model = model_note.empty();
  if (!model) j["model_note"] = model_note;
  if (measured_points > 0)
    j["summary"] = {{"best", best},
                    {"model_best", model ? nlohmann::json(model_best) : nlohmann::json(nullptr)},
                    {"best_of_model_top", model ? nlohmann::json(best_of_model_top) : nlohmann::json(nullptr)},
                    {"model_top", model_top},
                    {"top_gap", number_or_null(top_gap)},
                    {"model_best_gap", number_or_null(model_best_gap)},
                    {"rmse_within_20", number_or_null(rmse_within_20)},
                    {"default_tiles", tiles_json(default_tiles)},
                    {"default", default_point ? nlohmann::json(*default_point) : nlohmann::json(nullptr)},
                    {"default_gap", number_or_null(default_gap)}};
  return j;
}

void print_sweep(std::ostream& os, const SweepResult& r) {
  const Problem& p = r.problem;
  char line[256];
  std::string stencil = to_string(p.stencil);  // "heat" -> "Heat 2D"
  stencil[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(stencil[0])));
  os << "sweep of " << r.variant << ": "
     << (p.dims == 1 ? "Jacobi 1D " + std::to_string(p.n1)
         : p.dims == 2
             ? stencil + " 2D " + std::to_string(p.n1) + " x " + std::to_string(p.n2)
             : stencil + " 3D " + std::to_string(p.n1) + " x " + std::to_string(p.n2) + " x " + std::to_string(p.n3))
     << ", " << r.steps << " steps, " << to_string(r.precision) << ": " << r.points.size() << " points, "
     << r.measured_points << " ran\n";
  const bool model = r.model_note.empty();
  if (!model) os << "model: no prediction: " << r.model_note << "; ranked by measurement only\n";
  // 3D: t_S3 and split (--slab-split) columns after t_S2 (2D and 1D keep their table).
  const auto s3 = [&](const std::string& v, const std::string& split) {
    return p.dims == 3 ? format_one("%6s ", v.c_str()) + format_one("%5s ", split.c_str()) : std::string();
  };
  std::snprintf(line, sizeof line, "%5s %5s %6s %6s %s%7s %3s %13s %13s %9s  %s\n", "rank", "t_T", "t_S1", "t_S2",
                s3("t_S3", "split").c_str(), "threads", "k", "measured ms", "predicted ms", "pred/meas", "marks");
  os << line;
  for (std::size_t i = 0; i < r.measured_points; ++i) {
    const auto& q = r.points[i];
    std::string marks;
    if (i == r.best) marks += " best";
    if (model && i == r.model_best) marks += " model-argmin";
    if (r.default_point && i == *r.default_point) marks += " default";
    if (std::find(r.model_top.begin(), r.model_top.end(), i) != r.model_top.end()) marks += " model-top10%";
    const std::string thr = q.tiles.threads > 0 ? std::to_string(q.tiles.threads) : "auto";
    const std::string k = model ? std::to_string(q.predicted.k) : "-";
    const std::string pred = model ? format_one("%.4f", q.predicted.time * 1e3) : "-";
    const std::string ratio = model ? format_one("%.3f", q.predicted.time / q.measured) : "-";
    std::snprintf(line, sizeof line, "%5zu %5d %6d %6s %s%7s %3s %13.4f %13s %9s %s\n", i + 1, q.tiles.t_T,
                  q.tiles.t_S1, p.dims >= 2 ? std::to_string(q.tiles.t_S2).c_str() : "-",
                  s3(std::to_string(q.tiles.t_S3), std::to_string(q.tiles.slab_split)).c_str(), thr.c_str(), k.c_str(),
                  q.measured * 1e3, pred.c_str(), ratio.c_str(), marks.c_str());
    os << line;
  }
  for (std::size_t i = r.measured_points; i < r.points.size(); ++i)
    os << "  not run: " << tiles_text(p, r.points[i].tiles) << ": " << r.points[i].status << '\n';
  if (r.measured_points == 0) {
    os << "summary: no point ran\n";
    return;
  }
  const auto& b = r.points[r.best];
  const auto& mb = r.points[r.model_best];
  const auto& bt = r.points[r.best_of_model_top];
  std::snprintf(line, sizeof line, "%.4f ms", b.measured * 1e3);
  os << "best measured:          " << tiles_text(p, b.tiles) << ", " << line << '\n';
  if (!model) {
    os << "model argmin, top 10%, RMS error: none (no prediction)\n";
  } else {
    std::snprintf(line, sizeof line, "%.4f ms (%+.1f%% over the best)", mb.measured * 1e3, 100 * r.model_best_gap);
    os << "model argmin:           " << tiles_text(p, mb.tiles) << ", measured " << line << '\n';
    std::snprintf(line, sizeof line, "%.4f ms (%+.1f%% over the best; thesis: +9%% on average, +17%% at most)",
                  bt.measured * 1e3, 100 * r.top_gap);
    os << "model top 10% (" << r.model_top.size() << " points), best of them: " << tiles_text(p, bt.tiles)
       << ", measured " << line << '\n';
    std::snprintf(line, sizeof line, "%.1f%% (thesis: below 10%%)", 100 * r.rmse_within_20);
    os << "model RMS error on the points within 20% of the best: " << line << '\n';
  }
  if (r.default_point) {
    std::snprintf(line, sizeof line, "%.4f ms (%+.1f%% over the best)", r.points[*r.default_point].measured * 1e3,
                  100 * r.default_gap);
    os << "default tiles:          " << tiles_text(p, r.points[*r.default_point].tiles) << ", measured " << line
       << '\n';
  } else {
    os << "default tiles:          " << tiles_text(p, r.default_tiles) << ": not among the points that ran\n";
  }
}

namespace {
// The sweep's rows as columns, one value per point.
struct SweepColumns {
  std::vector<std::int32_t> tT, tS1, tS2, tS3, split, thr, k;
  std::vector<std::uint8_t> ran, top;
  std::vector<double> measured, predicted, energy, ideal;
  std::vector<std::int64_t> tiles, waves;
  nlohmann::json status = nlohmann::json::array();
};

SweepColumns columns_of(const SweepResult& r) {
  SweepColumns c;
  c.top.assign(r.points.size(), 0);
  for (const auto& q : r.points) {
    c.tT.push_back(q.tiles.t_T);
    c.tS1.push_back(q.tiles.t_S1);
    c.tS2.push_back(q.tiles.t_S2);
    c.tS3.push_back(q.tiles.t_S3);
    c.split.push_back(q.tiles.slab_split);
    c.thr.push_back(q.tiles.threads);
    c.k.push_back(q.predicted.k);
    c.ran.push_back(q.ran() ? 1 : 0);
    c.measured.push_back(q.ran() ? q.measured : kNaN);
    const bool model = r.model_note.empty();  // else NaN: no prediction
    c.predicted.push_back(model ? q.predicted.time : kNaN);
    c.energy.push_back(model ? q.predicted.energy : kNaN);
    c.ideal.push_back(model ? q.predicted.time_ideal : kNaN);
    c.tiles.push_back(q.predicted.tiles);
    c.waves.push_back(q.predicted.wavefronts);
    c.status.push_back(q.status);
  }
  for (std::size_t i : r.model_top) c.top[i] = 1;
  return c;
}

// The same rows as one table, as every results file holds its runs (/runs_table):
// pandas.DataFrame(h5py.File(F)["points"][()]).
void write_points_table(h5::Group& root, const SweepResult& r) {
  using K = CellKind;
  // t_S3 and slab_split columns in 3D only (2D files keep their layout)
  const bool three_d = r.problem.dims == 3;
  std::vector<RunTableColumn> columns = {{"t_T", K::Integer},
                                         {"t_S1", K::Integer},
                                         {"t_S2", K::Integer},
                                         {"threads", K::Integer},
                                         {"k", K::Integer},
                                         {"ran", K::Integer},
                                         {"in_model_top", K::Integer},
                                         {"measured_s", K::Real},
                                         {"predicted_s", K::Real},
                                         {"predicted_ideal_s", K::Real},
                                         {"predicted_energy_j", K::Real},
                                         {"tiles", K::Integer},
                                         {"wavefronts", K::Integer},
                                         {"status", K::Text}};
  if (three_d) columns.insert(columns.begin() + 3, {{"t_S3", K::Integer}, {"slab_split", K::Integer}});
  const auto integer = [](std::int64_t v) { return RunTableCell{{}, v, std::nullopt}; };
  const auto real = [](double v) {
    return RunTableCell{{}, 0, std::isnan(v) ? std::nullopt : std::optional<double>(v)};
  };
  std::vector<std::vector<RunTableCell>> rows;
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    const auto& q = r.points[i];
    const bool top = std::find(r.model_top.begin(), r.model_top.end(), i) != r.model_top.end();
    const bool model = r.model_note.empty();
    std::vector<RunTableCell> row = {integer(q.tiles.t_T),
                                     integer(q.tiles.t_S1),
                                     integer(q.tiles.t_S2),
                                     integer(q.tiles.threads),
                                     integer(q.predicted.k),
                                     integer(q.ran() ? 1 : 0),
                                     integer(top ? 1 : 0),
                                     real(q.ran() ? q.measured : kNaN),
                                     real(model ? q.predicted.time : kNaN),
                                     real(model ? q.predicted.time_ideal : kNaN),
                                     real(q.predicted.energy),
                                     integer(static_cast<std::int64_t>(q.predicted.tiles)),
                                     integer(static_cast<std::int64_t>(q.predicted.wavefronts)),
                                     RunTableCell{q.status, 0, std::nullopt}};
    if (three_d) row.insert(row.begin() + 3, {integer(q.tiles.t_S3), integer(q.tiles.slab_split)});
    rows.push_back(std::move(row));
  }
  write_compound_table(root, "points", columns, rows);
}

void sweep_attributes(h5::Group& root, const SweepResult& r, const nlohmann::json& status) {
  root.attribute("content", "Jacobi tile sweep: one row per point, measured order, points not run last");
  root.attribute("variant", r.variant);
  root.attribute("dims", static_cast<std::int64_t>(r.problem.dims));
  root.attribute("n1", static_cast<std::int64_t>(r.problem.n1));
  root.attribute("n2", static_cast<std::int64_t>(r.problem.n2));
  if (r.problem.dims == 3) root.attribute("n3", static_cast<std::int64_t>(r.problem.n3));
  if (!r.model_note.empty()) root.attribute("model_note", r.model_note);
  root.attribute("steps", static_cast<std::int64_t>(r.steps));
  root.attribute("dtype", to_string(r.precision));
  root.attribute("stencil", to_string(r.problem.stencil));
  root.attribute("status", status.dump());
  root.attribute("measured_points", static_cast<std::int64_t>(r.measured_points));
  if (r.measured_points == 0) return;
  // 0-based row indices
  root.attribute("best", static_cast<std::int64_t>(r.best));
  // -1: no prediction (model_note)
  const bool model = r.model_note.empty();
  root.attribute("model_best", model ? static_cast<std::int64_t>(r.model_best) : std::int64_t(-1));
  root.attribute("best_of_model_top", model ? static_cast<std::int64_t>(r.best_of_model_top) : std::int64_t(-1));
  root.attribute("model_top_points", static_cast<std::int64_t>(r.model_top.size()));
  root.attribute("top_gap", r.top_gap);
  root.attribute("model_best_gap", r.model_best_gap);
  root.attribute("rmse_within_20", r.rmse_within_20);
  root.attribute("default_point", r.default_point ? static_cast<std::int64_t>(*r.default_point) : std::int64_t(-1));
  root.attribute("default_gap", r.default_gap);
}
}  // namespace

void write_sweep_h5(const std::string& path, const SweepResult& r, const nlohmann::json& provenance) {
  const SweepColumns c = columns_of(r);
  h5::Writer w(path);
  {  // every group closed before the file is renamed
    h5::Group root = w.root();
    sweep_attributes(root, r, c.status);
    // A dataset per column, one value per point; the columns of one type together.
    for (const auto& [name, v] :
         {std::pair{"t_T", &c.tT}, {"t_S1", &c.tS1}, {"t_S2", &c.tS2}, {"threads", &c.thr}, {"k", &c.k}})
      root.dataset(name, *v);
    if (r.problem.dims == 3) root.dataset("t_S3", c.tS3);
    if (r.problem.dims == 3) root.dataset("slab_split", c.split);  // --slab-split; sweep-from: 1 when absent
    for (const auto& [name, v] : {std::pair{"ran", &c.ran}, {"in_model_top", &c.top}}) root.dataset(name, *v);
    for (const auto& [name, v] : {std::pair{"measured_s", &c.measured},
                                  {"predicted_s", &c.predicted},
                                  {"predicted_ideal_s", &c.ideal},
                                  {"predicted_energy_j", &c.energy}})
      root.dataset(name, *v);
    for (const auto& [name, v] : {std::pair{"tiles", &c.tiles}, {"wavefronts", &c.waves}}) root.dataset(name, *v);
    root.dataset_attribute("measured_s", "units", "seconds, minimum over the repetitions; NaN: not run");
    write_points_table(root, r);
    if (!provenance.is_null()) {
      h5::Group prov = root.group("provenance");
      write_json(prov, provenance);
    }
  }
  w.commit();
}

}  // namespace hpcs::jacobi
