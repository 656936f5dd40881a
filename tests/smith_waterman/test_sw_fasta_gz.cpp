// SPDX-License-Identifier: BSD-3-Clause
// FASTA reading beyond the basics in test_sw_inputs.cpp: gzip input (written here with
// zlib) gives the same records as plain text, damaged gzip data is a one-line error, an
// invalid letter is still placed by line and column, and a record costs about one byte
// per letter.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <random>

#include "hpcs/base/error.hpp"
#include "sw_fasta.hpp"

namespace hpcs::sw {
namespace {
namespace fs = std::filesystem;

// A folder of this process's files (some are megabytes), removed at exit.
std::string temp_path(const std::string& name) {
  struct Dir {
    fs::path path = fs::temp_directory_path() / ("hpcs_sw_fasta_" + std::to_string(::getpid()));
    Dir() { fs::create_directories(path); }
    ~Dir() {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  };
  static const Dir dir;
  return (dir.path / name).string();
}

std::string write_bytes(const std::string& name, const std::string& bytes) {
  const std::string p = temp_path(name);
  std::ofstream(p, std::ios::binary) << bytes;
  return p;
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// One gzip member per string, one after another in the file (as `cat a.gz b.gz` makes).
std::string write_gz(const std::string& name, const std::vector<std::string>& members) {
  const std::string p = temp_path(name);
  fs::remove(p);
  for (const auto& m : members) {
    gzFile f = gzopen(p.c_str(), "ab1");  // fast: the tests write megabytes
    EXPECT_NE(f, nullptr);
    if (!m.empty()) {
      EXPECT_EQ(gzwrite(f, m.data(), static_cast<unsigned>(m.size())), static_cast<int>(m.size()));
    }
    EXPECT_EQ(gzclose(f), Z_OK);
  }
  return p;
}

void expect_one_line_error(const std::function<void()>& f, const std::string& start, const std::string& part) {
  try {
    f();
    ADD_FAILURE() << "no error, expected '" << start << "..." << part << "'";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(start, 0), 0u) << what;
    EXPECT_NE(what.find(part), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

// `n` random DNA letters, upper and lower case.
std::string random_letters(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const char* abc = "ACGTacgtN";
  std::string s(n, 'A');
  for (auto& c : s) c = abc[rng() % 9];
  return s;
}

// FASTA text of one record, `width` letters a line.
std::string as_fasta(const std::string& name, const std::string& letters, std::size_t width = 60) {
  std::string t = ">" + name + " generated\n";
  for (std::size_t i = 0; i < letters.size(); i += width) t += letters.substr(i, width) + "\n";
  return t;
}

void expect_same_records(const std::vector<FastaRecord>& got, const std::vector<FastaRecord>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].name, want[i].name);
    EXPECT_EQ(got[i].letters, want[i].letters);
    EXPECT_EQ(got[i].header_line, want[i].header_line);
  }
}

const std::string kMixed = ">s1 some description\nACGT\nacgtNr\n\n;comment\n>s2\nGG TT\r\n\r\n>s3\tx y\r\nMKV\r\nw";

TEST(SwFastaGzip, SameRecordsAsPlain) {
  const auto plain = read_fasta(write_bytes("mixed.fa", kMixed));
  ASSERT_EQ(plain.size(), 3u);
  EXPECT_EQ(plain[1].letters, "GGTT");
  EXPECT_EQ(plain[2].name, "s3");
  EXPECT_EQ(plain[2].letters, "MKVw");
  EXPECT_EQ(plain[2].header_line, 9);
  expect_same_records(read_fasta(write_gz("mixed.fa.gz", {kMixed})), plain);
  // By content, not by name: gzip named .fa, plain text named .fa.gz.
  expect_same_records(read_fasta(write_gz("gzip_named.fa", {kMixed})), plain);
  expect_same_records(read_fasta(write_bytes("plain_named.fa.gz", kMixed)), plain);
  // A UTF-8 byte-order mark at the start of the text, plain or compressed, is skipped.
  const std::string bom = "\xEF\xBB\xBF" + std::string(kMixed);
  expect_same_records(read_fasta(write_bytes("bom.fa", bom)), plain);
  expect_same_records(read_fasta(write_gz("bom.fa.gz", {bom})), plain);
}

TEST(SwFastaGzip, MultiMemberAndLarge) {
  const std::string a = random_letters(1'500'000, 7), b = random_letters(1000, 8);
  const std::string text = as_fasta("big", a) + as_fasta("small", b);
  ASSERT_GT(text.size(), 1'000'000u);
  // Members cut mid-line and mid-header, and an empty member at the end (as bgzip writes).
  const std::vector<std::string> members = {text.substr(0, 1000), text.substr(1000, 700'001),
                                            text.substr(701'001, text.size() - 1'000 - 701'001),
                                            text.substr(text.size() - 1'000), ""};
  const auto recs = read_fasta(write_gz("members.fa.gz", members));
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[0].name, "big");
  EXPECT_TRUE(recs[0].letters == a) << "1.5 Mbp record differs";
  EXPECT_EQ(recs[1].name, "small");
  EXPECT_EQ(recs[1].letters, b);
  EXPECT_EQ(recs[1].header_line, 2 + 1'500'000 / 60);
  expect_same_records(recs, read_fasta(write_bytes("members.fa", text)));
}

TEST(SwFastaGzip, TruncatedOrCorruptIsOneLineError) {
  const std::string text = as_fasta("r", random_letters(200'000, 3));
  const std::string gz = read_bytes(write_gz("whole.fa.gz", {text}));
  ASSERT_GT(gz.size(), 1000u);
  for (std::size_t keep : {std::size_t{2}, std::size_t{10}, gz.size() / 2, gz.size() - 8, gz.size() - 1}) {
    const std::string p = write_bytes("cut" + std::to_string(keep) + ".fa.gz", gz.substr(0, keep));
    expect_one_line_error([&] { read_fasta(p); }, p + ": truncated gzip data", "ends inside a compressed stream");
  }
  auto damaged = [&](const std::string& name, std::size_t at, char value) {
    std::string bytes = gz;
    bytes[at] = value;
    return write_bytes(name, bytes);
  };
  const std::string method = damaged("method.fa.gz", 2, 7);
  expect_one_line_error([&] { read_fasta(method); }, method + ": corrupt gzip data (", "unknown compression method");
  const std::string crc = damaged("crc.fa.gz", gz.size() - 8, static_cast<char>(gz[gz.size() - 8] ^ 0x55));
  expect_one_line_error([&] { read_fasta(crc); }, crc + ": corrupt gzip data (", "incorrect data check");
  const std::string len = damaged("len.fa.gz", gz.size() - 4, static_cast<char>(gz[gz.size() - 4] ^ 1));
  expect_one_line_error([&] { read_fasta(len); }, len + ": corrupt gzip data (", "incorrect length check");
  // A damaged deflate stream: zlib names the fault, or the CRC catches it at the end.
  const std::string mid = damaged("mid.fa.gz", gz.size() / 2, static_cast<char>(gz[gz.size() / 2] ^ 0xff));
  expect_one_line_error([&] { read_fasta(mid); }, mid + ": corrupt gzip data (", ")");
  // Bytes after a member that are no member (a damaged second member) would lose text.
  const std::string tail = write_bytes("tail.fa.gz", gz + "garbage");
  expect_one_line_error([&] { read_fasta(tail); }, tail + ": corrupt gzip data (", "incorrect header check");
}

TEST(SwFasta, InvalidLetterPlacedByLineAndColumnPlainAndGzip) {
  const std::string simple = ">a\nACGT\nAC1T\n";
  const std::string crlf = ">a\r\nACGT\r\n>b desc\r\n\r\n;c\r\nAC GT\r\n\tACx\r\n";
  const std::string long_line = ">a\n" + std::string(1'000'000, 'A') + "J\n";
  for (bool gz : {false, true}) {
    auto write = [&](const std::string& name, const std::string& text) {
      return gz ? write_gz(name + ".fa.gz", {text}) : write_bytes(name + ".fa", text);
    };
    const std::string p1 = write("bad_simple", simple);
    expect_one_line_error([&] { encode(read_fasta(p1)[0], Alphabet::dna(), p1); },
                          p1 + ": line 3, column 3: '1' is not a dna letter", "");
    const std::string p2 = write("bad_crlf", crlf);
    const auto recs = read_fasta(p2);
    ASSERT_EQ(recs.size(), 2u);
    EXPECT_EQ(encode(recs[0], Alphabet::dna(), p2).size(), 4u);
    expect_one_line_error([&] { encode(recs[1], Alphabet::dna(), p2); },
                          p2 + ": line 7, column 4: 'x' is not a dna letter", "");
    const std::string p3 = write("bad_long", long_line);
    expect_one_line_error([&] { encode(read_fasta(p3)[0], Alphabet::dna(), p3); },
                          p3 + ": line 2, column 1000001: 'J' is not a dna letter", "");
  }
  // A record that is not (or no longer) in the file is still named, by letter.
  const FastaRecord elsewhere{"x", "AC1", 0};
  expect_one_line_error([&] { encode(elsewhere, Alphabet::dna(), temp_path("none.fa")); }, temp_path("none.fa"),
                        ": record 'x', letter 3: '1' is not a dna letter");
}

// What a record holds beyond its letters: nothing per letter, little spare room.
double bytes_per_letter(const FastaRecord& r) {
  return static_cast<double>(sizeof(FastaRecord) + r.name.capacity() + r.letters.capacity()) /
         static_cast<double>(r.letters.size());
}

TEST(SwFasta, AboutOneBytePerLetter) {
  // 2,000,000 letters, and 1,100,000, where doubling overshoots by almost twice.
  for (std::size_t n : {std::size_t{2'000'000}, std::size_t{1'100'000}}) {
    const std::string a = random_letters(n, 11), b = random_letters(n, 12);
    const std::string one = as_fasta("a", a), two = one + as_fasta("b", b, 80);
    const std::string tag = std::to_string(n);
    for (const auto& path : {write_bytes(tag + "one.fa", one), write_gz(tag + "one.fa.gz", {one}),
                             write_bytes(tag + "two.fa", two), write_gz(tag + "two.fa.gz", {two})}) {
      const auto recs = read_fasta(path);
      ASSERT_FALSE(recs.empty()) << path;
      EXPECT_TRUE(recs[0].letters == a) << path;
      for (const auto& r : recs) {
        EXPECT_EQ(r.letters.size(), n) << path;
        EXPECT_LT(bytes_per_letter(r), 1.5) << path << " record " << r.name << ": capacity " << r.letters.capacity();
      }
    }
  }
}

TEST(SwFasta, KeepsEveryRefusal) {
  expect_one_line_error([] { read_fasta("/nonexistent/q.fa.gz"); }, "/nonexistent/q.fa.gz: cannot read", "");
  const std::string dir = temp_path("dir.fa");
  fs::create_directories(dir);
  expect_one_line_error([&] { read_fasta(dir); }, dir + ": is a directory, not a FASTA file", "");
  expect_one_line_error([] { read_fasta("/dev/null"); }, "/dev/null: not a regular file (a character device)", "");
  const std::string empty_gz = write_gz("empty.fa.gz", {""});
  expect_one_line_error([&] { read_fasta(empty_gz); }, empty_gz + ": no FASTA record (empty file?)", "");
  const std::string nohdr = write_gz("nohdr.fa.gz", {"\n;c\nACGT\n"});
  expect_one_line_error([&] { read_fasta(nohdr); }, nohdr + ": line 3: not FASTA (expected a '>' header first)", "");
  const std::string space = write_bytes("space.fa", " \n>a\nAC\n");
  expect_one_line_error([&] { read_fasta(space); }, space + ": line 1: not FASTA", "");
  const std::string two_cr = write_bytes("twocr.fa", "\r\r\n>a\nAC\n");
  expect_one_line_error([&] { read_fasta(two_cr); }, two_cr + ": line 1: not FASTA", "");
  EXPECT_EQ(read_fasta(write_bytes("cr.fa", "\r\n>a\nAC\n"))[0].header_line, 2) << "a CRLF blank line is blank";
  const std::string emptyrec = write_gz("emptyrec.fa.gz", {">a\n>b\nAC\n>c\n"});
  expect_one_line_error([&] { read_fasta(emptyrec); }, emptyrec + ": record 'a' (line 1) is empty", "");
  expect_one_line_error([&] { read_fasta(write_bytes("nonl.fa", ">n\r")); }, temp_path("nonl.fa"),
                        ": record 'n' (line 1) is empty");
}

}  // namespace
}  // namespace hpcs::sw
