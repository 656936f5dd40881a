# hpcs_add_miniapp(<app> [PREFIX <prefix>]): everything one mini-app needs, found from its
# own folders by convention (docs/adding_a_miniapp.md). <prefix> (default <app>) names its
# files, namespace hpcs::<prefix>, and binaries <prefix>_miniapp and <prefix>_bench.
#
#   miniapps/<app>/CMakeLists.txt        hpcs_app_libraries(): hpcs_<prefix>_core (host code:
#                                        problem, reference, inputs) and hpcs_<prefix> (App hooks,
#                                        variant list), to which the backends' objects are added
#   <b>_variants/<app>/CMakeLists.txt    for each backend <b> of HPCS_BACKENDS (cuda, kokkos):
#                                        OBJECT library hpcs_<prefix>_<b> defining
#                                        register_<b>_variants() (when the backend is on)
#   inputs/<app>/gen_<prefix>.cpp        add_<prefix>_commands(CLI::App&): gen_inputs subcommands
#   tests/<app>/CMakeLists.txt           the app's tests (unit, MPI, command line, bench smoke)
#   jobscripts/slurm/<prefix>_*.sbatch   its Slurm scripts (installed; run by the slurm test)
#
# The generated <prefix>_backends.cpp defines register_backend_variants(), which calls the
# register function of every backend this build has for the app, so the app's sources never
# test HPCS_HAVE_* nor name a backend. The result is hpcs_<prefix>: the app with every
# variant of this build, which the executables and tests link.
set(HPCS_TEMPLATES ${CMAKE_CURRENT_LIST_DIR}/templates)

function(hpcs_add_miniapp app)
  if(HPCS_APPS AND NOT app IN_LIST HPCS_APPS)
    return()
  endif()
  cmake_parse_arguments(A "" "PREFIX" "" ${ARGN})
  set(p ${app})
  if(A_PREFIX)
    set(p ${A_PREFIX})
  endif()
  set(HPCS_APP ${app})
  set(HPCS_PREFIX ${p})
  set(gen ${PROJECT_BINARY_DIR}/generated/${app})
  add_subdirectory(${PROJECT_SOURCE_DIR}/miniapps/${app} ${PROJECT_BINARY_DIR}/miniapps/${app})

  set(HPCS_BACKEND_DECLS "")
  set(HPCS_BACKEND_CALLS "")
  foreach(backend ${HPCS_BACKENDS})
    string(TOUPPER ${backend} B)
    set(dir ${PROJECT_SOURCE_DIR}/${backend}_variants/${app})
    if(HPCS_HAVE_${B} AND EXISTS ${dir}/CMakeLists.txt)
      add_subdirectory(${dir} ${PROJECT_BINARY_DIR}/${backend}_variants/${app})
      target_sources(hpcs_${p} PRIVATE $<TARGET_OBJECTS:hpcs_${p}_${backend}>)
      target_link_libraries(hpcs_${p} PUBLIC hpcs::${backend}_support)
      string(APPEND HPCS_BACKEND_DECLS "void register_${backend}_variants(VariantList& list);\n")
      string(APPEND HPCS_BACKEND_CALLS "  register_${backend}_variants(list);\n")
    endif()
  endforeach()
  configure_file(${HPCS_TEMPLATES}/backends.cpp.in ${gen}/${p}_backends.cpp @ONLY)
  target_sources(hpcs_${p} PRIVATE ${gen}/${p}_backends.cpp)

  configure_file(${HPCS_TEMPLATES}/app_main.cpp.in ${gen}/${p}_main.cpp @ONLY)
  add_executable(${p}_miniapp ${gen}/${p}_main.cpp)
  target_link_libraries(${p}_miniapp PRIVATE hpcs_${p})
  install(TARGETS ${p}_miniapp RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  if(HPCS_BUILD_BENCHMARKS)
    configure_file(${HPCS_TEMPLATES}/bench_main.cpp.in ${gen}/${p}_bench.cpp @ONLY)
    add_executable(${p}_bench ${gen}/${p}_bench.cpp)
    target_include_directories(${p}_bench PRIVATE ${PROJECT_SOURCE_DIR}/benchmarks)
    target_link_libraries(${p}_bench PRIVATE hpcs_${p} benchmark::benchmark)
    install(TARGETS ${p}_bench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()

  # Installed beside the binaries: the app's job scripts (share/hpc_miniapps/jobscripts/slurm).
  file(GLOB jobscripts ${PROJECT_SOURCE_DIR}/jobscripts/slurm/${p}_*.sbatch)
  if(jobscripts)
    install(PROGRAMS ${jobscripts} DESTINATION ${HPCS_INSTALL_DATADIR}/jobscripts/slurm)
  endif()

  if(EXISTS ${PROJECT_SOURCE_DIR}/inputs/${app}/gen_${p}.cpp)
    set_property(GLOBAL APPEND PROPERTY HPCS_GEN_SOURCES ${PROJECT_SOURCE_DIR}/inputs/${app}/gen_${p}.cpp)
    set_property(GLOBAL APPEND PROPERTY HPCS_GEN_PREFIXES ${p})
    set_property(GLOBAL APPEND PROPERTY HPCS_GEN_CORES hpcs_${p}_core)
  endif()
  if(HPCS_BUILD_TESTS AND EXISTS ${PROJECT_SOURCE_DIR}/tests/${app}/CMakeLists.txt)
    add_subdirectory(${PROJECT_SOURCE_DIR}/tests/${app} ${PROJECT_BINARY_DIR}/tests/${app})
  endif()
  set_property(GLOBAL APPEND PROPERTY HPCS_APP_EXECUTABLES ${p}_miniapp)
endfunction()

# In cuda_variants/<app>/CMakeLists.txt: hpcs_cuda_variants(<prefix> <sources>...) makes the
# OBJECT library hpcs_<prefix>_cuda with the app's headers, the CUDA support headers, line
# info, and device code that calls a host function (a silent trap otherwise) as an error.
function(hpcs_cuda_variants p)
  add_library(hpcs_${p}_cuda OBJECT ${ARGN})
  target_include_directories(hpcs_${p}_cuda PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(hpcs_${p}_cuda PRIVATE hpcs_${p}_core hpcs::cuda_support)
  target_compile_options(hpcs_${p}_cuda PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo>
                         "$<$<COMPILE_LANGUAGE:CUDA>:SHELL:-Xcudafe --diag_error=20013>"
                         "$<$<COMPILE_LANGUAGE:CUDA>:SHELL:-Xcudafe --diag_error=20014>"
                         $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra>)
endfunction()

# In kokkos_variants/<app>/CMakeLists.txt: hpcs_kokkos_variants(<prefix> <sources>...) makes
# the OBJECT library hpcs_<prefix>_kokkos; only these sources see Kokkos (and, with a CUDA
# Kokkos, go through nvcc_wrapper).
function(hpcs_kokkos_variants p)
  add_library(hpcs_${p}_kokkos OBJECT ${ARGN})
  target_include_directories(hpcs_${p}_kokkos PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(hpcs_${p}_kokkos PRIVATE Kokkos::kokkos hpcs::kokkos_support hpcs_${p}_core)
  target_compile_options(hpcs_${p}_kokkos PRIVATE -Wall -Wextra)
  if(Kokkos_ENABLE_CUDA)
    target_compile_options(hpcs_${p}_kokkos PRIVATE -lineinfo "SHELL:-Xcudafe --diag_error=20013"
                                                    "SHELL:-Xcudafe --diag_error=20014")
  endif()
endfunction()

# In miniapps/<app>/CMakeLists.txt: hpcs_app_libraries(<prefix> CORE <sources>... APP <sources>...)
# makes hpcs_<prefix>_core (host code that gen_inputs, tests and backends share) and
# hpcs_<prefix> (the App hooks and the variant list; hpcs_add_miniapp adds the backends).
function(hpcs_app_libraries p)
  cmake_parse_arguments(A "" "" "CORE;APP" ${ARGN})
  add_library(hpcs_${p}_core STATIC ${A_CORE})
  target_include_directories(hpcs_${p}_core PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(hpcs_${p}_core PUBLIC hpcs::common)
  add_library(hpcs_${p} STATIC ${A_APP})
  target_link_libraries(hpcs_${p} PUBLIC hpcs_${p}_core hpcs::harness)
  foreach(t hpcs_${p}_core hpcs_${p})
    target_compile_options(${t} PRIVATE -Wall -Wextra)
  endforeach()
endfunction()
