// SPDX-License-Identifier: BSD-3-Clause
#include "sw_link_mpi.hpp"

#include <algorithm>
#include <string>

#include "hpcs/base/error.hpp"

namespace hpcs::sw {

MpiRowLink::MpiRowLink(MPI_Comm comm, int above, int below, std::int64_t cols, std::int64_t chunk)
    : comm_(comm), above_(above), below_(below), cols_(cols), chunk_(std::max<std::int64_t>(1, chunk)) {
  chunks_ = (cols_ + chunk_ - 1) / chunk_;
  int* tag_ub = nullptr;
  int flag = 0;
  MPI_Comm_get_attr(comm_, MPI_TAG_UB, &tag_ub, &flag);
  if (flag && 2 * chunks_ + 1 > *tag_ub)
    throw Error("--chunk " + std::to_string(chunk_) + ": " + std::to_string(chunks_) +
                " messages exceed the MPI tag range; use larger chunks");
  if (above_ >= 0) {
    above_h_.resize(static_cast<std::size_t>(cols_));
    above_f_.resize(static_cast<std::size_t>(cols_));
    recvs_.resize(static_cast<std::size_t>(2 * chunks_), MPI_REQUEST_NULL);
    for (std::int64_t c = 0; c < chunks_; ++c) {
      const std::int64_t c0 = c * chunk_;
      const int n = static_cast<int>(chunk_end(c) - c0);
      MPI_Irecv(above_h_.data() + c0, n, MPI_INT32_T, above_, static_cast<int>(2 * c), comm_, &recvs_[2 * c]);
      MPI_Irecv(above_f_.data() + c0, n, MPI_INT32_T, above_, static_cast<int>(2 * c + 1), comm_, &recvs_[2 * c + 1]);
    }
  } else {
    ready_.store(cols_, std::memory_order_release);
  }
  if (below_ >= 0) {
    below_h_.resize(static_cast<std::size_t>(cols_));
    below_f_.resize(static_cast<std::size_t>(cols_));
    sends_.resize(static_cast<std::size_t>(2 * chunks_), MPI_REQUEST_NULL);
  }
}

MpiRowLink::~MpiRowLink() {
  // Never leave MPI writing into (or reading from) freed buffers.
  if (!recvs_.empty()) MPI_Waitall(static_cast<int>(recvs_.size()), recvs_.data(), MPI_STATUSES_IGNORE);
  if (!sends_.empty()) MPI_Waitall(static_cast<int>(sends_.size()), sends_.data(), MPI_STATUSES_IGNORE);
}

std::int64_t MpiRowLink::chunk_end(std::int64_t c) const { return std::min(cols_, (c + 1) * chunk_); }

void MpiRowLink::progress() {
  while (above_ >= 0 && next_recv_ < chunks_) {
    int done = 0;
    MPI_Testall(2, &recvs_[static_cast<std::size_t>(2 * next_recv_)], &done, MPI_STATUSES_IGNORE);
    if (!done) break;
    ++next_recv_;
    ready_.store(chunk_end(next_recv_ - 1), std::memory_order_release);
  }
  if (!sends_.empty()) {
    int done = 0;
    MPI_Testall(static_cast<int>(2 * next_send_), sends_.data(), &done, MPI_STATUSES_IGNORE);
  }
}

void MpiRowLink::wait_above(std::int64_t cols) {
  while (ready_.load(std::memory_order_acquire) < std::min(cols, cols_)) {
    if (above_ >= 0 && next_recv_ < chunks_)
      MPI_Waitall(2, &recvs_[static_cast<std::size_t>(2 * next_recv_)], MPI_STATUSES_IGNORE);
    progress();
  }
}

void MpiRowLink::publish_below(std::int64_t cols) {
  if (below_ < 0) return;
  while (next_send_ < chunks_ && chunk_end(next_send_) <= cols) {
    const std::int64_t c = next_send_++, c0 = c * chunk_;
    const int n = static_cast<int>(chunk_end(c) - c0);
    MPI_Isend(below_h_.data() + c0, n, MPI_INT32_T, below_, static_cast<int>(2 * c), comm_, &sends_[2 * c]);
    MPI_Isend(below_f_.data() + c0, n, MPI_INT32_T, below_, static_cast<int>(2 * c + 1), comm_, &sends_[2 * c + 1]);
  }
  progress();
}

void MpiRowLink::finish() {
  wait_above(cols_);
  if (below_ >= 0 && next_send_ < chunks_)
    throw Error("internal error: the aligner finished without publishing its last row");
  if (!sends_.empty()) MPI_Waitall(static_cast<int>(sends_.size()), sends_.data(), MPI_STATUSES_IGNORE);
}

}  // namespace hpcs::sw
