// SPDX-License-Identifier: BSD-3-Clause
// kokkos/hcp: Hierarchical Charge Partitioning (miniapps/gem/gem_hcp.hpp) over a RangePolicy,
// one index per vertex walking the hierarchy in device views, as cuda/hcp: the groups'
// spheres in double (the same groups as cpu/hcp in either precision), atoms and approximate
// charges in the variant's precision, the case a template argument (with_case).
#include "gem_data_kokkos.hpp"
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::gem::kokkos {
namespace kokkos {
namespace {

template <class T>
Kokkos::View<T*> view_of(const char* label, const std::vector<T>& host) {
  Kokkos::View<T*> d(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing), host.size());
  auto h = Kokkos::create_mirror_view(d);
  for (std::size_t i = 0; i < host.size(); ++i) h(i) = host[i];
  Kokkos::deep_copy(d, h);
  return d;
}

template <class Real>
Kokkos::View<HcpCharge<Real>*> charges_of(const char* label, const std::vector<HcpCharge<double>>& from) {
  return view_of(label, hcp_charges_as<Real>(from));
}

template <class C, class Real>
struct HcpPotential {
  HcpView<Real> h;
  Kokkos::View<double*> px, py, pz, qx, qy, qz;
  Kokkos::View<Real*> phi;
  PairConstants<Real> c;

  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t k) const {
    HcpPairSum<C, Real> add{c, Real(px(k)), Real(py(k)), Real(pz(k)), Real(qx(k)), Real(qy(k)), Real(qz(k)), Real(0)};
    hcp_walk(h, px(k), py(k), pz(k), add);
    phi(k) = add.sum;
  }
};

template <class Real>
class KokkosHcp final : public Evaluator {
 public:
  void setup(const Inputs& in) override {
    const HcpHierarchy h = build_hcp(in.atoms, in.q, in.hcp);
    atoms_ = charges_of<Real>("hpcs::gem::hcp_atoms", h.atoms);
    approx1_ = charges_of<Real>("hpcs::gem::hcp_approx1", h.approx1);
    approx2_ = charges_of<Real>("hpcs::gem::hcp_approx2", h.approx2);
    sphere1_ = view_of("hpcs::gem::hcp_sphere1", h.sphere1), sphere2_ = view_of("hpcs::gem::hcp_sphere2", h.sphere2);
    first1_ = view_of("hpcs::gem::hcp_first1", h.first1), first2_ = view_of("hpcs::gem::hcp_first2", h.first2);
    const ShiftedVertices& v = in.vertices;
    p_[0] = device_copy<double>("hpcs::gem::px", v.px), p_[1] = device_copy<double>("hpcs::gem::py", v.py);
    p_[2] = device_copy<double>("hpcs::gem::pz", v.pz), p_[3] = device_copy<double>("hpcs::gem::qx", v.qx);
    p_[4] = device_copy<double>("hpcs::gem::qy", v.qy), p_[5] = device_copy<double>("hpcs::gem::qz", v.qz);
    phi_ = Kokkos::View<Real*>("hpcs::gem::phi", v.size());
    c_ = in.constants.as<Real>();
    tolerance_ = in.hcp.tolerance;
  }

  void run() override {
    timer_.start();
    with_case(c_, [&](auto cs) { launch<decltype(cs)>(); });
    timer_.stop();
    Kokkos::fence();
  }

  void potentials(double* out) override {
    auto h = Kokkos::create_mirror_view(phi_);
    Kokkos::deep_copy(h, phi_);
    for (std::size_t k = 0; k < h.extent(0); ++k) out[k] = static_cast<double>(h(k));
  }
  std::optional<double> device_seconds() const override { return timer_.seconds(); }
  double tolerance() const override { return tolerance_; }
  std::string config() const override { return "RangePolicy, one kernel per case"; }

 private:
  template <class C>
  void launch() {
    const HcpView<Real> h{atoms_.data(),   sphere1_.data(), first1_.data(),  approx1_.data(),
                          sphere2_.data(), first2_.data(),  approx2_.data(), static_cast<int>(sphere2_.extent(0))};
    const HcpPotential<C, Real> f{h, p_[0], p_[1], p_[2], p_[3], p_[4], p_[5], phi_, c_};
    const auto n = static_cast<std::int64_t>(phi_.extent(0));
    Kokkos::parallel_for("hpcs::gem::hcp", Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::int64_t>>(0, n), f);
  }

  Kokkos::View<HcpCharge<Real>*> atoms_, approx1_, approx2_;
  Kokkos::View<HcpSphere*> sphere1_, sphere2_;
  Kokkos::View<int*> first1_, first2_;
  Kokkos::View<double*> p_[6];
  Kokkos::View<Real*> phi_;
  PairConstants<Real> c_;
  double tolerance_ = 0;
  KokkosDeviceTimer timer_;
};

std::unique_ptr<Evaluator> make_hcp(Precision p, const Tuning&) { return make_in_precision<Evaluator, KokkosHcp>(p); }

}  // namespace
}  // namespace kokkos

// Called by register_kokkos_variants (gem_kokkos.cpp): kokkos/hcp, off the ladder.
void register_hcp(VariantList& list) { list.push_back(kokkos_variant<Variant>("kokkos/hcp", kokkos::make_hcp)); }

}  // namespace hpcs::gem::kokkos
