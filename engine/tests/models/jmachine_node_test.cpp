#include "models/jmachine_node.h"

#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/rng.h"

#include "network/circuit.h"
#include "network/crossbar.h"
#include "network/fly.h"
#include "network/kncube.h"

namespace archex {
namespace {

// Node 0 sends a 2-word request to node 1, whose handler answers with 1 word; `done` is when the
// reply's handler has run.
class NullRpc final : public Machine::Workload {
 public:
  explicit NullRpc(Machine& m) : m_(m) {}
  Machine::Handling on_message(int, const Message& message) override {
    if (message.tag == 0) return {m_.costs().handler, message.src, 1, 1};
    done = m_.network().now();
    return {};
  }
  bool background(int node) override {
    if (node != 0 || started_) return false;
    started_ = true;
    m_.send(0, 1, 2, 0);
    return true;
  }
  std::int64_t done = -1;

 private:
  Machine& m_;
  bool started_ = false;
};

std::int64_t round_trip(Machine& m) {
  NullRpc rpc(m);
  while (rpc.done < 0 && m.network().now() < 10000) m.step(rpc);
  return rpc.done;
}

std::int64_t on_circuits(int setup_cycles) {
  CircuitConfig c;
  c.topology = std::make_shared<const Fly>(4, 3, FlyWiring::kOmega);
  c.policy = BlockPolicy::kHold;
  c.setup_cycles_per_hop = setup_cycles;
  Machine m(std::make_unique<CircuitInterconnect>(c, 1), NodeCosts{});
  return round_trip(m);
}

TEST(Machine, RunsTheSameNodeModelOnAWormholeAndACircuitSwitchedNetwork) {
  NetworkConfig wormhole;
  wormhole.topology = std::make_shared<const Crossbar>(4);
  Machine packets(wormhole, NodeCosts{});
  EXPECT_GT(round_trip(packets), 0);
  // Two connections (request, reply) through a 3-stage fly; a request takes its first switch's
  // output at once and one set-up time per switch after it, so every set-up cycle more adds
  // 2 connections x 2 switches to the round trip, and nothing else changes.
  const std::int64_t base = on_circuits(1);
  ASSERT_GT(base, 0);
  EXPECT_EQ(on_circuits(4) - base, 2 * 2 * 3);
  EXPECT_EQ(on_circuits(9) - base, 2 * 2 * 8);
}

// Every node computes, sends a request to a random node and waits for the reply; requests
// preempt the computation. With `quiet` it tells the machine which cycles only count down.
class Ping final : public Machine::Workload {
 public:
  Ping(Machine& m, bool quiet, int grain) : m_(m), quiet_(quiet), grain_(grain), rng_(3) {
    const auto n = static_cast<std::size_t>(m.network().topology().terminals());
    remaining_.assign(n, 0);
    waiting_.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) remaining_[i] = static_cast<int>(i * 37 % 101);
  }
  Machine::Handling on_message(int node, const Message& message) override {
    const auto n = static_cast<std::size_t>(node);
    log.push_back({m_.network().now(), node, message.tag, remaining_[n]});
    if (message.tag == 0) return {5, message.src, 3, 1};
    waiting_[n] = 0;
    remaining_[n] = grain_ + node % 7 * 13;
    return {2, -1, 0, 0};
  }
  bool background(int node) override {
    const auto n = static_cast<std::size_t>(node);
    if (waiting_[n]) return false;
    if (remaining_[n] > 0) {
      --remaining_[n];
      ++compute;
      return true;
    }
    const int nodes = m_.network().topology().terminals();
    const auto other = static_cast<int>(rng_.below(static_cast<std::uint64_t>(nodes - 1)));
    const int dst = (node + 1 + other) % nodes;
    log.push_back({m_.network().now(), node, -1, dst});
    m_.send(node, dst, 4, 0);
    waiting_[n] = 1;
    return true;
  }
  std::int64_t quiet_cycles(int node) const override {
    const auto n = static_cast<std::size_t>(node);
    if (!quiet_) return 0;
    return waiting_[n] ? kForever : remaining_[n];
  }
  void skip(int node, std::int64_t cycles) override {
    const auto n = static_cast<std::size_t>(node);
    if (waiting_[n]) return;
    remaining_[n] -= static_cast<int>(cycles);
    compute += cycles;
  }

  // (cycle, node, message tag or -1 for a send, remaining computation or destination)
  std::vector<std::array<std::int64_t, 4>> log;
  std::int64_t compute = 0;

 private:
  Machine& m_;
  bool quiet_;
  int grain_;
  Rng rng_;
  std::vector<int> remaining_;
  std::vector<std::uint8_t> waiting_;
};

TEST(Machine, SkippingQuietCyclesAndJumpingIdleOnesChangesNothing) {
  // Slow credits: some are still on their way after the last flit has left.
  for (const auto& [grain, credit_delay] : {std::pair{0, 0}, {40, 0}, {700, 0}, {700, 9}}) {
    NetworkConfig config;
    config.topology = std::make_shared<const KNCube>(std::vector<int>{4, 4}, false);
    config.buffer_flits = 1;
    config.channel_rate = 0.5;
    config.credit_delay_cycles = credit_delay;
    struct Run {
      std::vector<std::array<std::int64_t, 4>> log;
      std::vector<std::int64_t> computed;
      int steps = 0;
    };
    const auto run = [&](bool skip) {
      Machine m(config, NodeCosts{1, 4, 13, 1, 19, 3, 2, 8, 3, 6});
      Ping ping(m, skip, grain);
      Run r;
      constexpr std::int64_t kEvery = 333;
      while (m.network().now() < 5000) {
        if (skip) m.jump((m.network().now() / kEvery + 1) * kEvery);
        m.step(ping);
        ++r.steps;
        if (m.network().now() % kEvery == 0) {
          m.settle(ping);
          r.computed.push_back(ping.compute);
        }
      }
      r.log = ping.log;
      return r;
    };
    const Run every_cycle = run(false);
    const Run skipping = run(true);
    EXPECT_GT(every_cycle.log.size(), 100u);
    const std::string where = "grain " + std::to_string(grain) + ", credit delay " +
                              std::to_string(credit_delay);
    EXPECT_EQ(skipping.log, every_cycle.log) << where;
    EXPECT_EQ(skipping.computed, every_cycle.computed) << where;
    // Long grains leave the network idle at times: the machine jumps.
    if (grain == 700) {
      EXPECT_LT(skipping.steps, every_cycle.steps);
    }
  }
}

}  // namespace
}  // namespace archex
