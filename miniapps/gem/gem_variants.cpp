// SPDX-License-Identifier: BSD-3-Clause
// The one list of GEM variants: the CPU reference and its HCP approximation, the CPU ladder
// (cpu/serial, cpu/simd, cpu/openmp), then what the backends register.
#include "gem_variants.hpp"

#include "gem_cpu_ladder.hpp"
#include "gem_reference.hpp"

namespace hpcs::gem {

namespace {
// The float64 reference as a variant, timed like the others.
class CpuReference final : public Evaluator {
 public:
  void setup(const Inputs& in) override { in_ = &in; }
  void run() override { last_ = reference_potentials(in_->physics, in_->A, in_->atoms, in_->vertices).phi; }
  void potentials(double* out) override { std::copy(last_.begin(), last_.end(), out); }
  std::string config() const override { return "float64, threads"; }

 private:
  const Inputs* in_ = nullptr;
  std::vector<double> last_;
};
}  // namespace

VariantList all_variants() {
  VariantList list = variant_list<Variant>([](Precision, const Tuning&) { return std::make_unique<CpuReference>(); },
                                           register_backend_variants);
  Variant hcp;  // beside the reference it approximates
  hcp.name = "cpu/hcp";
  hcp.backend = "cpu";
  hcp.make = [](Precision, const Tuning&) { return make_cpu_hcp(); };
  list.insert(list.begin() + 1, hcp);
  const VariantList ladder = cpu_ladder_variants();  // host code, in every build
  list.insert(list.begin() + 2, ladder.begin(), ladder.end());
  return list;
}

std::vector<NamedTuning<Tuning>> block_tunings() {
  return named_values<Tuning>("block", "block", {64, 128, 256, 512, 1024});
}

}  // namespace hpcs::gem
