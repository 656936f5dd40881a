// SPDX-License-Identifier: BSD-3-Clause
// hpcs/io/h5.hpp, failure_cause(): the system's reason behind a failed HDF5 write. HDF5's file
// drivers put it in their error record ("... errno = 28, error message = 'No space left
// on device' ..."); the one-line errors of the writers name it instead of guessing.
#include <hdf5.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "hpcs/io/h5.hpp"

namespace hpcs::h5 {

namespace {
herr_t find_errno(unsigned, const H5E_error2_t* e, void* found) {
  if (!e->desc) return 0;
  const char* at = std::strstr(e->desc, "errno = ");
  if (!at) return 0;
  const int n = std::atoi(at + 8);
  if (n > 0) *static_cast<int*>(found) = n;
  return n > 0 ? 1 : 0;  // the innermost record with a system error is the cause
}

herr_t innermost(unsigned, const H5E_error2_t* e, void* out) {
  if (e->desc && *e->desc) *static_cast<std::string*>(out) = e->desc;
  return 1;
}
}  // namespace

std::string failure_cause(int fallback_errno) {
  int e = 0;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, find_errno, &e);
  if (e == 0) e = fallback_errno;
  if (e != 0) return std::strerror(e);
  std::string what;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermost, &what);
  return what.empty() ? "HDF5 gave no reason" : "HDF5: " + what;
}

}  // namespace hpcs::h5
