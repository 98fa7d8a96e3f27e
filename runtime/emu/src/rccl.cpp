// cu2hip CPU SIMT emulator: RCCL (<rccl/rccl.h>) between the emulated devices of one
// process, computed on the host.
//
// Model: one host thread drives every rank. A collective runs when each rank of its
// communicator has called it: calls inside ncclGroupStart/ncclGroupEnd are queued and run at
// the outermost ncclGroupEnd, call k of every rank of a communicator together; a call on a
// communicator of one rank runs at once. Device work is synchronous in the emulator, so every
// input is complete when a collective runs, and work issued after ncclGroupEnd sees its
// results: stream order as on a GPU. Calls for several ranks outside a group would block in
// NCCL (the first call waits for the others): here they are an error.
#include <rccl/rccl.h>

#include "devices.h"

#include <atomic>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

struct Clique;

}  // namespace

struct ncclComm {
  std::shared_ptr<Clique> clique;
  int rank = 0;
  int device = 0;
  std::string last_error;
};

namespace {

// The communicators of one clique (one ncclCommInitAll or one unique id), by rank.
struct Clique {
  int nranks = 0;
  int joined = 0;
  std::vector<ncclComm*> members;
  bool complete() const { return joined == nranks; }
};

enum class Coll { AllReduce, Broadcast };

struct Call {
  Coll coll;
  const char* name;
  const void* send;
  void* recv;
  size_t count;
  ncclDataType_t type;
  ncclRedOp_t op;
  int root;
  ncclComm* comm;
};

std::string g_last_error;
thread_local int tl_group_depth = 0;
thread_local std::vector<Call> tl_calls;
thread_local std::vector<ncclComm*> tl_inits;
thread_local ncclResult_t tl_group_error = ncclSuccess;

std::map<std::string, std::shared_ptr<Clique>>& pending_ids() {
  static std::map<std::string, std::shared_ptr<Clique>> m;
  return m;
}

// Prints "cu2hip-emu: rccl: <call>: <message>", keeps it for ncclGetLastError, returns r.
ncclResult_t fail(ncclResult_t r, ncclComm* comm, const char* call, const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));
ncclResult_t fail(ncclResult_t r, ncclComm* comm, const char* call, const char* fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  std::string text = std::string(call) + ": " + msg;
  std::fprintf(stderr, "cu2hip-emu: rccl: %s\n", text.c_str());
  g_last_error = text;
  if (comm) comm->last_error = text;
  if (tl_group_depth > 0 && tl_group_error == ncclSuccess) tl_group_error = r;
  return r;
}

ncclResult_t unsupported(const char* call) {
  return fail(ncclInvalidUsage, nullptr, call,
              "not supported by the emulator's RCCL (emulated: ncclAllReduce, "
              "ncclBroadcast, ncclBcast, communicators, group calls)");
}

const char* type_name(ncclDataType_t t) {
  static const char* names[] = {"ncclInt8",    "ncclUint8",      "ncclInt32",
                                "ncclUint32",  "ncclInt64",      "ncclUint64",
                                "ncclFloat16", "ncclFloat32",    "ncclFloat64",
                                "ncclBfloat16", "ncclFloat8e4m3", "ncclFloat8e5m2"};
  return (int)t >= 0 && (int)t < ncclNumTypes ? names[t] : "an unknown data type";
}

// `p` must hold `bytes` bytes of device (or managed) memory of the communicator's device.
ncclResult_t check_buffer(const Call& c, const void* p, const char* which) {
  size_t bytes = c.count * sizeof(float);
  cu2hip_emu::PointerInfo info;
  if (!p || !cu2hip_emu::pointer_info(p, &info) || info.kind == info.Host)
    return fail(ncclInvalidArgument, c.comm, c.name,
                "rank %d: %s %p is not device memory of this runtime", c.comm->rank, which, p);
  if (info.device != c.comm->device)
    return fail(ncclInvalidArgument, c.comm, c.name,
                "rank %d: %s %p is memory of device %d, the communicator's device is %d",
                c.comm->rank, which, p, info.device, c.comm->device);
  if (info.avail < bytes)
    return fail(ncclInvalidArgument, c.comm, c.name,
                "rank %d: %s %p holds %zu bytes from there, the call needs %zu", c.comm->rank,
                which, p, info.avail, bytes);
  return ncclSuccess;
}

// Checks one rank's call as NCCL would at enqueue time (plus what NCCL cannot check).
ncclResult_t check_call(const Call& c, hipStream_t stream) {
  if (!c.comm) return fail(ncclInvalidArgument, nullptr, c.name, "comm is NULL");
  ncclComm* comm = c.comm;
  if (!comm->clique || !comm->clique->complete())
    return fail(ncclInvalidUsage, comm, c.name,
                "rank %d: the communicator's ranks have not all joined yet (ncclCommInitRank "
                "in a group that has not ended)", comm->rank);
  if (c.type != ncclFloat)
    return fail(ncclInvalidUsage, comm, c.name,
                "datatype %s is not emulated (the emulator's RCCL computes ncclFloat only)",
                type_name(c.type));
  if (c.coll == Coll::AllReduce && ((int)c.op < 0 || (int)c.op >= ncclNumOps))
    return fail(ncclInvalidArgument, comm, c.name, "op %d is not a built-in reduction",
                (int)c.op);
  if (c.coll == Coll::Broadcast && (c.root < 0 || c.root >= comm->clique->nranks))
    return fail(ncclInvalidArgument, comm, c.name, "root %d is not a rank of %d", c.root,
                comm->clique->nranks);
  int sd = cu2hip_emu::stream_device(stream);
  if (sd != comm->device)
    return fail(ncclInvalidArgument, comm, c.name,
                "rank %d: the stream belongs to device %d, the communicator to device %d",
                comm->rank, sd, comm->device);
  if (c.count == 0) return ncclSuccess;
  bool sends = c.coll == Coll::AllReduce || comm->rank == c.root;
  if (sends) {
    ncclResult_t r = check_buffer(c, c.send, "sendbuff");
    if (r != ncclSuccess) return r;
  }
  return check_buffer(c, c.recv, "recvbuff");
}

float reduce2(ncclRedOp_t op, float a, float b) {
  switch (op) {
    case ncclProd: return a * b;
    case ncclMax: return std::fmax(a, b);
    case ncclMin: return std::fmin(a, b);
    default: return a + b;  // ncclSum, ncclAvg (after the pre-multiplication)
  }
}

// Runs one collective given every rank's call (by rank). All inputs are read before any
// output is written, so in-place and overlapping buffers get NCCL's results.
void run(const std::vector<const Call*>& byRank) {
  const Call& c0 = *byRank[0];
  const size_t n = c0.count;
  const int nranks = (int)byRank.size();
  std::vector<float> result(n);
  if (c0.coll == Coll::Broadcast) {
    if (n) std::memcpy(result.data(), byRank[c0.root]->send, n * sizeof(float));
  } else {
    // ncclAvg on floats: NCCL multiplies each input by float(1/nranks), then sums.
    const float pre = c0.op == ncclAvg ? (float)(1.0 / (double)nranks) : 1.0f;
    for (int r = 0; r < nranks; ++r) {
      const float* in = static_cast<const float*>(byRank[r]->send);
      for (size_t i = 0; i < n; ++i) {
        float v = c0.op == ncclAvg ? in[i] * pre : in[i];
        result[i] = r == 0 ? v : reduce2(c0.op, result[i], v);
      }
    }
  }
  if (!n) return;
  for (const Call* c : byRank) std::memcpy(c->recv, result.data(), n * sizeof(float));
}

bool same_shape(const Call& a, const Call& b) {
  return a.coll == b.coll && a.count == b.count && a.type == b.type &&
         (a.coll != Coll::AllReduce || a.op == b.op) &&
         (a.coll != Coll::Broadcast || a.root == b.root);
}

// Matches call k of every rank of each clique and runs them, in the order of the first
// rank's calls. Every rank must have made the same calls.
ncclResult_t run_calls(const std::vector<Call>& calls) {
  std::vector<Clique*> order;
  std::map<Clique*, std::vector<std::vector<const Call*>>> perRank;
  for (const Call& c : calls) {
    Clique* q = c.comm->clique.get();
    auto it = perRank.find(q);
    if (it == perRank.end()) {
      order.push_back(q);
      it = perRank.emplace(q, std::vector<std::vector<const Call*>>(q->nranks)).first;
    }
    it->second[c.comm->rank].push_back(&c);
  }
  for (Clique* q : order) {
    auto& lists = perRank[q];
    size_t most = 0;
    for (auto& l : lists) most = l.size() > most ? l.size() : most;
    for (size_t k = 0; k < most; ++k) {
      const Call* first = nullptr;
      std::vector<const Call*> byRank(q->nranks);
      for (int r = 0; r < q->nranks; ++r) {
        if (k >= lists[r].size()) {
          const Call* other = first;
          for (int o = 0; !other; ++o)
            if (lists[o].size() > k) other = lists[o][k];
          return fail(ncclInvalidUsage, other->comm, other->name,
                      "call %zu of this group on a communicator of %d ranks was made for "
                      "rank %d but not for rank %d (NCCL would wait for it forever)",
                      k + 1, q->nranks, other->comm->rank, r);
        }
        byRank[r] = lists[r][k];
        if (!first) {
          first = byRank[r];
        } else if (!same_shape(*first, *byRank[r])) {
          return fail(ncclInvalidUsage, byRank[r]->comm, byRank[r]->name,
                      "call %zu of this group differs between ranks: rank %d called %s "
                      "(count %zu), rank %d called %s (count %zu)",
                      k + 1, first->comm->rank, first->name, first->count, r,
                      byRank[r]->name, byRank[r]->count);
        }
      }
      run(byRank);
    }
  }
  return ncclSuccess;
}

ncclResult_t submit(Call c, hipStream_t stream) {
  ncclResult_t r = check_call(c, stream);
  if (r != ncclSuccess) return r;
  if (tl_group_depth > 0) {
    tl_calls.push_back(c);
    return ncclSuccess;
  }
  if (c.comm->clique->nranks > 1)
    return fail(ncclInvalidUsage, c.comm, c.name,
                "rank %d of a communicator of %d ranks called outside "
                "ncclGroupStart/ncclGroupEnd: one thread driving several devices must group "
                "the ranks' calls (NCCL would block on the first)",
                c.comm->rank, c.comm->clique->nranks);
  return run_calls({c});
}

}  // namespace

ncclResult_t ncclGetVersion(int* version) {
  if (!version) return fail(ncclInvalidArgument, nullptr, "ncclGetVersion", "version is NULL");
  *version = NCCL_VERSION_CODE;
  return ncclSuccess;
}

ncclResult_t ncclGetUniqueId(ncclUniqueId* id) {
  static std::atomic<unsigned long long> counter{0};
  if (!id) return fail(ncclInvalidArgument, nullptr, "ncclGetUniqueId", "uniqueId is NULL");
  std::memset(id->internal, 0, sizeof id->internal);
  std::snprintf(id->internal, sizeof id->internal, "cu2hip-emu-rccl:%ld:%llu", (long)getpid(),
                ++counter);
  return ncclSuccess;
}

ncclResult_t ncclCommInitRank(ncclComm_t* comm, int nranks, ncclUniqueId id, int rank) {
  const char* call = "ncclCommInitRank";
  if (!comm) return fail(ncclInvalidArgument, nullptr, call, "comm is NULL");
  *comm = nullptr;
  if (nranks < 1 || rank < 0 || rank >= nranks)
    return fail(ncclInvalidArgument, nullptr, call, "rank %d of %d ranks", rank, nranks);
  if (nranks > 1 && tl_group_depth == 0)
    return fail(ncclInvalidUsage, nullptr, call,
                "rank %d of %d outside ncclGroupStart/ncclGroupEnd: one thread initialising "
                "several ranks must group the calls (NCCL would block on the first)",
                rank, nranks);
  std::string key(id.internal, sizeof id.internal);
  auto& ids = pending_ids();
  auto it = ids.find(key);
  if (it == ids.end()) {
    auto q = std::make_shared<Clique>();
    q->nranks = nranks;
    q->members.assign(nranks, nullptr);
    it = ids.emplace(key, q).first;
  }
  std::shared_ptr<Clique> q = it->second;
  if (q->nranks != nranks)
    return fail(ncclInvalidArgument, nullptr, call,
                "rank %d says %d ranks, an earlier rank of this id said %d", rank, nranks,
                q->nranks);
  if (q->members[rank])
    return fail(ncclInvalidUsage, nullptr, call, "rank %d joined this id twice", rank);
  const int dev = cu2hip_emu::current_device();
  for (ncclComm* m : q->members)
    if (m && m->device == dev)
      return fail(ncclInvalidUsage, nullptr, call,
                  "ranks %d and %d are both on device %d (NCCL: duplicate GPU)", m->rank, rank,
                  dev);
  ncclComm* c = new ncclComm;
  c->clique = q;
  c->rank = rank;
  c->device = dev;
  q->members[rank] = c;
  ++q->joined;
  if (q->complete()) ids.erase(it);
  if (tl_group_depth > 0) tl_inits.push_back(c);
  *comm = c;
  return ncclSuccess;
}

ncclResult_t ncclCommInitAll(ncclComm_t* comms, int ndev, const int* devlist) {
  const char* call = "ncclCommInitAll";
  if (!comms || ndev < 1) return fail(ncclInvalidArgument, nullptr, call, "ndev %d", ndev);
  std::vector<int> devs(ndev);
  for (int i = 0; i < ndev; ++i) {
    devs[i] = devlist ? devlist[i] : i;
    if (devs[i] < 0 || devs[i] >= cu2hip_emu::device_count())
      return fail(ncclInvalidArgument, nullptr, call,
                  "device %d: the emulator has %d device(s) (CU2HIP_EMU_DEVICES)", devs[i],
                  cu2hip_emu::device_count());
    for (int j = 0; j < i; ++j)
      if (devs[j] == devs[i])
        return fail(ncclInvalidUsage, nullptr, call,
                    "device %d listed twice (NCCL: duplicate GPU)", devs[i]);
  }
  auto q = std::make_shared<Clique>();
  q->nranks = ndev;
  q->members.assign(ndev, nullptr);
  for (int i = 0; i < ndev; ++i) {
    ncclComm* c = new ncclComm;
    c->clique = q;
    c->rank = i;
    c->device = devs[i];
    q->members[i] = c;
    comms[i] = c;
  }
  q->joined = ndev;
  return ncclSuccess;
}

ncclResult_t ncclCommFinalize(ncclComm_t comm) {
  return comm ? ncclSuccess
              : fail(ncclInvalidArgument, nullptr, "ncclCommFinalize", "comm is NULL");
}

ncclResult_t ncclCommDestroy(ncclComm_t comm) {
  if (!comm) return ncclSuccess;
  if (comm->clique) {
    comm->clique->members[comm->rank] = nullptr;
    if (!comm->clique->complete()) {
      // an incomplete id: forget this rank so the id does not hold a dangling member
      --comm->clique->joined;
    }
  }
  delete comm;
  return ncclSuccess;
}

ncclResult_t ncclCommAbort(ncclComm_t comm) { return ncclCommDestroy(comm); }

ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t* asyncError) {
  if (!comm || !asyncError)
    return fail(ncclInvalidArgument, comm, "ncclCommGetAsyncError", "NULL argument");
  *asyncError = ncclSuccess;  // collectives complete synchronously
  return ncclSuccess;
}

ncclResult_t ncclCommCount(const ncclComm_t comm, int* count) {
  if (!comm || !count) return fail(ncclInvalidArgument, comm, "ncclCommCount", "NULL argument");
  *count = comm->clique->nranks;
  return ncclSuccess;
}

ncclResult_t ncclCommCuDevice(const ncclComm_t comm, int* device) {
  if (!comm || !device)
    return fail(ncclInvalidArgument, comm, "ncclCommCuDevice", "NULL argument");
  *device = comm->device;
  return ncclSuccess;
}

ncclResult_t ncclCommUserRank(const ncclComm_t comm, int* rank) {
  if (!comm || !rank)
    return fail(ncclInvalidArgument, comm, "ncclCommUserRank", "NULL argument");
  *rank = comm->rank;
  return ncclSuccess;
}

const char* ncclGetErrorString(ncclResult_t r) {
  switch (r) {
    case ncclSuccess: return "no error";
    case ncclUnhandledCudaError: return "unhandled cuda error (run with NCCL_DEBUG=INFO for details)";
    case ncclSystemError: return "unhandled system error";
    case ncclInternalError: return "internal error";
    case ncclInvalidArgument: return "invalid argument";
    case ncclInvalidUsage: return "invalid usage";
    case ncclRemoteError: return "remote process exited or there was a network error";
    case ncclInProgress: return "NCCL operation in progress";
    default: return "unknown result code";
  }
}

const char* ncclGetLastError(ncclComm_t comm) {
  return comm ? comm->last_error.c_str() : g_last_error.c_str();
}

ncclResult_t ncclMemAlloc(void** ptr, size_t size) {
  return hipMalloc(ptr, size) == hipSuccess
             ? ncclSuccess
             : fail(ncclUnhandledCudaError, nullptr, "ncclMemAlloc", "hipMalloc failed");
}
ncclResult_t ncclMemFree(void* ptr) {
  return hipFree(ptr) == hipSuccess
             ? ncclSuccess
             : fail(ncclUnhandledCudaError, nullptr, "ncclMemFree", "hipFree failed");
}

ncclResult_t ncclGroupStart() {
  if (tl_group_depth++ == 0) tl_group_error = ncclSuccess;
  return ncclSuccess;
}

ncclResult_t ncclGroupEnd() {
  if (tl_group_depth == 0)
    return fail(ncclInvalidUsage, nullptr, "ncclGroupEnd", "no matching ncclGroupStart");
  if (--tl_group_depth > 0) return ncclSuccess;
  std::vector<Call> calls;
  calls.swap(tl_calls);
  std::vector<ncclComm*> inits;
  inits.swap(tl_inits);
  ncclResult_t r = tl_group_error;
  tl_group_error = ncclSuccess;
  for (ncclComm* c : inits)
    if (r == ncclSuccess && !c->clique->complete())
      r = fail(ncclInvalidUsage, c, "ncclCommInitRank",
               "rank %d: only %d of %d ranks joined this id by ncclGroupEnd (the emulator "
               "runs one process: every rank must be initialised in it)",
               c->rank, c->clique->joined, c->clique->nranks);
  if (r != ncclSuccess) return r;  // a call of the group failed: nothing runs, as in NCCL
  return run_calls(calls);
}

ncclResult_t ncclAllReduce(const void* sendbuff, void* recvbuff, size_t count,
                           ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                           hipStream_t stream) {
  return submit(Call{Coll::AllReduce, "ncclAllReduce", sendbuff, recvbuff, count, datatype, op,
                     0, comm},
                stream);
}

ncclResult_t ncclBroadcast(const void* sendbuff, void* recvbuff, size_t count,
                           ncclDataType_t datatype, int root, ncclComm_t comm,
                           hipStream_t stream) {
  return submit(Call{Coll::Broadcast, "ncclBroadcast", sendbuff, recvbuff, count, datatype,
                     ncclSum, root, comm},
                stream);
}

ncclResult_t ncclBcast(void* buff, size_t count, ncclDataType_t datatype, int root,
                       ncclComm_t comm, hipStream_t stream) {
  return submit(
      Call{Coll::Broadcast, "ncclBcast", buff, buff, count, datatype, ncclSum, root, comm},
      stream);
}

ncclResult_t ncclReduce(const void*, void*, size_t, ncclDataType_t, ncclRedOp_t, int,
                        ncclComm_t, hipStream_t) {
  return unsupported("ncclReduce");
}
ncclResult_t ncclAllGather(const void*, void*, size_t, ncclDataType_t, ncclComm_t,
                           hipStream_t) {
  return unsupported("ncclAllGather");
}
ncclResult_t ncclReduceScatter(const void*, void*, size_t, ncclDataType_t, ncclRedOp_t,
                               ncclComm_t, hipStream_t) {
  return unsupported("ncclReduceScatter");
}
ncclResult_t ncclSend(const void*, size_t, ncclDataType_t, int, ncclComm_t, hipStream_t) {
  return unsupported("ncclSend");
}
ncclResult_t ncclRecv(void*, size_t, ncclDataType_t, int, ncclComm_t, hipStream_t) {
  return unsupported("ncclRecv");
}
ncclResult_t ncclAllToAll(const void*, void*, size_t, ncclDataType_t, ncclComm_t,
                          hipStream_t) {
  return unsupported("ncclAllToAll");
}
ncclResult_t ncclCommSplit(ncclComm_t, int, int, ncclComm_t*, void*) {
  return unsupported("ncclCommSplit");
}
ncclResult_t ncclRedOpCreatePreMulSum(ncclRedOp_t*, void*, ncclDataType_t,
                                      ncclScalarResidence_t, ncclComm_t) {
  return unsupported("ncclRedOpCreatePreMulSum");
}
ncclResult_t ncclRedOpDestroy(ncclRedOp_t, ncclComm_t) {
  return unsupported("ncclRedOpDestroy");
}
