// SPDX-License-Identifier: BSD-3-Clause
// cpu/simd's kernel: per vertex, the sum over atoms as an OpenMP SIMD reduction (lanes take
// consecutive atoms, then add up), compiled once per instruction set with target(...)
// attributes and chosen at run time, so a build without -march=native still runs AVX2 or
// AVX-512 where the CPU has them. Division and sqrt are the IEEE instructions in every
// width (-fno-math-errno lets GCC vectorize sqrt, miniapps/gem/CMakeLists.txt); region 3
// with salt calls expf, which has no vector version without -ffast-math, so that case stays
// scalar here.
#include <cstdlib>
#include <string>

#include "gem_cpu_kernel.hpp"
#include "hpcs/base/error.hpp"

#if defined(__x86_64__) || defined(__i386__)
#define HPCS_GEM_X86 1
#endif

namespace hpcs::gem {

namespace {
struct SimdLoop {
  template <int R, bool S, int P, class Real>
  static HPCS_GEM_INLINE void range(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end, Real* phi) {
    const std::size_t n = m.atoms();
    const Real *ax = m.ax.data(), *ay = m.ay.data(), *az = m.az.data(), *q = m.q.data();
    const PairConstants<Real> c = m.c;
    for (std::size_t k = begin; k < end; ++k) {
      const Real px = m.px[k], py = m.py[k], pz = m.pz[k], qx = m.qx[k], qy = m.qy[k], qz = m.qz[k];
      Real sum = 0;
#pragma omp simd reduction(+ : sum)
      for (std::size_t i = 0; i < n; ++i)
        sum += cpu::pair_contribution<R, S, P>(c, ax, ay, az, q, i, px, py, pz, qx, qy, qz);
      phi[k] = sum;
    }
  }
};

template <class Real>
void run_baseline(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end, Real* phi) {
  cpu::by_case<SimdLoop>(m, begin, end, phi);
}

#ifdef HPCS_GEM_X86
template <class Real>
__attribute__((target("avx2"))) void run_avx2(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end,
                                              Real* phi) {
  cpu::by_case<SimdLoop>(m, begin, end, phi);
}

// GCC's generic tuning may keep 256-bit vectors under AVX-512; ask for the full width.
#if defined(__clang__)
#define HPCS_GEM_AVX512 "avx512f"
#else
#define HPCS_GEM_AVX512 "avx512f,prefer-vector-width=512"
#endif
template <class Real>
__attribute__((target(HPCS_GEM_AVX512))) void run_avx512(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end,
                                                         Real* phi) {
  cpu::by_case<SimdLoop>(m, begin, end, phi);
}
#endif
}  // namespace

const char* isa_name(SimdIsa isa) {
  switch (isa) {
    case SimdIsa::Sse2: return "sse2";
    case SimdIsa::Avx2: return "avx2";
    case SimdIsa::Avx512: return "avx512f";
    default: return "default";
  }
}

std::vector<SimdIsa> supported_isas() {
#ifdef HPCS_GEM_X86
  std::vector<SimdIsa> out{SimdIsa::Sse2};  // x86-64's baseline: the plain build's vectors
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2")) out.push_back(SimdIsa::Avx2);
  if (__builtin_cpu_supports("avx512f")) out.push_back(SimdIsa::Avx512);
  return out;
#else
  return {SimdIsa::Default};
#endif
}

SimdIsa chosen_isa() {
  const std::vector<SimdIsa> have = supported_isas();
  const char* env = std::getenv("HPCS_GEM_SIMD_ISA");
  if (!env || !*env) return have.back();
  std::string names;
  for (SimdIsa isa : have) {
    if (env == std::string(isa_name(isa))) return isa;
    names += std::string(names.empty() ? "" : ", ") + isa_name(isa);
  }
  throw Error(std::string("HPCS_GEM_SIMD_ISA=") + env + ": this CPU runs " + names);
}

template <class Real>
void simd_potentials(SimdIsa isa, const CpuMolecule<Real>& m, std::size_t begin, std::size_t end, Real* phi) {
#ifdef HPCS_GEM_X86
  if (isa == SimdIsa::Avx512) return run_avx512(m, begin, end, phi);
  if (isa == SimdIsa::Avx2) return run_avx2(m, begin, end, phi);
#endif
  (void)isa;
  run_baseline(m, begin, end, phi);
}

template void simd_potentials(SimdIsa, const CpuMolecule<float>&, std::size_t, std::size_t, float*);
template void simd_potentials(SimdIsa, const CpuMolecule<double>&, std::size_t, std::size_t, double*);

}  // namespace hpcs::gem
