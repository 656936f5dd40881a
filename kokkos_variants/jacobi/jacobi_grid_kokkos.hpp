// SPDX-License-Identifier: BSD-3-Clause
// What both Kokkos Jacobi variants share: the grid in two Views (this advance's time
// level t lives in buffer (current + t) % 2; boundaries are never written, so both
// buffers always hold them), row transfers, and the fenced device timer. Include from
// the Kokkos sources of this folder only.
#pragma once
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "hpcs/base/error.hpp"
#include "hpcs/kokkos_device_timer.hpp"
#include "hpcs/kokkos_teams.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi::kokkos {

constexpr bool kGpuBackend = kKokkosOnGpu;

template <class Real>
using HostView = Kokkos::View<Real*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

template <class Real>
class KokkosGrid : public Solver<Real> {
 public:
  void setup(const Problem& local, const Real* grid) override {
    if (local.dims < 1 || local.dims > 3)
      throw Error("jacobi: dims = " + std::to_string(local.dims) + " (must be 1, 2 or 3)");
    if (local.n1 < 0 || local.n2 < 0 || local.n3 < 0) throw Error("jacobi: negative grid size");
    prepare(local);
    p_ = local;
    const auto n = static_cast<std::size_t>(local.stored());
    for (auto& b : buf_) {
      b = Kokkos::View<Real*>(Kokkos::view_alloc(std::string("jacobi::grid"), Kokkos::WithoutInitializing), n);
      Kokkos::deep_copy(b, HostView<const Real>(grid, n));
    }
    cur_ = 0;
    device_s_ = 0;
    timed_ = false;
  }

  void advance(std::int64_t steps) override {
    if (steps < 0) throw Error("jacobi: negative number of time steps (" + std::to_string(steps) + ")");
    if (steps == 0 || p_.interior() == 0) return;
    timer_.start();
    run(steps, buf_[cur_].data(), buf_[1 - cur_].data());
    timer_.stop();
    Kokkos::fence();
    if (const auto s = timer_.seconds()) {
      device_s_ += *s;
      timed_ = true;
    }
    if (steps % 2 == 1) cur_ = 1 - cur_;
  }

  void read_rows(std::int64_t row0, std::int64_t count, Real* out) const override {
    const auto r = span(row0, count);
    Kokkos::deep_copy(HostView<Real>(out, r.second - r.first), Kokkos::subview(buf_[cur_], r));
  }

  void write_rows(std::int64_t row0, std::int64_t count, const Real* in) override {
    const auto r = span(row0, count);
    for (auto& b : buf_) Kokkos::deep_copy(Kokkos::subview(b, r), HostView<const Real>(in, r.second - r.first));
  }

  void download(Real* grid) const override {
    Kokkos::deep_copy(HostView<Real>(grid, buf_[cur_].extent(0)), buf_[cur_]);
  }

  std::optional<double> device_seconds() const override {
    if (!timed_) return std::nullopt;
    return device_s_;
  }

 protected:
  // Advances `steps` >= 1 steps: level 0 is in `level0`, level t goes to (t % 2 ? level1
  // : level0). Returns after queueing the work; the caller fences.
  virtual void run(std::int64_t steps, Real* level0, Real* level1) = 0;
  // Checks the variant's settings against the problem (throws Error) and resets counters.
  virtual void prepare(const Problem& p) = 0;
  const Problem& problem() const { return p_; }

 private:
  std::pair<std::size_t, std::size_t> span(std::int64_t row0, std::int64_t count) const {
    if (row0 < 0 || count < 0 || row0 + count > p_.rows())
      throw Error("jacobi: rows [" + std::to_string(row0) + ", " + std::to_string(row0 + count) +
                  ") outside the grid's " + std::to_string(p_.rows()) + " rows");
    return {static_cast<std::size_t>(row0 * p_.cols()), static_cast<std::size_t>((row0 + count) * p_.cols())};
  }

  Problem p_;
  Kokkos::View<Real*> buf_[2];
  int cur_ = 0;
  KokkosDeviceTimer timer_;
  double device_s_ = 0;
  bool timed_ = false;
};

}  // namespace hpcs::jacobi::kokkos
