#include "network/circuit/circuit.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "core/param_spec.h"
#include "network/traffic/analytic.h"
#include "network/topologies/fly/fly.h"

namespace archex {
namespace {

CircuitConfig on_fly(int k, int n, BlockPolicy policy) {
  CircuitConfig c;
  c.topology = std::make_shared<const Fly>(k, n, FlyWiring::kOmega);
  c.policy = policy;
  return c;
}

TEST(CircuitNetwork, UnbufferedDropOnConflictIsWithinTwoPercentOfPatelsModel) {
  // Each cycle every input requests a random output with probability m; the request crosses all
  // stages at once (no set-up time), a switch output goes to one requester at random, the others
  // are dropped, and a granted path is held for the one cycle its word takes. Patel's recurrence
  // treats the requests at a switch's inputs as independent, which holds exactly at stage 1 and
  // nearly after; 2 % covers that and the sampling error (at m = 0.25 over 64 inputs and 20,000
  // cycles some 320,000 requests: a standard error near 0.1 %).
  for (const FlyWiring wiring : {FlyWiring::kOmega, FlyWiring::kButterfly}) {
    for (const int stages : {1, 2, 3}) {
      for (const double m : {0.25, 0.5, 1.0}) {
        CircuitConfig c;
        c.topology = std::make_shared<const Fly>(4, stages, wiring);
        c.policy = BlockPolicy::kDrop;
        c.setup_cycles_per_hop = 0;
        CircuitNetwork net(c, 3);
        const int inputs = net.topology().terminals();
        Rng rng(4);
        std::int64_t requested = 0;
        std::int64_t accepted = 0;
        for (int cycle = 0; cycle < 20000; ++cycle) {
          for (int src = 0; src < inputs; ++src) {
            if (rng.uniform01() >= m) continue;
            const int dst = static_cast<int>(rng.below(static_cast<std::uint64_t>(inputs)));
            ASSERT_GE(net.open(src, dst, 1), 0);
            ++requested;
          }
          net.step();
          for (const int id : net.finished()) accepted += net.connection(id).dropped ? 0 : 1;
        }
        const double simulated = static_cast<double>(accepted) / static_cast<double>(requested);
        const double model = patel_acceptance(4, stages, m);
        EXPECT_NEAR(simulated, model, 0.02 * model) << stages << " stages, m " << m;
        std::printf("delta 4x4 %s %d stages m %.2f: simulated %.4f, Patel %.4f\n",
                    wiring == FlyWiring::kOmega ? "omega" : "butterfly", stages, m, simulated,
                    model);
      }
    }
  }
}

TEST(CircuitNetwork, AnIdleNetworkConnectsInOneSetUpPerSwitchAndStreamsAtTheChannelRate) {
  // Exact: set-up reserves one switch output per set-up time (3 stages), then 10 words at half
  // a word per cycle take 20 cycles, then the path is released after the tear-down.
  CircuitConfig c = on_fly(4, 3, BlockPolicy::kHold);
  c.setup_cycles_per_hop = 4;
  c.channel_rate = 0.5;
  c.release_cycles = 5;
  CircuitNetwork net(c, 1);
  const int id = net.open(5, 42, 10);
  while (net.connection(id).delivered < 0) net.step();
  EXPECT_EQ(net.connection(id).connected, 2 * 4);
  EXPECT_EQ(net.connection(id).delivered, 2 * 4 + 20);
  // A second connection over the same first output waits for the tear-down.
  const int next = net.open(5, 43, 1);
  while (net.connection(next).delivered < 0) net.step();
  EXPECT_EQ(net.connection(next).connected, 2 * 4 + 20 + 5 + 2 * 4);
}

struct Blocking {
  double probability;  // of a set-up attempt finding its output held
  double mean_wait_cycles;  // from opening to the path being complete
};

TEST(CircuitNetwork, ABlockedRequestWaitsHoldingOrRetriesAfterItsBackOff) {
  // Inputs 0 and 1 of a 2-ary 2-butterfly share switch 0, and outputs 2 and 3 are both reached
  // by its upper output. Both requests start at cycle 0; one wins, holds that output from cycle
  // 0 and streams 10 words from cycle 1 (one cycle per switch), freeing it at cycle 11. Exact.
  for (const BlockPolicy policy : {BlockPolicy::kHold, BlockPolicy::kRetry}) {
    CircuitConfig c;
    c.topology = std::make_shared<const Fly>(2, 2, FlyWiring::kButterfly);
    c.policy = policy;
    c.backoff_cycles = 5;
    CircuitNetwork net(c, 7);
    const int a = net.open(0, 3, 10);
    const int b = net.open(1, 2, 10);
    while (net.pending() > 0) net.step();
    const Connection& first = net.connection(a).connected < net.connection(b).connected
                                  ? net.connection(a)
                                  : net.connection(b);
    const Connection& second = &first == &net.connection(a) ? net.connection(b) : net.connection(a);
    EXPECT_EQ(first.connected, 1);
    EXPECT_EQ(first.blocked, 0);
    EXPECT_EQ(second.blocked, policy == BlockPolicy::kHold ? 1 : 3);
    // Holding, it takes the output at 11; retrying, it tries at 0, 5, 10 and 15.
    EXPECT_EQ(second.connected, policy == BlockPolicy::kHold ? 12 : 16);
    EXPECT_EQ(second.delivered, second.connected + 10);
  }
}

// Opens connections at `load` per input per cycle for `cycles`, then drains; checks that each is
// delivered exactly once and every output is free again.
Blocking runs_and_drains(const CircuitConfig& c, double load, int cycles) {
  CircuitNetwork net(c, 8);
  const int terminals = net.topology().terminals();
  Rng rng(2);
  std::vector<int> seen;
  int opened = 0;
  for (int cycle = 0; cycle < cycles || net.pending() > 0; ++cycle) {
    EXPECT_LT(cycle, cycles + 1000000) << "did not drain";
    if (cycle >= cycles + 1000000) break;
    for (int src = 0; cycle < cycles && src < terminals; ++src) {
      if (rng.uniform01() >= load) continue;
      const int dst = static_cast<int>(rng.below(static_cast<std::uint64_t>(terminals)));
      if (net.open(src, dst, 1 + static_cast<int>(rng.below(8))) >= 0) ++opened;
    }
    net.step();
    for (const int id : net.finished()) {
      EXPECT_FALSE(net.connection(id).dropped);
      seen.push_back(id);
    }
  }
  EXPECT_EQ(static_cast<int>(seen.size()), opened);
  std::vector<int> times(static_cast<std::size_t>(net.connections()), 0);
  double wait = 0;
  for (const int id : seen) {
    ++times[static_cast<std::size_t>(id)];
    wait += static_cast<double>(net.connection(id).connected - net.connection(id).created);
  }
  for (const int t : times) EXPECT_EQ(t, 1);
  for (int r = 0; r < net.topology().routers(); ++r) {
    for (int p = 0; p < net.topology().ports(r); ++p) EXPECT_TRUE(net.output_free(r, p));
  }
  return {static_cast<double>(net.blocked_attempts()) / static_cast<double>(net.attempts()),
          wait / static_cast<double>(seen.size())};
}

TEST(CircuitNetwork, NoConnectionIsLostOrDuplicatedAndBlockingAndWaitsRiseWithLoad) {
  for (const BlockPolicy policy : {BlockPolicy::kHold, BlockPolicy::kRetry}) {
    CircuitConfig c = on_fly(4, 3, policy);
    c.release_cycles = 1;
    c.backoff_cycles = 3;
    Blocking previous{-1, -1};
    for (const double load : {0.005, 0.02, 0.05, 0.1}) {
      const Blocking b = runs_and_drains(c, load, 2000);
      EXPECT_GT(b.probability, previous.probability) << load;
      EXPECT_GT(b.mean_wait_cycles, previous.mean_wait_cycles) << load;
      std::printf("circuit %s load %.3f: blocking %.4f, mean wait %.1f cycles\n",
                  policy == BlockPolicy::kHold ? "hold" : "retry", load, b.probability,
                  b.mean_wait_cycles);
      previous = b;
    }
  }
}

TEST(CircuitNetwork, RecordsOccupancyPerOutputAndPerSwitch) {
  CircuitConfig c = on_fly(2, 2, BlockPolicy::kHold);
  c.setup_cycles_per_hop = 1;
  CircuitNetwork net(c, 1);
  net.open(0, 3, 10);
  for (int i = 0; i < 100; ++i) net.step();
  // Input 0 enters switch 0 of stage 0 (the shuffle keeps line 0), takes output 1 (digit 1 of 3)
  // at cycle 0 and holds it until the last word at cycle 1 + 10.
  EXPECT_NEAR(net.output_occupancy(0, 2 + 1), 11.0 / 100, 1e-12);
  EXPECT_NEAR(net.switch_occupancy(0), 11.0 / 100 / 2, 1e-12);
  EXPECT_EQ(net.output_occupancy(0, 2), 0.0);
}

// Connections of random lengths opened at random on a 4-ary 3-fly; every cycle stepped, or idled
// while nothing is due. Returns each finished connection's id, connected and delivered cycles.
std::vector<std::int64_t> random_circuits(BlockPolicy policy, int release, bool skip_idle) {
  CircuitConfig c = on_fly(4, 3, policy);
  c.release_cycles = release;
  c.setup_cycles_per_hop = 2;
  CircuitNetwork net(c, 8);
  Rng rng(9);
  std::vector<std::int64_t> out;
  for (int cycle = 0; cycle < 20000; ++cycle) {
    if (rng.below(6) == 0) {
      net.open(static_cast<int>(rng.below(64)), static_cast<int>(rng.below(64)),
               static_cast<int>(1 + rng.below(40)));
    }
    if (skip_idle && net.now() < net.next_event()) {
      net.idle_until(net.now() + 1);
    } else {
      net.step();
    }
    for (const int id : net.finished()) {
      out.insert(out.end(), {id, net.connection(id).connected, net.connection(id).delivered});
    }
  }
  return out;
}

TEST(CircuitNetwork, IdlingTheCyclesBeforeTheNextEventChangesNothing) {
  for (const BlockPolicy policy : {BlockPolicy::kHold, BlockPolicy::kRetry, BlockPolicy::kDrop}) {
    const std::vector<std::int64_t> stepped = random_circuits(policy, 3, false);
    EXPECT_GT(stepped.size(), 3u * 1000);
    EXPECT_EQ(random_circuits(policy, 3, true), stepped);
  }
}

TEST(CircuitNetwork, RejectsParametersOutOfRange) {
  CircuitConfig c = on_fly(2, 2, BlockPolicy::kRetry);
  c.backoff_cycles = -1;
  try {
    CircuitNetwork net(c, 1);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "backoff_cycles");
    EXPECT_NE(std::string(e.what()).find("0 to 100000"), std::string::npos);
  }
  c.backoff_cycles = 0;
  c.channel_rate = 0;
  EXPECT_THROW(CircuitNetwork(c, 1), ParamError);
}

TEST(CircuitInterconnect, DeliversEveryMessageOnceWithItsTagAndRefusesTheDropPolicy) {
  CircuitInterconnect net(on_fly(4, 2, BlockPolicy::kRetry), 5);
  Rng rng(6);
  std::vector<int> seen(400, 0);
  int sent = 0;
  while (net.now() < 20000 && sent < 400) {
    const int src = static_cast<int>(rng.below(16));
    const int dst = static_cast<int>(rng.below(16));
    if (net.send(src, dst, 4, 1000 + sent) >= 0) ++sent;
    net.step();
    for (const int id : net.delivered()) ++seen[static_cast<std::size_t>(net.message(id).tag - 1000)];
  }
  while (net.now() < 40000 && net.circuits().pending() > 0) {
    net.step();
    for (const int id : net.delivered()) ++seen[static_cast<std::size_t>(net.message(id).tag - 1000)];
  }
  ASSERT_EQ(sent, 400);
  for (const int n : seen) EXPECT_EQ(n, 1);
  try {
    CircuitInterconnect dropping(on_fly(4, 2, BlockPolicy::kDrop), 5);
    FAIL() << "the drop policy was accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "circuit_policy");
  }
}

}  // namespace
}  // namespace archex
