// SPDX-License-Identifier: BSD-3-Clause
// The wavefront variants' tuning spaces (seed 004's Table 2) for --tune: the band as a
// share of the anti-diagonals, tiles as powers of two, the halo only with two GPUs. The
// candidates are a coarse grid of the seed's ranges, small enough to search on a GPU in
// seconds per instance; --cpu-tile and friends on the command line pin one.
#include "wavefront_variants.hpp"

#include "hpcs/harness/field_tunable.hpp"

#include <cmath>

namespace hpcs::wavefront {

namespace {
using Space = TuningSpace<Problem, Tuning>;

std::int64_t diagonals(const Problem& p) { return p.rows + p.cols - 1; }

// The band's coordinate: the share of the anti-diagonals on the GPU(s), 0 (CPU only) to 1.
double band_share(const Problem& p, std::int64_t band) {
  if (band == -1) return 0.0;
  if (band == -2) return 1.0;
  return std::min(1.0, static_cast<double>(2 * band + 1) / static_cast<double>(diagonals(p)));
}

Tunable<Problem, Tuning> cpu_tile() { return size_tunable<Problem>("cpu-tile", &Tuning::cpu_tile, {16, 32, 64, 128}); }
}  // namespace

TuningSpace<Problem, Tuning> cpu_tiled_space() { return {cpu_tile()}; }

TuningSpace<Problem, Tuning> band_space(bool two_gpus) {
  Space s;
  Tunable<Problem, Tuning> band = field_tunable<Problem>("band", &Tuning::band, [](const Problem& p) {
    // -1 (CPU only), a quarter, half and three quarters of the diagonals, -2 (all)
    std::vector<std::int64_t> v = {-1};
    for (double share : {0.25, 0.5, 0.75})
      v.push_back(std::max<std::int64_t>(0, std::llround((share * static_cast<double>(diagonals(p)) - 1) / 2)));
    v.push_back(-2);
    return v;
  });
  band.coordinate = band_share;
  s.push_back(band);

  Tunable<Problem, Tuning> cpu = cpu_tile();
  cpu.applies = [](const Tuning& u) { return u.band != -2; };  // every cell on the GPU: no CPU tile
  s.push_back(cpu);

  Tunable<Problem, Tuning> gpu = size_tunable<Problem>("gpu-tile", &Tuning::gpu_tile, {1, 8, 32});
  gpu.applies = [](const Tuning& u) { return u.band != -1; };
  s.push_back(gpu);

  if (!two_gpus) return s;
  Tunable<Problem, Tuning> count = field_tunable<Problem>("gpu-count", &Tuning::gpu_count, {1, 2});
  count.applies = [](const Tuning& u) { return u.band != -1; };
  count.resource = true;  // --gpu-count 2 alone still takes the model's band, tiles and halo
  s.push_back(count);

  Tunable<Problem, Tuning> halo = field_tunable<Problem>("halo", &Tuning::halo, {-1, 0, 4, 16, 64, 256});
  halo.applies = [](const Tuning& u) { return u.gpu_count == 2 && u.band != -1; };
  // -1 (swap every diagonal, nothing recomputed) below 0, then log2(halo + 1)
  halo.coordinate = [](const Problem&, std::int64_t v) { return v < 0 ? -1.0 : std::log2(static_cast<double>(v + 1)); };
  s.push_back(halo);
  return s;
}

}  // namespace hpcs::wavefront
