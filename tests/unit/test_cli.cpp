// SPDX-License-Identifier: BSD-3-Clause
// hpcs command line: glob_match, select_variants (globs, lists, order, errors) and
// parse_command_line with the common options (defaults, values, bad values, --help).
#include <CLI/CLI.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "hpcs/harness/cli.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/harness/variant.hpp"
#include "mpi_test_context.hpp"

namespace {
using ::testing::HasSubstr;
using Names = std::vector<std::string>;

TEST(Cli, GlobMatch) {
  EXPECT_TRUE(hpcs::glob_match("*", "anything"));
  EXPECT_TRUE(hpcs::glob_match("*", ""));
  EXPECT_TRUE(hpcs::glob_match("cuda/rk1", "cuda/rk1"));
  EXPECT_FALSE(hpcs::glob_match("cuda/rk1", "cuda/rk10"));
  EXPECT_FALSE(hpcs::glob_match("cuda/rk10", "cuda/rk1"));
  EXPECT_TRUE(hpcs::glob_match("cuda/*", "cuda/rk7"));
  EXPECT_FALSE(hpcs::glob_match("cuda/*", "kokkos/rk7"));
  EXPECT_TRUE(hpcs::glob_match("*/rk3", "kokkos/rk3"));
  EXPECT_FALSE(hpcs::glob_match("*/rk3", "kokkos/rk33"));
  EXPECT_TRUE(hpcs::glob_match("cuda/rk?", "cuda/rk5"));
  EXPECT_FALSE(hpcs::glob_match("cuda/rk?", "cuda/rk"));
  EXPECT_FALSE(hpcs::glob_match("cuda/rk?", "cuda/rk12"));
  // '*' and '?' stay within one segment, so "cuda/*" never reaches the tunings of cuda/rk5.
  EXPECT_FALSE(hpcs::glob_match("*rk*", "cuda/rk5"));
  EXPECT_FALSE(hpcs::glob_match("c*a*k?", "cuda/rk5"));
  EXPECT_TRUE(hpcs::glob_match("c*a/*k?", "cuda/rk5"));
  EXPECT_FALSE(hpcs::glob_match("cuda/*", "cuda/rk7/block128"));
  EXPECT_TRUE(hpcs::glob_match("cuda/rk7/*", "cuda/rk7/block128"));
  EXPECT_TRUE(hpcs::glob_match("*/*/block128", "kokkos/rk7/block128"));
  EXPECT_TRUE(hpcs::glob_match("a*b*c", "aXbYbZc"));
  EXPECT_FALSE(hpcs::glob_match("a*b*c", "aXbYbZ"));
  EXPECT_FALSE(hpcs::glob_match("", "x"));
  EXPECT_TRUE(hpcs::glob_match("", ""));
  EXPECT_FALSE(hpcs::glob_match("xyz", "abc"));
}

const Names kKnown = {"cpu/rk1", "cuda/rk1", "cuda/rk2", "kokkos/rk1", "kokkos/rk2"};

TEST(Cli, SelectAll) {
  EXPECT_EQ(hpcs::select_variants("all", kKnown), kKnown);
  EXPECT_EQ(hpcs::select_variants("*", kKnown), kKnown);
  // Named tunings join only when asked for.
  Names tuned = kKnown;
  tuned.push_back("cuda/rk2/block64");
  EXPECT_EQ(hpcs::select_variants("all", tuned), kKnown);
  EXPECT_EQ(hpcs::select_variants("cuda/rk2/*", tuned), (Names{"cuda/rk2/block64"}));
}

TEST(Cli, SelectGlobsAndLists) {
  EXPECT_EQ(hpcs::select_variants("cuda/*", kKnown), (Names{"cuda/rk1", "cuda/rk2"}));
  EXPECT_EQ(hpcs::select_variants("*/rk2", kKnown), (Names{"cuda/rk2", "kokkos/rk2"}));
  EXPECT_EQ(hpcs::select_variants("kokkos/rk1", kKnown), (Names{"kokkos/rk1"}));
  // The order follows the known list, not the spec.
  EXPECT_EQ(hpcs::select_variants("kokkos/rk2,cpu/rk1", kKnown), (Names{"cpu/rk1", "kokkos/rk2"}));
  // Overlapping entries select each variant once.
  EXPECT_EQ(hpcs::select_variants("cuda/*,cuda/rk1,*/rk1", kKnown),
            (Names{"cpu/rk1", "cuda/rk1", "cuda/rk2", "kokkos/rk1"}));
  EXPECT_EQ(hpcs::select_variants("cuda/rk2,all", kKnown), kKnown);
  EXPECT_EQ(hpcs::select_variants("cpu/rk1,,", kKnown), (Names{"cpu/rk1"}));  // empty items skipped
}

TEST(Cli, SelectErrors) {
  try {
    hpcs::select_variants("cuda/rk1,opencl/*", kKnown);
    ADD_FAILURE() << "no hpcs::Error for an unknown variant";
  } catch (const hpcs::Error& e) {
    EXPECT_THAT(e.what(), HasSubstr("opencl/*"));
  }
  EXPECT_THROW(hpcs::select_variants("cuda/rk3", kKnown), hpcs::Error);
  EXPECT_THROW(hpcs::select_variants("", kKnown), hpcs::Error);
  EXPECT_THROW(hpcs::select_variants(",", kKnown), hpcs::Error);
  EXPECT_THROW(hpcs::select_variants("all", Names{}), hpcs::Error);
}

// Runs parse_command_line on a fresh app with the common options; captures stdout/stderr.
struct Parsed {
  hpcs::CommonOptions options;
  std::optional<int> code;
  std::string out, err;
};

Parsed parse(std::vector<std::string> args, bool print) {
  Parsed p;
  CLI::App app("unit test app", "unit_app");
  hpcs::add_common_options(app, p.options);
  args.insert(args.begin(), "unit_app");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  p.code = hpcs::parse_command_line(app, static_cast<int>(args.size()), argv.data(), print);
  p.out = ::testing::internal::GetCapturedStdout();
  p.err = ::testing::internal::GetCapturedStderr();
  return p;
}

TEST(Cli, Defaults) {
  const Parsed p = parse({}, true);
  EXPECT_EQ(p.code, std::nullopt);
  EXPECT_EQ(p.options.input, "");
  EXPECT_EQ(p.options.variant, "all");
  EXPECT_EQ(p.options.reps, 10);
  EXPECT_EQ(p.options.warmup, 2);
  EXPECT_TRUE(p.options.verify);
  EXPECT_FALSE(p.options.json);
  EXPECT_FALSE(p.options.list);
  EXPECT_EQ(p.options.output, "");
  EXPECT_DOUBLE_EQ(p.options.energy_window, 1.0);
  EXPECT_DOUBLE_EQ(p.options.idle_window, 1.0);
  EXPECT_EQ(p.out, "");
  EXPECT_EQ(p.err, "");
}

TEST(Cli, Values) {
  const Parsed p = parse({"in.h5", "--reps", "5", "--warmup", "0", "--no-verify", "--json", "--variant", "a,b", "-o",
                          "out.h5", "--energy-window", "0", "--idle-window", "0.5"},
                         true);
  EXPECT_EQ(p.code, std::nullopt);
  EXPECT_EQ(p.options.input, "in.h5");
  EXPECT_EQ(p.options.reps, 5);
  EXPECT_EQ(p.options.warmup, 0);
  EXPECT_FALSE(p.options.verify);
  EXPECT_TRUE(p.options.json);
  EXPECT_EQ(p.options.variant, "a,b");
  EXPECT_EQ(p.options.output, "out.h5");
  EXPECT_DOUBLE_EQ(p.options.energy_window, 0.0);
  EXPECT_DOUBLE_EQ(p.options.idle_window, 0.5);
}

TEST(Cli, InvalidValue) {
  const Parsed quiet = parse({"--reps", "0"}, false);
  ASSERT_TRUE(quiet.code.has_value());
  EXPECT_NE(*quiet.code, 0);
  EXPECT_EQ(quiet.out, "");
  EXPECT_EQ(quiet.err, "");

  const Parsed loud = parse({"--reps", "0"}, true);
  ASSERT_TRUE(loud.code.has_value());
  EXPECT_EQ(*loud.code, *quiet.code);
  EXPECT_THAT(loud.err, ::testing::StartsWith("error: "));
  EXPECT_THAT(loud.err, HasSubstr("reps"));
  EXPECT_EQ(std::count(loud.err.begin(), loud.err.end(), '\n'), 1) << loud.err;

  for (const std::vector<std::string>& bad : {std::vector<std::string>{"--warmup", "-1"},
                                              {"--reps", "many"},
                                              {"--energy-window", "-1"},
                                              {"--no-such-option"}}) {
    const Parsed p = parse(bad, false);
    EXPECT_TRUE(p.code.has_value() && *p.code != 0) << bad[0];
  }
}

TEST(Cli, Help) {
  const Parsed quiet = parse({"--help"}, false);
  EXPECT_EQ(quiet.code, std::optional<int>(0));
  EXPECT_EQ(quiet.out, "");
  EXPECT_EQ(quiet.err, "");

  const Parsed loud = parse({"--help"}, true);
  EXPECT_EQ(loud.code, std::optional<int>(0));
  EXPECT_THAT(loud.out, HasSubstr("--variant"));
  EXPECT_THAT(loud.out, HasSubstr("--energy-window"));
}

}  // namespace

// Raw bytes of a file name or attribute never reach the terminal: control characters, NUL
// and broken UTF-8 come out as \xNN, valid UTF-8 (2, 3 and 4 bytes) unchanged.
TEST(ErrorMessages, OneLineEscapesBytesATerminalWouldMisread) {
  EXPECT_EQ(hpcs::one_line(std::string("bad\xff\x01name.h5: no such file")), "bad\\xff\\x01name.h5: no such file");
  EXPECT_EQ(hpcs::one_line(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(hpcs::one_line("\x1b[31mred"), "\\x1b[31mred");
  EXPECT_EQ(hpcs::one_line("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
  EXPECT_EQ(hpcs::one_line("\xc3"), "\\xc3");                    // cut sequence
  EXPECT_EQ(hpcs::one_line("\xc0\xaf"), "\\xc0\\xaf");           // overlong
  EXPECT_EQ(hpcs::one_line("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // surrogate
}

TEST(ErrorMessages, OneLineFoldsLibraryMessages) {
  EXPECT_EQ(hpcs::one_line("Kokkos failed to allocate\n  memory space: Cuda\n\tsize: 4 GB\n"),
            "Kokkos failed to allocate memory space: Cuda size: 4 GB");
  EXPECT_EQ(hpcs::one_line("plain"), "plain");
  EXPECT_EQ(hpcs::one_line(""), "");
}

// A variant that one rank cannot run is skipped on every rank (the runs are collective).
TEST(Cli, AgreeOnReasons) {
  const hpcs::MpiContext& mpi = hpcs::testing::mpi();
  std::vector<std::optional<std::string>> why(3);
  if (mpi.rank() == mpi.size() - 1) why[1] = "no GPU here";
  why[2] = "never";
  hpcs::agree_on_reasons(mpi, why);
  EXPECT_FALSE(why[0]);
  ASSERT_TRUE(why[1]);
  if (mpi.rank() == mpi.size() - 1) EXPECT_EQ(*why[1], "no GPU here");
  else EXPECT_THAT(*why[1], HasSubstr("another rank"));
  EXPECT_EQ(why[2].value_or(""), "never");
}
