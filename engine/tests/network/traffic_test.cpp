#include "network/traffic.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/analytic.h"
#include "network/crossbar.h"
#include "network/fly.h"

namespace archex {
namespace {

TEST(TrafficPattern, PatternsThatMoveCoordinatesNeedACube) {
  const Fly fly(4, 3, FlyWiring::kButterfly);
  try {
    TrafficPattern pattern(fly, Pattern::kTranspose, 0);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "pattern");
    EXPECT_NE(std::string(e.what()).find("valid on this network: uniform, hotspot"),
              std::string::npos);
  }
  // Off a cube the hotspot is the middle terminal.
  const TrafficPattern hotspot(fly, Pattern::kHotspot, 1.0);
  Rng rng(1);
  EXPECT_EQ(hotspot.destination(0, rng), 32);
}

TEST(LoadPoint, MeasuresHeadOfLineBlockingOnACrossbar) {
  // Offered more than a FIFO input-queued 32 x 32 switch carries, 1-flit packets: the accepted
  // load is its saturation throughput. 3 %: the N -> infinity limit lies 1.3 % under a 32-port
  // switch, and some 350,000 delivered packets leave a sampling error near 0.3 %.
  NetworkConfig c;
  const auto crossbar = std::make_shared<const Crossbar>(32);
  c.topology = crossbar;
  LoadPointOptions opt;
  opt.rate = 0.8;
  opt.packet_flits = 1;
  const TrafficPattern uniform(*crossbar, Pattern::kUniform, 0);
  Rng rng(6);
  LoadPoint point(c, uniform, opt, rng);
  while (!point.advance(10000)) {
  }
  const double target = iq_crossbar_saturation(32);
  EXPECT_NEAR(point.result().accepted, target, 0.03 * target);
  EXPECT_TRUE(point.result().saturated);
  std::printf("crossbar 32 ports through LoadPoint: accepted %.4f over %lld cycles, target %.4f\n",
              point.result().accepted, static_cast<long long>(point.result().cycles), target);
}

}  // namespace
}  // namespace archex
