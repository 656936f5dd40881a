// SPDX-License-Identifier: BSD-3-Clause
#include "reduction_app.hpp"

#include <CLI/CLI.hpp>

namespace hpcs::reduction {

namespace {
// One variant on this rank's slice; each repetition combines the partial sums over the
// ranks, and an error on one rank travels with them so that every rank stops together.
class ReductionTrial final : public Trial<Sum> {
 public:
  ReductionTrial(const MpiContext& mpi, std::unique_ptr<Reducer> reducer, DType type, std::string name)
      : mpi_(mpi), reducer_(std::move(reducer)), type_(type), name_(std::move(name)) {}
  std::optional<double> rep() override {
    std::optional<std::string> error;
    Sum local;
    try {
      reducer_->run();
      local = reducer_->result();
    } catch (const std::exception& e) {
      error = name_ + ": " + e.what();
    }
    last_ = combine_partials(mpi_, type_, local, error);
    return reducer_->device_seconds();
  }
  Sum result() override { return last_; }
  std::string config() const override { return reducer_->config(); }

 private:
  const MpiContext& mpi_;
  std::unique_ptr<Reducer> reducer_;
  DType type_;
  std::string name_;
  Sum last_;
};
}  // namespace

AppInfo App::info() const {
  AppInfo info{"reduction", "reduction_miniapp",
               "Parallel reduction (sum) RK-1..RK-7 after Harris / Yen et al., distributed over MPI ranks"};
  info.renamed_flags = {{"--types", "--type (one type per run)"}};  // reduction_bench's earlier spelling
  return info;
}

void App::add_options(CLI::App& cli) {
  auto* input = cli.get_option("input");
  cli.add_option("--dataset", opt_.dataset, "Dataset of the input file holding the vector")->capture_default_str();
  cli.add_option("--n", opt_.n, "Elements of the generated vector")->capture_default_str()->excludes(input);
  cli.add_option("--type", opt_.type, "Element type of the generated vector")
      ->check(CLI::IsMember({"int32", "float32", "float64"}))
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--seed", opt_.seed, "Seed of the generated vector")->capture_default_str()->excludes(input);
  cli.add_option("--block", tuning.block,
                 "Threads per block / team size (power of two; 0: the variant's, 256, cuda/rk7-vec 1024)")
      ->capture_default_str();
  cli.add_option("--grid", tuning.grid, "RK-7 blocks (0: fill the device once)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str();
  cli.add_option("--unroll", tuning.unroll, "RK-7 grid-stride steps loaded before they are added (1: Harris's loop)")
      ->check(CLI::IsMember({1, 2, 4, 8}))
      ->capture_default_str();
}

void App::load(const MpiContext& mpi, const CommonOptions& o) {
  input_ = o.input;
  in_ = input_.empty() ? generate_input(mpi, parse_dtype(opt_.type), opt_.n, opt_.seed)
                       : load_slice(mpi, input_, opt_.dataset);
  problem_ = {dtype_of(in_.data), in_.global_n};
  ref_ = global_reference(mpi, in_.data, in_.global_n);
}

HostInput App::host_input() const {
  const std::uint64_t bytes = std::visit([](const auto& v) { return v.size() * sizeof(v[0]); }, in_.data);
  return {bytes, input_.empty() ? "the generated vector (--n " + std::to_string(problem_.n) + ")"
                                : input_ + ": dataset '" + opt_.dataset + "'"};
}

std::string App::describe() const {
  return "reduction: " + std::to_string(problem_.n) + " x " + dtype() + " from " +
         (input_.empty() ? "generator (seed " + std::to_string(opt_.seed) + ")" : input_);
}

Work App::work() const {
  const double n = static_cast<double>(problem_.n);
  return {n, n * static_cast<double>(dtype_bytes(problem_.type)), 0.0};  // a sum is measured in GB/s
}

App::TrialPtr App::prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) {
  auto reducer = v.make(problem_.type, t);
  reducer->upload(in_.data);
  return std::make_unique<ReductionTrial>(mpi, std::move(reducer), problem_.type, v.name);
}

Sum App::reference(const MpiContext&) { return ref_.sum; }

Verification App::compare(const MpiContext&, const Sum& got, const Sum& want, const std::string&) const {
  GlobalReference expected = ref_;
  expected.sum = want;
  return verify(got, expected);
}

nlohmann::json App::result_json(const Sum& s) const {
  return {{"sum", format_sum(problem_.type, s)},
          {"reference_sum", format_sum(problem_.type, ref_.sum)},
          {"tolerance", tolerance(problem_.type, ref_.n, ref_.sum_abs)}};
}

nlohmann::json App::parameters() const {
  nlohmann::json m = {{"input_dataset", input_.empty() ? "" : opt_.dataset},
                      {"n", problem_.n},
                      {"dtype", dtype()},
                      {"block", tuning.block},
                      {"grid", tuning.grid},
                      {"unroll", tuning.unroll},
                      {"reference_sum", format_sum(problem_.type, ref_.sum)}};
  if (input_.empty()) m["seed"] = opt_.seed;
  return m;
}

}  // namespace hpcs::reduction
