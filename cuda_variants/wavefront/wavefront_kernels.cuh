// SPDX-License-Identifier: BSD-3-Clause
// The skeleton's GPU kernels, over any application: a thread per cell of one anti-diagonal
// (gpu-tile 1), or a warp per gpu-tile x gpu-tile tile of one tile diagonal, lane r owning
// the tile's row r and stepping one anti-diagonal of the tile at a time (the tile's columns
// of S staged in shared memory). Both apply the frontier rule (wavefront_cell.hpp), so the
// region's cells may start and end anywhere inside a tile.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "wavefront_cell.hpp"
#include "wavefront_skeleton.hpp"
#include "hpcs/base/non_copyable.hpp"

namespace hpcs::wavefront::cuda {

constexpr int kThreads = 256;  // diagonal kernel
constexpr int kTileWarps = 4;  // tile kernel: tiles per block

// Adds a warp's tallies into `out` (every lane of the warp calls it).
__device__ inline void flush_tally(Tally t, Tally* out) {
  for (int off = 16; off > 0; off /= 2) {
    t.checksum += __shfl_xor_sync(0xffffffffu, t.checksum, off);
    const unsigned long long b = __shfl_xor_sync(0xffffffffu, static_cast<unsigned long long>(t.best), off);
    if (b > t.best) t.best = b;
  }
  if ((threadIdx.x & 31) == 0) {
    if (t.checksum)
      atomicAdd(reinterpret_cast<unsigned long long*>(&out->checksum), static_cast<unsigned long long>(t.checksum));
    if (t.best) atomicMax(reinterpret_cast<unsigned long long*>(&out->best), static_cast<unsigned long long>(t.best));
  }
}

// The device's copy of the frontier and the letters.
template <class Element>
struct DeviceState {
  Element* S;
  Element* E;
  Element* K;
  Letters letters;
  Tally* tally;
};

template <class App>
__global__ void diagonal_kernel(App app, DeviceState<typename App::Element> st, Block blk, Region r, std::int64_t d,
                                std::int64_t i_first, std::int64_t n) {
  using Element = typename App::Element;
  const std::int64_t k = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  Tally t, halo;
  if (k < n) {
    const std::int64_t i = i_first + k, j = d - i;
    Element w = st.E[i], nw = st.K[i];
    update_cell(app, st.letters, blk, i, j, st.S[j], w, nw, i >= r.i_owned ? t : halo);
    st.E[i] = w;
    st.K[i] = nw;
  }
  flush_tally(t, st.tally);
}

template <class App>
__global__ void tile_kernel(App app, DeviceState<typename App::Element> st, Block blk, Region r, int T, std::int64_t k,
                            std::int64_t I_lo, std::int64_t tiles) {
  using Element = typename App::Element;
  extern __shared__ unsigned char shared_bytes[];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  Element* col = reinterpret_cast<Element*>(shared_bytes) + warp * 32;  // this tile's S
  const std::int64_t tile = static_cast<std::int64_t>(blockIdx.x) * kTileWarps + warp;
  Tally t, halo;
  if (tile < tiles) {  // the whole warp alike
    const std::int64_t I = I_lo + tile, J = k - I;
    const std::int64_t i0 = I * T + 1, j0 = J * T + 1, i = i0 + lane;
    const int ncols = static_cast<int>(blk.cols - j0 + 1 < T ? blk.cols - j0 + 1 : T);
    if (lane < ncols) col[lane] = st.S[j0 + lane];
    const bool row = lane < T && i <= blk.h && i >= r.i_lo && i <= r.i_hi;
    Element w, nw;
    std::int64_t jb = 1, je = 0;
    if (row) {
      w = st.E[i];
      nw = st.K[i];
      jb = r.first_col(i);
      je = r.last_col(i);
    }
    __syncwarp();
    for (int s = 0; s < 2 * T - 1; ++s) {
      const int c = s - lane;
      const std::int64_t j = j0 + c;
      if (row && c >= 0 && c < ncols && j >= jb && j <= je)
        update_cell(app, st.letters, blk, i, j, col[c], w, nw, i >= r.i_owned ? t : halo);
      __syncwarp();
    }
    if (lane < ncols) st.S[j0 + lane] = col[lane];
    if (row) {
      st.E[i] = w;
      st.K[i] = nw;
    }
  }
  flush_tally(t, st.tally);
}

// Launches of one region on one stream (the Ops of band_steps, minus the pipeline copies).
template <class App>
struct Launcher {
  using Element = typename App::Element;
  App app;
  DeviceState<Element> st;
  Block blk;
  Region r;
  int T = 1;
  cudaStream_t stream = nullptr;

  void diagonal(std::int64_t d) const {
    const RowRange rows = diagonal_rows(r, d);
    const std::int64_t n = rows.last - rows.first + 1;
    if (n <= 0) return;
    diagonal_kernel<App><<<static_cast<unsigned>((n + kThreads - 1) / kThreads), kThreads, 0, stream>>>(
        app, st, blk, r, d, rows.first, n);
    HPCS_CUDA_CHECK_LAUNCH();
  }
  void tiles(std::int64_t k) const {
    const TileRange tr = tile_range(blk, T, k);
    const std::int64_t n = tr.I_hi - tr.I_lo + 1;
    if (n <= 0) return;
    const std::size_t shared = kTileWarps * 32 * sizeof(Element);
    tile_kernel<App><<<static_cast<unsigned>((n + kTileWarps - 1) / kTileWarps), kTileWarps * 32, shared, stream>>>(
        app, st, blk, r, T, k, tr.I_lo, n);
    HPCS_CUDA_CHECK_LAUNCH();
  }
};

// A device's frontier, letters and tally, allocated once per executor on the current device.
template <class Element>
struct DeviceFrontier {
  hpcs::cuda::DeviceBuffer<Element> S, E, K;
  hpcs::cuda::DeviceBuffer<std::uint8_t> a, b;
  hpcs::cuda::DeviceBuffer<Tally> tally;

  DeviceFrontier(const Block& blk, const Letters& host) {
    S.allocate(static_cast<std::size_t>(blk.cols + 1));
    E.allocate(static_cast<std::size_t>(blk.h + 2));
    K.allocate(static_cast<std::size_t>(blk.h + 2));
    tally.allocate(1);
    if (host.a) {
      a.allocate(static_cast<std::size_t>(blk.h));
      a.upload(host.a, static_cast<std::size_t>(blk.h));
    }
    if (host.b) {
      b.allocate(static_cast<std::size_t>(blk.cols));
      b.upload(host.b, static_cast<std::size_t>(blk.cols));
    }
  }
  DeviceState<Element> state() { return {S.get(), E.get(), K.get(), {a.get(), b.get()}, tally.get()}; }
  void upload(const HostFrontier<Element>& f, cudaStream_t s) {
    HPCS_CUDA_CHECK(cudaMemcpyAsync(S.get(), f.S.data(), f.S.size() * sizeof(Element), cudaMemcpyHostToDevice, s));
    HPCS_CUDA_CHECK(cudaMemcpyAsync(E.get(), f.E.data(), f.E.size() * sizeof(Element), cudaMemcpyHostToDevice, s));
    HPCS_CUDA_CHECK(cudaMemcpyAsync(K.get(), f.K.data(), f.K.size() * sizeof(Element), cudaMemcpyHostToDevice, s));
    HPCS_CUDA_CHECK(cudaMemsetAsync(tally.get(), 0, sizeof(Tally), s));
  }
  // Into `f` (or into separate host arrays for the two-GPU merge); waits for the stream.
  Tally download(HostFrontier<Element>& f, cudaStream_t s) {
    Tally t;
    HPCS_CUDA_CHECK(cudaMemcpyAsync(f.S.data(), S.get(), f.S.size() * sizeof(Element), cudaMemcpyDeviceToHost, s));
    HPCS_CUDA_CHECK(cudaMemcpyAsync(f.E.data(), E.get(), f.E.size() * sizeof(Element), cudaMemcpyDeviceToHost, s));
    HPCS_CUDA_CHECK(cudaMemcpyAsync(f.K.data(), K.get(), f.K.size() * sizeof(Element), cudaMemcpyDeviceToHost, s));
    HPCS_CUDA_CHECK(cudaMemcpyAsync(&t, tally.get(), sizeof(Tally), cudaMemcpyDeviceToHost, s));
    HPCS_CUDA_CHECK(cudaStreamSynchronize(s));
    return t;
  }
  // Columns [j0, j1] of S between the host's f.S and the device (the rank pipeline).
  void put_columns(const Element* host_S, std::int64_t j0, std::int64_t j1, cudaStream_t s) {
    HPCS_CUDA_CHECK(cudaMemcpyAsync(S.get() + j0, host_S + j0, static_cast<std::size_t>(j1 - j0 + 1) * sizeof(Element),
                                    cudaMemcpyHostToDevice, s));
    HPCS_CUDA_CHECK(cudaStreamSynchronize(s));  // the host row may be reused at once
  }
  void get_columns(Element* host_S, std::int64_t j0, std::int64_t j1, cudaStream_t s) {
    HPCS_CUDA_CHECK(cudaMemcpyAsync(host_S + j0, S.get() + j0, static_cast<std::size_t>(j1 - j0 + 1) * sizeof(Element),
                                    cudaMemcpyDeviceToHost, s));
    HPCS_CUDA_CHECK(cudaStreamSynchronize(s));
  }
};

// band_steps' Ops for one device: its launches plus the pipeline's column copies.
template <class App>
struct StepOps {
  Launcher<App>& launch;
  DeviceFrontier<typename App::Element>& dev;
  typename App::Element* host_S;
  void diagonal(std::int64_t d) { launch.diagonal(d); }
  void tiles(std::int64_t k) { launch.tiles(k); }
  void put_top(std::int64_t j0, std::int64_t j1) { dev.put_columns(host_S, j0, j1, launch.stream); }
  void get_bottom(std::int64_t j0, std::int64_t j1) { dev.get_columns(host_S, j0, j1, launch.stream); }
};

// A stream or event owned by the executor, on the device current at construction: Create
// makes it with Flags, Destroy frees it.
template <class Handle, cudaError_t (*Create)(Handle*, unsigned), cudaError_t (*Destroy)(Handle), unsigned Flags>
class Owned : NonCopyable {
 public:
  Owned() { HPCS_CUDA_CHECK(Create(&h_, Flags)); }
  ~Owned() { Destroy(h_); }
  Handle get() const { return h_; }

 private:
  Handle h_ = nullptr;
};
using Stream = Owned<cudaStream_t, cudaStreamCreateWithFlags, cudaStreamDestroy, cudaStreamNonBlocking>;
using Event = Owned<cudaEvent_t, cudaEventCreateWithFlags, cudaEventDestroy, cudaEventDisableTiming>;  // no timing

// An instantiated CUDA graph (from a captured stream), launched as one unit.
class Graph : NonCopyable {
 public:
  explicit Graph(cudaGraph_t g) : graph_(g) { HPCS_CUDA_CHECK(cudaGraphInstantiate(&exec_, graph_, 0)); }
  ~Graph() {
    if (exec_) cudaGraphExecDestroy(exec_);
    if (graph_) cudaGraphDestroy(graph_);
  }
  void launch(cudaStream_t s) { HPCS_CUDA_CHECK(cudaGraphLaunch(exec_, s)); }

 private:
  cudaGraph_t graph_ = nullptr;
  cudaGraphExec_t exec_ = nullptr;
};

// Restores the current device when it goes out of scope (an executor may switch devices).
class DeviceGuard : NonCopyable {
 public:
  explicit DeviceGuard(int device) {
    HPCS_CUDA_CHECK(cudaGetDevice(&previous_));
    HPCS_CUDA_CHECK(cudaSetDevice(device));
  }
  ~DeviceGuard() { cudaSetDevice(previous_); }

 private:
  int previous_ = 0;
};

}  // namespace hpcs::wavefront::cuda
