# Finds every dependency once and exposes plain targets:
#   MPI::MPI_CXX, hpcs::hdf5, CLI11::CLI11, nlohmann_json::nlohmann_json,
#   Kokkos::kokkos (if HPCS_HAVE_KOKKOS), CUDA::cudart (if HPCS_HAVE_CUDA)
find_package(Threads REQUIRED)
find_package(MPI REQUIRED COMPONENTS C CXX)

# HDF5: parallel when the installed library is parallel, serial otherwise (same file layout).
set(HDF5_PREFER_PARALLEL ON)
find_package(HDF5 REQUIRED COMPONENTS C)
add_library(hpcs_hdf5 INTERFACE)
add_library(hpcs::hdf5 ALIAS hpcs_hdf5)
target_include_directories(hpcs_hdf5 SYSTEM INTERFACE ${HDF5_C_INCLUDE_DIRS} ${HDF5_INCLUDE_DIRS})
target_link_libraries(hpcs_hdf5 INTERFACE ${HDF5_C_LIBRARIES} ${HDF5_LIBRARIES})
target_compile_definitions(hpcs_hdf5 INTERFACE ${HDF5_C_DEFINITIONS} ${HDF5_DEFINITIONS})
if(HDF5_IS_PARALLEL)
  set(HPCS_HDF5_PARALLEL ON)
  target_link_libraries(hpcs_hdf5 INTERFACE MPI::MPI_C)
else()
  set(HPCS_HDF5_PARALLEL OFF)
endif()

# Header-only libraries: prefer their CMake packages, fall back to the bare headers
# (the GPU machine has the headers only when we carry them there).
find_package(CLI11 CONFIG QUIET)
if(NOT TARGET CLI11::CLI11)
  find_path(HPCS_CLI11_INCLUDE CLI/CLI.hpp REQUIRED)
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  target_include_directories(CLI11::CLI11 INTERFACE ${HPCS_CLI11_INCLUDE})
endif()
find_package(nlohmann_json 3 CONFIG QUIET)
if(NOT TARGET nlohmann_json::nlohmann_json)
  find_path(HPCS_JSON_INCLUDE nlohmann/json.hpp REQUIRED)
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${HPCS_JSON_INCLUDE})
endif()

# CUDA: on when nvcc is found (the default toolkit location is tried too).
set(HPCS_HAVE_CUDA OFF)
if(NOT HPCS_ENABLE_CUDA STREQUAL "OFF")
  if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    enable_language(CUDA)
    set(CMAKE_CUDA_STANDARD 17)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    find_package(CUDAToolkit REQUIRED)
    set(HPCS_HAVE_CUDA ON)
  elseif(HPCS_ENABLE_CUDA STREQUAL "ON")
    message(FATAL_ERROR "HPCS_ENABLE_CUDA=ON but no CUDA compiler (nvcc) was found")
  endif()
endif()

include(hpcs_kokkos)  # Kokkos: AUTO/ON/OFF, and no host-only Kokkos in a GPU build

if(HPCS_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
if(HPCS_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
endif()
