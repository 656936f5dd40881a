# Build options. AUTO means: on when the toolchain/package is found, off (with a note) otherwise.
set(HPCS_ENABLE_CUDA AUTO CACHE STRING "Raw CUDA variants: AUTO, ON or OFF")
set(HPCS_ENABLE_KOKKOS AUTO CACHE STRING "Kokkos variants: AUTO, ON or OFF")
set_property(CACHE HPCS_ENABLE_CUDA PROPERTY STRINGS AUTO ON OFF)
set_property(CACHE HPCS_ENABLE_KOKKOS PROPERTY STRINGS AUTO ON OFF)
option(HPCS_BUILD_TESTS "Build the GoogleTest suites and register ctest entries" ON)
option(HPCS_BUILD_BENCHMARKS "Build the Google Benchmark binaries" ON)
set(HPCS_SANITIZE "" CACHE STRING "Host sanitizers, e.g. address,undefined (CUDA device code is not instrumented)")

if(HPCS_SANITIZE)
  # Host C/C++ only: nvcc does not accept -fsanitize for device code.
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${HPCS_SANITIZE}>
                      $<$<COMPILE_LANGUAGE:CXX>:-fno-omit-frame-pointer>)
  add_link_options(-fsanitize=${HPCS_SANITIZE})
endif()
# libFuzzer targets of the input readers (tests/fuzz): clang only; every host object gets
# coverage instrumentation, and HPCS_SANITIZE (the fuzz preset: address,undefined) aborts
# at the first report, so libFuzzer keeps the input that caused it.
option(HPCS_FUZZ "Build the libFuzzer targets of tests/fuzz (clang)" OFF)
if(HPCS_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "HPCS_FUZZ=ON needs clang++ (libFuzzer); use the fuzz preset")
  endif()
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link>
                      $<$<COMPILE_LANGUAGE:CXX>:-fno-sanitize-recover=all>)
endif()
# The variant backends, in the order their variants are listed. A backend <b> is built where
# HPCS_HAVE_<B> is on; it brings the target hpcs::<b>_support and, per app, an OBJECT library
# hpcs_<prefix>_<b> from <b>_variants/<app>/ defining register_<b>_variants(VariantList&).
# A HIP or SYCL backend is one more name here and its folders; no app's code changes.
set(HPCS_BACKENDS cuda kokkos)
set(HPCS_APPS "" CACHE STRING "Mini-apps to build (a ;-list of folder names; empty: all)")
