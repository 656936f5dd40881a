// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/atomic_text_file.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "hpcs/error.hpp"
#include "hpcs/temporary_files.hpp"

namespace hpcs {

void write_text_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  const ScopedTemporaryFile registered(temp);  // removed if a signal ends the run mid-write
  {
    std::ofstream out(temp);
    if (!out) throw Error(path + ": cannot write");
    try {
      write(out);
    } catch (...) {
      out.close();
      std::remove(temp.c_str());
      throw;
    }
    if (!out.flush()) {
      std::remove(temp.c_str());
      throw Error(path + ": cannot write (disk full?)");
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::remove(temp.c_str());
    throw Error(path + ": cannot rename the temporary file into place");
  }
}

}  // namespace hpcs
