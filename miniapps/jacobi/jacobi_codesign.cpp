// SPDX-License-Identifier: BSD-3-Clause
// The codesign search. Its time is predict()'s T_alg (jacobi_model.cpp: the same equations,
// the same [ours] counts) restated so that one (tile, hardware point) costs O(1): what
// depends on the tile and the problem only (wavefronts, tiles per wavefront, sub-prisms) is
// computed once per (tile, size), what depends on n_V (m', c) once per (tile, n_V), and the
// loop over (n_SM, M_SM) only picks k and sums A.2's two colours. 3D is the same with the
// slab model's pieces (jacobi_model3d.hpp): N_subslabs for N_sp, A.26/A.28 for m' and c.
// tests/jacobi/test_jacobi_codesign.cpp checks it against predict() and the search against
// solve_design() point by point.
#include "jacobi_codesign.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

#include "hex_tiling.hpp"
#include "hpcs/base/ceil_div.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "jacobi_model.hpp"

namespace hpcs::jacobi {

CodesignConstants thesis_gtx980_constants() {
  CodesignConstants c;
  c.source = "thesis GTX 980 (Tables A.2-A.4)";
  c.c_iter_2d = 3.39e-8;  // Table A.4, Jacobi2D on the GTX 980
  // The thesis has no 1D C_iter (its time model covers 2D and 3D stencils): Jacobi2D's.
  c.c_iter_1d = 3.39e-8;
  // Table A.3 prints L = 7.36 x 10^-? s/GB, the exponent illegible (digest 3.6). Read as
  // 7.36e-3 s/GB (136 GB/s, 61% of the GTX 980's 224 GB/s), per 4-byte word per SM of 16:
  // 7.36e-3 * 4e-9 * 16 = 4.71e-10 s, our l_word's unit (jacobi_calibration.hpp).
  c.l_word = 7.36e-3 * 4e-9 * 16;
  c.t_sync = 7.96e-10;   // Table A.3, T_sync (barrier)
  c.t_launch = 9.24e-7;  // Table A.3, T_sync' (host-GPU sync; exponent read as -7, digest 0)
  c.mtb_sm = 32;         // Table A.2, max thread blocks per SM
  c.block_kb = 48;       // Table A.2 / A.32: 48 KB per block
  return c;
}

CodesignConstants constants_from(const Calibration& cal, const std::string& path) {
  // The fields in CodesignConstants' order; the per-block limit keeps its default.
  CodesignConstants c{
      cal.device + " (" + path + ")", cal.c_iter_1d, cal.c_iter_2d, cal.l_word, cal.t_sync, cal.t_launch, cal.mtb_sm};
  for (Stencil s : {Stencil::Heat, Stencil::Laplacian, Stencil::Gradient})
    if (const double own = cal.c_iter_2d_of(s, Precision::Float32); own > 0) c.measured_c_iter_2d[s] = own;
  return c;
}

CodesignConstants for_stencil(CodesignConstants c, Stencil s) {
  if (s == Stencil::Jacobi) return c;
  c.stencil = s;
  if (const auto own = c.measured_c_iter_2d.find(s); own != c.measured_c_iter_2d.end()) {
    c.c_iter_2d = own->second;
    c.source += ", C_iter 2D of " + to_string(s) + " measured";
    return c;
  }
  c.c_iter_2d *= stencil_cost(s).c_iter_ratio;
  c.source += ", C_iter 2D x " + format_one("%.4g", stencil_cost(s).c_iter_ratio) + " (" + to_string(s) +
              ": the thesis' Table A.4 ratio to Jacobi 2D, GTX 980)";
  return c;
}

double c_iter_3d_ratio(Stencil s) {
  switch (s) {
    case Stencil::Heat: return 1.55e-7 / 3.39e-8;       // Table A.4, GTX 980: Heat3D / Jacobi2D
    case Stencil::Laplacian: return 1.36e-7 / 3.39e-8;  // Laplacian3D / Jacobi2D
    default: throw Error("codesign: the thesis has no 3D " + to_string(s) + " stencil (3D: heat, laplacian)");
  }
}

CodesignConstants for_stencil(CodesignConstants c, int dims, Stencil s) {
  if (dims != 3) return for_stencil(c, s);
  const double ratio = c_iter_3d_ratio(s);
  c.c_iter_3d = c.c_iter_2d * ratio;
  c.stencil = s;
  c.source += ", C_iter 3D = C_iter 2D x " + format_one("%.4g", ratio) + " (" + to_string(s) +
              " 3D: the thesis' Table A.4 ratio to Jacobi 2D, GTX 980)";
  return c;
}

ChipDesign design_of(const HardwarePoint& hp) {
  ChipDesign d;
  d.n_sm = hp.n_sm, d.n_v = hp.n_v, d.shared_kb = hp.shared_kb;
  return d;
}

Calibration calibration_of(const CodesignConstants& c, const HardwarePoint& hp) {
  Calibration cal;
  cal.device = "codesign " + std::to_string(hp.n_sm) + " x " + std::to_string(hp.n_v) + ", " +
               std::to_string(hp.shared_kb) + " KB";
  cal.n_sm = hp.n_sm, cal.n_v = hp.n_v, cal.mtb_sm = c.mtb_sm, cal.r_sm = 65536;
  cal.m_sm_bytes = hp.shared_kb * 1024.0;
  cal.m_block_bytes = std::min<double>(c.block_kb, hp.shared_kb) * 1024.0;
  cal.l_word = c.l_word, cal.t_sync = c.t_sync, cal.t_launch = c.t_launch;
  cal.c_iter_1d = cal.c_iter_1d_f64 = c.c_iter_1d;
  cal.c_iter_2d = cal.c_iter_2d_f64 = c.c_iter_2d;
  return cal;
}

SlabMachine slab_machine_of(const CodesignConstants& c, const HardwarePoint& hp) {
  SlabMachine m;
  m.n_sm = hp.n_sm, m.n_v = hp.n_v, m.mtb_sm = c.mtb_sm;
  m.m_sm_bytes = hp.shared_kb * 1024.0;
  m.l_word = c.l_word, m.t_sync = c.t_sync, m.t_launch = c.t_launch, m.c_iter = c.c_iter_3d;
  return m;
}

HardwareGrid thesis_hardware_grid() {
  HardwareGrid g;
  for (int n = 2; n <= 32; n += 2) g.n_sm.push_back(n);
  for (int v = 32; v <= 2048; v += 32) g.n_v.push_back(v);
  g.shared_kb = {12, 24, 36};  // C.3.2: "In addition, we explore the sizes 12k, 24k and 36k"
  for (int m = 48; m <= 480; m += 48) g.shared_kb.push_back(m);  // C.15: multiples of 48 KB
  return g;
}

std::vector<std::int64_t> thesis_sides() { return {4096, 8192, 12288, 16384}; }
std::vector<std::int64_t> thesis_steps() { return {1024, 2048, 4096, 8192, 16384}; }
std::vector<std::int64_t> thesis_sides_3d() { return {384, 512, 640}; }
std::vector<std::int64_t> thesis_steps_3d() { return {128, 256, 384, 512, 640}; }

std::vector<WorkloadSize> workload_sizes(const std::vector<std::int64_t>& sides,
                                         const std::vector<std::int64_t>& steps) {
  std::vector<WorkloadSize> out;
  for (std::int64_t s : sides)
    for (std::int64_t t : steps)
      if (t <= s) out.push_back({s, t});  // C.3.1: no more than S iterations are needed
  return out;
}

Problem problem_of(int dims, const WorkloadSize& z) {
  return dims == 1 ? Problem{1, z.s * z.s, 1} : Problem{2, z.s, z.s};
}

double points_of(int dims, const WorkloadSize& z) {
  const double s = static_cast<double>(z.s);
  return dims == 3 ? s * s * s : static_cast<double>(problem_of(dims, z).interior());
}

CodesignTile slab_tile(int t_T, int t_S1, int t_S2, int t_S3) { return {t_T, t_S1, t_S2, 0, 0, t_S3}; }

double flops_per_update(int dims, Stencil s) {
  if (dims == 1) return 3.0;
  if (dims == 3) {
    // Not from the thesis (docs/jacobi.md): Heat 3D, PolyBench heat-3d's three 0.125 (a - 2c
    // + b) terms plus c with 2c computed once: 9 adds/subtracts, 4 multiplies. Laplacian 3D,
    // the 7-point (six neighbours - 6c) x 1/16: 6 adds/subtracts, 2 multiplies.
    if (s == Stencil::Heat) return 13.0;
    if (s == Stencil::Laplacian) return 8.0;
    throw Error("codesign: the thesis has no 3D " + to_string(s) + " stencil (3D: heat, laplacian)");
  }
  const StencilCost cost = stencil_cost(s);
  return s == Stencil::Jacobi ? 5.0 : static_cast<double>(cost.adds + cost.muls);
}

double tile_bytes(int dims, const CodesignTile& t) {
  if (dims == 3) return 4.0 * slab_tile_words(t.slab());  // float32
  const double words =
      dims == 1 ? 2.0 * (t.t_S1 + t.t_T) : 2.0 * (t.t_S1 + t.t_T + 1.0) * (static_cast<double>(t.t_S2) + t.t_T + 1.0);
  return 4.0 * words;  // float32
}

std::vector<CodesignTile> legal_tiles(int dims, double block_kb) {
  const double limit = block_kb * 1024.0;
  std::vector<CodesignTile> out;
  if (dims == 1) {
    for (int tT = 2; tT <= kMax1dT; tT += 2)
      for (int tS = 32; tile_bytes(1, {tT, tS, 1, 0, 0}) <= limit; tS += 32) out.push_back({tT, tS, 1, 0, 0});
    return out;
  }
  if (dims == 3) {  // t_S3 innermost (C.14's multiple of 32), then t_S2 and t_S1 from 1
    for (int tT = 2; tile_bytes(3, slab_tile(tT, 1, 1, 32)) <= limit; tT += 2)
      for (int tS3 = 32; tile_bytes(3, slab_tile(tT, 1, 1, tS3)) <= limit; tS3 += 32)
        for (int tS2 = 1; tile_bytes(3, slab_tile(tT, 1, tS2, tS3)) <= limit; ++tS2)
          for (int tS1 = 1; tile_bytes(3, slab_tile(tT, tS1, tS2, tS3)) <= limit; ++tS1)
            out.push_back(slab_tile(tT, tS1, tS2, tS3));
    return out;
  }
  for (int tT = 2; tile_bytes(2, {tT, 1, 32, 0, 0}) <= limit; tT += 2)
    for (int tS2 = 32; tile_bytes(2, {tT, 1, tS2, 0, 0}) <= limit; tS2 += 32)
      for (int tS1 = 1; tile_bytes(2, {tT, tS1, tS2, 0, 0}) <= limit; ++tS1) out.push_back({tT, tS1, tS2, 0, 0});
  return out;
}

namespace {

// What a (tile, size) pair fixes: A.2's wavefronts of each colour and their tiles, N_sp.
struct Geometry {
  std::int64_t count[2] = {0, 0}, width[2] = {0, 0};
  double subprisms = 1;
};

Geometry geometry_of(int dims, const WorkloadSize& z, const CodesignTile& t) {
  const Problem p = dims == 3 ? Problem{2, z.s, z.s} : problem_of(dims, z);  // 3D: S1 = S as 2D's
  const HexTiling hex{t.t_T, t.t_S1, p.n1, z.t};
  const std::int64_t n = hex.wavefronts();
  Geometry g;
  // HexTiling::colour(w): odd wavefronts are colour 0, even ones colour 1; tiles(w)
  // depends on the colour only.
  g.count[0] = n / 2, g.count[1] = n - n / 2;
  g.width[0] = n > 1 ? hex.tiles(1) : 0, g.width[1] = n > 0 ? hex.tiles(0) : 0;
  if (dims == 2) g.subprisms = static_cast<double>(SkewedColumns{t.t_S2, t.t_T, p.n2}.subprisms());
  if (dims == 3) g.subprisms = static_cast<double>(slab_subslabs(z.s, z.s, t.slab()));  // A.24
  return g;
}

// What a (tile, n_V) pair fixes: m' (A.9 / A.15) and c (A.10 / A.16), as predict() has them.
struct TileCost {
  double transfer = 0, compute = 0;
};

TileCost cost_of(int dims, const CodesignTile& t, int n_v, const CodesignConstants& c) {
  if (dims == 3) {  // A.26, A.28
    SlabMachine m;
    m.n_v = n_v, m.l_word = c.l_word, m.t_sync = c.t_sync, m.c_iter = c.c_iter_3d;
    return {slab_transfer_time(t.slab(), m), slab_compute_time(t.slab(), m)};
  }
  const std::int64_t tS = t.t_S1, tT = t.t_T, tS2 = dims == 2 ? t.t_S2 : 1;
  const double m_i = static_cast<double>(tS2 * (tS + 2 * tT));
  const double m_o = static_cast<double>(tS2 * (tS + 2 * tT - 2 - (tS == 1 ? 1 : 0)));
  TileCost k;
  k.transfer = (m_i + m_o) * c.l_word + 2.0 * c.t_sync;
  double rows = 0;
  for (std::int64_t x = tS; x <= tS + tT - 2; x += 2) rows += static_cast<double>(ceil_div(x * tS2, n_v));
  k.compute = 2.0 * (dims == 2 ? c.c_iter_2d : c.c_iter_1d) * rows + static_cast<double>(tT) * c.t_sync;
  return k;
}

// A.2 with the per-wavefront k_i of predict() [ours]: two colours, each count x one launch.
double time_of(int dims, const Geometry& g, const TileCost& tc, int n_sm, int k, double t_launch) {
  const double busy = std::max(tc.transfer, tc.compute);
  double t = 0;
  for (int colour = 0; colour < 2; ++colour) {
    const std::int64_t w = g.width[colour];
    if (w == 0 || g.count[colour] == 0) continue;
    const int ki = static_cast<int>(std::min<std::int64_t>(k, ceil_div(w, n_sm)));
    // A.11 / A.13 (1D), A.17 (2D), A.29 / A.30 (3D: subprisms = N_subslabs)
    const double tile = dims == 1   ? tc.transfer + tc.compute + (ki - 1) * busy
                        : dims == 3 ? slab_time(tc.transfer, tc.compute, static_cast<std::int64_t>(g.subprisms), ki)
                        : ki == 1   ? (tc.transfer + tc.compute) * g.subprisms
                                    : tc.transfer + ki * busy * g.subprisms;
    t += static_cast<double>(g.count[colour]) *
         (static_cast<double>(ceil_div(w, static_cast<std::int64_t>(ki) * n_sm)) * tile + t_launch);
  }
  return t;
}

// A.12 without registers: k = min(floor(M_SM / M_tile), MTB_SM), at least 1.
int resident(double tile_b, int shared_kb, int mtb_sm) {
  const double by_shared = std::floor(shared_kb * 1024.0 / tile_b);
  return static_cast<int>(std::max(1.0, std::min(by_shared, static_cast<double>(mtb_sm))));
}

bool fits(double tile_b, int shared_kb, const CodesignConstants& c) {
  return tile_b <= std::min<double>(c.block_kb, shared_kb) * 1024.0;
}

double workload_flops(int dims, Stencil stencil, const std::vector<WorkloadSize>& sizes) {
  double f = 0;
  for (const auto& z : sizes) f += flops_per_update(dims, stencil) * points_of(dims, z) * static_cast<double>(z.t);
  return f;
}

void mark_pareto(std::vector<DesignResult>& ds) {
  // By area, then time: a design is on the front when it is faster than every smaller one.
  std::sort(ds.begin(), ds.end(), [](const DesignResult& a, const DesignResult& b) {
    if (a.area_mm2 != b.area_mm2) return a.area_mm2 < b.area_mm2;
    return a.total_s < b.total_s;
  });
  double best = std::numeric_limits<double>::infinity();
  for (auto& d : ds) {
    d.pareto = d.total_s < best;
    best = std::min(best, d.total_s);
  }
}

}  // namespace

double codesign_time(int dims, const WorkloadSize& z, const CodesignTile& tile, const CodesignConstants& c,
                     const HardwarePoint& hp) {
  if (dims == 3 && !(c.c_iter_3d > 0)) throw Error("codesign 3D: no 3D C_iter (for_stencil(c, 3, stencil))");
  const int k = resident(tile_bytes(dims, tile), hp.shared_kb, c.mtb_sm);
  return time_of(dims, geometry_of(dims, z, tile), cost_of(dims, tile, hp.n_v, c), hp.n_sm, k, c.t_launch);
}

double smallest_area(const HardwareGrid& g) {
  HardwarePoint hp{*std::min_element(g.n_sm.begin(), g.n_sm.end()), *std::min_element(g.n_v.begin(), g.n_v.end()),
                   *std::min_element(g.shared_kb.begin(), g.shared_kb.end())};
  return chip_area(design_of(hp)).total();
}

CodesignResult codesign_search(int dims, const std::vector<WorkloadSize>& sizes, const HardwareGrid& grid,
                               const CodesignConstants& c, double budget_mm2, unsigned threads) {
  CodesignResult r;
  r.dims = dims;
  r.stencil = dims >= 2 ? c.stencil : Stencil::Jacobi;
  if (dims == 3 && !(c.c_iter_3d > 0)) throw Error("codesign 3D: no 3D C_iter (for_stencil(c, 3, stencil))");
  r.sizes = sizes;
  // The points within the budget, grouped by n_V (the unit of work of a thread).
  struct Slot {
    HardwarePoint hp;
    double area;
  };
  std::vector<std::vector<Slot>> by_v(grid.n_v.size());
  std::size_t points = 0;
  for (std::size_t v = 0; v < grid.n_v.size(); ++v)
    for (int n_sm : grid.n_sm)
      for (int m : grid.shared_kb) {
        const HardwarePoint hp{n_sm, grid.n_v[v], m};
        const double a = chip_area(design_of(hp)).total();
        if (a <= budget_mm2) by_v[v].push_back({hp, a}), ++points;
      }
  if (points == 0)
    throw Error("no design of the grid fits " + format_one("%g", budget_mm2) + " mm^2 (the smallest is " +
                format_one("%.1f", smallest_area(grid)) + " mm^2)");
  const double max_kb = std::min<double>(c.block_kb, *std::max_element(grid.shared_kb.begin(), grid.shared_kb.end()));
  const std::vector<CodesignTile> tiles = legal_tiles(dims, max_kb);
  r.tiles_enumerated = tiles.size();
  std::vector<std::vector<Geometry>> geo(tiles.size());  // [tile][size]
  std::vector<double> bytes(tiles.size());
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    bytes[i] = tile_bytes(dims, tiles[i]);
    for (const auto& z : sizes) geo[i].push_back(geometry_of(dims, z, tiles[i]));
  }

  // Per n_V slot list: best time and tile index per (point, size). Threads own whole n_V
  // values, so no two write the same entry and ties keep the first tile in every run.
  const std::size_t nz = sizes.size();
  std::vector<std::vector<double>> best(grid.n_v.size());
  std::vector<std::vector<std::int64_t>> arg(grid.n_v.size());
  const auto work = [&](std::size_t v) {
    const auto& slots = by_v[v];
    best[v].assign(slots.size() * nz, std::numeric_limits<double>::infinity());
    arg[v].assign(slots.size() * nz, -1);
    std::vector<int> k(slots.size());
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      const TileCost tc = cost_of(dims, tiles[i], grid.n_v[v], c);
      for (std::size_t s = 0; s < slots.size(); ++s)
        k[s] = fits(bytes[i], slots[s].hp.shared_kb, c) ? resident(bytes[i], slots[s].hp.shared_kb, c.mtb_sm) : 0;
      for (std::size_t z = 0; z < nz; ++z) {
        double t = 0;
        for (std::size_t s = 0; s < slots.size(); ++s) {
          if (k[s] == 0) continue;  // C.10: beyond the block's shared memory
          // Slots run by n_SM, then M_SM: where M_SM only adds memory beyond MTB_SM's k, the
          // time is the previous slot's.
          if (s == 0 || k[s] != k[s - 1] || slots[s].hp.n_sm != slots[s - 1].hp.n_sm)
            t = time_of(dims, geo[i][z], tc, slots[s].hp.n_sm, k[s], c.t_launch);
          double& b = best[v][s * nz + z];
          if (t < b) b = t, arg[v][s * nz + z] = static_cast<std::int64_t>(i);
        }
      }
    }
  };
  unsigned n_threads = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
  n_threads = std::min<unsigned>(n_threads, static_cast<unsigned>(grid.n_v.size()));
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < n_threads; ++w)
    pool.emplace_back([&, w] {
      for (std::size_t v = w; v < grid.n_v.size(); v += n_threads) work(v);
    });
  for (auto& t : pool) t.join();

  const double flops = workload_flops(dims, r.stencil, sizes);
  for (std::size_t v = 0; v < grid.n_v.size(); ++v)
    for (std::size_t s = 0; s < by_v[v].size(); ++s) {
      DesignResult d;
      d.hp = by_v[v][s].hp;
      d.area_mm2 = by_v[v][s].area;
      for (std::size_t z = 0; z < nz; ++z) {
        const std::int64_t i = arg[v][s * nz + z];
        d.seconds.push_back(best[v][s * nz + z]);
        d.tiles.push_back(i < 0 ? CodesignTile{} : tiles[static_cast<std::size_t>(i)]);
        d.total_s += best[v][s * nz + z];
      }
      // C.10: a design whose shared memory holds no legal tile is not feasible.
      if (std::isinf(d.total_s)) {
        ++r.infeasible;
        continue;
      }
      d.gflops = flops / d.total_s / 1e9;
      r.designs.push_back(d);
    }
  if (r.designs.empty())
    throw Error("no design of the grid within " + format_one("%g", budget_mm2) +
                " mm^2 has the shared memory for one legal tile (C.10)");
  mark_pareto(r.designs);
  return r;
}

DesignResult solve_design(int dims, const std::vector<WorkloadSize>& sizes, const HardwarePoint& hp,
                          const CodesignConstants& c) {
  const HardwareGrid one{{hp.n_sm}, {hp.n_v}, {hp.shared_kb}};
  CodesignResult r = codesign_search(dims, sizes, one, c, std::numeric_limits<double>::infinity(), 1);
  r.designs.front().pareto = false;  // a front of one point says nothing
  return r.designs.front();
}

const DesignResult* best_in_band(const CodesignResult& r, double lo, double hi) {
  const DesignResult* best = nullptr;
  for (const auto& d : r.designs)
    if (d.area_mm2 >= lo && d.area_mm2 <= hi && (!best || d.total_s < best->total_s)) best = &d;
  return best;
}

}  // namespace hpcs::jacobi
