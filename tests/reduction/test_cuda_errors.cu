// SPDX-License-Identifier: BSD-3-Clause
// CUDA failures become one-line hpcs::Error messages: out of GPU memory (with the size and
// the free memory), a failing runtime call (with the call and file:line), and a bad launch
// caught by the check after it. Skips with the reason when no GPU is visible.
#include <gtest/gtest.h>

#include <string>

#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/parallel/gpu.hpp"

namespace {

__global__ void noop() {}

#define SKIP_WITHOUT_GPU() \
  if (!hpcs::current_gpu().device) GTEST_SKIP() << "no GPU: " << hpcs::current_gpu().reason

TEST(CudaErrors, OutOfGpuMemoryIsOneReadableLine) {
  SKIP_WITHOUT_GPU();
  try {
    hpcs::cuda::DeviceBuffer<float> huge(std::size_t{1} << 48);  // 1 PiB
    ADD_FAILURE() << "a 1 PiB allocation succeeded";
  } catch (const hpcs::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("out of GPU memory"), std::string::npos) << m;
    EXPECT_NE(m.find("GiB free"), std::string::npos) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  }
  hpcs::cuda::DeviceBuffer<float> ok(1024);  // the device is still usable afterwards
  EXPECT_NE(ok.get(), nullptr);
}

TEST(CudaErrors, FailedCallNamesTheCallAndPlace) {
  SKIP_WITHOUT_GPU();
  try {
    HPCS_CUDA_CHECK(cudaSetDevice(1 << 20));
    ADD_FAILURE() << "cudaSetDevice(1 << 20) succeeded";
  } catch (const hpcs::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("cudaSetDevice"), std::string::npos) << m;
    EXPECT_NE(m.find("test_cuda_errors.cu:"), std::string::npos) << m;
  }
  HPCS_CUDA_CHECK(cudaSetDevice(hpcs::current_gpu().device->index));
}

TEST(CudaErrors, BadLaunchIsCaughtAfterTheLaunch) {
  SKIP_WITHOUT_GPU();
  noop<<<1, 4096>>>();  // more threads per block than any GPU allows
  EXPECT_THROW(HPCS_CUDA_CHECK_LAUNCH(), hpcs::Error);
  noop<<<1, 32>>>();
  EXPECT_NO_THROW(HPCS_CUDA_CHECK_LAUNCH());
  EXPECT_NO_THROW(HPCS_CUDA_CHECK(cudaDeviceSynchronize()));
}

}  // namespace
