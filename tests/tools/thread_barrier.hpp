// SPDX-License-Identifier: BSD-3-Clause
// A reusable barrier for host threads (C++17 has no std::barrier): the host tests run
// the shared device code (HPCS_HD) on real threads that meet here where the kernels
// call __syncthreads() or team_barrier().
#pragma once
#include <condition_variable>
#include <mutex>

namespace hpcs::testing {

class ThreadBarrier {
 public:
  explicit ThreadBarrier(unsigned n) : n_(n) {}
  void wait() {
    std::unique_lock<std::mutex> lock(m_);
    const unsigned gen = generation_;
    if (++waiting_ == n_) {
      waiting_ = 0;
      ++generation_;
      cv_.notify_all();
    } else {
      cv_.wait(lock, [&] { return gen != generation_; });
    }
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  unsigned n_, waiting_ = 0, generation_ = 0;
};

// One host thread as a member of a team of `n` (the team kernels' rank(), size(), barrier()).
struct ThreadTeam {
  int r, n;
  ThreadBarrier* bar;
  int rank() const { return r; }
  int size() const { return n; }
  void barrier() const { bar->wait(); }
};

}  // namespace hpcs::testing
