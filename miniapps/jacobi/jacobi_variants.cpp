// SPDX-License-Identifier: BSD-3-Clause
// The one list of Jacobi variants. Backends register through plain-C++ functions.
#include "jacobi_reference.hpp"
#include "jacobi_variant.hpp"
#if HPCS_HAVE_CUDA
#include "jacobi_cuda.hpp"
#endif
#if HPCS_HAVE_KOKKOS
#include "jacobi_kokkos.hpp"
#endif

namespace hpcs::jacobi {

VariantList all_variants() {
  VariantList list;
  VariantInfo cpu;
  cpu.name = "cpu/reference";
  cpu.backend = "cpu";
  cpu.make_float = [](const Tiles&) { return make_cpu_reference<float>(); };
  cpu.make_double = [](const Tiles&) { return make_cpu_reference<double>(); };
  list.push_back(cpu);
#if HPCS_HAVE_CUDA
  register_jacobi_cuda(list);
#endif
#if HPCS_HAVE_KOKKOS
  register_jacobi_kokkos(list);
#endif
  return list;
}

}  // namespace hpcs::jacobi
