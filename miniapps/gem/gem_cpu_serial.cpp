// SPDX-License-Identifier: BSD-3-Clause
// cpu/serial's kernel: the plain loop over vertices and atoms, one pair at a time. This file
// is compiled with -fno-tree-vectorize (miniapps/gem/CMakeLists.txt), so -O3 keeps it scalar:
// the thesis' -O3 baseline that the SIMD step is measured against.
#include "gem_cpu_kernel.hpp"

namespace hpcs::gem {

namespace {
struct SerialLoop {
  template <int R, bool S, int P, class Real>
  static HPCS_GEM_INLINE void range(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end, Real* phi) {
    const std::size_t n = m.atoms();
    for (std::size_t k = begin; k < end; ++k) {
      Real sum = 0;
      for (std::size_t i = 0; i < n; ++i)
        sum += cpu::pair_contribution<R, S, P>(m.c, m.ax.data(), m.ay.data(), m.az.data(), m.q.data(), i, m.px[k],
                                               m.py[k], m.pz[k], m.qx[k], m.qy[k], m.qz[k]);
      phi[k] = sum;
    }
  }
};
}  // namespace

template <class Real>
void serial_potentials(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end, Real* phi) {
  cpu::by_case<SerialLoop>(m, begin, end, phi);
}

template void serial_potentials(const CpuMolecule<float>&, std::size_t, std::size_t, float*);
template void serial_potentials(const CpuMolecule<double>&, std::size_t, std::size_t, double*);

}  // namespace hpcs::gem
