// SPDX-License-Identifier: BSD-3-Clause
// Writes the FASTA inputs of the gzip command-line tests into a directory: a pair as plain
// text and gzipped (B in two members), a truncated and a corrupt .fa.gz, and a .fa.gz with
// an invalid letter at line 3, column 7.
#include <zlib.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace {
std::string fasta(const std::string& name, const std::string& letters) {
  std::string t = ">" + name + " for the gzip tests\n";
  for (std::size_t i = 0; i < letters.size(); i += 60) t += letters.substr(i, 60) + "\n";
  return t;
}

void write_plain(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// One gzip member per string.
void write_gz(const std::string& path, const std::vector<std::string>& members) {
  std::remove(path.c_str());
  for (const auto& m : members) {
    gzFile f = gzopen(path.c_str(), "ab");
    gzwrite(f, m.data(), static_cast<unsigned>(m.size()));
    gzclose(f);
  }
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_fasta_gz <directory>\n");
    return 2;
  }
  const std::string dir = argv[1];
  std::mt19937_64 rng(17);
  auto letters = [&](std::size_t n) {
    std::string s(n, 'A');
    for (auto& c : s) c = "ACGTacgt"[rng() % 8];
    return s;
  };
  const std::string a = letters(1500);
  std::string b = letters(1200);
  b.replace(400, 300, a.substr(700, 300));  // a similar region for the alignment to find
  const std::string fa = fasta("seq_a", a), fb = fasta("seq_b", b);
  write_plain(dir + "/sw_fa_a.fa", fa);
  write_plain(dir + "/sw_fa_b.fa", fb);
  write_gz(dir + "/sw_fa_a.fa.gz", {fa});
  write_gz(dir + "/sw_fa_b.fa.gz", {fb.substr(0, 500), fb.substr(500)});
  const std::string gz = read_bytes(dir + "/sw_fa_a.fa.gz");
  write_plain(dir + "/sw_fa_truncated.fa.gz", gz.substr(0, gz.size() / 2));
  std::string corrupt = gz;
  corrupt[corrupt.size() - 8] ^= 0x55;  // the CRC: every byte inflates, the check fails
  write_plain(dir + "/sw_fa_corrupt.fa.gz", corrupt);
  write_gz(dir + "/sw_fa_bad_letter.fa.gz", {">x\nACGT\nACGTAC1T\n"});
  return 0;
}
