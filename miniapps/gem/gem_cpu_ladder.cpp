// SPDX-License-Identifier: BSD-3-Clause
// The CPU ladder's evaluators and variants: the molecule converted to the run's precision
// once (untimed setup), then cpu/serial and cpu/simd on one thread and cpu/openmp with the
// SIMD kernel on OpenMP's threads over chunks of vertices.
#include <omp.h>

#include <algorithm>
#include <cstdio>

#include "gem_cpu_ladder.hpp"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::gem {

template <class Real>
CpuMolecule<Real> cpu_molecule(const Inputs& in) {
  CpuMolecule<Real> m;
  const auto to_real = [](const std::vector<double>& v) { return std::vector<Real>(v.begin(), v.end()); };
  m.ax = to_real(in.atoms.x), m.ay = to_real(in.atoms.y), m.az = to_real(in.atoms.z), m.q = to_real(in.q);
  m.px = to_real(in.vertices.px), m.py = to_real(in.vertices.py), m.pz = to_real(in.vertices.pz);
  m.qx = to_real(in.vertices.qx), m.qy = to_real(in.vertices.qy), m.qz = to_real(in.vertices.qz);
  m.c = in.constants.as<Real>();
  return m;
}
template CpuMolecule<float> cpu_molecule(const Inputs&);
template CpuMolecule<double> cpu_molecule(const Inputs&);

namespace {
enum class Step { Serial = 1, Simd = 2, OpenMp = 3 };

template <class Real>
class CpuLadder final : public Evaluator {
 public:
  CpuLadder(Step step, SimdIsa isa, int threads) : step_(step), isa_(isa), threads_(threads) {}

  void setup(const Inputs& in) override {
    m_ = cpu_molecule<Real>(in);
    phi_.assign(m_.vertices(), Real(0));
  }

  void run() override {
    const std::size_t n = m_.vertices();
    if (step_ == Step::Serial) return serial_potentials(m_, 0, n, phi_.data());
    if (step_ == Step::Simd) return simd_potentials(isa_, m_, 0, n, phi_.data());
    // Chunks taken in turn: every vertex costs the same, but a shared machine's cores do not.
    const std::ptrdiff_t chunks = static_cast<std::ptrdiff_t>((n + kChunk - 1) / kChunk);
#pragma omp parallel for num_threads(threads_) schedule(dynamic)
    for (std::ptrdiff_t b = 0; b < chunks; ++b) {
      const std::size_t begin = static_cast<std::size_t>(b) * kChunk;
      simd_potentials(isa_, m_, begin, std::min(n, begin + kChunk), phi_.data());
    }
  }

  void potentials(double* out) override { std::copy(phi_.begin(), phi_.end(), out); }

  std::string config() const override {
    const char* real = precision_name<Real>();
    char c[96];
    if (step_ == Step::Serial) std::snprintf(c, sizeof c, "%s, scalar, 1 thread", real);
    else std::snprintf(c, sizeof c, "%s, %s, %d thread%s", real, isa_name(isa_), threads_, threads_ == 1 ? "" : "s");
    return c;
  }

 private:
  static constexpr std::size_t kChunk = 32;
  Step step_;
  SimdIsa isa_;
  int threads_;
  CpuMolecule<Real> m_;
  std::vector<Real> phi_;
};

std::unique_ptr<Evaluator> make(Precision p, Step step, SimdIsa isa, int threads) {
  if (p == Precision::Float64) return std::make_unique<CpuLadder<double>>(step, isa, threads);
  return std::make_unique<CpuLadder<float>>(step, isa, threads);
}
}  // namespace

std::unique_ptr<Evaluator> make_cpu_serial(Precision p) { return make(p, Step::Serial, SimdIsa::Default, 1); }
std::unique_ptr<Evaluator> make_cpu_simd(Precision p, SimdIsa isa) { return make(p, Step::Simd, isa, 1); }
std::unique_ptr<Evaluator> make_cpu_openmp(Precision p, SimdIsa isa, int threads) {
  return make(p, Step::OpenMp, isa, threads > 0 ? threads : omp_get_max_threads());
}

VariantList cpu_ladder_variants() {
  VariantList out;
  const char* names[] = {"", "cpu/serial", "cpu/simd", "cpu/openmp"};
  for (int step = 1; step <= 3; ++step) {
    Variant v;
    v.name = names[step];
    v.backend = "cpu";
    v.step = step;
    v.make = [step](Precision p, const Tuning&) -> std::unique_ptr<Evaluator> {
      if (step == 1) return make_cpu_serial(p);
      if (step == 2) return make_cpu_simd(p, chosen_isa());
      return make_cpu_openmp(p, chosen_isa());
    };
    // The molecule in the run's precision beside the loaded float64 input.
    v.host_copies = [](const Problem& p, const Tuning&) { return p.precision == Precision::Float64 ? 1.0 : 0.5; };
    out.push_back(v);
  }
  return out;
}

}  // namespace hpcs::gem
