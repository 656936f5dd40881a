// SPDX-License-Identifier: BSD-3-Clause
// FASTA reader (plain and gzip): the bytes as a file, read as gen_inputs fasta reads them
// (records, alphabet guess, encoding with the line/column search on a bad letter). The
// same text gzip-compressed (one member, or two) must read to the same records: the gzip
// path may not change what a file means.
#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "sw_fasta.hpp"

namespace {

using hpcs::sw::FastaRecord;

// One gzip member holding `n` bytes at `p`.
std::string gzip_member(const std::uint8_t* p, std::size_t n) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    hpcs::fuzz::finding("deflateInit2 failed", "");
  std::string out(deflateBound(&z, static_cast<uLong>(n)) + 32, '\0');
  z.next_in = const_cast<Bytef*>(p);
  z.avail_in = static_cast<uInt>(n);
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  if (deflate(&z, Z_FINISH) != Z_STREAM_END) hpcs::fuzz::finding("deflate failed", "");
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// Records as gen_inputs fasta uses them; an empty optional-like flag when the read failed.
struct Outcome {
  bool ok = false;
  std::vector<FastaRecord> records;
};

Outcome read_like_gen_inputs(const std::string& path) {
  Outcome o;
  hpcs::fuzz::expect_clean(path, [&] {
    o.records = hpcs::sw::read_fasta(path);
    o.ok = true;
    const auto alphabet = hpcs::sw::Alphabet::by_name(hpcs::sw::guess_alphabet(o.records));
    for (std::size_t k = 0; k < o.records.size() && k < 2; ++k) hpcs::sw::encode(o.records[k], alphabet, path);
  });
  return o;
}

bool same(const Outcome& a, const Outcome& b) {
  if (a.ok != b.ok || a.records.size() != b.records.size()) return false;
  for (std::size_t k = 0; k < a.records.size(); ++k)
    if (a.records[k].name != b.records[k].name || a.records[k].letters != b.records[k].letters ||
        a.records[k].header_line != b.records[k].header_line)
      return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Outcome plain = read_like_gen_inputs(hpcs::fuzz::write_scratch("in.fa", data, size));
  // Input that is gzip already would be compressed twice: its plain reading inflates it.
  if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b) return 0;
  // One gzip form per input (each read costs a 256 KB buffer): one member, or two when
  // the size is odd (split in the middle, as `cat a.gz b.gz` makes).
  const std::size_t half = size % 2 ? size / 2 : size;
  const std::string gz = gzip_member(data, half) + (half < size ? gzip_member(data + half, size - half) : "");
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(gz.data());
  const Outcome zipped = read_like_gen_inputs(hpcs::fuzz::write_scratch("in.fa.gz", bytes, gz.size()));
  if (!same(plain, zipped))
    hpcs::fuzz::finding("gzip-compressed FASTA reads differently from the plain text",
                        plain.ok ? "plain read, gzip did not (or other records)" : "gzip read, plain did not");
  return 0;
}
