#include "network/topologies/crossbar/crossbar.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/traffic/analytic.h"
#include "network/wormhole/network.h"

namespace archex {
namespace {

// Every input always has 1-flit packets queued for uniformly random outputs; one virtual channel
// makes each input a FIFO whose head blocks the cells behind it. Returns delivered flits per
// port per cycle after a warm-up.
double saturation_throughput(int ports, std::int64_t cycles) {
  NetworkConfig c;
  c.topology = std::make_shared<const Crossbar>(ports);
  c.buffer_flits = 4;
  Network net(c);
  Rng rng(11);
  std::int64_t delivered = 0;
  const std::int64_t warmup = 1000;
  for (std::int64_t cycle = 0; cycle < warmup + cycles; ++cycle) {
    if (cycle == warmup) delivered = 0;
    for (int src = 0; src < ports; ++src) {
      while (net.source_backlog(src) < 2) {
        net.send(src, static_cast<int>(rng.below(static_cast<std::uint64_t>(ports))), 1, 0);
      }
    }
    net.step();
    for (const int id : net.delivered()) {
      net.release(net.packet(id).dst, 1);
      net.free_packet(id);
      ++delivered;
    }
  }
  return static_cast<double>(delivered) /
         (static_cast<double>(ports) * static_cast<double>(cycles));
}

TEST(Crossbar, InputQueuedSaturationMatchesKarolHluchyjMorgan) {
  // Head-of-line blocking caps an input-queued switch at 0.75 (N = 2), 0.6553 (N = 4) and
  // 2 - sqrt(2) = 0.5858 as N grows (Karol, Hluchyj & Morgan 1987). Tolerance 3 %: over
  // 200,000 cycles the batch-to-batch spread of the mean is under 0.3 %, and at N = 32 the
  // finite switch sits about 1.3 % above the N -> infinity limit.
  const struct {
    int ports;
    double target;
  } cases[] = {{2, 0.75}, {4, 0.6553}, {32, 2 - std::sqrt(2.0)}};
  for (const auto& c : cases) {
    const double simulated = saturation_throughput(c.ports, 200000);
    EXPECT_NEAR(simulated, c.target, 0.03 * c.target) << c.ports << " ports";
    std::printf("crossbar %d ports: simulated %.4f, target %.4f\n", c.ports, simulated,
                c.target);
  }
}

TEST(Crossbar, RejectsPortCountsOutOfRange) {
  try {
    Crossbar(65);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "crossbar_ports");
    EXPECT_NE(std::string(e.what()).find("[2, 64]"), std::string::npos);
  }
  EXPECT_THROW(Crossbar(1), ParamError);
}

}  // namespace
}  // namespace archex
