// SPDX-License-Identifier: BSD-3-Clause
// The executor every variant but the reference is: the skeleton's phases on this rank with
// a device (or none: cpu/tiled). Backends instantiate it for their BandDevice.
#pragma once
#include <memory>
#include <string>
#include <utility>

#include "wavefront_skeleton.hpp"
#include "wavefront_variants.hpp"

namespace hpcs::wavefront {

// Host copies of the letters, as the cell functions see them.
inline Letters host_letters(const Inputs& in) {
  if (!traits_of(in.problem).letters || !in.sequences) return {};
  return {in.sequences->a_rows.data(), in.sequences->b.data()};
}

inline Block rank_block(const Problem& p) { return {p.local_rows, p.cols, p.row_begin}; }

template <class App>
class SkeletonExecutor final : public Executor {
 public:
  using Element = typename App::Element;
  SkeletonExecutor(const Inputs& in, const App& app, const Tuning& t, std::unique_ptr<BandDevice<Element>> device,
                   std::string config)
      : mpi_(*in.mpi), app_(app), letters_(host_letters(in)), blk_(rank_block(in.problem)), tuning_(t),
        device_(std::move(device)), config_(std::move(config)),
        pipe_(*in.mpi, in.problem.cols, sizeof(Element), t.chunk > 0 ? t.chunk : default_chunk(in.problem.cols)) {}
  void run() override {
    tally_ = run_skeleton(app_, letters_, blk_, tuning_, device_.get(), mpi_.size() > 1 ? &pipe_ : nullptr, frontier_,
                          times_);
  }
  nlohmann::json details() const override {
    const Plan plan = make_plan(blk_, tuning_.band, device_ != nullptr);
    nlohmann::json d = {{"cpu_before_s", times_.before},
                        {"band_s", times_.band},
                        {"cpu_after_s", times_.after},
                        {"band_diagonals", plan.band.empty() ? 0 : plan.band.d_to - plan.band.d_from + 1},
                        {"rank_diagonals", blk_.h + blk_.cols - 1}};
    if (device_) d["transfer_s"] = device_->transfer_seconds, d["transfer_bytes"] = device_->transfer_bytes;
    return d;
  }
  Result result() override { return frontier_result(mpi_, frontier_, blk_, tally_); }
  std::string config() const override { return config_ + (device_ ? ", " + device_->config() : std::string()); }

 private:
  const MpiContext& mpi_;
  App app_;
  Letters letters_;
  Block blk_;
  Tuning tuning_;
  std::unique_ptr<BandDevice<Element>> device_;
  std::string config_;
  RowPipeline pipe_;
  HostFrontier<Element> frontier_;
  Tally tally_;
  PhaseTimes times_;
};

// "cpu-tile 32, 16 threads, band 100": the tunables a run used.
std::string tuning_config(const Problem& p, const Tuning& t, bool device);

// A band variant's executor: the skeleton with Device<App>(in, app, t, args...) for the band,
// or none where the tuning puts nothing on a device (band -1, gpu-count 0).
template <template <class> class Device, class... Args>
std::unique_ptr<Executor> make_band_executor(const Inputs& in, const Tuning& t, const Args&... args) {
  if (auto why = band_tuning_problem(in.problem, t)) throw Error(*why);
  return visit_app(in.problem, [&](const auto& app) -> std::unique_ptr<Executor> {
    using App = std::decay_t<decltype(app)>;
    std::unique_ptr<BandDevice<typename App::Element>> band;
    if (t.gpu_count > 0 && t.band != -1) band = std::make_unique<Device<App>>(in, app, t, args...);
    return std::make_unique<SkeletonExecutor<App>>(in, app, t, std::move(band), tuning_config(in.problem, t, true));
  });
}

}  // namespace hpcs::wavefront
