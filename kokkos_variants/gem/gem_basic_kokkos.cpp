// SPDX-License-Identifier: BSD-3-Clause
// kokkos/basic: one index per vertex over a RangePolicy, the potential accumulated in a
// register, the region / salt / phiType choices made per pair at run time (the portable
// form of the thesis' basic kernel plus its register accumulator).
#include "gem_data_kokkos.hpp"
#include "gem_kokkos_factories.hpp"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::gem::kokkos {
namespace {

template <class Real>
struct BasicPotential {
  DeviceMolecule<Real> m;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t k) const {
    const Real px = m.px(k), py = m.py(k), pz = m.pz(k), qx = m.qx(k), qy = m.qy(k), qz = m.qz(k);
    Real sum = 0;
    for (std::int64_t i = 0; i < m.atoms; ++i) {
      const Real x = m.ax(i), y = m.ay(i), z = m.az(i);
      const Real d = hd_sqrt((x - px) * (x - px) + (y - py) * (y - py) + (z - pz) * (z - pz));
      const Real dp = hd_sqrt((x - qx) * (x - qx) + (y - qy) * (y - qy) + (z - qz) * (z - qz));
      sum += m.aq(i) * pair_term_runtime(m.c, d, dp);
    }
    m.phi(k) = sum;
  }
};

template <class Real>
class KokkosBasic final : public KokkosEvaluator<Real> {
 public:
  std::string config() const override { return "RangePolicy, runtime cases"; }

 private:
  void launch() override {
    Kokkos::parallel_for("hpcs::gem::basic",
                         Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::int64_t>>(0, this->m_.vertices),
                         BasicPotential<Real>{this->m_});
  }
};

}  // namespace

std::unique_ptr<Evaluator> make_basic(Precision p, const Tuning&) {
  return make_in_precision<Evaluator, KokkosBasic>(p);
}

}  // namespace hpcs::gem::kokkos
