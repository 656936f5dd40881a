// SPDX-License-Identifier: BSD-3-Clause
// The base of a class that owns one resource (a file, a library handle, a CUDA stream): a copy
// would release it twice. Classes that also move define their own copy and move members instead.
#pragma once

namespace hpcs {

class NonCopyable {
 public:
  NonCopyable(const NonCopyable&) = delete;
  NonCopyable& operator=(const NonCopyable&) = delete;

 protected:
  NonCopyable() = default;
  ~NonCopyable() = default;
};

}  // namespace hpcs
