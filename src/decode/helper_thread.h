// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// A second thread for the disassembler's large inputs, and the spin waits both threads use.
//
// Why spin: on the virtual machines this is measured on, waking a processor that went idle takes
// milliseconds (a thread started or woken there began 2-3 ms late), as long as reading a large
// input takes. So the helper is started before it has work, and both threads wait for each
// other by spinning for a while before they sleep between polls.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

namespace gfxasm::dec {

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
}

// Returns when `ready()` is true: spins for up to ~2 ms, then polls every 100 us (a long wait
// means the other thread is held up, say by a slow reader of the output: no processor is burnt).
template <class Ready> void spinUntil(Ready ready) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point sleepAfter{};
  for (unsigned i = 1; !ready(); ++i) {
    if (i % 1024) {
      cpuRelax();
    } else if (i == 1024) {
      sleepAfter = Clock::now() + std::chrono::milliseconds(2);
    } else if (Clock::now() > sleepAfter) {
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  }
}

// Runs one job at a time on its own thread. A job is help the caller can do without: one the
// helper has not started when the caller waits for it is withdrawn (the caller's thread does
// its work), so a helper that wakes late holds nothing up.
class HelperThread {
public:
  HelperThread() : thread_([this] { loop(); }) {}
  ~HelperThread() {
    wait();
    state_.store(kStop, std::memory_order_release);
    thread_.join();
  }
  HelperThread(const HelperThread &) = delete;
  HelperThread &operator=(const HelperThread &) = delete;

  // Posts `job` (after the one before is done or withdrawn).
  void start(std::function<void()> job) {
    wait();
    job_ = std::move(job);
    state_.store(kPosted, std::memory_order_release);
  }
  // Returns when the job posted last is done, or withdrawn before it started.
  void wait() {
    int posted = kPosted;
    if (state_.compare_exchange_strong(posted, kIdle, std::memory_order_acq_rel)) return;
    spinUntil([&] { return state_.load(std::memory_order_acquire) != kRunning; });
  }

private:
  enum State { kIdle, kPosted, kRunning, kStop };
  void loop() {
    for (;;) {
      int state;
      spinUntil([&] { return (state = state_.load(std::memory_order_acquire)) != kIdle; });
      if (state == kStop) return;
      if (!state_.compare_exchange_strong(state, kRunning, std::memory_order_acq_rel))
        continue; // withdrawn
      job_();
      state_.store(kIdle, std::memory_order_release);
    }
  }
  std::function<void()> job_;
  std::atomic<int> state_{kIdle};
  std::thread thread_; // (last: it starts once the members above are ready)
};

} // namespace gfxasm::dec
