// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/measure/progress.hpp"

#include "hpcs/base/stderr_line.hpp"

#include <cstdio>
#include <cstdlib>

namespace hpcs {

namespace {
using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }
}  // namespace

double Progress::interval_from_environment() {
  if (const char* s = std::getenv("HPCS_PROGRESS_SECONDS")) {
    const double v = std::atof(s);
    if (v > 0) return v;
  }
  return 5.0;
}

Progress::Progress(bool on, std::string app, double items_per_rep, std::string rate_unit)
    : on_(on), app_(std::move(app)), items_per_rep_(items_per_rep), unit_(std::move(rate_unit)),
      interval_(interval_from_environment()), start_(Clock::now()), phase_start_(start_), last_line_(start_) {
  if (on_) thread_ = std::thread([this] { loop(); });
}

Progress::~Progress() {
  if (!on_) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Progress::header(const std::string& line) {
  if (!on_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  write_stderr_line("[" + app_ + "] " + line);
  last_line_ = Clock::now();
}

void Progress::entry(const std::string& name, int index, int count) {
  if (!on_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  name_ = name, index_ = index, count_ = count;
  busy_ = true;
}

void Progress::phase(const std::string& what, long total) {
  if (!on_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  phase_ = what, total_ = total, done_ = 0, rep_seconds_ = 0;
  phase_start_ = Clock::now();
  busy_ = true;
}

void Progress::rep_done(double seconds) {
  if (!on_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  ++done_;
  rep_seconds_ = seconds;
}

void Progress::idle() {
  if (!on_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  busy_ = false;
}

std::string Progress::line_locked() const {
  char buf[512];
  int n = std::snprintf(buf, sizeof buf, "[%s +%.0fs] %s (%d/%d): %s", app_.c_str(), since(start_), name_.c_str(),
                        index_, count_, phase_.c_str());
  const auto add = [&](const char* f, auto... v) {
    if (n >= 0 && n < static_cast<int>(sizeof buf)) n += std::snprintf(buf + n, sizeof buf - n, f, v...);
  };
  if (total_ > 0) add(" %ld/%ld", done_, total_);
  else if (done_ > 0) add(", %ld done", done_);
  if (rep_seconds_ > 0) {
    add(", %.3g s/rep", rep_seconds_);
    if (items_per_rep_ > 0) add(", %.4g %s", items_per_rep_ / rep_seconds_ / 1e9, unit_.c_str());
    if (total_ > done_) add(", ETA %.0f s", (total_ - done_) * rep_seconds_);
  } else {
    add(", running for %.0f s", since(phase_start_));
  }
  return buf;
}

void Progress::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stop_) {
    wake_.wait_for(lock, std::chrono::duration<double>(interval_ / 4));
    if (stop_) break;
    if (busy_ && since(last_line_) >= interval_) {
      write_stderr_line(line_locked());
      last_line_ = Clock::now();
    }
  }
}

}  // namespace hpcs
