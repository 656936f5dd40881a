// SPDX-License-Identifier: BSD-3-Clause
// HPCS_HD marks a function callable from the host, CUDA kernels and Kokkos kernels,
// so the CPU reference, raw CUDA and Kokkos variants can share one arithmetic body.
#pragma once
#if defined(__CUDACC__) || defined(__HIPCC__)
#define HPCS_HD __host__ __device__
#else
#define HPCS_HD
#endif

// "#pragma unroll" for loops in shared host + device code, in nvcc's device pass (and under
// clang): GCC would warn that it ignores the pragma in every host build, nvcc's host pass of
// Kokkos sources (nvcc_wrapper) included.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__) || defined(__clang__)
#define HPCS_UNROLL _Pragma("unroll")
#else
#define HPCS_UNROLL
#endif
