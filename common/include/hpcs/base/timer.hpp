// SPDX-License-Identifier: BSD-3-Clause
// Host wall clock (steady, monotonic). CUDA-event timing lives in hpcs/cuda/event_timer.hpp.
#pragma once
#include <chrono>

namespace hpcs {

class WallTimer {
 public:
  WallTimer() : start_(clock::now()) {}
  void restart() { start_ = clock::now(); }
  double seconds() const { return std::chrono::duration<double>(clock::now() - start_).count(); }

 private:
  using clock = std::chrono::steady_clock;
  clock::time_point start_;
};

}  // namespace hpcs
