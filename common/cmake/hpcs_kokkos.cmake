# Kokkos: Debian's 3.4 (Serial) in CI, a 4.x CUDA build on the GPU machine. Sets
# HPCS_HAVE_KOKKOS and HPCS_KOKKOS_NOTE (why it is off, for the summary).
#   HPCS_ENABLE_KOKKOS=AUTO  used when found; none found: Kokkos variants off, with a note
#   HPCS_ENABLE_KOKKOS=ON    required
# A GPU build (HPCS_ENABLE_CUDA=ON, as in the gpu preset) wants its Kokkos variants on the
# GPU: a host-only Kokkos (no Kokkos_ENABLE_CUDA) there would time serial host loops beside
# the CUDA kernels under the same names, so it is refused: an error with ON, a warning and
# no Kokkos variants with AUTO.
set(HPCS_HAVE_KOKKOS OFF)
set(HPCS_KOKKOS_NOTE "HPCS_ENABLE_KOKKOS=OFF")
if(HPCS_ENABLE_KOKKOS STREQUAL "OFF")
  return()
endif()
if(HPCS_ENABLE_KOKKOS STREQUAL "ON")
  find_package(Kokkos CONFIG REQUIRED)
else()
  find_package(Kokkos CONFIG QUIET)
endif()

if(NOT TARGET Kokkos::kokkos)
  set(HPCS_KOKKOS_NOTE "no Kokkos found; set KOKKOS_ROOT (gpu preset) or Kokkos_ROOT to a Kokkos install")
  message(STATUS "Kokkos variants are OFF: ${HPCS_KOKKOS_NOTE}")
  return()
endif()
if(HPCS_ENABLE_CUDA STREQUAL "ON" AND NOT Kokkos_ENABLE_CUDA)
  string(REPLACE ";" "," _kk_devices "${Kokkos_DEVICES}")
  string(CONCAT _kk_problem "the Kokkos found (${Kokkos_VERSION} in ${Kokkos_DIR}, devices ${_kk_devices}) is "
                "host-only (no Kokkos_ENABLE_CUDA), but this is a GPU build (HPCS_ENABLE_CUDA=ON): its Kokkos "
                "variants would run on the host. Point KOKKOS_ROOT at a Kokkos built with -DKokkos_ENABLE_CUDA=ON")
  if(HPCS_ENABLE_KOKKOS STREQUAL "ON")
    message(FATAL_ERROR "HPCS_ENABLE_KOKKOS=ON: ${_kk_problem}, or configure with -DHPCS_ENABLE_KOKKOS=AUTO "
                        "to build without Kokkos variants.")
  endif()
  message(WARNING "Kokkos variants are OFF: ${_kk_problem} (-DHPCS_ENABLE_KOKKOS=OFF silences this).")
  set(HPCS_KOKKOS_NOTE "host-only Kokkos ${Kokkos_VERSION} (${_kk_devices}) refused in a GPU build")
  return()
endif()
if(Kokkos_ENABLE_CUDA AND NOT HPCS_HAVE_CUDA)
  message(FATAL_ERROR "Kokkos was built with CUDA but the CUDA language is not enabled")
endif()
set(HPCS_HAVE_KOKKOS ON)

# Debian's TriBITS-made config points at <prefix>/lib/include, which does not exist:
# replace missing include directories by the ones the package advertises.
get_target_property(_kk_inc Kokkos::kokkos INTERFACE_INCLUDE_DIRECTORIES)
if(_kk_inc)
  set(_kk_fixed "")
  foreach(_d IN LISTS _kk_inc)
    if(_d MATCHES "^\\$<" OR EXISTS "${_d}")
      list(APPEND _kk_fixed "${_d}")
    endif()
  endforeach()
  if(NOT _kk_fixed STREQUAL _kk_inc)
    list(APPEND _kk_fixed ${Kokkos_INCLUDE_DIRS})
    set_target_properties(Kokkos::kokkos PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_kk_fixed}")
  endif()
endif()
if(Kokkos_ENABLE_CUDA)
  set(CMAKE_CUDA_RUNTIME_LIBRARY Shared)  # one CUDA runtime in the process, Kokkos' own
endif()
