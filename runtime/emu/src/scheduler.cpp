// cu2hip CPU SIMT emulator: kernel launch, block scheduler, wave operations.
//
// Model (docs/emulator.md has the long form):
//  * every GPU thread is a fiber; a block's fibers run on one OS thread
//    (a worker); blocks are shared out to CU2HIP_EMU_THREADS workers;
//  * a fiber runs until it blocks at a wave operation or __syncthreads, or
//    exits;
//  * when no fiber of the block can run, each wave with lanes waiting at wave
//    operations executes one of them: the lanes waiting at the same source
//    position (the earliest such position the block reached first) form the
//    active set; the others (other branch, barrier, exited) are inactive;
//  * when no wave operation is pending and every live thread waits at the
//    barrier, the barrier opens.

#include "cu2hip_emu/core.h"
#include "devices.h"
#include "fiber.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

thread_local uint3 threadIdx;
thread_local uint3 blockIdx;
thread_local uint3 blockDim;
thread_local uint3 gridDim;

namespace cu2hip_emu {

thread_local LaneInfo* tl_lane = nullptr;

void set_last_error(hipError_t e);  // api.cpp

namespace {

// ---------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------
int env_int(const char* name, int def) {
  const char* s = std::getenv(name);
  if (!s || !*s) return def;
  char* end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (*end) {
    std::fprintf(stderr, "cu2hip-emu: error: %s=%s is not a number\n", name, s);
    std::abort();
  }
  return (int)v;
}

struct Config {
  int wave;
  int threads;
  int sm_count;  // multiProcessorCount reported to the program (0: the worker count)
  size_t stack;
  bool mask_check;  // ROCm's __hip_check_mask (debug builds); 0 = as -DNDEBUG
  Config() {
    wave = env_int("CU2HIP_EMU_WAVE", 64);
    if (wave != 32 && wave != 64) {
      std::fprintf(stderr,
                   "cu2hip-emu: error: CU2HIP_EMU_WAVE=%d: the wave size must "
                   "be 32 or 64\n",
                   wave);
      std::abort();
    }
    threads = env_int("CU2HIP_EMU_THREADS", 1);
    if (threads < 1) threads = 1;
    if (threads > 256) threads = 256;
    // Programs that size their grids from the multiprocessor count (llm.c's bias
    // reductions, persistent kernels) launch what they would on the recording device
    // when this matches it (cu2hip compare names the recording device's count).
    sm_count = env_int("CU2HIP_EMU_SM_COUNT", 0);
    if (sm_count < 0 || sm_count > 65536) {
      std::fprintf(stderr,
                   "cu2hip-emu: error: CU2HIP_EMU_SM_COUNT=%d: the multiprocessor "
                   "count must be 1 to 65536 (0: the worker count)\n",
                   sm_count);
      std::abort();
    }
    int kib = env_int("CU2HIP_EMU_STACK_KB", 128);
    if (kib < 16) kib = 16;
    long page = sysconf(_SC_PAGESIZE);
    stack = ((size_t)kib * 1024 + page - 1) / page * page;
    mask_check = env_int("CU2HIP_EMU_MASK_CHECK", 1) != 0;
  }
};

Config& config() {
  static Config c;
  return c;
}

// ---------------------------------------------------------------------------
// Per-worker state
// ---------------------------------------------------------------------------
enum class St : unsigned char { Run, AtWave, AtBar, Done };

struct Lane : LaneInfo {
  Fiber fiber;
  uint3 tid;
  St st;
  int site_idx;
  WaveOp* op;
  int bar_pred;
};

struct Worker;
thread_local Worker* tl_worker = nullptr;

struct Worker {
  Fiber sched;
  unsigned long long serial = 0;  // of the block running (block_serial())
  std::vector<Lane> lanes;
  std::vector<char*> stacks;  // each: guard page + stack
  size_t stack_size = 0;
  size_t page = 0;
  void* dyn = nullptr;
  size_t dyn_cap = 0;
  // current launch
  const KernelThunk* k = nullptr;
  const char* kname = "";
  unsigned nthreads = 0, nwaves = 0, ws = 64;
  // current block
  Lane* cur = nullptr;
  std::vector<unsigned> runnable;
  std::vector<unsigned> wave_waiting;
  std::vector<unsigned> pending, pending_next;
  std::vector<Site> sites;
  unsigned live = 0, at_bar = 0;
  int bar_count = 0;
  const char* bar_name = nullptr;
  Site bar_site{nullptr, 0};
  std::vector<char> altstack;

  Worker() {
    page = (size_t)sysconf(_SC_PAGESIZE);
    stack_size = config().stack;
    install_altstack();
  }
  ~Worker() {
    for (char* s : stacks) munmap(s, stack_size + page);
    std::free(dyn);
  }
  void install_altstack();
  void ensure_lanes(unsigned n) {
    if (lanes.size() < n) lanes.resize(n);
    while (stacks.size() < n) {
      void* m = mmap(nullptr, stack_size + page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (m == MAP_FAILED) {
        std::fprintf(stderr, "cu2hip-emu: error: cannot map fiber stacks\n");
        std::abort();
      }
      mprotect(m, page, PROT_NONE);  // guard page
      stacks.push_back(static_cast<char*>(m));
    }
  }
  void* dynamic(size_t n) {
    if (n > dyn_cap) {
      std::free(dyn);
      dyn_cap = (n + 255) & ~(size_t)255;
      dyn = std::aligned_alloc(256, dyn_cap);
    }
    return dyn;
  }
};

// Stack overflow into a guard page: report instead of a bare SIGSEGV.
void segv_handler(int sig, siginfo_t* si, void*) {
  Worker* w = tl_worker;
  if (w) {
    char* a = static_cast<char*>(si->si_addr);
    for (char* s : w->stacks) {
      if (a >= s && a < s + w->page) {
        const char msg[] =
            "cu2hip-emu: error: GPU thread stack overflow (fiber stack "
            "exhausted); raise CU2HIP_EMU_STACK_KB (default 128)\n";
        ssize_t r = write(2, msg, sizeof msg - 1);
        (void)r;
        if (w->cur) {
          char buf[512];
          int n = std::snprintf(buf, sizeof buf,
                                "  in kernel '%s' block (%u,%u,%u) thread "
                                "(%u,%u,%u)\n",
                                w->kname, blockIdx.x, blockIdx.y, blockIdx.z,
                                w->cur->tid.x, w->cur->tid.y, w->cur->tid.z);
          r = write(2, buf, n);
        }
        _exit(134);
      }
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

void Worker::install_altstack() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = segv_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, nullptr);
  });
  altstack.resize(64 * 1024);
  stack_t ss;
  ss.ss_sp = altstack.data();
  ss.ss_size = altstack.size();
  ss.ss_flags = 0;
  sigaltstack(&ss, nullptr);
}

Worker& worker() {
  if (!tl_worker) {
    static thread_local Worker w;
    tl_worker = &w;
  }
  return *tl_worker;
}

Lane& current_lane(const char* what, const Site& site) {
  Lane* l = static_cast<Lane*>(tl_lane);
  if (!l) fatal_in_kernel(site, "%s called outside a kernel", what);
  return *l;
}

void yield_to_scheduler(Worker& w, Lane& l) { fiber_switch(l.fiber, w.sched); }

void lane_entry(void* arg) {
  Worker* w = static_cast<Worker*>(arg);
  Lane* l = w->cur;
  w->k->invoke(w->k->fn, w->k->args);
  l->st = St::Done;
  --w->live;
  fiber_switch(l->fiber, w->sched);
  __builtin_trap();  // a finished fiber is never resumed
}

void resume(Worker& w, Lane& l) {
  w.cur = &l;
  tl_lane = &l;
  threadIdx = l.tid;
  fiber_switch(w.sched, l.fiber);
}

bool same_file(const Site& a, const Site& b);

int site_index(Worker& w, const Site& s) {
  for (size_t i = 0; i < w.sites.size(); ++i) {
    const Site& t = w.sites[i];
    if (t.line == s.line && t.col == s.col && same_file(t, s))
      return (int)i;
  }
  w.sites.push_back(s);
  return (int)w.sites.size() - 1;
}

bool same_file(const Site& a, const Site& b) {
  return a.file == b.file || std::strcmp(a.file, b.file) == 0;
}

bool site_before(const Worker& w, int a, int b) {
  const Site& x = w.sites[a];
  const Site& y = w.sites[b];
  if (same_file(x, y)) return x.line != y.line ? x.line < y.line : x.col < y.col;
  return a < b;
}

[[noreturn]] void fatal_at_lane(Worker& w, Lane& l, const Site& site,
                                const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));

void fatal_at_lane(Worker& w, Lane& l, const Site& site, const char* fmt, ...) {
  w.cur = &l;
  tl_lane = &l;
  threadIdx = l.tid;
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fatal_in_kernel(site, "%s", msg);
}

// Stops the run when the lanes of `group` (indices into w.lanes, one wave,
// one site) wait in different wave operations.
static void check_same_op(Worker& w, const unsigned* group, unsigned ng) {
  WaveOp& f = *w.lanes[group[0]].op;
  for (unsigned g = 1; g < ng; ++g) {
    WaveOp& o = *w.lanes[group[g]].op;
    if (o.op != f.op || o.size != f.size ||
        (o.op == Op::Collective && o.coll_fn != f.coll_fn))
      fatal_at_lane(w, w.lanes[group[g]], o.site,
                    "lanes of one wave reached different wave operations (%s "
                    "and %s) at the same source position; the emulator cannot "
                    "tell these apart (see docs/emulator.md, Divergence)",
                    o.name, f.name);
  }
}

// *_sync mask check, as ROCm's __hip_check_mask: every active lane names
// itself, and for each mask value the lanes holding it are exactly the
// lanes it names. ROCm compiles the check out under -DNDEBUG; so does
// CU2HIP_EMU_MASK_CHECK=0 (the mask then only filters ballot/vote/match
// results, as ROCm's release code does).
static void check_masks(Worker& w, const unsigned* group, unsigned ng,
                        unsigned long long active) {
  const unsigned ws = w.ws;
  const unsigned long long wave_bits = ws == 64 ? ~0ull : 0xffffffffull;
  for (unsigned g = 0; g < ng; ++g) {
    Lane& l = w.lanes[group[g]];
    WaveOp& o = *l.op;
    o.mask &= wave_bits;  // __hip_adjust_mask_for_wave32
    if (o.mask == 0 && config().mask_check)
      fatal_at_lane(w, l, o.site, "%s: mask must be non-zero", o.name);
  }
  for (unsigned g = 0; g < ng && config().mask_check; ++g) {
    Lane& l = w.lanes[group[g]];
    WaveOp& o = *l.op;
    unsigned long long holders = 0;
    for (unsigned h = 0; h < ng; ++h)
      if (w.lanes[group[h]].op->mask == o.mask)
        holders |= 1ull << w.lanes[group[h]].wlane;
    if (holders != o.mask)
      fatal_at_lane(
          w, l, o.site,
          "%s: mask 0x%016llx does not match the lanes that execute this "
          "call with it (0x%016llx; active lanes 0x%016llx, wave size %u). "
          "ROCm traps here: every lane named in the mask must be active "
          "and pass the same mask",
          o.name, o.mask, holders, active, ws);
  }
}

// __shfl, __shfl_up, __shfl_down, __shfl_xor of wave `wv`.
static void exec_shuffle(Worker& w, unsigned wv, const unsigned* group, unsigned ng,
                         unsigned long long active) {
  const unsigned ws = w.ws;
  const unsigned base = wv * ws;
  for (unsigned g = 0; g < ng; ++g) {
    Lane& l = w.lanes[group[g]];
    WaveOp& o = *l.op;
    int width = o.width;
    if (width <= 0 || (width & (width - 1)) != 0)
      fatal_at_lane(w, l, o.site,
                    "%s: width %d is not a power of two (undefined on "
                    "CUDA and HIP)",
                    o.name, width);
    int self = (int)l.wlane;
    int index = self;
    switch (o.op) {
      case Op::Shfl:
        index = o.arg + (self & ~(width - 1));
        break;
      case Op::ShflUp:
        index = self - o.arg;
        if (index < (self & ~(width - 1))) index = self;
        break;
      case Op::ShflDown:
        index = self + o.arg;
        if ((self & (width - 1)) + o.arg >= width) index = self;
        break;
      default:  // xor
        index = self ^ o.arg;
        if (index >= ((self + width) & ~(width - 1))) index = self;
        break;
    }
    // ds_bpermute addresses lanes modulo the wave size; an inactive
    // source lane reads as 0.
    unsigned src = (unsigned)index & (ws - 1);
    if (active & (1ull << src))
      std::memcpy(o.out, w.lanes[base + src].op->val, o.size);
    else
      std::memset(o.out, 0, o.size);
  }
}

// __ballot, __any, __all.
static void exec_vote(Worker& w, const unsigned* group, unsigned ng,
                      unsigned long long active) {
  unsigned long long bits = 0;
  for (unsigned g = 0; g < ng; ++g) {
    Lane& l = w.lanes[group[g]];
    if (l.op->pred) bits |= 1ull << l.wlane;
  }
  for (unsigned g = 0; g < ng; ++g) {
    WaveOp& o = *w.lanes[group[g]].op;
    unsigned long long m = o.has_mask ? o.mask : active;
    if (o.op == Op::Ballot)
      o.result = o.has_mask ? (bits & m) : bits;
    else if (o.op == Op::Any)
      o.result = (bits & m) != 0;
    else
      o.result = (bits & m) == m;
  }
}

// __match_any, __match_all.
static void exec_match(Worker& w, const unsigned* group, unsigned ng,
                       unsigned long long active) {
  WaveOp& f = *w.lanes[group[0]].op;
  bool all_equal = true;
  for (unsigned g = 0; g < ng; ++g) {
    WaveOp& o = *w.lanes[group[g]].op;
    unsigned long long same = 0;
    for (unsigned h = 0; h < ng; ++h) {
      const Lane& m = w.lanes[group[h]];
      if (std::memcmp(m.op->val, o.val, o.size) == 0) same |= 1ull << m.wlane;
    }
    if (same != active) all_equal = false;
    o.result = o.has_mask ? (same & o.mask) : same;
  }
  if (f.op == Op::MatchAll) {
    for (unsigned g = 0; g < ng; ++g) {
      WaveOp& o = *w.lanes[group[g]].op;
      o.pred = all_equal;
      o.result = all_equal ? (o.has_mask ? o.mask : active) : 0;
    }
  }
}

// A collective (hipCUB, cooperative groups) of wave `wv`.
static void exec_collective(Worker& w, unsigned wv, const unsigned* group, unsigned ng) {
  const unsigned ws = w.ws;
  WaveOp& f = *w.lanes[group[0]].op;
  WaveOp* ops[64];
  unsigned wl[64];
  for (unsigned g = 0; g < ng; ++g) {
    ops[g] = w.lanes[group[g]].op;
    wl[g] = w.lanes[group[g]].wlane;
  }
  unsigned bad = 0;
  if (const char* msg = f.coll_fn(ops, wl, ng, ws, wv, &bad))
    fatal_at_lane(w, w.lanes[group[bad]], ops[bad]->site, "%s", msg);
}

// Executes one wave operation for the lanes in `group` (indices into lanes,
// all in wave `wv`, all waiting at the same site).
void execute(Worker& w, unsigned wv, const unsigned* group, unsigned ng,
             unsigned long long active) {
  WaveOp& f = *w.lanes[group[0]].op;
  check_same_op(w, group, ng);
  if (f.has_mask)
    check_masks(w, group, ng, active);
  switch (f.op) {
    case Op::Shfl:
    case Op::ShflUp:
    case Op::ShflDown:
    case Op::ShflXor:
      exec_shuffle(w, wv, group, ng, active);
      break;
    case Op::Ballot:
    case Op::Any:
    case Op::All:
      exec_vote(w, group, ng, active);
      break;
    case Op::ActiveMask:
    case Op::SyncWarp:
      for (unsigned g = 0; g < ng; ++g) w.lanes[group[g]].op->result = active;
      break;
    case Op::MatchAny:
    case Op::MatchAll:
      exec_match(w, group, ng, active);
      break;
    case Op::Collective:
      exec_collective(w, wv, group, ng);
      break;
  }
}

// Runs one wave operation of wave `wv`; returns true if lanes stay waiting.
bool resolve_wave(Worker& w, unsigned wv) {
  const unsigned base = wv * w.ws;
  const unsigned end = std::min(base + w.ws, w.nthreads);
  // Which of the waiting sites runs first: program order where it can be
  // told (same file: smaller line/column first, which for structured code
  // is the branch or loop body before the join), otherwise the order in
  // which the block first reached the sites.
  int best = -1;
  for (unsigned i = base; i < end; ++i) {
    const Lane& l = w.lanes[i];
    if (l.st != St::AtWave || l.site_idx == best) continue;
    if (best < 0 || site_before(w, l.site_idx, best)) best = l.site_idx;
  }
  unsigned group[64] = {};
  unsigned ng = 0;
  unsigned long long active = 0;
  for (unsigned i = base; i < end; ++i) {
    Lane& l = w.lanes[i];
    if (l.st == St::AtWave && l.site_idx == best) {
      group[ng++] = i;
      active |= 1ull << l.wlane;
    }
  }
  execute(w, wv, group, ng, active);
  for (unsigned g = 0; g < ng; ++g) {
    w.lanes[group[g]].st = St::Run;
    w.runnable.push_back(group[g]);
  }
  w.wave_waiting[wv] -= ng;
  return w.wave_waiting[wv] != 0;
}

std::atomic<unsigned long long> g_block_serial{0};

void run_block(Worker& w, uint3 bid) {
  blockIdx = bid;
  w.serial = ++g_block_serial;
  const unsigned bx = blockDim.x, by = blockDim.y;
  const unsigned n = w.nthreads;
  w.sites.clear();
  w.runnable.clear();
  w.pending.clear();
  std::fill(w.wave_waiting.begin(), w.wave_waiting.end(), 0u);
  for (unsigned i = 0; i < n; ++i) {
    Lane& l = w.lanes[i];
    l.linear = i;
    l.wave = i / w.ws;
    l.wlane = i % w.ws;
    l.tid = uint3{i % bx, (i / bx) % by, i / (bx * by)};
    l.st = St::Run;
    l.op = nullptr;
    fiber_make(l.fiber, w.stacks[i] + w.page, w.stack_size, lane_entry, &w);
    w.runnable.push_back(i);
  }
  w.live = n;
  w.at_bar = 0;
  std::vector<unsigned> batch;
  for (;;) {
    batch.swap(w.runnable);
    w.runnable.clear();
    for (unsigned i : batch) resume(w, w.lanes[i]);
    batch.clear();
    w.pending_next.clear();
    for (unsigned wv : w.pending)
      if (resolve_wave(w, wv)) w.pending_next.push_back(wv);
    w.pending.swap(w.pending_next);
    if (!w.runnable.empty()) continue;
    if (w.at_bar > 0) {
      if (w.at_bar != w.live) {
        fatal_in_kernel(w.bar_site, "internal error: barrier stuck (%u of %u)",
                        w.at_bar, w.live);
      }
      int count = 0;
      for (unsigned i = 0; i < n; ++i)
        if (w.lanes[i].st == St::AtBar) count += w.lanes[i].bar_pred;
      w.bar_count = count;
      for (unsigned i = 0; i < n; ++i)
        if (w.lanes[i].st == St::AtBar) {
          w.lanes[i].st = St::Run;
          w.runnable.push_back(i);
        }
      w.at_bar = 0;
      continue;
    }
    if (w.live == 0) break;
    fatal_in_kernel(Site(), "internal error: block deadlocked");
  }
  tl_lane = nullptr;
  w.cur = nullptr;
}

// ---------------------------------------------------------------------------
// Worker pool (CU2HIP_EMU_THREADS > 1)
// ---------------------------------------------------------------------------
struct Job {
  const char* name;
  const KernelThunk* k;
  dim3 grid, block;
  size_t smem;
  std::atomic<unsigned long long> next{0};
  unsigned long long total = 0;
};

void run_job(Job& job) {
  Worker& w = worker();
  w.k = job.k;
  w.kname = job.name;
  w.ws = (unsigned)config().wave;
  w.nthreads = job.block.x * job.block.y * job.block.z;
  w.nwaves = (w.nthreads + w.ws - 1) / w.ws;
  w.ensure_lanes(w.nthreads);
  w.wave_waiting.assign(w.nwaves, 0);
  w.dynamic(job.smem ? job.smem : 16);
  blockDim = uint3{job.block.x, job.block.y, job.block.z};
  gridDim = uint3{job.grid.x, job.grid.y, job.grid.z};
  const unsigned long long gx = job.grid.x, gy = job.grid.y;
  for (;;) {
    unsigned long long b = job.next.fetch_add(1, std::memory_order_relaxed);
    if (b >= job.total) break;
    uint3 bid{(unsigned)(b % gx), (unsigned)((b / gx) % gy),
              (unsigned)(b / (gx * gy))};
    run_block(w, bid);
  }
}

struct Pool {
  std::mutex mu;
  std::condition_variable cv, done_cv;
  std::vector<std::thread> threads;
  Job* job = nullptr;
  unsigned long long generation = 0;
  unsigned busy = 0;

  explicit Pool(int n) {
    for (int i = 1; i < n; ++i)
      threads.emplace_back([this] { loop(); });
  }
  void loop() {
    unsigned long long seen = 0;
    for (;;) {
      Job* j;
      {
        std::unique_lock<std::mutex> lk(mu);
        cv.wait(lk, [&] { return generation != seen; });
        seen = generation;
        j = job;
      }
      run_job(*j);
      {
        std::lock_guard<std::mutex> lk(mu);
        if (--busy == 0) done_cv.notify_all();
      }
    }
  }
  void run(Job& j) {
    {
      std::lock_guard<std::mutex> lk(mu);
      job = &j;
      busy = (unsigned)threads.size();
      ++generation;
    }
    cv.notify_all();
    run_job(j);
    std::unique_lock<std::mutex> lk(mu);
    done_cv.wait(lk, [&] { return busy == 0; });
  }
};

Pool* pool() {
  // Leaked on purpose: worker threads block forever on the condition.
  static Pool* p = [] {
    Pool* q = new Pool(config().threads);
    for (auto& t : q->threads) t.detach();
    return q;
  }();
  return p;
}

std::mutex g_launch_mu;  // one launch at a time (host threads may race)

}  // namespace

// ---------------------------------------------------------------------------
// Entry points used by the headers
// ---------------------------------------------------------------------------
int wave_size() { return config().wave; }
int emu_threads() { return config().threads; }
int emu_sm_count() {
  return config().sm_count > 0 ? config().sm_count : config().threads;
}

void* dynamic_shared() {
  if (!tl_lane) fatal_in_kernel(Site(), "dynamic shared memory used outside a kernel");
  return tl_worker->dyn;
}

unsigned long long block_serial() {
  return tl_lane && tl_worker ? tl_worker->serial : 0;
}

void wave_op(WaveOp& op) {
  Lane& l = current_lane(op.name, op.site);
  Worker& w = *tl_worker;
  l.op = &op;
  l.st = St::AtWave;
  l.site_idx = site_index(w, op.site);
  if (w.wave_waiting[l.wave]++ == 0) w.pending.push_back(l.wave);
  yield_to_scheduler(w, l);
}

int sync_block(const char* name, int pred, int* count, Site site) {
  Lane& l = current_lane(name, site);
  Worker& w = *tl_worker;
  l.st = St::AtBar;
  l.bar_pred = pred;
  w.bar_name = name;
  w.bar_site = site;
  ++w.at_bar;
  yield_to_scheduler(w, l);
  if (count) *count = w.bar_count;
  return (int)w.live;
}

void fatal_in_kernel(Site site, const char* fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "cu2hip-emu: error: %s\n", msg);
  Worker* w = tl_worker;
  Lane* l = static_cast<Lane*>(tl_lane);
  if (w && l)
    std::fprintf(stderr,
                 "  in kernel '%s' block (%u,%u,%u) thread (%u,%u,%u) [wave %u "
                 "lane %u, wave size %d]\n",
                 w->kname, blockIdx.x, blockIdx.y, blockIdx.z, l->tid.x, l->tid.y,
                 l->tid.z, l->wave, l->wlane, config().wave);
  if (site.file && site.line)
    std::fprintf(stderr, "  at %s:%d\n", site.file, site.line);
  std::fflush(stderr);
  std::abort();
}

void unsupported(const char* construct, Site site) {
  fatal_in_kernel(site, "unsupported by the emulator: %s", construct);
}

void launch(const char* name, const KernelThunk& k, dim3 grid, dim3 block,
            size_t smem, hipStream_t stream) {
  // HIP_KERNEL_NAME(k<...>) arrives stringised; show the bare name.
  std::string nm(name);
  const std::string pfx = "HIP_KERNEL_NAME(";
  if (nm.compare(0, pfx.size(), pfx) == 0 && nm.back() == ')')
    nm = nm.substr(pfx.size(), nm.size() - pfx.size() - 1);
  unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
  if (block.x == 0 || block.y == 0 || block.z == 0 || grid.x == 0 ||
      grid.y == 0 || grid.z == 0 || threads > 1024 || block.z > 1024) {
    std::fprintf(stderr,
                 "cu2hip-emu: launch of '%s' with grid (%u,%u,%u) block "
                 "(%u,%u,%u): invalid configuration\n",
                 nm.c_str(), grid.x, grid.y, grid.z, block.x, block.y, block.z);
    set_last_error(hipErrorInvalidConfiguration);
    return;
  }
  if (smem > 65536) {
    std::fprintf(stderr,
                 "cu2hip-emu: launch of '%s': %zu bytes of dynamic shared "
                 "memory exceed the 64 KiB LDS of a workgroup on AMD GPUs\n",
                 nm.c_str(), smem);
    set_last_error(hipErrorInvalidValue);
    return;
  }
  if (tl_lane) fatal_in_kernel(Site(), "kernel launch from inside a kernel (dynamic parallelism) is unsupported");
  if (!launch_devices_ok(nm.c_str(), k.ptrs, k.nptrs, stream)) return;
  std::lock_guard<std::mutex> lk(g_launch_mu);
  Job job;
  job.name = nm.c_str();
  job.k = &k;
  job.grid = grid;
  job.block = block;
  job.smem = smem;
  job.total = (unsigned long long)grid.x * grid.y * grid.z;
  if (config().threads > 1 && job.total > 1)
    pool()->run(job);
  else
    run_job(job);
}

}  // namespace cu2hip_emu

long long cu2hip_emu_clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
