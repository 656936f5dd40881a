// SPDX-License-Identifier: BSD-3-Clause
#include "sw_reference.hpp"

#include <algorithm>

namespace hpcs::sw {

LeftEdge::LeftEdge(const Block& block)
    : h(static_cast<std::size_t>(block.rows)), e(static_cast<std::size_t>(block.rows), kNeg) {
  for (std::int64_t k = 0; k < block.rows; ++k)
    h[static_cast<std::size_t>(k)] = edge_h(block.mode, block.row0 + k + 1, 0);
}

void sw_strip(const Block& block, const Scoring& s, std::int64_t c0, std::int64_t c1, const std::int32_t* top_h,
              const std::int32_t* top_f, std::int32_t top_corner, LeftEdge& left, std::int32_t* bottom_h,
              std::int32_t* bottom_f, Cell& best) {
  const std::int64_t width = c1 - c0;
  if (width <= 0) return;
  const std::int32_t floor = block.mode == Mode::Local ? 0 : kNeg;
  const std::int32_t open = s.gap_open, extend = s.gap_extend;
  // H and F of the previous row over the strip; index 0 is column c0-1 (the corner).
  std::vector<std::int32_t> h(static_cast<std::size_t>(width) + 1), f(static_cast<std::size_t>(width) + 1, kNeg);
  h[0] = top_corner;
  for (std::int64_t j = 0; j < width; ++j) {
    h[j + 1] = top_h ? top_h[j] : edge_h(block.mode, block.row0, c0 + j + 1);
    f[j + 1] = top_f ? top_f[j] : kNeg;
  }
  for (std::int64_t k = 0; k < block.rows; ++k) {
    const std::int64_t i = block.row0 + k + 1;
    const int a = block.a[k];
    std::int32_t diag = h[0];
    std::int32_t h_left = left.h[k], e = left.e[k];
    h[0] = h_left;
    for (std::int64_t j = 1; j <= width; ++j) {
      // Gotoh: E from the left, F from above, H from the diagonal (the paper's Eqs. 4-6).
      e = std::max(e - extend, h_left - open);
      const std::int32_t f_new = std::max(f[j] - extend, h[j] - open);
      const std::int32_t h_new =
          std::max({floor, e, f_new, diag + static_cast<std::int32_t>(s.score(a, block.b[c0 + j - 1]))});
      diag = h[j];
      h[j] = h_new;
      f[j] = f_new;
      h_left = h_new;
      if (better(h_new, i, c0 + j, best.score, best.i, best.j)) best = {h_new, i, c0 + j};
    }
    left.h[k] = h_left;
    left.e[k] = e;
  }
  if (bottom_h)
    for (std::int64_t j = 0; j < width; ++j) {
      bottom_h[j] = h[j + 1];
      bottom_f[j] = f[j + 1];
    }
}

namespace {
Cell no_cell(const Block& block) { return Cell{no_score(block.mode), 0, 0}; }
}  // namespace

Cell sw_reference_block(const Block& block, const Scoring& s) {
  LeftEdge left(block);
  Cell best = no_cell(block);
  sw_strip(block, s, 0, block.cols, nullptr, nullptr, edge_h(block.mode, block.row0, 0), left, nullptr, nullptr, best);
  return best.i == 0 ? Cell{} : best;
}

namespace {
class CpuReference final : public Aligner {
 public:
  explicit CpuReference(const Tuning& t) : chunk_(std::max<std::int64_t>(1, t.chunk)) {}
  void setup(const Block& block, const Scoring& s) override {
    block_ = block;
    scoring_ = s;
  }
  Cell run(RowLink* link) override {
    LeftEdge left(block_);
    Cell best = no_cell(block_);
    const bool above = link && link->has_above(), below = link && link->has_below();
    for (std::int64_t c0 = 0; c0 < block_.cols; c0 += chunk_) {
      const std::int64_t c1 = std::min(block_.cols, c0 + chunk_);
      if (above) link->wait_above(c1);
      const std::int32_t corner = c0 == 0 ? edge_h(block_.mode, block_.row0, 0)
                                          : (above ? link->above_h()[c0 - 1] : edge_h(block_.mode, block_.row0, c0));
      sw_strip(block_, scoring_, c0, c1, above ? link->above_h() + c0 : nullptr, above ? link->above_f() + c0 : nullptr,
               corner, left, below ? link->below_h() + c0 : nullptr, below ? link->below_f() + c0 : nullptr, best);
      if (below) link->publish_below(c1);
    }
    return best.i == 0 ? Cell{} : best;
  }
  std::string config() const override { return "chunk=" + std::to_string(chunk_); }

 private:
  std::int64_t chunk_;
  Block block_;
  Scoring scoring_;
};
}  // namespace

std::unique_ptr<Aligner> make_cpu_reference(const Tuning& tiling) { return std::make_unique<CpuReference>(tiling); }

}  // namespace hpcs::sw
