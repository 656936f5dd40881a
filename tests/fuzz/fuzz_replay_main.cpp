// SPDX-License-Identifier: BSD-3-Clause
// The corpus replay of the normal build (no clang, no libFuzzer): every fuzz target is
// linked in under its own name (hpcs_fuzz_<target>) and run on the empty input and on every
// file given, or found under a directory given. A finding aborts, so the test fails; a
// sanitizer build (the asan preset) reports memory errors as it would under libFuzzer.
//   fuzz_replay <target> <file or directory>...
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#define HPCS_FUZZ_TARGET(name) extern "C" int hpcs_fuzz_##name(const std::uint8_t*, std::size_t);
#include "fuzz_replay_targets.inc"
#undef HPCS_FUZZ_TARGET

namespace {

namespace fs = std::filesystem;

struct Target {
  const char* name;
  int (*run)(const std::uint8_t*, std::size_t);
};

#define HPCS_FUZZ_TARGET(name) {#name, hpcs_fuzz_##name},
const Target kTargets[] = {
#include "fuzz_replay_targets.inc"
};
#undef HPCS_FUZZ_TARGET

std::vector<fs::path> inputs_of(const fs::path& p) {
  std::vector<fs::path> out;
  if (fs::is_directory(p)) {
    for (const auto& e : fs::recursive_directory_iterator(p))
      if (e.is_regular_file()) out.push_back(e.path());
    std::sort(out.begin(), out.end());
  } else {
    out.push_back(p);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: fuzz_replay <target> <file or directory>...\ntargets:");
    for (const Target& t : kTargets) std::fprintf(stderr, " %s", t.name);
    std::fprintf(stderr, "\n");
    return 2;
  }
  const auto* target = std::find_if(std::begin(kTargets), std::end(kTargets),
                                    [&](const Target& t) { return std::strcmp(t.name, argv[1]) == 0; });
  if (target == std::end(kTargets)) {
    std::fprintf(stderr, "fuzz_replay: no target '%s'\n", argv[1]);
    return 2;
  }
  target->run(nullptr, 0);
  std::size_t count = 1;
  for (int a = 2; a < argc; ++a) {
    if (!fs::exists(argv[a])) {
      std::fprintf(stderr, "fuzz_replay: %s: no such file or directory\n", argv[a]);
      return 2;
    }
    for (const fs::path& p : inputs_of(argv[a])) {
      std::ifstream in(p, std::ios::binary);
      const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      std::fprintf(stderr, "%s: %s (%zu bytes)\n", target->name, p.c_str(), bytes.size());
      target->run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
      ++count;
    }
  }
  std::printf("fuzz_replay %s: %zu inputs, no finding\n", target->name, count);
  return 0;
}
