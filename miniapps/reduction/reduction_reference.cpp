// SPDX-License-Identifier: BSD-3-Clause
#include "reduction_reference.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

#include "hpcs/base/error.hpp"

namespace hpcs::reduction {

void CompensatedSum::add(double x) {
  const double t = sum + x;
  compensation += std::fabs(sum) >= std::fabs(x) ? (sum - t) + x : (x - t) + sum;
  sum = t;
}

namespace {
struct LocalReference {
  Sum sum;
  CompensatedSum compensated;
  double sum_abs = 0;
};

LocalReference reference_of(const HostArray& slice) {
  LocalReference r;
  std::visit(
      [&](const auto& v) {
        using T = typename std::decay_t<decltype(v)>::value_type;
        for (const T x : v) {
          if constexpr (std::is_integral_v<T>) {
            r.sum.integer += x;
            r.sum_abs += std::fabs(static_cast<double>(x));
          } else {
            r.compensated.add(static_cast<double>(x));
            r.sum_abs += std::fabs(static_cast<double>(x));
          }
        }
      },
      slice);
  r.sum.real = r.compensated.value();
  return r;
}
}  // namespace

GlobalReference global_reference(const MpiContext& mpi, const HostArray& slice, std::uint64_t global_n) {
  const LocalReference local = reference_of(slice);
  GlobalReference g;
  g.type = dtype_of(slice);
  g.n = global_n;
  long long integer = local.sum.integer, total = 0;
  MPI_Allreduce(&integer, &total, 1, MPI_LONG_LONG, MPI_SUM, mpi.comm());
  g.sum.integer = total;
  MPI_Allreduce(&local.sum_abs, &g.sum_abs, 1, MPI_DOUBLE, MPI_SUM, mpi.comm());
  // Compensated pairs of all ranks, combined in rank order: the same on every rank.
  const double mine[2] = {local.compensated.sum, local.compensated.compensation};
  std::vector<double> all(2 * static_cast<std::size_t>(mpi.size()));
  MPI_Allgather(mine, 2, MPI_DOUBLE, all.data(), 2, MPI_DOUBLE, mpi.comm());
  CompensatedSum c;
  for (double x : all) c.add(x);
  g.sum.real = c.value();
  return g;
}

Sum combine_partials(const MpiContext& mpi, DType type, const Sum& local,
                     const std::optional<std::string>& local_error) {
  Sum global;
  // One collective per repetition: the partial sum and an error count travel together.
  if (type == DType::Int32) {
    long long in[2] = {local.integer, local_error ? 1 : 0}, out[2] = {0, 0};
    MPI_Allreduce(in, out, 2, MPI_LONG_LONG, MPI_SUM, mpi.comm());
    if (out[1] > 0) mpi.agree(local_error);
    global.integer = out[0];
  } else {
    double in[2] = {local.real, local_error ? 1.0 : 0.0}, out[2] = {0, 0};
    MPI_Allreduce(in, out, 2, MPI_DOUBLE, MPI_SUM, mpi.comm());
    if (out[1] > 0) mpi.agree(local_error);
    global.real = out[0];
  }
  return global;
}

double tolerance(DType type, std::uint64_t n, double sum_abs) {
  if (type == DType::Int32) return 0.0;
  const double u = type == DType::Float32 ? 0x1p-24 : 0x1p-53;
  const double dn = static_cast<double>(n);
  return u * sum_abs * (4.0 * std::sqrt(dn) + 2.0 * std::log2(dn + 1.0) + 8.0);
}

std::string format_sum(DType type, const Sum& s) {
  char buf[64];
  if (type == DType::Int32) std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(s.integer));
  else std::snprintf(buf, sizeof buf, "%.17g", s.real);
  return buf;
}

Verification verify(const Sum& got, const GlobalReference& ref) {
  Verification v;
  char buf[256];
  if (ref.type == DType::Int32) {
    const bool ok = got.integer == ref.sum.integer;
    v.status = ok ? "passed" : "FAILED";
    std::snprintf(buf, sizeof buf, "sum %lld %s reference %lld (exact)", static_cast<long long>(got.integer),
                  ok ? "==" : "!=", static_cast<long long>(ref.sum.integer));
  } else {
    const double err = std::fabs(got.real - ref.sum.real);
    const double tol = tolerance(ref.type, ref.n, ref.sum_abs);
    const bool ok = err <= tol;  // NaN never passes
    v.status = ok ? "passed" : "FAILED";
    std::snprintf(buf, sizeof buf, "|sum - reference| = %.3g %s tol %.3g (sum %.17g, reference %.17g)", err,
                  ok ? "<=" : "exceeds", tol, got.real, ref.sum.real);
  }
  v.detail = buf;
  return v;
}

namespace {
class CpuReference final : public Reducer {
 public:
  void upload(const HostArray& x) override { data_ = &x; }
  void run() override { sum_ = reference_of(*data_).sum; }
  Sum result() override { return sum_; }
  std::string config() const override { return "compensated"; }

 private:
  const HostArray* data_ = nullptr;
  Sum sum_;
};
}  // namespace

std::unique_ptr<Reducer> make_cpu_reference(DType) { return std::make_unique<CpuReference>(); }

}  // namespace hpcs::reduction
