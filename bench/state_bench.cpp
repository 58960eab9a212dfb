// State clone cost: copy-constructing a core::State against a memcpy of its bytes.
// The AI clones states by the thousand; the goal is a clone within 1.5x of memcpy
// (State is trivially copyable, so the compiler should emit the same copy).
#include <benchmark/benchmark.h>

#include <chrono>
#include <ctime>
#include <cstring>
#include <memory>
#include <new>

#include "core/state.h"

namespace {

struct Buffers {
  std::unique_ptr<core::State> src = std::make_unique<core::State>();
  // Raw storage for the copies, so neither side pays for construction.
  alignas(core::State) unsigned char dst[sizeof(core::State)];
  Buffers() {
    src->unit_count = 500;
    for (int i = 0; i < 500; ++i) src->units[size_t(i)].hex = {int16_t(i), int16_t(-i)};
  }
};

void BM_StateClone(benchmark::State& st) {
  auto b = std::make_unique<Buffers>();
  for (auto _ : st) {
    auto* copy = new (b->dst) core::State(*b->src);
    benchmark::DoNotOptimize(copy);
    benchmark::ClobberMemory();
  }
  st.SetBytesProcessed(int64_t(st.iterations()) * int64_t(sizeof(core::State)));
}
BENCHMARK(BM_StateClone);

void BM_StateMemcpy(benchmark::State& st) {
  auto b = std::make_unique<Buffers>();
  for (auto _ : st) {
    std::memcpy(b->dst, b->src.get(), sizeof(core::State));
    benchmark::DoNotOptimize(b->dst);
    benchmark::ClobberMemory();
  }
  st.SetBytesProcessed(int64_t(st.iterations()) * int64_t(sizeof(core::State)));
}
BENCHMARK(BM_StateMemcpy);

// Both in one loop, interleaved, so the ratio is measured under the same load.
void BM_CloneOverMemcpy(benchmark::State& st) {
  auto b = std::make_unique<Buffers>();
  // Thread CPU time: the machine is shared, and wall time would count preemption.
  auto now = [] {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
  };
  constexpr int kBatch = 256;
  double clone_ns = 0, memcpy_ns = 0;
  for (auto _ : st) {
    const double t0 = now();
    for (int i = 0; i < kBatch; ++i) {
      auto* copy = new (b->dst) core::State(*b->src);
      benchmark::DoNotOptimize(copy);
      benchmark::ClobberMemory();
    }
    const double t1 = now();
    for (int i = 0; i < kBatch; ++i) {
      std::memcpy(b->dst, b->src.get(), sizeof(core::State));
      benchmark::DoNotOptimize(b->dst);
      benchmark::ClobberMemory();
    }
    const double t2 = now();
    clone_ns += (t1 - t0);
    memcpy_ns += (t2 - t1);
  }
  const double n = double(st.iterations()) * kBatch;
  st.counters["clone_ns"] = clone_ns / n;
  st.counters["memcpy_ns"] = memcpy_ns / n;
  st.counters["clone_over_memcpy"] = clone_ns / memcpy_ns;
  st.counters["state_bytes"] = double(sizeof(core::State));
}
BENCHMARK(BM_CloneOverMemcpy);

}  // namespace
