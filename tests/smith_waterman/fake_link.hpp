// SPDX-License-Identifier: BSD-3-Clause
// An in-process RowLink for tests: blocks run one after the other; the row a block
// publishes below becomes the next block's row above.
#pragma once
#include <algorithm>
#include <atomic>
#include <vector>

#include "sw_variants.hpp"

namespace hpcs::sw::testing {

class FakeLink final : public RowLink {
 public:
  FakeLink(const std::vector<std::int32_t>* above_h, const std::vector<std::int32_t>* above_f, std::int64_t cols,
           bool below)
      : above_h_(above_h), above_f_(above_f), below_(below) {
    ready_ = above_h ? cols : 0;
    if (below) {
      below_h_.assign(static_cast<std::size_t>(cols), 0x5a5a5a5a);  // poison: unpublished columns show
      below_f_.assign(static_cast<std::size_t>(cols), 0x5a5a5a5a);
    }
  }
  bool has_above() const override { return above_h_ != nullptr; }
  bool has_below() const override { return below_; }
  const std::int32_t* above_h() const override { return above_h_->data(); }
  const std::int32_t* above_f() const override { return above_f_->data(); }
  const std::atomic<std::int64_t>* above_ready() const override { return &ready_; }
  void wait_above(std::int64_t) override {}
  std::int32_t* below_h() override { return below_h_.data(); }
  std::int32_t* below_f() override { return below_f_.data(); }
  void publish_below(std::int64_t cols) override { published = std::max(published, cols); }
  void progress() override {}

  std::vector<std::int32_t> below_h_, below_f_;
  std::int64_t published = 0;

 private:
  const std::vector<std::int32_t>* above_h_;
  const std::vector<std::int32_t>* above_f_;
  bool below_;
  std::atomic<std::int64_t> ready_{0};
};

}  // namespace hpcs::sw::testing
