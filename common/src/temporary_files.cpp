// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/io/temporary_files.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>

namespace hpcs {

namespace {
constexpr int kSlots = 32;
constexpr std::size_t kMaxPath = 4096;
enum : int { kFree = 0, kFilling = 1, kActive = 2 };

// Plain arrays and lock-free atomics: all a signal handler may touch.
char g_paths[kSlots][kMaxPath];
std::atomic<int> g_state[kSlots];
constexpr int kCleanups = 4;
std::atomic<void (*)()> g_cleanups[kCleanups];
constexpr int kSignals[] = {SIGINT, SIGTERM};
struct sigaction g_previous[2];

extern "C" void remove_temporaries_and_reraise(int signo) {
  for (auto& c : g_cleanups)
    if (auto* f = c.exchange(nullptr)) f();
  for (int i = 0; i < kSlots; ++i)
    if (g_state[i].load() == kActive) ::unlink(g_paths[i]);
  for (int k = 0; k < 2; ++k)
    if (kSignals[k] == signo) ::sigaction(signo, &g_previous[k], nullptr);
  ::raise(signo);  // blocked until this handler returns, then the previous action runs
}

void install_handlers() {
  static_assert(std::atomic<int>::is_always_lock_free, "the handler reads these atomics");
  for (int k = 0; k < 2; ++k) {
    struct sigaction now {};
    ::sigaction(kSignals[k], nullptr, &g_previous[k]);
    if (g_previous[k].sa_handler == SIG_IGN) continue;  // nohup, background jobs: keep ignoring
    now.sa_handler = remove_temporaries_and_reraise;
    sigemptyset(&now.sa_mask);
    ::sigaction(kSignals[k], &now, nullptr);
  }
}

void install_handlers_once() {
  static std::once_flag installed;
  std::call_once(installed, install_handlers);
}
}  // namespace

int register_signal_cleanup(void (*cleanup)()) {
  install_handlers_once();
  for (int i = 0; i < kCleanups; ++i) {
    void (*expected)() = nullptr;
    if (g_cleanups[i].compare_exchange_strong(expected, cleanup)) return i;
  }
  return -1;
}

void unregister_signal_cleanup(int slot) {
  if (slot >= 0 && slot < kCleanups) g_cleanups[slot].store(nullptr);
}

int register_temporary_file(const std::string& path) {
  install_handlers_once();
  if (path.size() >= kMaxPath) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!g_state[i].compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(g_paths[i], path.c_str(), path.size() + 1);
    g_state[i].store(kActive);
    return i;
  }
  return -1;
}

void unregister_temporary_file(int slot) {
  if (slot >= 0 && slot < kSlots) g_state[slot].store(kFree);
}

}  // namespace hpcs
