// SPDX-License-Identifier: BSD-3-Clause
// The CPU half of the thesis' ladder (digest section 5): cpu/serial (scalar, -O3 without
// vectorization), cpu/simd (one thread, vectorized over atoms: SSE2, AVX2 or AVX-512 as the
// CPU has them), cpu/openmp (the SIMD kernel, OpenMP threads over vertices). All three
// evaluate gem_pair.hpp's per-pair formulas with the case fixed at compile time, in the
// run's precision, so each step changes only how the same arithmetic is executed.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "gem_pair.hpp"
#include "gem_variants.hpp"

namespace hpcs::gem {

// A rank's molecule in the kernels' precision: atoms (scaled charges) and shifted vertices
// as SoA arrays, and the pair constants.
template <class Real>
struct CpuMolecule {
  std::vector<Real> ax, ay, az, q;
  std::vector<Real> px, py, pz, qx, qy, qz;
  PairConstants<Real> c;
  std::size_t atoms() const { return q.size(); }
  std::size_t vertices() const { return px.size(); }
};

template <class Real>
CpuMolecule<Real> cpu_molecule(const Inputs& in);

// The instruction sets the SIMD kernel is compiled for, widest last. Sse2 is x86-64's
// baseline (the thesis' SSE step); Default is the plain build on other CPUs.
enum class SimdIsa { Default, Sse2, Avx2, Avx512 };
const char* isa_name(SimdIsa isa);      // "default", "sse2", "avx2", "avx512f"
std::vector<SimdIsa> supported_isas();  // of this CPU, widest last
// The widest this CPU runs, or HPCS_GEM_SIMD_ISA (one of the names) where set: hpcs::Error
// if that names no ISA or one the CPU lacks.
SimdIsa chosen_isa();

// phi[k] for vertices [begin, end) of m, one thread.
template <class Real>
void serial_potentials(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end,
                       Real* phi);  // gem_cpu_serial.cpp
template <class Real>
void simd_potentials(SimdIsa isa, const CpuMolecule<Real>& m, std::size_t begin, std::size_t end,
                     Real* phi);  // gem_cpu_simd.cpp

// The evaluators (gem_cpu_ladder.cpp); threads 0: OpenMP's default (OMP_NUM_THREADS).
std::unique_ptr<Evaluator> make_cpu_serial(Precision p);
std::unique_ptr<Evaluator> make_cpu_simd(Precision p, SimdIsa isa);
std::unique_ptr<Evaluator> make_cpu_openmp(Precision p, SimdIsa isa, int threads = 0);

// cpu/serial, cpu/simd and cpu/openmp: backend cpu, steps 1-3 (the reference and cpu/hcp
// stay off the ladder).
VariantList cpu_ladder_variants();

}  // namespace hpcs::gem
