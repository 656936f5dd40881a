// SPDX-License-Identifier: BSD-3-Clause
// --sweep --sweep-from FILE: a sweep re-scored offline. Each point's measured time is FILE's
// (a --sweep-output file, e.g. timed on a GPU this machine lacks); the model's prediction of
// every point and the ranking (model argmin, top 10%, RMSE, default tiles) are computed again
// with this run's --calibration, and written with --sweep-output in the same layout, with a
// provenance note naming FILE. No variant runs, nothing is verified, and no device is needed:
// the model reads its device constants from the calibration file. FILE's points are the
// space (the --sweep-* lists and --tile-* are refused); the run's grid, steps, stencil, dtype
// and variant must be FILE's.
#include <CLI/CLI.hpp>
#include <iostream>
#include <set>
#include <sstream>
#include <tuple>

#include "hpcs/base/error.hpp"
#include "hpcs/harness/run_report.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/measure/provenance.hpp"
#include "jacobi_app.hpp"

namespace hpcs::jacobi {

namespace {

// One row of a sweep file: the tiles, whether it ran, its time and status, the k it was
// predicted with (the blocks per SM the run achieved, where it ran).
struct FileRow {
  Tuning tiles;
  bool ran = false;
  double measured = 0;
  int k = 0;
  std::string status;
};

struct SweepFile {
  std::string variant, stencil, dtype;
  std::int64_t dims = 0, n1 = 0, n2 = 0, n3 = 1, steps = 0;
  std::vector<FileRow> rows;
  bool predicted = true;  // false: the sweep had no prediction (model_note), so its k column is no run's
  nlohmann::json source = nlohmann::json::object();  // what the file says of its own run
};

SweepFile read_sweep_file(const std::string& path) {
  h5::Reader f(path, MPI_COMM_SELF);
  const std::string what = path + ": not a jacobi_miniapp --sweep-output file";
  const auto text = [&](const char* name) {
    auto v = f.string_attribute("/", name);
    if (!v) throw Error(what + " (no '" + name + "' attribute)");
    return *v;
  };
  const auto integer = [&](const char* name) {
    auto v = f.int_attribute("/", name);
    if (!v) throw Error(what + " (no '" + name + "' attribute)");
    return *v;
  };
  SweepFile s;
  if (text("content").rfind("Jacobi tile sweep", 0) != 0) throw Error(what + " (its 'content' is not a sweep's)");
  s.variant = text("variant");
  s.stencil = text("stencil");
  s.dtype = text("dtype");
  s.dims = integer("dims");
  s.n1 = integer("n1");
  s.n2 = integer("n2");
  s.n3 = f.int_attribute("/", "n3").value_or(1);  // written for 3D sweeps only
  s.steps = integer("steps");
  s.predicted = !f.string_attribute("/", "model_note");
  if (!f.has_dataset("t_T")) throw Error(what + " (no 't_T' dataset)");
  const auto info = f.dataset_info("t_T");
  if (info.dims.size() != 1) throw Error(what + " ('t_T' is not one value per point)");
  const std::uint64_t n = info.dims[0];
  const auto column = [&](const char* name, auto sample, bool required) {
    std::vector<decltype(sample)> v(n, sample);
    if (!f.has_dataset(name)) {
      if (required) throw Error(what + " (no '" + name + "' dataset)");
      return v;
    }
    const auto d = f.dataset_info(name);
    if (d.dims.size() != 1 || d.dims[0] != n)
      throw Error(what + " ('" + name + "' has not one value per point, as 't_T' has " + std::to_string(n) + ")");
    if (n > 0) f.read_1d(name, 0, n, v.data());
    return v;
  };
  const auto tT = column("t_T", std::int32_t{0}, true), tS1 = column("t_S1", std::int32_t{0}, true);
  const auto tS2 = column("t_S2", std::int32_t{0}, true), tS3 = column("t_S3", std::int32_t{0}, false);
  const auto thr = column("threads", std::int32_t{0}, true), k = column("k", std::int32_t{0}, true);
  // --slab-split; files written before the column was: every point unsplit.
  const bool has_split = f.has_dataset("slab_split");
  const auto split = column("slab_split", std::int32_t{1}, false);
  const auto ran = column("ran", std::uint8_t{0}, true);
  const auto measured = column("measured_s", 0.0, true);
  nlohmann::json status;
  try {
    status = nlohmann::json::parse(text("status"));
  } catch (const nlohmann::json::exception&) {
    throw Error(what + " (its 'status' attribute is not a JSON list)");
  }
  if (!status.is_array() || status.size() != n)
    throw Error(what + " (its 'status' attribute has not one entry per point)");
  std::set<std::tuple<int, int, int, int, int, int>> seen;
  for (std::uint64_t i = 0; i < n; ++i) {
    FileRow r;
    r.tiles.t_T = tT[i];
    r.tiles.t_S1 = tS1[i];
    r.tiles.t_S2 = tS2[i];
    r.tiles.t_S3 = tS3[i];
    r.tiles.slab_split = split[i];
    r.tiles.threads = thr[i];
    r.ran = ran[i] != 0;
    r.measured = measured[i];
    r.k = k[i];
    r.status = status[i].is_string() ? status[i].get<std::string>() : status[i].dump();
    const std::string row =
        path + ": point " + std::to_string(i) + " (t_T=" + std::to_string(r.tiles.t_T) +
        " t_S1=" + std::to_string(r.tiles.t_S1) + " t_S2=" + std::to_string(r.tiles.t_S2) +
        (s.dims == 3 ? " t_S3=" + std::to_string(r.tiles.t_S3) + " slab_split=" + std::to_string(r.tiles.slab_split)
                     : std::string()) +
        " threads=" + std::to_string(r.tiles.threads) + ")";
    if (!seen.insert({r.tiles.t_T, r.tiles.t_S1, r.tiles.t_S2, r.tiles.t_S3, r.tiles.slab_split, r.tiles.threads})
             .second)
      throw Error(row + ": twice in the file" +
                  (s.dims == 3 && !has_split
                       ? std::string(" (the file has no 'slab_split' dataset: it predates that column, so points of a "
                                     "--sweep-split sweep look alike; write it again with a newer jacobi_miniapp)")
                       : std::string()));
    if (r.ran && (r.status != "ok" || !(r.measured > 0)))
      throw Error(row + ": marked as run but its status is '" + r.status + "' or its measured_s is not positive");
    s.rows.push_back(r);
  }
  // The file's own provenance, for the note on where the times came from.
  for (const char* key : {"calibration", "command_line", "created_utc", "git_revision"})
    if (auto v = f.string_attribute("/provenance", key)) s.source[key] = *v;
  if (auto v = f.string_attribute("/provenance/devices", "0")) s.source["device"] = *v;
  return s;
}

// The run's value of a file attribute against the file's: one error line naming both.
template <class T>
void require_same(const std::string& path, const char* attribute, const T& in_file, const T& here) {
  if (in_file == here) return;
  std::ostringstream os;
  os << "--sweep-from " << path << ": the sweep's " << attribute << " is " << in_file << ", this run's " << here
     << " (give the sweep's grid, steps, stencil, precision and --variant)";
  throw Error(os.str());
}

}  // namespace

int App::rescore_sweep(const MpiContext& mpi, const CommonOptions& o, int argc, char** argv) {
  const std::string& from = opt_.sweep.from;
  // The file's points are the space: lists or fixed tiles would select nothing the file lacks.
  for (const auto& [list, option] :
       {std::pair{&opt_.sweep.t_T, "--sweep-t"}, std::pair{&opt_.sweep.t_S1, "--sweep-s1"},
        std::pair{&opt_.sweep.t_S2, "--sweep-s2"}, std::pair{&opt_.sweep.t_S3, "--sweep-s3"},
        std::pair{&opt_.sweep.threads, "--sweep-threads"}, std::pair{&opt_.sweep.slab_split, "--sweep-split"}})
    if (!list->empty())
      throw Error(std::string(option) + ": not with --sweep-from (the file's points are the sweep's points)");
  for (const char* tile : {"tile-t", "tile-s1", "tile-s2", "tile-s3", "threads", "slab-split"})
    if (o.given_options.count(tile))
      throw Error(std::string("--") + tile + ": not with --sweep-from (the file's points are the sweep's points)");
  probe_outputs(mpi, {o.input, opt_.calibration, from}, {opt_.sweep.output});
  set_problem(mpi, o);
  const SweepFile file = [&] {
    try {
      return read_sweep_file(from);
    } catch (const std::exception& e) {  // the file's errors name it; say which option gave it
      throw Error("--sweep-from: " + one_line(e.what()));
    }
  }();
  const jacobi::Problem& g = problem_.grid;
  require_same<std::string>(from, "variant", file.variant, o.variant);
  require_same<std::int64_t>(from, "dims", file.dims, g.dims);
  require_same<std::int64_t>(from, "n1", file.n1, g.n1);
  require_same<std::int64_t>(from, "n2", file.n2, g.n2);
  if (g.dims == 3) require_same<std::int64_t>(from, "n3", file.n3, g.n3);
  require_same<std::int64_t>(from, "steps", file.steps, opt_.steps);
  require_same<std::string>(from, "stencil", file.stencil, to_string(g.stencil));
  require_same<std::string>(from, "dtype", file.dtype, to_string(problem_.precision));
  cal_ = choose_calibration(mpi, opt_.calibration);
  if (!cal_.cal)
    throw Error("--sweep --sweep-from needs the model's constants: " + cal_.note + "; give --calibration FILE");

  SweepResult r;
  r.variant = file.variant;
  r.problem = g;
  r.steps = opt_.steps;
  r.precision = problem_.precision;
  r.model_note = model_note();  // 3D without the stencil's C_iter: ranked by measurement only
  // The default tiles as the variant resolves them (every Jacobi variant resolves with
  // resolve_tiles; the variant need not be built here).
  r.default_tiles = resolve_tiles(g, Tuning{}, problem_.precision);
  for (const auto& row : file.rows) {
    SweepPoint p;
    p.tiles = row.tiles;
    p.status = row.status;
    p.measured = row.ran ? row.measured : 0;
    // A point that ran keeps the blocks per SM its run had (the variant's, else A.12's);
    // the others get A.12's under this calibration, as the sweep predicts them.
    if (!check_tiles(g, row.tiles) && r.model_note.empty())
      p.predicted = predict(g, opt_.steps, row.tiles, problem_.precision, *cal_.cal,
                            row.ran && file.predicted ? row.k : 0, row.ran ? row.measured : 0);
    r.points.push_back(p);
  }
  summarize_sweep(r);
  if (mpi.root()) {
    std::cout << "jacobi sweep: " << r.variant << " re-ranked from " << from
              << " (its measured times, not rerun), calibration " << cal_.path << "\n";
    print_sweep(std::cout, r);
  }
  nlohmann::json prov = collect_provenance(mpi, argc, argv, "none (--sweep-from: no run)").to_json();
  if (!opt_.sweep.output.empty() && mpi.root()) {
    prov.update(parameters());
    prov["miniapp"] = info().name;
    prov["calibration"] = cal_.path;
    prov["measured_from"] = from;
    prov["measured_note"] = "measured_s of every point copied from " + from +
                            " (not rerun here); predicted_s, the model's ranking and the summary recomputed "
                            "with the calibration above";
    prov["sweep_from"] = file.source;
    prov["sweep_from"]["file"] = from;
    write_sweep_h5(opt_.sweep.output, r, prov);
  }
  return 0;
}

}  // namespace hpcs::jacobi
