// SPDX-License-Identifier: BSD-3-Clause
// The one list of reduction variants. Backends register themselves through plain-C++
// functions, so no CUDA or Kokkos type reaches the driver.
#include "reduction_reference.hpp"
#include "reduction_types.hpp"
#if HPCS_HAVE_CUDA
#include "reduction_cuda.hpp"
#endif
#if HPCS_HAVE_KOKKOS
#include "reduction_kokkos.hpp"
#endif

namespace hpcs::reduction {

VariantList all_variants() {
  VariantList list;
  list.push_back({"cpu/reference", "cpu", 0, [](DType t, const Tuning&) { return make_cpu_reference(t); }});
#if HPCS_HAVE_CUDA
  register_reduction_cuda(list);
#endif
#if HPCS_HAVE_KOKKOS
  register_reduction_kokkos(list);
#endif
  return list;
}

}  // namespace hpcs::reduction
