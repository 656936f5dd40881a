// SPDX-License-Identifier: BSD-3-Clause
// The Kokkos executor: uploads the chain in the variant's precision, gives every step its
// output view (and a fused pair its counter block), and runs the steps, one kernel each
// (matrixchain_gemm_kokkos.hpp, matrixchain_fused_kokkos.hpp), plus the slice sum of a
// product split along k (each split product its own slices).
//
// By default the plan runs as one Kokkos graph (--cuda-graph on), built once per setup: a
// node per kernel, each step after the steps it reads, so independent subtrees run at once
// (the CUDA executors' lanes, without streams of our own) and on a GPU one graph launch
// replaces a launch per kernel. A float32 product beside another lane's splits k for its share
// of the device (plan_concurrency, as cuda/*), with or without the graph, so the bits do not
// depend on it. Why: on an H200 the thesis chain took 0.158 ms launched kernel by kernel
// against cuda/unfused's 0.095 ms, with the products themselves as fast (18-35 us each).
#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <Kokkos_Graph.hpp>

#include "hpcs/base/ceil_div.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/kokkos_device_timer.hpp"
#include "hpcs/base/precision_dispatch.hpp"
#include "matrixchain_fused_kokkos.hpp"
#include "matrixchain_gemm_kokkos.hpp"
#include "matrixchain_kokkos_factories.hpp"
#include "matrixchain_capacity_kokkos.hpp"
#include "matrixchain_chunk_groups.hpp"

namespace hpcs::matrixchain::kokkos {
namespace {

// More threads than this share a patch's micro-tiles poorly (and hold more registers).
constexpr int kMaxTeam = 256;
// Lanes of the plan (plan_lanes): as the CUDA executors' streams.
constexpr int kMaxLanes = 4;

using Graph = Kokkos::Experimental::Graph<Exec>;
using Node = Kokkos::Experimental::GraphNodeRef<Exec>;  // type-erased: any kernel's node

// Zeroes a fused pair's counters: in a graph every run replays run 0 (its epoch is fixed).
struct ZeroCounters {
  std::int64_t* sync = nullptr;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const { sync[i] = 0; }
};

int league_of(std::int64_t teams, int step) {
  if (teams > std::numeric_limits<int>::max())
    throw Error("step " + std::to_string(step) + " needs " + std::to_string(teams) +
                " teams, more than a launch takes");
  return int(teams);
}

template <class Real>
Kokkos::View<Real*> device_copy(const std::string& label, const std::vector<double>& host) {
  Kokkos::View<Real*> d(Kokkos::view_alloc(label, Kokkos::WithoutInitializing), host.size());
  auto h = Kokkos::create_mirror_view(d);
  for (std::size_t i = 0; i < host.size(); ++i) h(i) = static_cast<Real>(host[i]);
  Kokkos::deep_copy(d, h);
  return d;
}

// The team size for a functor: its micro-tiles, at least kMinTeam, capped by what the
// backend can run (1 on Serial).
template <class F>
int team_for(const F& f, std::size_t scratch, std::int64_t micro_tiles) {
  Policy probe(1, 1);
  probe.set_scratch_size(kScratchLevel, Kokkos::PerTeam(scratch));
  const int most = probe.team_size_max(f, Kokkos::ParallelForTag());
  const std::int64_t want = std::max<std::int64_t>(std::min<std::int64_t>(micro_tiles, kMaxTeam), kMinTeam);
  return int(std::max<std::int64_t>(1, std::min<std::int64_t>(want, most)));
}

template <class P = Policy>
P team_policy(int league, int team, std::size_t scratch) {
  P policy(league, team);
  policy.set_scratch_size(kScratchLevel, Kokkos::PerTeam(scratch));
  return policy;
}

using Range = Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::int64_t>>;

// Kernels launched now, one after another.
struct LaunchNow {
  template <class P, class F>
  void operator()(const char* label, const P& policy, const F& f) const {
    Kokkos::parallel_for(label, policy, f);
  }
};

// Kernels added to a graph, each after the one before (from `last`).
struct AddNodes {
  Node last;
  template <class P, class F>
  void operator()(const char* label, const P& policy, const F& f) {
    last = last.then_parallel_for(label, policy, f);
  }
};

// The node that runs after all of `preds` (the root when there are none).
Node after_all(const Node& root, const std::vector<Node>& preds) {
  using Kokkos::Experimental::when_all;
  switch (preds.size()) {
    case 0: return root;
    case 1: return preds[0];
    case 2: return when_all(preds[0], preds[1]);
    case 3: return when_all(preds[0], preds[1], preds[2]);
  }
  throw Error("a step with " + std::to_string(preds.size()) + " operand steps");
}

template <class Real>
class KokkosChain final : public Executor {
 public:
  explicit KokkosChain(const Tuning& t) : shaped_(t.gemm_shaped), graph_on_(t.cuda_graph) {
    if (t.fast_memory < 0)
      throw Error("--fast-memory " + std::to_string(t.fast_memory) + ": expected 0 (auto) or more");
  }

  void setup(const ChainData& in, const Plan& plan) override {
    graph_.reset();
    plan_ = &plan;
    inputs_.clear();
    steps_.clear();
    const std::vector<int> share = plan_concurrency(plan, plan_lanes(plan, kMaxLanes));
    for (int m = 1; m <= in.n(); ++m)
      inputs_.push_back(device_copy<Real>("hpcs::matrixchain::A" + std::to_string(m), in.matrices[std::size_t(m - 1)]));
    rows_ = in.rows;
    last_cols_ = in.cols_of(1);
    std::int64_t partial_values = 0;
    for (std::size_t k = 0; k < plan.steps.size(); ++k) {
      const Step& s = plan.steps[k];
      StepRun r;
      r.kind = s.kind;
      r.p = local_dims(s, in.rows);
      r.shape = step_shape(s, sizeof(Real), plan.fast_memory, int(k), shaped_, sizeof(Real) == 4 ? share[k] : 1);
      for (const Operand& o : s.in)
        r.in.push_back(o.input() ? inputs_[std::size_t(o.matrix - 1)] : steps_[std::size_t(o.step)].out);
      r.out = Kokkos::View<Real*>("hpcs::matrixchain::step" + std::to_string(k), std::size_t(r.p.front() * r.p.back()));
      if (s.kind == StepKind::Gemm && r.shape.path != GemmPath::Scratch) {
        r.league = league_of(registers(r).league(), int(k));
        r.team = r.shape.team;
        r.partial_at = partial_values;
        if (r.shape.splits > 1) partial_values += r.shape.splits * r.p[0] * r.p[2];
      } else if (s.kind == StepKind::Gemm) {
        const GemmKernel<Real> g = gemm(r);
        r.league = league_of(g.league(), int(k));
        r.team = team_for(g, r.shape.bytes, std::int64_t(r.shape.x / kMicro) * (r.shape.y / kMicro));
      } else {
        FusedShape<Real> f = fused(r);  // one chunk group
        const std::int64_t patch = std::int64_t(f.x / kMicro) * (f.y / kMicro);
        const std::int64_t stream =
            std::int64_t(f.wc / kMicro) * ((s.kind == StepKind::FusedLeft ? f.x : f.y) / kMicro);
        r.team = s.kind == StepKind::FusedLeft
                     ? team_for(FusedLeftKernel<Real>{f}, r.shape.bytes, std::max(patch, stream))
                     : team_for(FusedRightKernel<Real>{f}, r.shape.bytes, std::max(patch, stream));
        // Chunk groups: one wave of the teams the device runs at once (fused_resident_teams;
        // 1 group on Serial). They only move chunks between teams, so the bits depend neither
        // on the device nor on HPCS_TEST_MATRIXCHAIN_FUSED_SLOTS (fused_slots), which tests
        // use to force groups on any backend.
        r.groups = fused_chunk_groups(std::int64_t(f.row_bands) * f.col_bands, f.chunks,
                                      fused_slots(fused_resident_teams(r.team, r.shape.bytes)));
        f = fused(r);
        r.league = league_of(f.league(), int(k));
        r.sync = Kokkos::View<std::int64_t*>("hpcs::matrixchain::sync" + std::to_string(k), std::size_t(1 + r.league));
      }
      last_cols_ = r.p.back();
      steps_.push_back(std::move(r));
    }
    partial_ = Kokkos::View<Real*>(Kokkos::view_alloc("hpcs::matrixchain::k_slices", Kokkos::WithoutInitializing),
                                   std::size_t(partial_values));
    runs_ = 0;
    if (graph_on_ && !steps_.empty())
      static_cast<void>(graph_.emplace(build_graph()));  // (emplace returns the [[nodiscard]] Graph)
    Kokkos::fence();
  }

  void run() override {
    timer_.start();
    if (graph_) {
      graph_->submit();
    } else {
      LaunchNow now;
      for (const StepRun& r : steps_)
        if (r.p.front() > 0) step_kernels(r, now);  // no rows of A1 on this rank: an empty result
    }
    timer_.stop();
    Kokkos::fence();
    ++runs_;
  }

  void result(double* out) override {
    const Kokkos::View<Real*> last = steps_.empty() ? inputs_.front() : steps_.back().out;
    auto h = Kokkos::create_mirror_view(last);
    Kokkos::deep_copy(h, last);
    const std::size_t n = std::size_t(rows_ * last_cols_);
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<double>(h(i));
  }

  std::optional<double> device_seconds() const override { return timer_.seconds(); }

  std::vector<std::int64_t> chunk_groups() const override {
    std::vector<std::int64_t> g;
    for (const StepRun& r : steps_) g.push_back(r.groups.groups);
    return g;
  }

  std::string config() const override {
    if (!plan_) return "not set up";
    std::string s =
        "plan " + to_string(plan_->kind) + " M=" + std::to_string(static_cast<long long>(plan_->fast_memory)) + ":";
    if (steps_.empty()) return s + " no products (A1 is the result)";
    std::vector<int> teams;
    for (std::size_t k = 0; k < steps_.size(); ++k) {
      const StepRun& r = steps_[k];
      s += std::string(k ? ", " : " ") + to_string(r.kind) + " " + std::to_string(r.shape.x) + "x" +
           std::to_string(r.shape.y);
      if (r.kind == StepKind::Gemm) s += " (" + to_string(r.shape.path) + ")";
      if (r.shape.splits > 1) s += " k in " + std::to_string(r.shape.splits);
      if (r.groups.groups > 1) s += " chunk groups " + std::to_string(r.groups.groups);
      if (std::find(teams.begin(), teams.end(), r.team) == teams.end()) teams.push_back(r.team);
    }
    s += "; team ";
    for (std::size_t k = 0; k < teams.size(); ++k) s += (k ? "/" : "") + std::to_string(teams[k]);
    return s + ", k chunk " + std::to_string(steps_.front().shape.kc) + ", scratch level " +
           std::to_string(int(kScratchLevel)) + (graph_ ? ", Kokkos graph" : "");
  }

 private:
  struct StepRun {
    StepKind kind = StepKind::Gemm;
    std::vector<std::int64_t> p;  // local dimensions
    StepShape shape;
    std::vector<Kokkos::View<Real*>> in;
    Kokkos::View<Real*> out;
    Kokkos::View<std::int64_t*> sync;  // fused pairs: ticket counter, chunk count per team
    ChunkGroups groups;                // fused pairs: teams per T patch (per_group 0: all chunks in one)
    int league = 0, team = 1;
    std::int64_t partial_at = 0;  // a split product: its slices in partial_ from here
  };

  static GemmKernel<Real> gemm(const StepRun& r) {
    GemmKernel<Real> g;
    g.A = r.in[0].data(), g.B = r.in[1].data(), g.C = r.out.data();
    g.p0 = r.p[0], g.p1 = r.p[1], g.p2 = r.p[2];
    g.x = r.shape.x, g.y = r.shape.y, g.kc = r.shape.kc, g.work = r.shape.work;
    g.col_bands = int(ceil_div(g.p2, g.y));
    return g;
  }

  RegisterGemm<Real> registers(const StepRun& r) const {
    RegisterGemm<Real> g;
    g.A = r.in[0].data(), g.B = r.in[1].data(), g.C = r.out.data(), g.partial = partial_.data() + r.partial_at;
    g.p0 = r.p[0], g.p1 = r.p[1], g.p2 = r.p[2];
    g.x = r.shape.x, g.y = r.shape.y, g.splits = r.shape.splits, g.slice = r.shape.slice;
    return g;
  }

  // Step r's kernels, each through go(label, policy, functor): a product's GEMM (and the
  // slice sum of a split one), or a fused pair's kernel (with `zero`, after zeroing its
  // counters: a graph replays run 0, since its kernels keep the arguments they were built with).
  template <class Go>
  void step_kernels(const StepRun& r, Go& go, bool zero = false) const {
    if (r.kind != StepKind::Gemm) {
      FusedShape<Real> f = fused(r);
      f.sync = r.sync.data();
      f.run = zero ? 0 : runs_;
      if (zero) go("hpcs::matrixchain::zero_counters", Range(0, std::int64_t(r.sync.extent(0))), ZeroCounters{f.sync});
      const Policy policy = team_policy(r.league, r.team, r.shape.bytes);
      if (r.kind == StepKind::FusedLeft) go("hpcs::matrixchain::fused_left", policy, FusedLeftKernel<Real>{f});
      else go("hpcs::matrixchain::fused_right", policy, FusedRightKernel<Real>{f});
      return;
    }
    if (r.shape.path == GemmPath::Scratch)
      return go("hpcs::matrixchain::gemm", team_policy(r.league, r.team, r.shape.bytes), gemm(r));
    const RegisterGemm<Real> g = registers(r);
    with_register_kernel<Real>(r.shape.path, [&](auto kernel) {
      kernel.g = g;
      using P = typename decltype(kernel)::Policy;
      go("hpcs::matrixchain::gemm", team_policy<P>(r.league, r.team, r.shape.bytes), kernel);
    });
    if (g.splits == 1) return;
    const std::int64_t n = g.p0 * g.p2;
    go("hpcs::matrixchain::sum_slices", Range(0, n), SumSlicesKernel<Real>{g.partial, g.C, n, g.splits});
  }

  // The plan as a graph: each step after the steps it reads (so independent subtrees may run
  // at once); a step with no rows on this rank adds nothing.
  Graph build_graph() const {
    return Kokkos::Experimental::create_graph(Exec(), [&](const auto& root_ref) {
      const Node root = root_ref;
      std::vector<Node> done;  // each step's last node
      for (std::size_t k = 0; k < steps_.size(); ++k) {
        std::vector<Node> preds;
        for (const Operand& o : plan_->steps[k].in)
          if (!o.input()) preds.push_back(done[std::size_t(o.step)]);
        AddNodes nodes{after_all(root, preds)};
        if (steps_[k].p.front() > 0) step_kernels(steps_[k], nodes, true);
        done.push_back(nodes.last);
      }
    });
  }

  static FusedShape<Real> fused(const StepRun& r) {
    const bool left = r.kind == StepKind::FusedLeft;
    FusedShape<Real> f;
    f.X = r.in[0].data(), f.Y = r.in[1].data(), f.Z = r.in[2].data(), f.R = r.out.data();
    f.p0 = r.p[0], f.p1 = r.p[1], f.p2 = r.p[2], f.p3 = r.p[3];
    f.x = r.shape.x, f.y = r.shape.y, f.kc = r.shape.kc, f.wc = r.shape.wc, f.work = r.shape.work;
    f.row_bands = int(ceil_div(left ? f.p0 : f.p1, f.x));  // T's rows: along p0 (left), p1 (right)
    f.col_bands = int(ceil_div(left ? f.p2 : f.p3, f.y));  // T's columns: along p2 (left), p3 (right)
    f.chunks = ceil_div(left ? f.p3 : f.p0, f.wc);
    f.groups = r.groups.groups;
    f.per_group = r.groups.groups > 1 ? r.groups.per_group : f.chunks;
    return f;
  }

  bool shaped_ = true;          // --gemm-patch shaped
  bool graph_on_ = true;        // --cuda-graph on
  std::optional<Graph> graph_;  // the plan's kernels (built by setup)
  const Plan* plan_ = nullptr;
  Kokkos::View<Real*> partial_;  // the k slices of a split product
  std::vector<Kokkos::View<Real*>> inputs_;
  std::vector<StepRun> steps_;
  std::int64_t rows_ = 0, last_cols_ = 0;
  std::int64_t runs_ = 0;  // completed runs: the epoch of the fused pairs' counters
  KokkosDeviceTimer timer_;
};

}  // namespace

std::unique_ptr<Executor> make_executor(Precision p, const Tuning& t) {
  return make_in_precision<Executor, KokkosChain>(p, t);
}

}  // namespace hpcs::matrixchain::kokkos
