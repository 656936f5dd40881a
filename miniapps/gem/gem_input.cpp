// SPDX-License-Identifier: BSD-3-Clause
#include "gem_input.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <unordered_map>

#include "hpcs/parallel/decomposition.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/parallel/host_memory.hpp"

namespace hpcs::gem {

namespace {
constexpr const char* kAtomFields[] = {"x", "y", "z", "charge", "radius"};
constexpr const char* kVertexFields[] = {"x", "y", "z", "nx", "ny", "nz"};

// The datasets' vectors in file order (const-ness follows the argument).
template <class A>
auto atom_fields(A& a) {
  return std::array{&a.x, &a.y, &a.z, &a.charge, &a.radius};
}
template <class V>
auto vertex_fields(V& v) {
  return std::array{&v.x, &v.y, &v.z, &v.nx, &v.ny, &v.nz};
}

// The common length of a group's 1-D float datasets.
std::uint64_t group_length(const h5::Reader& r, const std::string& group, const char* const* names, int count) {
  std::uint64_t n = 0;
  for (int k = 0; k < count; ++k) {
    const std::string name = group + "/" + names[k];
    if (!r.has_dataset(name)) throw Error(r.path() + ": no dataset '" + name + "'");
    const h5::DatasetInfo info = r.dataset_info(name);
    if (info.dims.size() != 1 || info.kind != h5::Kind::Float)
      throw Error(r.path() + ": dataset '" + name + "' holds " + info.type_name() + " in " +
                  std::to_string(info.dims.size()) + " dimensions; expected a 1-D float dataset");
    if (k > 0 && info.dims[0] != n)
      throw Error(r.path() + ": dataset '" + name + "' has " + std::to_string(info.dims[0]) + " values, '" + group +
                  "/" + names[0] + "' " + std::to_string(n));
    n = info.dims[0];
  }
  if (n == 0) throw Error(r.path() + ": '" + group + "' is empty");
  return n;
}
}  // namespace

std::optional<std::string> beyond_limit(const char* field, double value) {
  const bool charge = std::string(field) == "charge", radius = std::string(field) == "radius";
  const double limit = charge ? kMaxCharge : radius ? kMaxRadius : kMaxCoordinate;
  if (std::fabs(value) <= limit) return std::nullopt;
  char text[96];
  std::snprintf(text, sizeof text, "%s %.3g%s is beyond %s%.0e%s", field, value, charge ? " e" : " A",
                radius ? "" : "+-", limit, charge ? " e" : " A");
  return std::string(text);
}

void check_molecule(const Atoms& a, const Vertices& v, const std::string& what, std::int64_t first_vertex) {
  if (a.size() == 0) throw Error(what + ": no atoms");
  const char* fields[5] = {"x", "y", "z", "charge", "radius"};
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double values[5] = {a.x[i], a.y[i], a.z[i], a.charge[i], a.radius[i]};
    for (double x : values)
      if (!std::isfinite(x)) throw Error(what + ": atom " + std::to_string(i) + " has a value that is not finite");
    if (!(a.radius[i] >= 0))
      throw Error(what + ": atom " + std::to_string(i) + " has radius " + std::to_string(a.radius[i]));
    for (int f = 0; f < 5; ++f)
      if (auto why = beyond_limit(fields[f], values[f]))
        throw Error(what + ": atom " + std::to_string(i) + ": " + *why);
  }
  for (std::size_t k = 0; k < v.size(); ++k) {
    const std::string vertex = "vertex " + std::to_string(first_vertex + static_cast<std::int64_t>(k));
    for (double x : {v.x[k], v.y[k], v.z[k], v.nx[k], v.ny[k], v.nz[k]})
      if (!std::isfinite(x)) throw Error(what + ": " + vertex + " has a value that is not finite");
    const double xyz[3] = {v.x[k], v.y[k], v.z[k]};
    for (int f = 0; f < 3; ++f)
      if (auto why = beyond_limit(fields[f], xyz[f])) throw Error(what + ": " + vertex + ": " + *why);
    const double n = std::sqrt(v.nx[k] * v.nx[k] + v.ny[k] * v.ny[k] + v.nz[k] * v.nz[k]);
    if (std::fabs(n - 1) > 1e-6) throw Error(what + ": " + vertex + " has a normal of length " + format_one("%g", n));
  }
}

void check_vertices_clear_of_atoms(const MpiContext& mpi, const Atoms& atoms, const std::vector<double>& px,
                                   const std::vector<double>& py, const std::vector<double>& pz,
                                   std::int64_t first_vertex, const std::string& source) {
  collective(mpi, [&] {
    // Atoms in cells of 1 A; a vertex looks in the cells its +-1e-6 A box touches.
    constexpr double kTooClose = 1e-6;
    const auto cell = [](double x) { return static_cast<std::int64_t>(std::floor(x)); };
    const auto key = [](std::int64_t i, std::int64_t j, std::int64_t k) {
      return (static_cast<std::uint64_t>(i) * 73856093u) ^ (static_cast<std::uint64_t>(j) * 19349663u) ^
             (static_cast<std::uint64_t>(k) * 83492791u);
    };
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> cells;
    for (std::size_t a = 0; a < atoms.size(); ++a)
      cells[key(cell(atoms.x[a]), cell(atoms.y[a]), cell(atoms.z[a]))].push_back(a);
    for (std::size_t v = 0; v < px.size(); ++v)
      for (std::int64_t i = cell(px[v] - kTooClose); i <= cell(px[v] + kTooClose); ++i)
        for (std::int64_t j = cell(py[v] - kTooClose); j <= cell(py[v] + kTooClose); ++j)
          for (std::int64_t k = cell(pz[v] - kTooClose); k <= cell(pz[v] + kTooClose); ++k) {
            const auto it = cells.find(key(i, j, k));
            if (it == cells.end()) continue;
            for (std::size_t a : it->second) {
              const double d = std::hypot(px[v] - atoms.x[a], py[v] - atoms.y[a], pz[v] - atoms.z[a]);
              if (d < kTooClose) {
                char dist[32];
                std::snprintf(dist, sizeof dist, "%.3g", d);
                throw Error(source + ": vertex " + std::to_string(first_vertex + static_cast<std::int64_t>(v)) +
                            " (after --proj) lies on atom " + std::to_string(a) + " (distance " + dist +
                            " A): the potential there is infinite");
              }
            }
          }
  });
}

MoleculeInput slice_molecule(const MpiContext& mpi, Atoms atoms, const Vertices& all, const std::string& source) {
  MoleculeInput m;
  m.atoms = std::move(atoms);
  m.total_vertices = static_cast<std::int64_t>(all.size());
  require_share_per_rank(all.size(), mpi.size(), "surface vertices", source);
  const Block b = block_of(all.size(), mpi.size(), mpi.rank());
  m.first_vertex = static_cast<std::int64_t>(b.begin);
  for (std::uint64_t k = b.begin; k < b.end(); ++k)
    m.vertices.push_back(all.x[k], all.y[k], all.z[k], all.nx[k], all.ny[k], all.nz[k]);
  m.source = source;
  return m;
}

MoleculeInput load_molecule(const MpiContext& mpi, const std::string& path) {
  return collective(mpi, [&] {
    h5::Reader r(path, mpi.comm());
    MoleculeInput m;
    const std::uint64_t na = group_length(r, "/atoms", kAtomFields, 5);
    const std::uint64_t nv = group_length(r, "/vertices", kVertexFields, 6);
    require_share_per_rank(nv, mpi.size(), "vertices", path + ": group '/vertices'");
    const Block b = block_of(nv, mpi.size(), mpi.rank());
    // In double: declared lengths near 2^64 would wrap an integer byte count to a small one.
    const double bytes = (static_cast<double>(na) * 5 + static_cast<double>(b.count) * 6) * 8 * 2;
    check_fits_in_memory(bytes < 0x1p64 ? static_cast<std::uint64_t>(bytes) : UINT64_MAX,
                         path + ": the atoms and the vertices of a rank");
    for (int k = 0; k < 5; ++k) {
      atom_fields(m.atoms)[k]->resize(na);
      r.read_1d(std::string("/atoms/") + kAtomFields[k], 0, na, atom_fields(m.atoms)[k]->data());
    }
    for (int k = 0; k < 6; ++k) {
      vertex_fields(m.vertices)[k]->resize(b.count);
      r.read_1d(std::string("/vertices/") + kVertexFields[k], b.begin, b.count, vertex_fields(m.vertices)[k]->data());
    }
    m.total_vertices = static_cast<std::int64_t>(nv);
    m.first_vertex = static_cast<std::int64_t>(b.begin);
    m.source = r.string_attribute("/", "source").value_or(path);
    check_molecule(m.atoms, m.vertices, path, m.first_vertex);
    return m;
  });
}

void write_molecule(const std::string& path, const Atoms& atoms, const Vertices& vertices, const std::string& source,
                    double density, double probe) {
  check_molecule(atoms, vertices, path, 0);
  h5::Writer w(path);
  {
    h5::Group root = w.root();
    root.attribute("miniapp", "gem");
    root.attribute("source", source);
    root.attribute("atoms", static_cast<std::int64_t>(atoms.size()));
    root.attribute("vertices", static_cast<std::int64_t>(vertices.size()));
    root.attribute("density", density);
    root.attribute("probe", probe);
    h5::Group ga = root.group("atoms");
    for (int k = 0; k < 5; ++k) ga.dataset(kAtomFields[k], *atom_fields(atoms)[k]);
    h5::Group gv = root.group("vertices");
    for (int k = 0; k < 6; ++k) gv.dataset(kVertexFields[k], *vertex_fields(vertices)[k]);
  }
  w.commit();
}

}  // namespace hpcs::gem
