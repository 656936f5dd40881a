// SPDX-License-Identifier: BSD-3-Clause
// Progress on stderr for long runs, as Slurm job logs want it: the header at once, then a
// heartbeat line every few seconds while a run is busy (variant, phase, repetitions done,
// rate, ETA), written by a thread of rank 0 so that even one long repetition is seen.
// --quiet turns it off; HPCS_PROGRESS_SECONDS sets the interval (default 5).
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace hpcs {

class Progress {
 public:
  // on: rank 0 and not --quiet. items_per_rep and unit give the rate (items / s / 1e9, unit).
  Progress(bool on, std::string app, double items_per_rep, std::string rate_unit);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void header(const std::string& line);  // printed at once
  // A run starts: entry `index` (1-based) of `count`.
  void entry(const std::string& name, int index, int count);
  // A phase of it: "set-up", "result run", "repetitions" (total known), "energy window".
  void phase(const std::string& what, long total = 0);
  void rep_done(double seconds);  // one repetition of the current phase finished
  void idle();                    // between runs: no heartbeat

  static double interval_from_environment();  // HPCS_PROGRESS_SECONDS, else 5

 private:
  void loop();
  std::string line_locked() const;

  bool on_;
  std::string app_;
  double items_per_rep_;
  std::string unit_;
  double interval_;
  std::chrono::steady_clock::time_point start_, phase_start_, last_line_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool busy_ = false, stop_ = false;
  std::string name_, phase_;
  int index_ = 0, count_ = 0;
  long total_ = 0, done_ = 0;
  double rep_seconds_ = 0;
  std::thread thread_;
};

}  // namespace hpcs
