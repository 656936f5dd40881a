// SPDX-License-Identifier: BSD-3-Clause
// Problem, grid layout and tile sizes (the tuning) of the Jacobi mini-app (no CUDA or
// Kokkos types).
//
// Layout, shared by every variant, the input/output files and the MPI blocks:
//   1D: n1 interior points 1..n1 plus the fixed boundary points 0 and n1+1, stored as a
//       column: rows() = n1 + 2, cols() = 1.
//   2D: (n1 + 2) x (n2 + 2) row-major, S2 (index j) contiguous; row 0, row n1+1, column 0
//       and column n2+1 are the fixed (Dirichlet) boundary ring.
//   3D: (n1 + 2) x (n2 + 2) x (n3 + 2) row-major, S3 (index k) contiguous, with a Dirichlet
//       boundary shell. A "row" is then one S1 plane of (n2 + 2)(n3 + 2) values, so the
//       bands, halos, files and MPI transfers, which move whole rows, serve 3D unchanged.
// S1 (rows, index i) is the hexagonally tiled dimension and the one split across ranks.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hpcs::jacobi {

enum class Precision { Float32, Float64 };
std::string to_string(Precision p);

// The update a run applies (jacobi_stencil.hpp has the expressions; docs/jacobi.md their
// sources). 1D has Jacobi only; Heat, Laplacian and Gradient are 2D, radius 1; 3D has
// Jacobi (7-point), Heat and Laplacian (Gradient stays 2D-only).
enum class Stencil { Jacobi, Heat, Laplacian, Gradient };
std::string to_string(Stencil s);  // "jacobi", "heat", "laplacian", "gradient"
// Throws hpcs::Error naming --stencil for an unknown name.
Stencil stencil_by_name(const std::string& name);
// Why `s` cannot run in `dims` dimensions (nullopt: it can), naming --stencil and where the
// dimension comes from (`source`: "--dims 1", "line.h5").
std::optional<std::string> stencil_rejects(Stencil s, int dims, const std::string& source);

struct Problem {
  int dims = 2;                       // 1: Jacobi 1D 3-point, 2: a 2D 5-point, 3: a 3D 7-point stencil
  std::int64_t n1 = 0;                // interior points along S1
  std::int64_t n2 = 1;                // interior points along S2 (1 in 1D)
  Stencil stencil = Stencil::Jacobi;  // solvers learn it from the problem they are set up on
  std::int64_t n3 = 1;                // interior points along S3 (3D only; 1 otherwise); last, so
                                      // the brace initialisers of 1D/2D problems stay valid
  std::int64_t rows() const { return n1 + 2; }
  // Values per row: 1 (1D), n2 + 2 (2D), a plane of (n2 + 2)(n3 + 2) (3D).
  std::int64_t cols() const { return dims == 1 ? 1 : dims == 2 ? n2 + 2 : (n2 + 2) * pitch(); }
  // 3D: values per S2 line, the stride of index j (S3 contiguous).
  std::int64_t pitch() const { return n3 + 2; }
  std::int64_t stored() const { return rows() * cols(); }
  std::int64_t interior() const { return n1 * (dims == 1 ? 1 : n2) * (dims == 3 ? n3 : 1); }
};

// The launch shape a run asks for: the paper's tile sizes (digest 2.2/2.3). t_T: time steps per hexagon (even); t_S1:
// the hexagon's base along S1; t_S2: the sub-prism length along S2 (2D, 3D); threads: per block / team (0: the
// variant's choice). Zero sizes mean "the default for the problem". halo_depth: rows exchanged with each neighbour rank
// per band (0: t_T for tiled variants, 1 for naive ones; Make::halo); the solvers never see it. t_S3: the sub-slab
// length along S3 (3D only; a sub-slab is t_S2 x t_S3 columns); last, so brace initialisers stay valid. slab_split:
// 3D only, the slab's S2 sub-slab rows cut into this many groups, one team / block each (--slab-split; 1: the
// thesis' one team per slab; jacobi_slab_tile.hpp).
struct Tuning {
  int t_T = 0;
  int t_S1 = 0;
  int t_S2 = 0;
  int threads = 0;
  int halo_depth = 0;
  int t_S3 = 0;
  int slab_split = 1;
};

// What a variant is asked to run (hpcs/harness/variant.hpp's Problem): the global grid, the
// precision it runs in and the number of ranks it is split over.
struct Task {
  Problem grid;
  Precision precision = Precision::Float32;
  int ranks = 1;
};

// What a run leaves: this rank's own rows (its block of the grid without halo) in the run's
// precision and, over all ranks, the interior's checksum (sum) and L2 norm in double, the
// ranks' parts added in rank order.
struct Result {
  std::variant<std::vector<float>, std::vector<double>> own;
  double checksum = 0, norm = 0;
};

// Defaults per dimension (tuned on an H200, docs/results/jacobi_h200.md).
Tuning resolve_tiles(const Problem& p, const Tuning& requested, Precision prec = Precision::Float32);

// Rules every tiled variant shares: t_T even and >= 2, t_S1 >= 1, t_S2 >= 1 (2D, 3D), t_S3 >= 1 (3D).
// Returns the reason when broken.
std::optional<std::string> check_tiles(const Problem& p, const Tuning& t);

}  // namespace hpcs::jacobi
