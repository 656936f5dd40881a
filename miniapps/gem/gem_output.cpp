// SPDX-License-Identifier: BSD-3-Clause
#include "gem_output.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include "hpcs/io/atomic_text_file.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/report/results_file.hpp"

namespace hpcs::gem {

namespace {
// Every rank's values, concatenated in rank order on rank 0 (empty elsewhere).
std::vector<double> gather(const MpiContext& mpi, const std::vector<double>& mine) {
  const int n = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(mpi.size())), offsets(counts.size());
  MPI_Gather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, mpi.comm());
  int total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) offsets[r] = total, total += counts[r];
  std::vector<double> all(mpi.root() ? static_cast<std::size_t>(total) : 0);
  MPI_Gatherv(mine.data(), n, MPI_DOUBLE, all.data(), counts.data(), offsets.data(), MPI_DOUBLE, 0, mpi.comm());
  return all;
}

struct Surface {
  std::vector<double> x, y, z, nx, ny, nz, phi;
};
Surface gather_surface(const MpiContext& mpi, const MoleculeInput& m, const Result& r) {
  const Vertices& v = m.vertices;
  return {gather(mpi, v.x),  gather(mpi, v.y),  gather(mpi, v.z),  gather(mpi, v.nx),
          gather(mpi, v.ny), gather(mpi, v.nz), gather(mpi, r.phi)};
}
}  // namespace

void potential_colour(double phi, double scale, unsigned char rgb[3]) {
  const double t = scale > 0 ? std::clamp(phi / scale, -1.0, 1.0) : 0.0;
  const auto level = [](double f) { return static_cast<unsigned char>(std::lround(255 * f)); };
  rgb[0] = level(t < 0 ? 1 + t : 1.0);  // red fades out towards negative
  rgb[1] = level(1 - std::fabs(t));
  rgb[2] = level(t > 0 ? 1 - t : 1.0);  // blue fades out towards positive
}

void write_potentials(const MpiContext& mpi, const std::string& path, const MoleculeInput& m, const Result& r,
                      const std::string& variant, const nlohmann::json& meta) {
  const Surface s = gather_surface(mpi, m, r);
  collective(mpi, [&] {
    if (!mpi.root()) return;
    h5::Writer w(path);
    {
      h5::Group root = w.root();
      write_json(root, meta);
      root.attribute("variant", variant);
      root.attribute("units", "kcal/(mol e)");
      h5::Group g = root.group("vertices");
      for (const auto& [name, values] :
           {std::pair{"x", &s.x}, {"y", &s.y}, {"z", &s.z}, {"nx", &s.nx}, {"ny", &s.ny}, {"nz", &s.nz}})
        g.dataset(name, *values);
      root.dataset("potential", s.phi);
    }
    w.commit();
  });
}

void write_ply(const MpiContext& mpi, const std::string& path, const MoleculeInput& m, const Result& r) {
  const Surface s = gather_surface(mpi, m, r);
  collective(mpi, [&] {
    if (!mpi.root()) return;
    write_text_file_atomically(path, [&](std::ostream& out) {
      out << "ply\nformat ascii 1.0\ncomment GEM potential in kcal/(mol e), colour saturated at +-3 RMS\n"
          << "element vertex " << s.x.size() << "\nproperty float x\nproperty float y\nproperty float z\n"
          << "property float nx\nproperty float ny\nproperty float nz\nproperty uchar red\nproperty uchar green\n"
          << "property uchar blue\nproperty float potential\nend_header\n";
      char line[256];
      for (std::size_t k = 0; k < s.x.size(); ++k) {
        unsigned char c[3];
        potential_colour(s.phi[k], 3 * r.rms, c);
        std::snprintf(line, sizeof line, "%.4f %.4f %.4f %.4f %.4f %.4f %u %u %u %.6g\n", s.x[k], s.y[k], s.z[k],
                      s.nx[k], s.ny[k], s.nz[k], c[0], c[1], c[2], s.phi[k]);
        out << line;
      }
    });
  });
}

}  // namespace hpcs::gem
