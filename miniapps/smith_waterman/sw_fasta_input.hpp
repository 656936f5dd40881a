// SPDX-License-Identifier: BSD-3-Clause
// The bytes of a FASTA file, plain or gzip-compressed: gzip is recognised by its magic
// bytes (1f 8b), not by the name, and inflated with zlib member after member (bgzip and
// `cat a.gz b.gz` files are several members). Damaged gzip data is a one-line error, never
// a silently shorter text.
#pragma once
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "hpcs/base/non_copyable.hpp"

namespace hpcs::sw {

class FastaInput : NonCopyable {
 public:
  // Throws like open_input_file(): missing, unreadable, a directory or not a regular file.
  explicit FastaInput(const std::string& path);
  ~FastaInput();

  // Up to `n` bytes of text into `out`; 0 only at the end. Throws "<path>: corrupt gzip
  // data (<zlib's reason>)" or "<path>: truncated gzip data (...)".
  std::size_t read(char* out, std::size_t n);

  bool gzip() const { return gzip_; }
  // Bytes of a plain file not yet read (an upper bound on the letters left); 0 for gzip,
  // whose text size is unknown until it is inflated.
  std::uint64_t plain_bytes_left() const { return gzip_ ? 0 : plain_left_; }

 private:
  std::size_t read_gzip(char* out, std::size_t n);
  bool fill();

  std::string path_;
  std::ifstream in_;
  bool gzip_ = false;
  bool in_member_ = false;  // inside a gzip member (its end not seen yet)
  bool first_read_ = true;  // a gzip text's first bytes: a byte-order mark is dropped
  std::uint64_t plain_left_ = 0;
  z_stream z_{};
  std::vector<unsigned char> buffer_;  // compressed bytes
};

}  // namespace hpcs::sw
