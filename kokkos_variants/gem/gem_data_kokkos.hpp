// SPDX-License-Identifier: BSD-3-Clause
// What both Kokkos GEM variants hold on the device: atoms (x, y, z, scaled q) and the rank's
// shifted vertices in the variant's precision, the potentials, and the device timer.
// Include from Kokkos sources only.
#pragma once
#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

#include "gem_variants.hpp"
#include "hpcs/kokkos_device_timer.hpp"
#include "hpcs/kokkos_teams.hpp"

namespace hpcs::gem::kokkos {

using kokkos_teams::Exec;

template <class Real>
Kokkos::View<Real*> device_copy(const char* label, const std::vector<double>& host) {
  Kokkos::View<Real*> d(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing), host.size());
  auto h = Kokkos::create_mirror_view(d);
  for (std::size_t i = 0; i < host.size(); ++i) h(i) = static_cast<Real>(host[i]);
  Kokkos::deep_copy(d, h);
  return d;
}

template <class Real>
struct DeviceMolecule {
  Kokkos::View<Real*> ax, ay, az, aq;          // atoms
  Kokkos::View<Real*> px, py, pz, qx, qy, qz;  // vertices pushed out by p and by the ion-exclusion radius
  Kokkos::View<Real*> phi;                     // one potential per vertex
  PairConstants<Real> c;
  std::int64_t atoms = 0, vertices = 0;

  void upload(const Inputs& in) {
    ax = device_copy<Real>("hpcs::gem::ax", in.atoms.x), ay = device_copy<Real>("hpcs::gem::ay", in.atoms.y);
    az = device_copy<Real>("hpcs::gem::az", in.atoms.z), aq = device_copy<Real>("hpcs::gem::aq", in.q);
    const ShiftedVertices& v = in.vertices;
    px = device_copy<Real>("hpcs::gem::px", v.px), py = device_copy<Real>("hpcs::gem::py", v.py);
    pz = device_copy<Real>("hpcs::gem::pz", v.pz), qx = device_copy<Real>("hpcs::gem::qx", v.qx);
    qy = device_copy<Real>("hpcs::gem::qy", v.qy), qz = device_copy<Real>("hpcs::gem::qz", v.qz);
    phi = Kokkos::View<Real*>("hpcs::gem::phi", v.size());
    c = in.constants.as<Real>();
    atoms = static_cast<std::int64_t>(in.q.size());
    vertices = static_cast<std::int64_t>(v.size());
  }

  void download(double* out) const {
    auto h = Kokkos::create_mirror_view(phi);
    Kokkos::deep_copy(h, phi);
    for (std::int64_t k = 0; k < vertices; ++k) out[k] = static_cast<double>(h(k));
  }
};

// What the exact Kokkos evaluators share: the molecule on the device, run() timing the
// kernels that launch() starts, and the potentials' download.
template <class Real>
class KokkosEvaluator : public Evaluator {
 public:
  void setup(const Inputs& in) override { m_.upload(in); }
  void run() override {
    timer_.start();
    launch();
    timer_.stop();
    Kokkos::fence();
  }
  void potentials(double* out) override { m_.download(out); }
  std::optional<double> device_seconds() const override { return timer_.seconds(); }

 protected:
  virtual void launch() = 0;  // the kernels of one evaluation, asynchronous

  DeviceMolecule<Real> m_;
  KokkosDeviceTimer timer_;
};

}  // namespace hpcs::gem::kokkos
