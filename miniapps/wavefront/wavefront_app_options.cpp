// SPDX-License-Identifier: BSD-3-Clause
// The wavefront mini-app's options: the seed's names (Tables 1 and 2) and meanings.
#include <CLI/CLI.hpp>

#include "hpcs/base/error.hpp"
#include "wavefront_app.hpp"
#include "wavefront_dispatch.hpp"

namespace hpcs::wavefront {

void App::add_options(CLI::App& cli) {
  auto* input = cli.get_option("input");
  cli.add_option("--app", opt_.app, "Application on the skeleton")
      ->check(CLI::IsMember(app_names()))
      ->capture_default_str();
  auto* dim = cli.add_option("--dim", opt_.dim, "Side of the square grid (cells; the seed's 500..3100)")
                  ->check(hpcs::positive_number())
                  ->capture_default_str()
                  ->excludes(input);
  cli.add_option("--rows", opt_.rows, "Rows of the grid (default --dim)")
      ->check(hpcs::positive_number())
      ->excludes(input);
  cli.add_option("--cols", opt_.cols, "Columns of the grid (default --dim)")
      ->check(hpcs::positive_number())
      ->excludes(input);
  (void)dim;
  cli.add_option("--tsize", opt_.tsize,
                 "Task granularity: units of arithmetic per cell (synthetic), best-response "
                 "candidates (nash)")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cli.add_option("--dsize", opt_.dsize, "Doubles per synthetic element (16 B at 1, 48 B at 5)")
      ->check(CLI::Range(1, kMaxDsize))
      ->capture_default_str();
  cli.add_option("--seed", opt_.seed, "Seed of the generated letters (lcs, sw-linear, edit-distance)")
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--match", opt_.scoring.match, "sw-linear: score of equal letters")
      ->check(CLI::Range(-1000, 1000))
      ->capture_default_str();
  cli.add_option("--mismatch", opt_.scoring.mismatch, "sw-linear: score of different letters (and of N)")
      ->check(CLI::Range(-1000, 1000))
      ->capture_default_str();
  cli.add_option("--gap", opt_.scoring.gap,
                 "sw-linear: cost of each gap letter (sw_miniapp's --gap-open = --gap-extend)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  cli.add_option("--cpu-tile", tuning.cpu_tile, "Side of the CPU's square tiles")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  cli.add_option("--band", tuning.band,
                 "Anti-diagonals on each side of the middle one computed on the GPU(s); "
                 "-1: CPU only, -2: every cell on the GPU")
      ->capture_default_str();
  cli.add_option("--gpu-tile", tuning.gpu_tile,
                 "Side of the GPU's square tiles (a warp per tile); 1: a kernel per "
                 "anti-diagonal")
      ->capture_default_str();
  cli.add_option("--halo", tuning.halo,
                 "Two GPUs: rows the second GPU recomputes past the split, swapping every "
                 "halo + 1 diagonals; -1: off; -2: min(256, rows per GPU - 1) on two GPUs, off on one")
      ->capture_default_str();
  cli.add_option("--gpu-count", tuning.gpu_count, "GPUs per rank: 0 (CPU only), 1, 2")->capture_default_str();
  cli.add_option("--threads", tuning.threads, "Host threads of the CPU tiles (0: the node's cores over its ranks)")
      ->check(CLI::Range(0, 4096))
      ->capture_default_str();
  cli.add_option("--chunk", tuning.chunk, "Columns per message between ranks (0: cols / 16, at least 256)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str();
}

}  // namespace hpcs::wavefront
