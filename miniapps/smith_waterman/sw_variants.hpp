// SPDX-License-Identifier: BSD-3-Clause
// The variant interface of the Smith-Waterman mini-app. An Aligner computes one block of
// rows of the DP table against all of B and returns the block's best cell; the rows
// between blocks (one block per MPI rank) travel through a RowLink. No CUDA or Kokkos
// types appear here.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hpcs/harness/variant.hpp"
#include "sw_problem.hpp"
#include "sw_scoring.hpp"

namespace hpcs::sw {

// Rows row0+1 .. row0+rows of the table (codes a), all columns 1..cols (codes b).
struct Block {
  const std::uint8_t* a = nullptr;
  std::int64_t rows = 0;
  const std::uint8_t* b = nullptr;
  std::int64_t cols = 0;
  std::int64_t row0 = 0;
  Mode mode = Mode::Local;
};

// The launch shape: the GPU variants' tiling (the paper's t_S, t_T, s_S, s_T) and other options.
// The four tiling fields at 0 mean "the variant's default": each variant's resolve fills them
// (with_default_tiling), so a run without tiling options gets the shape measured best for it.
struct Tuning {
  int tile_rows = 0;           // t_S: rows of a tile (one thread block per tile or row of tiles)
  int tile_cols = 0;           // t_T: columns of a tile
  int sub_rows = 0;            // s_S: rows each thread owns (threads per block = t_S / s_S)
  int sub_cols = 0;            // s_T: columns a thread computes between two block barriers
  bool dpx = true;             // Hopper DPX instructions for the cell update (else plain max)
  std::int64_t band_cols = 0;  // cuda/multipass: columns per band, a multiple of tile_cols (0: automatic)
  std::int64_t chunk = 4096;   // columns per message between ranks (and per CPU strip)
};

// A variant's default tiling: (t_S, t_T, s_S, s_T).
struct TilingDefaults {
  int tile_rows, tile_cols, sub_rows, sub_cols;
};

// The CUDA variants' (and the suite's fallback): the fastest multi-pass shape measured on an
// H200 at 2^21 x 2^21, whose rows also lag little (threads x s_T + t_T = 384 columns per 2048
// rows), which is what scaling over ranks needs (docs/results/smith_waterman_h200.md).
inline constexpr TilingDefaults kMultipassTiling{2048, 128, 16, 2};
// cuda/multipass16's: 32 rows a thread as two lanes of 16 (docs/results/smith_waterman_s16_h200.md).
inline constexpr TilingDefaults kMultipass16Tiling{2048, 64, 32, 2};

// `t` with each tiling field that is 0 (the command line's "the variant's default") from `d`.
inline Tuning with_default_tiling(Tuning t, const TilingDefaults& d) {
  if (t.tile_rows == 0) t.tile_rows = d.tile_rows;
  if (t.tile_cols == 0) t.tile_cols = d.tile_cols;
  if (t.sub_rows == 0) t.sub_rows = d.sub_rows;
  if (t.sub_cols == 0) t.sub_cols = d.sub_cols;
  return t;
}

// The row above a block (from the rank above) and the block's last row (to the rank
// below), both as H and F values per column, streamed in column chunks.
class RowLink {
 public:
  virtual ~RowLink() = default;
  virtual bool has_above() const = 0;
  virtual bool has_below() const = 0;
  virtual const std::int32_t* above_h() const = 0;  // cols values each
  virtual const std::int32_t* above_f() const = 0;
  // Columns [0, ready) of the row above have arrived (release-stored by the link): device
  // engines poll this counter in mapped host memory.
  virtual const std::atomic<std::int64_t>* above_ready() const = 0;
  virtual void wait_above(std::int64_t cols) = 0;  // blocks, moving messages, until cols arrived
  virtual std::int32_t* below_h() = 0;
  virtual std::int32_t* below_f() = 0;
  virtual void publish_below(std::int64_t cols) = 0;  // columns [0, cols) of the last row are final
  virtual void progress() = 0;                        // moves messages without blocking
};

class Aligner {
 public:
  virtual ~Aligner() = default;
  virtual void setup(const Block& block, const Scoring& scoring) = 0;  // untimed: uploads
  // Computes the block (rows above from `link`, or the table's edge when link is null or
  // has nothing above) and returns its best cell in table coordinates.
  virtual Cell run(RowLink* link) = 0;
  virtual std::optional<double> device_seconds() const { return std::nullopt; }  // of the last run
  virtual std::string config() const = 0;
  // Implementation facts for reports and models, e.g. {"resident_rows": P_h, "launches": n}.
  virtual nlohmann::json details() const { return nlohmann::json::object(); }
};

// Builds an aligner for a tiling, throwing hpcs::Error with the rule a tiling breaks.
using Make = std::function<std::unique_ptr<Aligner>(const Tuning&)>;
using Variant = hpcs::Variant<Problem, Tuning, Make>;
using VariantList = std::vector<Variant>;

// Every variant this build has: cpu/reference, then the backends'. Each one's why_not
// includes the tiling rules its factory enforces.
VariantList all_variants();

void register_backend_variants(VariantList& list);  // generated: every backend's (hpcs_add_miniapp)

// "tile=2048x128 sub=16x2": how the tiled variants' config() names their tiling.
std::string tiling_config(const Tuning& t);

// Named tilings of the tiled variants ("cuda/multipass/1024x256"): shapes measured in
// docs/results/smith_waterman_h200.md.
std::vector<NamedTuning<Tuning>> named_tilings();

// The tiled variants' tuning space for --tune (sw_tuning.cpp): --tile-rows, --tile-cols,
// --sub-rows and --sub-cols, the named tilings among its points.
TuningSpace<Problem, Tuning> tiled_space();
// The same tunables for teams of one thread (a Kokkos host backend): t_S = s_S, 8 or 16 rows.
TuningSpace<Problem, Tuning> host_tiled_space();
// cuda/multipass16's: 16 or 32 rows a thread (two lanes), narrower tiles.
TuningSpace<Problem, Tuning> packed_tiled_space();

}  // namespace hpcs::sw
