// SPDX-License-Identifier: BSD-3-Clause
// What every CUDA GEM step holds on the device: the atoms (SoA x, y, z, q as the thesis'
// basic kernel reads them, or packed x, y, z, q per atom for the shared-memory tiles), the
// rank's shifted vertices (SoA: P pushed out by p, Q by the ion-exclusion radius) and the
// potentials, all in the variant's precision. Upload converts the double Inputs once;
// download widens the potentials back to double.
#pragma once
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "gem_variants.hpp"
#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::gem::cuda {

// One atom for the tiles: a 16-byte (float32) or 32-byte (float64) aligned x, y, z, q, so a
// float32 atom is one 128-bit load (float4-like) and a float64 atom two (double4-like).
template <class Real>
struct alignas(4 * sizeof(Real)) Atom4 {
  Real x, y, z, q;
};

template <class Real>
struct AtomSoa {
  const Real *x, *y, *z, *q;
  int n;
};

template <class Real>
struct VertexView {
  const Real *px, *py, *pz;  // P: pushed out by p (for d)
  const Real *qx, *qy, *qz;  // Q: pushed out by the ion-exclusion radius (for d')
  std::int64_t n;
};

enum class AtomLayout { Soa, Packed };

template <class Real>
class DeviceMolecule {
 public:
  void upload(const Inputs& in, AtomLayout layout) {
    if (in.q.size() > static_cast<std::size_t>(INT_MAX))
      throw Error("cuda: " + std::to_string(in.q.size()) + " atoms; at most " + std::to_string(INT_MAX));
    atoms_ = static_cast<int>(in.q.size());
    vertices_ = static_cast<std::int64_t>(in.vertices.size());
    if (layout == AtomLayout::Soa) {
      copy(ax_, in.atoms.x), copy(ay_, in.atoms.y), copy(az_, in.atoms.z), copy(aq_, in.q);
    } else {
      std::vector<Atom4<Real>> packed(in.q.size());
      for (std::size_t i = 0; i < packed.size(); ++i)
        packed[i] = {Real(in.atoms.x[i]), Real(in.atoms.y[i]), Real(in.atoms.z[i]), Real(in.q[i])};
      packed_.allocate(packed.size());
      packed_.upload(packed.data(), packed.size());
    }
    const ShiftedVertices& v = in.vertices;
    copy(v_[0], v.px), copy(v_[1], v.py), copy(v_[2], v.pz), copy(v_[3], v.qx), copy(v_[4], v.qy), copy(v_[5], v.qz);
    phi_.allocate(v.size());
  }

  void download(double* out) const {
    std::vector<Real> host(static_cast<std::size_t>(vertices_));
    phi_.download(host.data(), host.size());
    for (std::size_t k = 0; k < host.size(); ++k) out[k] = static_cast<double>(host[k]);
  }

  int atoms() const { return atoms_; }
  std::int64_t vertices() const { return vertices_; }
  AtomSoa<Real> atoms_soa() const { return {ax_.get(), ay_.get(), az_.get(), aq_.get(), atoms_}; }
  const Atom4<Real>* atoms_packed() const { return packed_.get(); }
  VertexView<Real> vertex_view() const {
    return {v_[0].get(), v_[1].get(), v_[2].get(), v_[3].get(), v_[4].get(), v_[5].get(), vertices_};
  }
  Real* phi() const { return phi_.get(); }

 private:
  static void copy(hpcs::cuda::DeviceBuffer<Real>& to, const std::vector<double>& from) {
    const std::vector<Real> converted(from.begin(), from.end());
    to.allocate(converted.size());
    to.upload(converted.data(), converted.size());
  }

  int atoms_ = 0;
  std::int64_t vertices_ = 0;
  hpcs::cuda::DeviceBuffer<Real> ax_, ay_, az_, aq_, v_[6], phi_;
  hpcs::cuda::DeviceBuffer<Atom4<Real>> packed_;
};

}  // namespace hpcs::gem::cuda
