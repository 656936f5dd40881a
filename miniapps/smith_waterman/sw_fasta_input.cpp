// SPDX-License-Identifier: BSD-3-Clause
#include "sw_fasta_input.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <filesystem>

#include "hpcs/base/error.hpp"
#include "hpcs/io/input_file.hpp"

namespace hpcs::sw {

FastaInput::FastaInput(const std::string& path) : path_(path), in_(open_input_file(path, "a FASTA file")) {
  const std::streamoff start = in_.tellg();  // past a byte-order mark (open_input_file)
  char magic[2] = {};
  in_.read(magic, 2);
  gzip_ =
      in_.gcount() == 2 && static_cast<unsigned char>(magic[0]) == 0x1f && static_cast<unsigned char>(magic[1]) == 0x8b;
  in_.clear();
  in_.seekg(start);  // a regular file (open_input_file checked)
  if (!gzip_) {
    std::error_code ec;
    plain_left_ = std::filesystem::file_size(path, ec);
    plain_left_ = ec ? 0 : plain_left_ - std::min<std::uint64_t>(plain_left_, static_cast<std::uint64_t>(start));
    return;
  }
  buffer_.resize(std::size_t{1} << 18);
  if (inflateInit2(&z_, 15 + 16) != Z_OK)  // 15: the largest window; +16: gzip wrapper only
    throw Error(path + ": cannot start zlib's inflate (out of memory)");
}

FastaInput::~FastaInput() {
  if (gzip_) inflateEnd(&z_);
}

std::size_t FastaInput::read(char* out, std::size_t n) {
  if (gzip_) {
    std::size_t got = read_gzip(out, n);
    if (first_read_) {  // a byte-order mark at the start of the compressed text
      first_read_ = false;
      const std::size_t bom = got - without_utf8_bom(std::string_view(out, got)).size();
      std::memmove(out, out + bom, got - bom);
      got -= bom;
      if (got == 0 && bom > 0) return read(out, n);
    }
    return got;
  }
  in_.read(out, static_cast<std::streamsize>(n));
  if (in_.bad()) throw Error(path_ + ": read error");
  const auto got = static_cast<std::uint64_t>(in_.gcount());
  plain_left_ -= std::min(got, plain_left_);
  return static_cast<std::size_t>(got);
}

bool FastaInput::fill() {
  in_.read(reinterpret_cast<char*>(buffer_.data()), static_cast<std::streamsize>(buffer_.size()));
  if (in_.bad()) throw Error(path_ + ": read error");
  z_.next_in = buffer_.data();
  z_.avail_in = static_cast<uInt>(in_.gcount());
  return z_.avail_in > 0;
}

std::size_t FastaInput::read_gzip(char* out, std::size_t n) {
  z_.next_out = reinterpret_cast<Bytef*>(out);
  z_.avail_out = static_cast<uInt>(std::min<std::size_t>(n, UINT_MAX));
  const uInt want = z_.avail_out;
  while (z_.avail_out == want) {
    if (z_.avail_in == 0 && !fill()) {
      // The end of the file inside a member: the text would be silently short.
      if (in_member_) throw Error(path_ + ": truncated gzip data (the file ends inside a compressed stream)");
      break;
    }
    in_member_ = true;
    const int rc = inflate(&z_, Z_NO_FLUSH);
    if (rc == Z_OK) continue;
    if (rc == Z_STREAM_END) {  // CRC and length checked; more bytes must be another member
      in_member_ = false;
      inflateReset(&z_);
      continue;
    }
    if (rc == Z_MEM_ERROR) throw Error(path_ + ": out of memory inflating gzip data");
    // Z_DATA_ERROR (bad header, block, CRC or length; bytes after a member that are not a
    // member), Z_NEED_DICT: nothing here can be trusted.
    throw Error(path_ + ": corrupt gzip data (" + (z_.msg ? z_.msg : "invalid compressed data") + ")");
  }
  return want - z_.avail_out;
}

}  // namespace hpcs::sw
