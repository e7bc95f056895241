#pragma once

#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "machines/jmachine/mdp.h"
#include "network/traffic/batch_means.h"

namespace archex::jmachine {

// Every node: pick a random destination, send an N-word request, wait for the N-word reply,
// then compute (or idle) L cycles; handlers preempt the computation.
class ClosedLoop final : public Machine::Workload {
 public:
  ClosedLoop(Machine& m, Rng& rng, int words, int grain)
      : m_(m), rng_(rng), words_(words), grain_(grain) {
    const auto n = static_cast<std::size_t>(m.network().topology().terminals());
    remaining_.assign(n, 0);
    sent_at_.assign(n, 0);
    waiting_.assign(n, 0);
    // Start at random points of the computation, so the nodes do not move in lockstep.
    for (auto& r : remaining_)
      r = static_cast<int>(rng_.below(static_cast<std::uint64_t>(grain_) + 1));
  }

  void on_message(int node, const Received& message, Thread& t) override {
    const NodeCosts& c = m_.costs();
    t.compute(c.handler);
    if (message.handler == 0) return t.send_words(message.src, words_, 1);
    const double now = static_cast<double>(m_.network().now());
    const double round_trip =
        now + c.dispatch + c.handler - sent_at_[static_cast<std::size_t>(node)];
    if (measuring) one_way.add(round_trip / 2);
    waiting_[static_cast<std::size_t>(node)] = 0;
    remaining_[static_cast<std::size_t>(node)] = grain_;
  }

  bool background(int node, Thread& t) override {
    const auto n = static_cast<std::size_t>(node);
    if (waiting_[n]) return false;
    if (remaining_[n] > 0) {
      --remaining_[n];
      if (measuring) ++compute;
      return true;
    }
    const int nodes = m_.network().topology().terminals();
    int dst = static_cast<int>(rng_.below(static_cast<std::uint64_t>(nodes - 1)));
    if (dst >= node) ++dst;
    t.send_words(dst, words_, 0);
    sent_at_[n] = static_cast<double>(m_.network().now());
    waiting_[n] = 1;
    return true;
  }

  // Computing, each cycle only counts down (and is counted); waiting, a cycle does nothing.
  std::int64_t quiet_cycles(int node) const override {
    const auto n = static_cast<std::size_t>(node);
    return waiting_[n] ? kForever : remaining_[n];
  }
  void skip(int node, std::int64_t cycles) override {
    const auto n = static_cast<std::size_t>(node);
    if (waiting_[n]) return;
    remaining_[n] -= static_cast<int>(cycles);
    if (measuring) compute += cycles;
  }

  bool measuring = false;
  // One-way latencies (half the round trip) while measuring; 6 batches at least, which keeps
  // the long-grain points short.
  BatchMeans one_way{6};
  std::int64_t compute = 0;

 private:
  Machine& m_;
  Rng& rng_;
  int words_;
  int grain_;
  std::vector<int> remaining_;
  std::vector<double> sent_at_;
  std::vector<std::uint8_t> waiting_;
};

}  // namespace archex::jmachine
