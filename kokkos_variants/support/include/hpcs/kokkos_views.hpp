// SPDX-License-Identifier: BSD-3-Clause
// Host <-> device copies for Kokkos variants. Include from Kokkos sources only.
#pragma once
#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

namespace hpcs {

// Whether Kokkos' default memory space is host memory (Serial, OpenMP, Threads): a view
// there is a second host copy of what a variant uploads (Variant::host_copies).
constexpr bool views_in_host_memory() {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace, Kokkos::DefaultExecutionSpace::memory_space>::accessible;
}

// A device copy of a host vector (a deep copy through an unmanaged host view).
template <class T>
Kokkos::View<T*> to_device(const std::string& label, const std::vector<T>& host) {
  Kokkos::View<T*> device(Kokkos::view_alloc(label, Kokkos::WithoutInitializing), host.size());
  Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> h(host.data(), host.size());
  Kokkos::deep_copy(device, h);
  return device;
}

// One element of a device view, copied to the host.
template <class T>
T element(const Kokkos::View<T*>& v, std::size_t i) {
  T value{};
  Kokkos::View<T, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> h(&value);
  Kokkos::deep_copy(h, Kokkos::subview(v, i));
  return value;
}

}  // namespace hpcs
