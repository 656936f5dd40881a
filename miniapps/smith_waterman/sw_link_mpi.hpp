// SPDX-License-Identifier: BSD-3-Clause
// A RowLink over MPI: the row above arrives from rank `above` and the block's last row
// leaves to rank `below`, in messages of `chunk` columns (H and F of each chunk), so all
// ranks work on the wavefront at once. Receives are posted up front into their final
// places; sends go out as the aligner publishes finished columns.
#pragma once
#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "sw_variants.hpp"

namespace hpcs::sw {

class MpiRowLink final : public RowLink {
 public:
  // above/below: neighbour ranks, or -1 for none.
  MpiRowLink(MPI_Comm comm, int above, int below, std::int64_t cols, std::int64_t chunk);
  ~MpiRowLink() override;  // completes outstanding messages
  MpiRowLink(const MpiRowLink&) = delete;
  MpiRowLink& operator=(const MpiRowLink&) = delete;

  bool has_above() const override { return above_ >= 0; }
  bool has_below() const override { return below_ >= 0; }
  const std::int32_t* above_h() const override { return above_h_.data(); }
  const std::int32_t* above_f() const override { return above_f_.data(); }
  const std::atomic<std::int64_t>* above_ready() const override { return &ready_; }
  void wait_above(std::int64_t cols) override;
  std::int32_t* below_h() override { return below_h_.data(); }
  std::int32_t* below_f() override { return below_f_.data(); }
  void publish_below(std::int64_t cols) override;
  void progress() override;
  void finish();  // waits until every message has gone and arrived

 private:
  std::int64_t chunk_end(std::int64_t c) const;
  MPI_Comm comm_;
  int above_, below_;
  std::int64_t cols_, chunk_, chunks_;
  std::vector<std::int32_t> above_h_, above_f_, below_h_, below_f_;
  std::vector<MPI_Request> recvs_, sends_;
  std::int64_t next_recv_ = 0, next_send_ = 0;  // chunk indices
  std::atomic<std::int64_t> ready_{0};
};

}  // namespace hpcs::sw
