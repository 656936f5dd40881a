// SPDX-License-Identifier: BSD-3-Clause
// The CPU reference (exact for integers, Neumaier-compensated in double for floats),
// the combination of per-rank partial sums, and the verification of a variant's sum.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/report/report.hpp"
#include "reduction_variants.hpp"

namespace hpcs::reduction {

// Neumaier's compensated summation (an improved Kahan sum).
struct CompensatedSum {
  double sum = 0, compensation = 0;
  void add(double x);
  double value() const { return sum + compensation; }
};

struct GlobalReference {
  DType type = DType::Float32;
  std::uint64_t n = 0;
  Sum sum;
  double sum_abs = 0;  // sum of |x_i|: the scale of the rounding error bound
};

// Collective: reference sum of the whole vector from every rank's slice.
GlobalReference global_reference(const MpiContext& mpi, const HostArray& slice, std::uint64_t global_n);

// Collective: the global sum of the ranks' partial sums. If `local_error` is set on any
// rank, every rank throws hpcs::Error with the first failing rank's message.
Sum combine_partials(const MpiContext& mpi, DType type, const Sum& local,
                     const std::optional<std::string>& local_error);

// Exact equality for int32 inputs. For floats: |got - ref| <= tol with
// tol = u * sum|x| * (4 sqrt(n) + 2 log2(n) + 8), u the unit roundoff of the input type:
// the probabilistic bound for summation in any order (Higham & Mary 2019) with margin.
double tolerance(DType type, std::uint64_t n, double sum_abs);
Verification verify(const Sum& got, const GlobalReference& ref);

std::string format_sum(DType type, const Sum& s);

// The "cpu/reference" variant: the same compensated/exact sum, timed like the others.
std::unique_ptr<Reducer> make_cpu_reference(DType type);

}  // namespace hpcs::reduction
