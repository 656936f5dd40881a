// SPDX-License-Identifier: BSD-3-Clause
// The one list of Jacobi variants: the CPU reference, then what the backends register,
// each behind the checks every variant shares.
#include "jacobi_variants.hpp"

#include "jacobi_distributed.hpp"
#include "jacobi_reference.hpp"

namespace hpcs::jacobi {

namespace {
// Wraps the backend's why_not (registered) in the shared checks (see all_variants()).
void add_shared_checks(Variant& v) {
  v.why_not = [backend = v.why_not, make = v.make, name = v.name](const Task& task,
                                                                  const Tuning& t) -> std::optional<std::string> {
    if (make.tiled)
      if (auto why = check_tiles(task.grid, t)) return why;
    if (auto why = backend(task, t)) return why;
    return reason_of([&] {
      check_decomposition(task.grid, task.ranks, make.halo(t), halo_source(name, make, t));
      if (task.precision == Precision::Float32) make.make_float(t);
      else make.make_double(t);
    });
  };
}
}  // namespace

Variant new_variant(const std::string& name, const std::string& backend, bool tiled) {
  Variant v;
  v.name = name;
  v.backend = backend;
  v.make.tiled = tiled;
  v.resolve = [](const Task& task, const Tuning& t) { return resolve_tiles(task.grid, t, task.precision); };
  if (tiled) v.tunings = tiled_tunings();
  return v;
}

VariantList all_variants() {
  VariantList list;
  Variant cpu = new_variant("cpu/reference", "cpu", false);
  cpu.make.make_float = [](const Tuning&) { return make_cpu_reference<float>(); };
  cpu.make.make_double = [](const Tuning&) { return make_cpu_reference<double>(); };
  list.push_back(cpu);
  register_backend_variants(list);
  for (auto& v : list) add_shared_checks(v);
  return list;
}

std::optional<std::string> unavailable(const Variant& v) {
  const Task task{Problem{2, 64, 64}, Precision::Float32, 1};
  return v.why_not(task, v.resolve(task, Tuning{}));
}

std::vector<NamedTuning<Tuning>> tiled_tunings() {
  auto out = named_values<Tuning>("tT", "tile-t", {4, 8, 16, 32});
  for (auto& t : named_values<Tuning>("threads", "threads", {128, 256, 384})) out.push_back(std::move(t));
  return out;
}

std::string halo_source(const std::string& name, const Make& make, const Tuning& t) {
  if (t.halo_depth > 0) return "--halo-depth of " + name;
  return make.tiled ? "t_T of " + name : "one-deep halo of " + name;
}

}  // namespace hpcs::jacobi
