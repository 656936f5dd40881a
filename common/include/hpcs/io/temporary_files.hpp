// SPDX-License-Identifier: BSD-3-Clause
// Temporary files that SIGINT and SIGTERM must not leave behind. Writers register
// `<out>.tmp.<pid>` while they write it and unregister it once it is renamed into place or
// removed. The first registration installs the handlers; a handler only unlinks the
// registered paths (async-signal-safe: a fixed table of C strings), restores the action
// that was there before and re-raises, so the process still ends by that signal (exit
// status 128 + signo; mpirun forwards the signal, so every rank ends alike). A signal
// that was ignored when the process started stays ignored. The same handler first runs the
// registered cleanups (a locked GPU clock is reset: hpcs/measure/gpu_clock.hpp).
#pragma once
#include <string>

namespace hpcs {

// Returns a slot for unregister_temporary_file(), or -1 when the table is full or the path
// too long (that file is then only removed by its writer, as before).
int register_temporary_file(const std::string& path);
void unregister_temporary_file(int slot);  // -1: nothing

// A function the SIGINT/SIGTERM handler calls before it re-raises (a small fixed table; -1
// when full). It runs inside a signal handler: keep it short.
int register_signal_cleanup(void (*cleanup)());
void unregister_signal_cleanup(int slot);  // -1: nothing

// The registration for the lifetime of a scope (removing the file stays the writer's job).
class ScopedTemporaryFile {
 public:
  explicit ScopedTemporaryFile(const std::string& path) : slot_(register_temporary_file(path)) {}
  ~ScopedTemporaryFile() { unregister_temporary_file(slot_); }
  ScopedTemporaryFile(const ScopedTemporaryFile&) = delete;
  ScopedTemporaryFile& operator=(const ScopedTemporaryFile&) = delete;

 private:
  int slot_;
};

}  // namespace hpcs
