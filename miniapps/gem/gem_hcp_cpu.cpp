// SPDX-License-Identifier: BSD-3-Clause
// cpu/hcp: the float64 reference's per-pair formula (reference_term) over the charges HCP
// keeps (gem_hcp.hpp), threads over vertices. Same pair arithmetic as cpu/reference, so its
// speed-up over it is HCP's alone, and a cutoff beyond the molecule gives the exact sum.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <thread>

#include "gem_hcp.hpp"
#include "gem_reference.hpp"
#include "gem_variants.hpp"

namespace hpcs::gem {

namespace {
class CpuHcp final : public Evaluator {
 public:
  void setup(const Inputs& in) override {
    in_ = &in;
    h_ = build_hcp(in.atoms, in.q, in.hcp);
  }

  void run() override {
    const std::size_t n = in_->vertices.size();
    last_.assign(n, 0.0);
    std::atomic<std::size_t> next{0};
    std::atomic<long long> pairs{0};
    // Chunks taken in turn: HCP's cost varies along the surface, so equal blocks would not balance.
    const auto work = [&] {
      long long mine = 0;
      for (std::size_t b; (b = next.fetch_add(kChunk)) < n;)
        for (std::size_t k = b; k < std::min(n, b + kChunk); ++k) mine += vertex(k);
      pairs += mine;
    };
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> team;
    for (unsigned t = 1; t < threads; ++t) team.emplace_back(work);
    work();
    for (auto& t : team) t.join();
    pairs_ = pairs;
  }

  void potentials(double* out) override { std::copy(last_.begin(), last_.end(), out); }
  double tolerance() const override { return in_->hcp.tolerance; }

  std::string config() const override {
    const double all = static_cast<double>(in_->q.size()) * static_cast<double>(in_->vertices.size());
    char c[96];
    std::snprintf(c, sizeof c, "float64, %.3g%% of pairs", all > 0 ? 100.0 * double(pairs_) / all : 0.0);
    return c;
  }

 private:
  static constexpr std::size_t kChunk = 64;

  // Potential of vertex k into last_; returns the pairs it evaluated.
  long long vertex(std::size_t k) {
    const ShiftedVertices& v = in_->vertices;
    double sum = 0;
    long long count = 0;
    auto add = [&](const HcpCharge<double>& c) {
      const double d = std::hypot(c.x - v.px[k], c.y - v.py[k], c.z - v.pz[k]);
      const double dp = std::hypot(c.x - v.qx[k], c.y - v.qy[k], c.z - v.qz[k]);
      sum += c.q * reference_term(in_->physics, in_->A, d, dp);
      ++count;
    };
    hcp_walk(h_.view(), v.px[k], v.py[k], v.pz[k], add);
    last_[k] = sum;
    return count;
  }

  const Inputs* in_ = nullptr;
  HcpHierarchy h_;
  std::vector<double> last_;
  long long pairs_ = 0;
};
}  // namespace

std::unique_ptr<Evaluator> make_cpu_hcp() { return std::make_unique<CpuHcp>(); }

}  // namespace hpcs::gem
