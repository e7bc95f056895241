#include "models/jmachine_node.h"

#include <gtest/gtest.h>

#include <memory>

#include "network/circuit.h"
#include "network/crossbar.h"
#include "network/fly.h"

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

}  // namespace
}  // namespace archex
