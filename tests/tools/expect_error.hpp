// SPDX-License-Identifier: BSD-3-Clause
// Bad input must be refused with an hpcs::Error whose one-line message names the cause:
// the tests of common/ and of every app check refusals through these.
#pragma once
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "hpcs/base/error.hpp"

namespace hpcs::testing {

// The message `f` throws as hpcs::Error; "" when it throws none.
inline std::string error_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// `f` must throw hpcs::Error with a message of one line that contains `part`.
inline void expect_error(const std::function<void()>& f, const std::string& part) {
  try {
    f();
    ADD_FAILURE() << "no hpcs::Error, expected one containing '" << part << "'";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find(part), std::string::npos) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos) << "more than one line: " << m;
  }
}

}  // namespace hpcs::testing
