// SPDX-License-Identifier: BSD-3-Clause
// Registers kokkos/band: the CPU's tiles for the ramps, Kokkos' default execution space for
// the band (a GPU under Kokkos CUDA; the host itself under Serial).
#include "hpcs/kokkos_runtime.hpp"
#include "wavefront_variants.hpp"

namespace hpcs::wavefront {

namespace kokkos {
std::unique_ptr<Executor> make_kokkos_band(const Inputs& in, const Tuning& t);  // wavefront_band_kokkos.cpp
}  // namespace kokkos

void register_kokkos_variants(VariantList& list) {
  auto v = kokkos_variant<Variant>("kokkos/band", kokkos::make_kokkos_band);
  v.resolve = resolve_tuning;
  v.tunings = gpu_tile_tunings();
  v.space = band_space(/*two_gpus=*/false);
  v.why_not = [](const Problem& p, const Tuning& t) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    if (t.gpu_count == 2)
      return std::string("--gpu-count 2: Kokkos drives one device per process (cuda/band drives two)");
    return band_tuning_problem(p, t);
  };
  list.push_back(v);
}

}  // namespace hpcs::wavefront
