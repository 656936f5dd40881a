// SPDX-License-Identifier: BSD-3-Clause
// The row pump of cuda/multipass (sw_multipass_pump.hpp): polls the kernel, the RowLink
// and the mapped rows' ready counters, copying columns as they become final.
#include "sw_multipass_pump.hpp"

#include <atomic>
#include <cstring>

#include "hpcs/cuda/check.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::sw::cuda {

void pump_rows(RowLink& link, MappedRows* above, MappedRows* below, std::int64_t cols) {
  std::int64_t fed = 0, sent = 0;
  while (true) {
    const bool done = cudaStreamQuery(nullptr) != cudaErrorNotReady;
    link.progress();
    if (above) {
      const std::int64_t ready = link.above_ready()->load(std::memory_order_acquire);
      if (ready > fed) {
        std::memcpy(above->h + fed, link.above_h() + fed, (ready - fed) * sizeof(std::int32_t));
        std::memcpy(above->f + fed, link.above_f() + fed, (ready - fed) * sizeof(std::int32_t));
        std::atomic_thread_fence(std::memory_order_release);
        reinterpret_cast<volatile long long*>(above->ready)[0] = ready;
        fed = ready;
      }
    }
    if (below) {
      const std::int64_t n = reinterpret_cast<volatile long long*>(below->ready)[0];
      std::atomic_thread_fence(std::memory_order_acquire);
      if (n > sent) {
        std::memcpy(link.below_h() + sent, below->h + sent, (n - sent) * sizeof(std::int32_t));
        std::memcpy(link.below_f() + sent, below->f + sent, (n - sent) * sizeof(std::int32_t));
        link.publish_below(n);
        sent = n;
      }
    }
    if (done && (!below || sent >= cols)) break;
    if (done && below && sent < cols) {
      HPCS_CUDA_CHECK(cudaGetLastError());
      throw Error("internal error: cuda/multipass ended without publishing its last row");
    }
  }
}

}  // namespace hpcs::sw::cuda
