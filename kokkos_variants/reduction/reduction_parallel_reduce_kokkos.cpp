// SPDX-License-Identifier: BSD-3-Clause
// The Kokkos baselines: Kokkos::parallel_reduce over a RangePolicy, with the result in a
// device scalar (the timed region is the reduction alone, as for CUB), or in a host
// scalar, the most common form, where parallel_reduce also waits for the result and
// copies it to the host.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

#include "hpcs/kokkos_device_timer.hpp"
#include "hpcs/kokkos_views.hpp"
#include "reduction_kokkos_factories.hpp"
#include "reduction_dispatch.hpp"

namespace hpcs::reduction::kokkos {
namespace {

using Exec = Kokkos::DefaultExecutionSpace;

template <class In, class Acc>
struct SumOf {
  Kokkos::View<const In*> x;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, Acc& sum) const { sum += Acc(x(i)); }
};

template <class In, class Acc, bool HostResult>
class KokkosParallelReduce final : public Reducer {
 public:
  void upload(const HostArray& x) override {
    input_ = to_device("hpcs::reduction::input", std::get<std::vector<In>>(x));
    result_ = Kokkos::View<Acc>("hpcs::reduction::sum");
  }

  void run() override {
    const Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::int64_t>> range(0, input_.extent(0));
    timer_.start();
    if constexpr (HostResult) {
      Kokkos::parallel_reduce("hpcs::reduction::parallel_reduce_host", range, SumOf<In, Acc>{input_}, host_);
    } else {
      Kokkos::parallel_reduce("hpcs::reduction::parallel_reduce", range, SumOf<In, Acc>{input_}, result_);
    }
    timer_.stop();
    Kokkos::fence();
  }

  Sum result() override {
    Acc value = host_;
    if constexpr (!HostResult) {
      Kokkos::View<Acc, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> h(&value);
      Kokkos::deep_copy(h, result_);
    }
    return to_sum(value);
  }

  std::optional<double> device_seconds() const override { return timer_.seconds(); }
  std::string config() const override { return HostResult ? "RangePolicy, host scalar" : "RangePolicy"; }

 private:
  Kokkos::View<In*> input_;
  Kokkos::View<Acc> result_;
  Acc host_{};
  KokkosDeviceTimer timer_;
};

}  // namespace

namespace {
template <bool HostResult>
std::unique_ptr<Reducer> make(DType type) {
  switch (type) {
    case DType::Int32: return std::make_unique<KokkosParallelReduce<std::int32_t, std::int64_t, HostResult>>();
    case DType::Float32: return std::make_unique<KokkosParallelReduce<float, float, HostResult>>();
    default: return std::make_unique<KokkosParallelReduce<double, double, HostResult>>();
  }
}
}  // namespace

std::unique_ptr<Reducer> make_kokkos_parallel_reduce(DType type, bool host_result) {
  return host_result ? make<true>(type) : make<false>(type);
}

}  // namespace hpcs::reduction::kokkos
