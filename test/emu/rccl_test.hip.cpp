// Emulated devices and RCCL (runtime/emu): several devices in one process, per-device memory,
// streams, events and launches, and the host-computed collectives with NCCL's semantics.
// Runs with 4 emulated devices (main sets CU2HIP_EMU_DEVICES before the first HIP call).
#include <hip/hip_runtime.h>
#include <rccl/rccl.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace {

__global__ void fill(float* p, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + (float)i;
}

// A device buffer of `n` floats on `dev`, filled from `values`.
float* deviceBuffer(int dev, const std::vector<float>& values) {
  EXPECT_EQ(hipSetDevice(dev), hipSuccess);
  float* p = nullptr;
  EXPECT_EQ(hipMalloc(&p, values.size() * sizeof(float)), hipSuccess);
  EXPECT_EQ(hipMemcpy(p, values.data(), values.size() * sizeof(float), hipMemcpyHostToDevice),
            hipSuccess);
  return p;
}

std::vector<float> read(const float* p, size_t n) {
  std::vector<float> v(n);
  EXPECT_EQ(hipMemcpy(v.data(), p, n * sizeof(float), hipMemcpyDeviceToHost), hipSuccess);
  return v;
}

// Three ranks on devices 2, 0, 1 (rank r on devlist[r]), one stream each.
struct Three {
  const int devlist[3] = {2, 0, 1};
  ncclComm_t comms[3] = {};
  hipStream_t streams[3] = {};
  Three() {
    EXPECT_EQ(ncclCommInitAll(comms, 3, devlist), ncclSuccess);
    for (int r = 0; r < 3; ++r) {
      EXPECT_EQ(hipSetDevice(devlist[r]), hipSuccess);
      EXPECT_EQ(hipStreamCreate(&streams[r]), hipSuccess);
    }
  }
  ~Three() {
    for (int r = 0; r < 3; ++r) {
      hipSetDevice(devlist[r]);
      hipStreamDestroy(streams[r]);
      ncclCommDestroy(comms[r]);
    }
    hipSetDevice(0);
  }
  // One grouped ncclAllReduce per rank; returns ncclGroupEnd's result.
  ncclResult_t allReduce(float* const* send, float* const* recv, size_t n, ncclRedOp_t op) {
    EXPECT_EQ(ncclGroupStart(), ncclSuccess);
    for (int r = 0; r < 3; ++r) {
      hipSetDevice(devlist[r]);
      EXPECT_EQ(ncclAllReduce(send[r], recv[r], n, ncclFloat, op, comms[r], streams[r]),
                ncclSuccess);
    }
    return ncclGroupEnd();
  }
};

TEST(EmuDevices, CountSetGetAndPointerDevice) {
  int n = 0;
  ASSERT_EQ(hipGetDeviceCount(&n), hipSuccess);
  EXPECT_EQ(n, 4);
  EXPECT_EQ(hipSetDevice(4), hipErrorInvalidDevice);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidDevice);
  ASSERT_EQ(hipSetDevice(3), hipSuccess);
  int d = -1;
  ASSERT_EQ(hipGetDevice(&d), hipSuccess);
  EXPECT_EQ(d, 3);
  float* p = nullptr;
  ASSERT_EQ(hipMalloc(&p, 64), hipSuccess);
  hipPointerAttribute_t a;
  ASSERT_EQ(hipPointerGetAttributes(&a, p + 3), hipSuccess);
  EXPECT_EQ(a.device, 3);
  EXPECT_EQ(a.type, 2);
  hipDeviceProp_t prop;
  EXPECT_EQ(hipGetDeviceProperties(&prop, 3), hipSuccess);
  EXPECT_EQ(prop.pciBusID, 3);
  EXPECT_EQ(hipGetDeviceProperties(&prop, 4), hipErrorInvalidDevice);
  hipFree(p);
  hipSetDevice(0);
  hipGetLastError();
}

TEST(EmuDevices, PeerCopyChecksDevices) {
  float* a = deviceBuffer(0, {1, 2, 3, 4});
  float* b = deviceBuffer(1, {0, 0, 0, 0});
  ASSERT_EQ(hipMemcpyPeer(b, 1, a, 0, 4 * sizeof(float)), hipSuccess);
  EXPECT_EQ(read(b, 4), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(hipMemcpyPeer(b, 0, a, 0, 4 * sizeof(float)), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpyPeer(b, 1, a, 0, 5 * sizeof(float)), hipErrorInvalidValue);
  int can = -1;
  EXPECT_EQ(hipDeviceCanAccessPeer(&can, 0, 1), hipSuccess);
  EXPECT_EQ(can, 1);
  EXPECT_EQ(hipDeviceCanAccessPeer(&can, 2, 2), hipSuccess);
  EXPECT_EQ(can, 0);
  hipFree(a);
  hipFree(b);
  hipGetLastError();
}

TEST(EmuDevices, LaunchNeedsOwnStreamAndPeerAccess) {
  float* on0 = deviceBuffer(0, {-1, -1, -1, -1});
  hipStream_t s0;
  ASSERT_EQ(hipStreamCreate(&s0), hipSuccess);
  // device 1 writing device 0's memory without peer access: refused, memory unchanged
  ASSERT_EQ(hipSetDevice(1), hipSuccess);
  hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, 0, on0, 4, 10.0f);
  EXPECT_EQ(hipGetLastError(), hipErrorIllegalAddress);
  EXPECT_EQ(read(on0, 4), (std::vector<float>{-1, -1, -1, -1}));
  // a stream of device 0 used while device 1 is current
  hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, s0, on0, 4, 10.0f);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidResourceHandle);
  // an event of device 1 recorded on a stream of device 0
  hipEvent_t e1;
  ASSERT_EQ(hipEventCreate(&e1), hipSuccess);
  EXPECT_EQ(hipEventRecord(e1, s0), hipErrorInvalidResourceHandle);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidResourceHandle);
  EXPECT_EQ(hipEventRecord(e1, nullptr), hipSuccess);
  // with peer access the same launch runs
  ASSERT_EQ(hipDeviceEnablePeerAccess(0, 0), hipSuccess);
  EXPECT_EQ(hipDeviceEnablePeerAccess(0, 0), hipErrorPeerAccessAlreadyEnabled);
  EXPECT_EQ(hipGetLastError(), hipErrorPeerAccessAlreadyEnabled);
  hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, 0, on0, 4, 10.0f);
  EXPECT_EQ(hipGetLastError(), hipSuccess);
  EXPECT_EQ(read(on0, 4), (std::vector<float>{10, 11, 12, 13}));
  ASSERT_EQ(hipDeviceDisablePeerAccess(0), hipSuccess);
  hipEventDestroy(e1);
  ASSERT_EQ(hipSetDevice(0), hipSuccess);
  hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, s0, on0, 4, 20.0f);
  EXPECT_EQ(hipGetLastError(), hipSuccess);
  EXPECT_EQ(read(on0, 4), (std::vector<float>{20, 21, 22, 23}));
  hipStreamDestroy(s0);
  hipFree(on0);
}

TEST(EmuRccl, CommunicatorQueries) {
  Three t;
  for (int r = 0; r < 3; ++r) {
    int count = 0, dev = -1, rank = -1;
    EXPECT_EQ(ncclCommCount(t.comms[r], &count), ncclSuccess);
    EXPECT_EQ(ncclCommCuDevice(t.comms[r], &dev), ncclSuccess);
    EXPECT_EQ(ncclCommUserRank(t.comms[r], &rank), ncclSuccess);
    EXPECT_EQ(count, 3);
    EXPECT_EQ(dev, t.devlist[r]);
    EXPECT_EQ(rank, r);
  }
  int v = 0;
  EXPECT_EQ(ncclGetVersion(&v), ncclSuccess);
  EXPECT_EQ(v, 22707);
  ncclComm_t dup[2];
  const int twice[2] = {1, 1};
  EXPECT_EQ(ncclCommInitAll(dup, 2, twice), ncclInvalidUsage);
  const int missing[2] = {0, 4};
  EXPECT_EQ(ncclCommInitAll(dup, 2, missing), ncclInvalidArgument);
}

TEST(EmuRccl, AllReduceSumOutOfPlaceAndInPlace) {
  Three t;
  float *send[3], *recv[3];
  for (int r = 0; r < 3; ++r) {
    send[r] = deviceBuffer(t.devlist[r], {1.0f + r, 10.0f * r, -2.5f, 0.25f * r});
    recv[r] = deviceBuffer(t.devlist[r], {0, 0, 0, 0});
  }
  ASSERT_EQ(t.allReduce(send, recv, 4, ncclSum), ncclSuccess);
  for (int r = 0; r < 3; ++r) {
    hipSetDevice(t.devlist[r]);
    EXPECT_EQ(read(recv[r], 4), (std::vector<float>{6.0f, 30.0f, -7.5f, 0.75f}));
    EXPECT_EQ(read(send[r], 4), (std::vector<float>{1.0f + r, 10.0f * r, -2.5f, 0.25f * r}));
  }
  ASSERT_EQ(t.allReduce(recv, recv, 4, ncclSum), ncclSuccess); // in place
  for (int r = 0; r < 3; ++r)
    EXPECT_EQ(read(recv[r], 4), (std::vector<float>{18.0f, 90.0f, -22.5f, 2.25f}));
  for (int r = 0; r < 3; ++r) {
    hipFree(send[r]);
    hipFree(recv[r]);
  }
}

TEST(EmuRccl, AllReduceProdMaxMin) {
  Three t;
  float *buf[3], *out[3];
  const std::vector<float> in[3] = {{2, -1, 5}, {3, 4, -6}, {0.5f, 2, 1}};
  const struct {
    ncclRedOp_t op;
    std::vector<float> want;
  } cases[] = {{ncclProd, {3, -8, -30}}, {ncclMax, {3, 4, 5}}, {ncclMin, {0.5f, -1, -6}}};
  for (int r = 0; r < 3; ++r) {
    buf[r] = deviceBuffer(t.devlist[r], in[r]);
    out[r] = deviceBuffer(t.devlist[r], {0, 0, 0});
  }
  for (const auto& c : cases) {
    ASSERT_EQ(t.allReduce(buf, out, 3, c.op), ncclSuccess);
    for (int r = 0; r < 3; ++r)
      EXPECT_EQ(read(out[r], 3), c.want) << "op " << (int)c.op << " rank " << r;
  }
  for (int r = 0; r < 3; ++r) {
    hipFree(buf[r]);
    hipFree(out[r]);
  }
}

// NCCL's ncclAvg on floats multiplies each rank's value by float(1/nranks) and sums; for
// 0.125, 0.125, 0.375 that differs from summing and then dividing by 3.
TEST(EmuRccl, AllReduceAvgPreMultiplies) {
  Three t;
  float* buf[3];
  const float x[3] = {0.125f, 0.125f, 0.375f};
  for (int r = 0; r < 3; ++r)
    buf[r] = deviceBuffer(t.devlist[r], {x[r], 3.0f * (r + 1)});
  ASSERT_EQ(t.allReduce(buf, buf, 2, ncclAvg), ncclSuccess);
  volatile float third = (float)(1.0 / 3.0);
  volatile float pre = x[0] * third;
  pre = pre + x[1] * third;
  pre = pre + x[2] * third;
  volatile float sum = x[0] + x[1];
  sum = sum + x[2];
  volatile float post = sum / 3.0f;
  ASSERT_NE(pre, post); // the case tells the two definitions apart
  for (int r = 0; r < 3; ++r) {
    std::vector<float> got = read(buf[r], 2);
    EXPECT_EQ(got[0], pre) << "rank " << r;
    EXPECT_EQ(got[1], 6.0f) << "rank " << r; // (3 + 6 + 9) / 3, exact either way
    hipFree(buf[r]);
  }
}

TEST(EmuRccl, BroadcastOutOfPlaceAndInPlace) {
  Three t;
  float *send[3], *recv[3];
  for (int r = 0; r < 3; ++r) {
    send[r] = r == 1 ? deviceBuffer(t.devlist[r], {7, 8, 9}) : nullptr; // used on the root only
    recv[r] = deviceBuffer(t.devlist[r], {-1, -1, -1});
  }
  ASSERT_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < 3; ++r)
    ASSERT_EQ(ncclBroadcast(send[r], recv[r], 3, ncclFloat, 1, t.comms[r], t.streams[r]),
              ncclSuccess);
  ASSERT_EQ(ncclGroupEnd(), ncclSuccess);
  for (int r = 0; r < 3; ++r)
    EXPECT_EQ(read(recv[r], 3), (std::vector<float>{7, 8, 9}));
  // in place from root 2 (ncclBcast), after changing the root's data
  ASSERT_EQ(hipSetDevice(t.devlist[2]), hipSuccess);
  hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, t.streams[2], recv[2], 3, 100.0f);
  ASSERT_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < 3; ++r)
    ASSERT_EQ(ncclBcast(recv[r], 3, ncclFloat, 2, t.comms[r], t.streams[r]), ncclSuccess);
  ASSERT_EQ(ncclGroupEnd(), ncclSuccess);
  for (int r = 0; r < 3; ++r)
    EXPECT_EQ(read(recv[r], 3), (std::vector<float>{100, 101, 102}));
  for (int r = 0; r < 3; ++r) {
    hipFree(send[r]);
    hipFree(recv[r]);
  }
}

TEST(EmuRccl, UniqueIdInitRankInGroup) {
  ncclUniqueId id;
  ASSERT_EQ(ncclGetUniqueId(&id), ncclSuccess);
  ncclComm_t c[2];
  const int dev[2] = {3, 1};
  ASSERT_EQ(hipSetDevice(3), hipSuccess);
  EXPECT_EQ(ncclCommInitRank(&c[0], 2, id, 0), ncclInvalidUsage); // outside a group
  ASSERT_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < 2; ++r) {
    ASSERT_EQ(hipSetDevice(dev[r]), hipSuccess);
    ASSERT_EQ(ncclCommInitRank(&c[r], 2, id, r), ncclSuccess);
  }
  ASSERT_EQ(ncclGroupEnd(), ncclSuccess);
  float* b[2];
  for (int r = 0; r < 2; ++r) {
    int d = -1;
    EXPECT_EQ(ncclCommCuDevice(c[r], &d), ncclSuccess);
    EXPECT_EQ(d, dev[r]);
    b[r] = deviceBuffer(dev[r], {1.5f * (r + 1)});
  }
  ASSERT_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < 2; ++r) {
    hipSetDevice(dev[r]);
    ASSERT_EQ(ncclAllReduce(b[r], b[r], 1, ncclFloat, ncclSum, c[r], nullptr), ncclSuccess);
  }
  ASSERT_EQ(ncclGroupEnd(), ncclSuccess);
  for (int r = 0; r < 2; ++r) {
    EXPECT_EQ(read(b[r], 1), (std::vector<float>{4.5f}));
    hipFree(b[r]);
    ncclCommDestroy(c[r]);
  }
  // a group in which only one of two ranks joins
  ncclUniqueId id2;
  ASSERT_EQ(ncclGetUniqueId(&id2), ncclSuccess);
  ncclComm_t lone;
  ASSERT_EQ(ncclGroupStart(), ncclSuccess);
  ASSERT_EQ(ncclCommInitRank(&lone, 2, id2, 0), ncclSuccess);
  EXPECT_EQ(ncclGroupEnd(), ncclInvalidUsage);
  EXPECT_NE(std::string(ncclGetLastError(lone)).find("only 1 of 2 ranks"), std::string::npos);
  ncclCommDestroy(lone);
  hipSetDevice(0);
}

TEST(EmuRccl, SingleRankRunsOutsideAGroup) {
  ncclComm_t c;
  const int dev = 2;
  ASSERT_EQ(ncclCommInitAll(&c, 1, &dev), ncclSuccess);
  float* b = deviceBuffer(2, {1, 2});
  EXPECT_EQ(ncclAllReduce(b, b, 2, ncclFloat, ncclAvg, c, nullptr), ncclSuccess);
  EXPECT_EQ(read(b, 2), (std::vector<float>{1, 2}));
  hipFree(b);
  ncclCommDestroy(c);
  hipSetDevice(0);
}

// Every refused call leaves every buffer as it was.
TEST(EmuRccl, ErrorsNameTheCallAndRunNothing) {
  Three t;
  float* buf[3];
  float* host = nullptr;
  ASSERT_EQ(hipHostMalloc(&host, 16), hipSuccess);
  for (int r = 0; r < 3; ++r)
    buf[r] = deviceBuffer(t.devlist[r], {1, 2, 3, 4});
  auto unchanged = [&]() {
    for (int r = 0; r < 3; ++r)
      EXPECT_EQ(read(buf[r], 4), (std::vector<float>{1, 2, 3, 4})) << "rank " << r;
  };
  auto last = [&](int r) { return std::string(ncclGetLastError(t.comms[r])); };
  // several ranks, no group
  hipSetDevice(t.devlist[0]);
  EXPECT_EQ(ncclAllReduce(buf[0], buf[0], 4, ncclFloat, ncclSum, t.comms[0], t.streams[0]),
            ncclInvalidUsage);
  EXPECT_NE(last(0).find("ncclAllReduce"), std::string::npos);
  EXPECT_NE(last(0).find("ncclGroupStart"), std::string::npos);
  unchanged();
  // a group leaving rank 2 out
  ASSERT_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < 2; ++r)
    ASSERT_EQ(ncclAllReduce(buf[r], buf[r], 4, ncclFloat, ncclSum, t.comms[r], t.streams[r]),
              ncclSuccess);
  EXPECT_EQ(ncclGroupEnd(), ncclInvalidUsage);
  EXPECT_NE(std::string(ncclGetLastError(nullptr)).find("not for rank 2"), std::string::npos);
  unchanged();
  // ranks disagreeing on the count
  ASSERT_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < 3; ++r)
    ASSERT_EQ(ncclAllReduce(buf[r], buf[r], r == 1 ? 3 : 4, ncclFloat, ncclSum, t.comms[r],
                            t.streams[r]),
              ncclSuccess);
  EXPECT_EQ(ncclGroupEnd(), ncclInvalidUsage);
  EXPECT_NE(std::string(ncclGetLastError(nullptr)).find("differs between ranks"),
            std::string::npos);
  unchanged();
  // a buffer of another device, host memory, too small, a stream of another device
  ASSERT_EQ(ncclGroupStart(), ncclSuccess);
  EXPECT_EQ(ncclAllReduce(buf[1], buf[1], 4, ncclFloat, ncclSum, t.comms[0], t.streams[0]),
            ncclInvalidArgument);
  EXPECT_NE(last(0).find("memory of device 0, the communicator's device is 2"),
            std::string::npos);
  EXPECT_EQ(ncclAllReduce(host, buf[0], 4, ncclFloat, ncclSum, t.comms[0], t.streams[0]),
            ncclInvalidArgument);
  EXPECT_EQ(ncclAllReduce(buf[0], buf[0], 5, ncclFloat, ncclSum, t.comms[0], t.streams[0]),
            ncclInvalidArgument);
  EXPECT_EQ(ncclAllReduce(buf[0], buf[0], 4, ncclFloat, ncclSum, t.comms[0], t.streams[1]),
            ncclInvalidArgument);
  EXPECT_EQ(ncclAllReduce(buf[0], buf[0], 4, ncclInt32, ncclSum, t.comms[0], t.streams[0]),
            ncclInvalidUsage);
  EXPECT_NE(last(0).find("ncclInt32"), std::string::npos);
  for (int r = 0; r < 3; ++r)
    ASSERT_EQ(ncclAllReduce(buf[r], buf[r], 4, ncclFloat, ncclSum, t.comms[r], t.streams[r]),
              ncclSuccess);
  EXPECT_EQ(ncclGroupEnd(), ncclInvalidArgument); // the group's first error; nothing runs
  unchanged();
  // collectives that are not emulated
  EXPECT_EQ(ncclAllGather(buf[0], buf[0], 1, ncclFloat, t.comms[0], t.streams[0]),
            ncclInvalidUsage);
  EXPECT_NE(std::string(ncclGetLastError(nullptr)).find("ncclAllGather"), std::string::npos);
  EXPECT_EQ(ncclGroupEnd(), ncclInvalidUsage); // no group open
  for (int r = 0; r < 3; ++r)
    hipFree(buf[r]);
  hipHostFree(host);
}

} // namespace

int main(int argc, char** argv) {
  setenv("CU2HIP_EMU_DEVICES", "4", 1);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
