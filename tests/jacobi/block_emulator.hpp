// SPDX-License-Identifier: BSD-3-Clause
// Runs the thread-block code of cuda/tiled (jacobi_hex1d_block.hpp, jacobi_hhc2d_block.hpp) on the CPU:
// every block of every wavefront, thread after thread within each phase (between two
// barriers), with a memory policy that checks what the GPU would not forgive:
//  - two threads touching one shared slot in one phase, one of them writing;
//  - a shared slot used while an asynchronous copy into it is in flight, or read before
//    anything was written to it;
//  - a global location written by one block and touched by another in the same wavefront,
//    or written while an asynchronous copy still reads it;
//  - global writes outside the interior.
// Asynchronous copies land (and read global memory) only when the issuing thread waits
// for their group, as cp.async may. The caller compares the result with the reference.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "jacobi_hex_rows.hpp"

namespace hpcs::jacobi::emu {

struct Checker {
  std::string first_error;
  long errors = 0;
  void fail(const std::string& what) {
    if (errors++ == 0) first_error = what;
  }
};

struct Access {  // who touched a location in the current phase
  long phase = -1;
  int writer = -1, reader = -1;
  bool many_readers = false;
};

// Records an access by thread `tid` in `phase`; returns false on a race.
inline bool record(Access& a, long phase, int tid, bool write) {
  if (a.phase != phase) a = Access{phase, -1, -1, false};
  if (write) {
    if ((a.writer >= 0 && a.writer != tid) || (a.reader >= 0 && (a.reader != tid || a.many_readers))) return false;
    a.writer = tid;
  } else {
    if (a.writer >= 0 && a.writer != tid) return false;
    if (a.reader < 0) a.reader = tid;
    else if (a.reader != tid) a.many_readers = true;
  }
  return true;
}

template <class Real>
struct GlobalGrid {  // one global buffer with per-location bookkeeping
  std::vector<Real> v;
  std::vector<Access> in_phase;
  std::vector<long> wave;  // wavefront of the last access
  std::vector<int> block;  // block of the first access in that wavefront
  std::vector<char> shared_by_blocks, written;
  std::vector<int> pending;  // asynchronous reads in flight
  explicit GlobalGrid(const std::vector<Real>& init)
      : v(init), in_phase(init.size()), wave(init.size(), -1), block(init.size(), -1), shared_by_blocks(init.size(), 0),
        written(init.size(), 0), pending(init.size(), 0) {}
};

template <class Real>
struct World {  // global memory and the checker shared by all blocks
  GlobalGrid<Real>* g[2];
  std::int64_t rows = 0, cols = 1;  // stored layout, for the interior check
  long wave = 0;
  long phase = 0;
  Checker* check;

  bool locate(const Real* p, int& b, std::int64_t& idx) const {
    for (b = 0; b < 2; ++b) {
      const Real* base = g[b]->v.data();
      if (p >= base && p < base + g[b]->v.size()) {
        idx = p - base;
        return true;
      }
    }
    return false;
  }
  // A global access by (block, tid); `write` for stores, else the read of a copy.
  void touch(const Real* p, int block, int tid, bool write) {
    int b = 0;
    std::int64_t idx = 0;
    if (!locate(p, b, idx)) return check->fail("global access outside both buffers");
    GlobalGrid<Real>& G = *g[b];
    const auto u = static_cast<std::size_t>(idx);
    if (G.wave[u] != wave) {
      G.wave[u] = wave;
      G.block[u] = block;
      G.shared_by_blocks[u] = 0;
      G.written[u] = 0;
    } else if (G.block[u] != block) {
      G.shared_by_blocks[u] = 1;
    }
    if (write) G.written[u] = 1;
    if (G.shared_by_blocks[u] && G.written[u])
      check->fail("global race between blocks in wavefront " + std::to_string(wave) + " at " + std::to_string(idx));
    if (!record(G.in_phase[u], phase * 4096 + block, tid, write))
      check->fail("global race between threads at " + std::to_string(idx));
    if (write) {
      if (G.pending[u] > 0) check->fail("global write while a copy reads it at " + std::to_string(idx));
      const std::int64_t i = idx / cols, j = idx % cols;
      if (i < 1 || i > rows - 2 || (cols > 1 && (j < 1 || j > cols - 2)))
        check->fail("global write to the boundary at " + std::to_string(idx));
    }
  }
};

// The memory policy of one emulated block.
template <class Real>
class BlockMem {
 public:
  BlockMem(World<Real>& world, int block, int rows_entries, const std::vector<std::size_t>& buffer_sizes)
      : world_(world), block_(block), rows_(static_cast<std::size_t>(rows_entries)) {
    for (std::size_t n : buffer_sizes) {
      buf_.emplace_back(n, std::numeric_limits<Real>::quiet_NaN());
      state_.emplace_back(n);
      pending_.emplace_back(n, 0);
      valid_.emplace_back(n, 0);
    }
  }
  int tid = 0;

  blocks::RowInfo* rows() { return rows_.data(); }
  Real* buf(int b) { return buf_.at(static_cast<std::size_t>(b)).data(); }

  Real ld(const Real* base, int idx) {
    const int b = slot(base, idx);
    if (b < 0) return std::numeric_limits<Real>::quiet_NaN();
    const auto u = static_cast<std::size_t>(idx);
    if (!valid_[b][u])
      world_.check->fail("shared read of a slot never written (buffer " + std::to_string(b) + ", " +
                         std::to_string(idx) + ")");
    use(b, u, false);
    return buf_[b][u];
  }
  void st(Real* base, int idx, Real v) {
    const int b = slot(base, idx);
    if (b < 0) return;
    const auto u = static_cast<std::size_t>(idx);
    use(b, u, true);
    buf_[b][u] = v;
    valid_[b][u] = 1;
  }
  void copy(Real* base, int idx, const Real* src) {
    const int b = slot(base, idx);
    if (b < 0) return;
    const auto u = static_cast<std::size_t>(idx);
    if (pending_[b][u]) world_.check->fail("two copies in flight into one shared slot");
    pending_[b][u] = 1;
    if (!mark_global_pending(src, +1)) return;
    if (threads_.size() <= static_cast<std::size_t>(tid)) threads_.resize(static_cast<std::size_t>(tid) + 1);
    threads_[tid].open.push_back(Copy{b, u, src});
  }
  void commit() {
    grow();
    auto& t = threads_[tid];
    t.groups.push_back(t.open);
    t.open.clear();
  }
  void wait_prior1() { complete(1); }
  void wait_all() { complete(0); }
  void gst(Real* dst, Real v) {
    world_.touch(dst, block_, tid, true);
    int b = 0;
    std::int64_t idx = 0;
    if (world_.locate(dst, b, idx)) world_.g[b]->v[static_cast<std::size_t>(idx)] = v;
  }
  void barrier() { ++world_.phase; }
  void finish() {
    for (auto& t : threads_)
      if (!t.open.empty() || !t.groups.empty()) world_.check->fail("copies still in flight when the block ends");
  }

 private:
  struct Copy {
    int b;
    std::size_t u;
    const Real* src;
  };
  struct ThreadCopies {
    std::vector<Copy> open;
    std::vector<std::vector<Copy>> groups;
  };

  void grow() {
    if (threads_.size() <= static_cast<std::size_t>(tid)) threads_.resize(static_cast<std::size_t>(tid) + 1);
  }
  // Buffer of `base + idx` (base may point inside a buffer); idx becomes the offset in it.
  int slot(const Real* base, int& idx) {
    for (std::size_t b = 0; b < buf_.size(); ++b) {
      const Real* d = buf_[b].data();
      if (base >= d && base <= d + buf_[b].size()) {
        const std::int64_t off = (base - d) + idx;
        if (off < 0 || off >= static_cast<std::int64_t>(buf_[b].size())) {
          world_.check->fail("shared index " + std::to_string(off) + " outside buffer " + std::to_string(b));
          return -1;
        }
        idx = static_cast<int>(off);
        return static_cast<int>(b);
      }
    }
    world_.check->fail("shared access outside the buffers");
    return -1;
  }
  void use(int b, std::size_t u, bool write) {
    if (pending_[b][u])
      world_.check->fail("shared slot used while a copy into it is in flight (buffer " + std::to_string(b) + ")");
    if (!record(state_[b][u], world_.phase, tid, write))
      world_.check->fail("shared race (buffer " + std::to_string(b) + ", slot " + std::to_string(u) + ", thread " +
                         std::to_string(tid) + ")");
  }
  bool mark_global_pending(const Real* src, int d) {
    int gb = 0;
    std::int64_t idx = 0;
    if (!world_.locate(src, gb, idx)) {
      world_.check->fail("copy from outside both global buffers");
      return false;
    }
    world_.g[gb]->pending[static_cast<std::size_t>(idx)] += d;
    return true;
  }
  void complete(std::size_t keep) {
    grow();
    auto& t = threads_[tid];
    while (t.groups.size() > keep) {
      for (const Copy& c : t.groups.front()) {
        mark_global_pending(c.src, -1);
        world_.touch(c.src, block_, tid, false);
        pending_[c.b][c.u] = 0;
        use(c.b, c.u, true);
        buf_[c.b][c.u] = *c.src;
        valid_[c.b][c.u] = 1;
      }
      t.groups.erase(t.groups.begin());
    }
  }

  World<Real>& world_;
  int block_;
  std::vector<blocks::RowInfo> rows_;
  std::vector<std::vector<Real>> buf_;
  std::vector<std::vector<Access>> state_;
  std::vector<std::vector<char>> pending_, valid_;
  std::vector<ThreadCopies> threads_;
};

// Runs one block's program with `threads` emulated threads.
template <class Real, class Block>
void run_block(Block& b, BlockMem<Real>& m, int threads) {
  b.for_each_phase([&](const blocks::Phase& ph) {
    for (int t = 0; t < threads; ++t) {
      m.tid = t;
      b.run(t, ph);
    }
    m.barrier();
  });
  m.finish();
}

// The same for blocks built per thread (make(tid) returns thread tid's block object).
template <class Real, class Make>
void run_block_per_thread(Make make, BlockMem<Real>& m, int threads) {
  std::vector<decltype(make(0))> b;
  b.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) b.push_back(make(t));
  b[0].for_each_phase([&](const blocks::Phase& ph) {
    for (int t = 0; t < threads; ++t) {
      m.tid = t;
      b[static_cast<std::size_t>(t)].run(ph);
    }
    m.barrier();
  });
  m.finish();
}

}  // namespace hpcs::jacobi::emu
