// SPDX-License-Identifier: BSD-3-Clause
// Element types, host data and the variant interface of the reduction mini-app.
// No CUDA or Kokkos types appear here: backends implement Reducer in their own folders.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hpcs::reduction {

enum class DType { Int32, Float32, Float64 };

const char* dtype_name(DType t);          // "int32", "float32", "float64"
std::size_t dtype_bytes(DType t);
DType parse_dtype(const std::string& s);  // throws hpcs::Error

// A rank's slice of the input vector.
using HostArray = std::variant<std::vector<std::int32_t>, std::vector<float>, std::vector<double>>;
DType dtype_of(const HostArray& a);
std::size_t size_of(const HostArray& a);

// A (local or global) sum. int32 inputs are summed exactly in 64-bit integers; float32
// and float64 inputs in their own type on the devices, stored here as double.
struct Sum {
  std::int64_t integer = 0;
  double real = 0;
};

// Launch shape requested by the user. Backends validate it (and say why not).
struct Tuning {
  int block = 256;   // threads per block (team size), power of two
  int grid = 0;      // RK-7 blocks; 0: enough to fill the device once
  int unroll = 4;    // RK-7 grid-stride steps whose loads are issued before they are added
};

// One variant bound to one element type. upload() is untimed (the caller keeps x alive
// and unchanged while the reducer exists); run() performs the whole reduction (every
// pass) and returns only when it is finished.
class Reducer {
 public:
  virtual ~Reducer() = default;
  virtual void upload(const HostArray& x) = 0;
  virtual void run() = 0;
  virtual Sum result() = 0;  // of the last run(); may copy one value from the device
  virtual std::optional<double> device_seconds() const { return std::nullopt; }
  virtual std::string config() const = 0;  // the effective launch shape
};

struct VariantInfo {
  std::string name;     // "cuda/rk7", "kokkos/parallel_reduce", "cpu/reference"
  std::string backend;  // "cpu", "cuda", "kokkos"
  int rk_step = 0;      // 1..7 within the RK chain of its backend; 0 outside it
  std::function<std::unique_ptr<Reducer>(DType, const Tuning&)> make;
  // Why this machine cannot run the variant (e.g. no GPU visible); nullopt if it can.
  std::function<std::optional<std::string>()> unavailable = [] { return std::optional<std::string>(); };
};
using VariantList = std::vector<VariantInfo>;

// Every variant this build has, in table order: CPU reference, CUDA, Kokkos.
VariantList all_variants();

}  // namespace hpcs::reduction
