// SPDX-License-Identifier: BSD-3-Clause
// The one list of Smith-Waterman variants. Backends register through plain-C++ functions.
#include "sw_reference.hpp"
#include "sw_variant.hpp"
#if HPCS_HAVE_CUDA
#include "sw_cuda.hpp"
#endif
#if HPCS_HAVE_KOKKOS
#include "sw_kokkos.hpp"
#endif

namespace hpcs::sw {

VariantList all_variants() {
  VariantList list;
  list.push_back({"cpu/reference", "cpu", [](const Tiling& t) { return make_cpu_reference(t); }});
#if HPCS_HAVE_CUDA
  register_sw_cuda(list);
#endif
#if HPCS_HAVE_KOKKOS
  register_sw_kokkos(list);
#endif
  return list;
}

}  // namespace hpcs::sw
