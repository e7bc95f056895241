#include "machines/jmachine/mdp.h"

#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/rng.h"

#include "network/circuit/circuit.h"
#include "network/topologies/crossbar/crossbar.h"
#include "network/topologies/fly/fly.h"
#include "network/topologies/kncube/kncube.h"

namespace archex::jmachine {
namespace {

// Node 0 sends a 2-word request to node 1, whose handler answers with 1 word; `done` is when the
// reply's handler has run.
class NullRpc final : public Machine::Workload {
 public:
  explicit NullRpc(Machine& m) : m_(m) {}
  void on_message(int, const Received& message, Thread& t) override {
    if (message.handler != 0) {
      done = m_.network().now();
      return;
    }
    t.compute(m_.costs().handler);
    t.send_words(message.src, 1, 1);
  }
  bool background(int node, Thread& t) override {
    if (node != 0 || started_) return false;
    started_ = true;
    t.send_words(1, 2, 0);
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
  void on_message(int node, const Received& message, Thread& t) override {
    const auto n = static_cast<std::size_t>(node);
    log.push_back({m_.network().now(), node, message.handler, remaining_[n]});
    if (message.handler == 0) {
      t.compute(5);
      return t.send_words(message.src, 3, 1);
    }
    waiting_[n] = 0;
    remaining_[n] = grain_ + node % 7 * 13;
    t.compute(2);
  }
  bool background(int node, Thread& t) override {
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
    t.send_words(dst, 4, 0);
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

// A workload from functions: `start` records node 0's first thread, `handle` every handler.
class Script final : public Machine::Workload {
 public:
  using Handler = std::function<void(int node, const Received&, Thread&)>;
  Script(std::function<void(Thread&)> start, Handler handle)
      : start_(std::move(start)), handle_(std::move(handle)) {}
  void on_message(int node, const Received& m, Thread& t) override { handle_(node, m, t); }
  bool background(int node, Thread& t) override {
    if (node != 0 || started_) return false;
    started_ = true;
    start_(t);
    return true;
  }

 private:
  std::function<void(Thread&)> start_;
  Handler handle_;
  bool started_ = false;
};

NetworkConfig line(int nodes) {
  NetworkConfig c;
  c.topology = std::make_shared<const KNCube>(std::vector<int>{nodes}, false);
  c.buffer_flits = 1;
  c.channel_rate = 0.5;
  c.inject_rate = 2;
  c.eject_rate = 0.5;
  c.receive_queue_flits = 1 << 20;
  return c;
}

MdpCosts mdp() {
  MdpCosts c{};
  c.queue_fault = 40;
  c.spill_per_word = 6;
  c.send_fault = 10;
  return c;
}

void run(Machine& m, Machine::Workload& w, std::int64_t limit = 1000000) {
  do {
    m.step(w);
  } while (!m.quiescent() && m.network().now() < limit);
}

TEST(Mdp, AThreadSendsAThousandMessagesAndEveryOneArrivesWithItsData) {
  const MdpCosts costs = mdp();
  Machine m(line(4), NodeCosts{1, 4, 13, 1, 19, 3, 2, 8, 3, 6}, &costs);
  std::vector<std::int64_t> got;
  Script w(
      [](Thread& t) {
        for (int i = 0; i < 1000; ++i) t.send(3, 1, {i, 7 * i});
      },
      [&](int node, const Received& r, Thread& t) {
        EXPECT_EQ(node, 3);
        EXPECT_EQ(r.words, 3);
        EXPECT_EQ(r.word(1), 7 * r.word(0));
        got.push_back(r.word(0));
        t.compute(2);
      });
  run(m, w);
  ASSERT_EQ(got.size(), 1000u);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(got[static_cast<std::size_t>(i)], i);
  EXPECT_EQ(m.stats(0).messages_sent, 1000);
}

TEST(Mdp, APriorityOneMessagePreemptsPriorityZeroWork) {
  const MdpCosts costs = mdp();
  // Node 1 starts 5,000 cycles of priority-0 work; node 0 then sends it a message at priority 1
  // (or 0), whose handler notes when it runs.
  const auto handled_at = [&](int priority) {
    Machine m(line(2), NodeCosts{1, 4, 13, 1, 19, 3, 2, 8, 3, 6}, &costs);
    std::int64_t at = -1;
    Script w(
        [&](Thread& t) {
          t.send(1, 1, {});
          t.compute(100);
          t.send(1, 2, {}, priority);
        },
        [&](int, const Received& r, Thread& t) {
          if (r.handler == 1) return t.compute(5000);
          at = m.network().now();
        });
    run(m, w);
    return at;
  };
  EXPECT_LT(handled_at(1), 500);
  EXPECT_GT(handled_at(0), 5000);
}

TEST(Mdp, APriorityOneMessagePreemptsAThreadComputingTowardsItsSend) {
  const MdpCosts costs = mdp();
  // Node 1's priority-0 handler computes 5,000 cycles and then sends to node 0; a priority-1
  // message arriving meanwhile runs at once (300 cycles), and the send leaves that much later.
  struct Times {
    std::int64_t handled = -1;
    std::int64_t back = -1;
  };
  const auto run_with = [&](int priority) {
    Machine m(line(2), NodeCosts{1, 4, 13, 1, 19, 3, 2, 8, 3, 6}, &costs);
    Times at;
    Script w(
        [&](Thread& t) {
          t.send(1, 1, {});
          t.compute(100);
          t.send(1, 2, {}, priority);
        },
        [&](int node, const Received& r, Thread& t) {
          if (node == 0) {
            at.back = m.network().now();
          } else if (r.handler == 1) {
            t.compute(5000);
            t.send(0, 3, {});
          } else {
            at.handled = m.network().now();
            t.compute(300);
          }
        });
    run(m, w);
    return at;
  };
  const Times preempted = run_with(1);
  const Times queued = run_with(0);
  EXPECT_LT(preempted.handled, 500);
  EXPECT_GT(queued.handled, 5000);
  EXPECT_GE(preempted.back, queued.back + 300);
}

TEST(Mdp, AFullQueueFaultsAndItsHandlerSpillsTheMessagesToMemory) {
  MdpCosts costs = mdp();
  // Node 1 is busy while node 0 sends it 200 four-word messages; none is lost either way.
  const auto faults = [&](int queue_words, int& handled) {
    Machine m(line(2), NodeCosts{1, 4, 13, 1, 19, 3, 2, 8, 3, 6}, &costs);
    m.set_queue_words(queue_words);
    handled = 0;
    Script w(
        [](Thread& t) {
          t.send(1, 1, {});
          for (int i = 0; i < 200; ++i) t.send(1, 2, {i, i, i});
        },
        [&](int, const Received& r, Thread& t) {
          if (r.handler == 1) return t.compute(4000);
          ++handled;
        });
    run(m, w);
    return m.stats(1);
  };
  int handled = 0;
  const Machine::NodeStats small = faults(64, handled);
  EXPECT_EQ(handled, 200);
  EXPECT_GE(small.queue_faults, 10);
  EXPECT_GT(small.spilled_words, 0);
  EXPECT_GT(small.cycles[static_cast<int>(Use::kFault)], 0);
  const Machine::NodeStats large = faults(1024, handled);
  EXPECT_EQ(handled, 200);
  EXPECT_EQ(large.queue_faults, 0);
}

TEST(Mdp, ASendTheNetworkRefusesFaultsAndTheProcessorWaits) {
  MdpCosts costs = mdp();
  // Back-to-back 8-word sends go in at 2 words/cycle but leave at 0.5: with a one-message send
  // path most of them fault; with a deep one none does, and the thread ends sooner.
  const auto sends = [&](int buffer, std::int64_t& done) {
    NetworkConfig c = line(4);
    c.source_queue_packets = buffer;
    Machine m(c, NodeCosts{1, 4, 13, 1, 19, 3, 2, 8, 3, 6}, &costs);
    Script w(
        [](Thread& t) {
          for (int i = 0; i < 50; ++i) t.send(3, 1, {1, 2, 3, 4, 5, 6, 7});
        },
        [](int, const Received&, Thread&) {});
    done = -1;
    while (m.stats(0).messages_sent < 50 || m.busy_until(0) > m.network().now()) m.step(w);
    done = m.network().now();
    run(m, w);
    return m.stats(0).send_faults;
  };
  std::int64_t shallow_done = 0;
  std::int64_t deep_done = 0;
  EXPECT_GE(sends(1, shallow_done), 40);
  EXPECT_EQ(sends(4096, deep_done), 0);
  EXPECT_GT(shallow_done, deep_done + 500);
}

}  // namespace
}  // namespace archex::jmachine
