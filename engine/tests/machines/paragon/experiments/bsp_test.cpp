#include "machines/paragon/experiments/bsp.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "machines/paragon/costs.h"
#include "machines/paragon/experiments/run.h"

namespace archex {
namespace {

using paragon_test::run;

// A small run: full h-relations on 4x2, the naive library beside them.
Result small(const ParamValues& costs = {}) {
  ParamValues p = {{"processors", std::vector<double>{8}},
                   {"h_values", std::vector<double>{100, 300, 500}},
                   {"naive_h_values", std::vector<double>{10, 20}}};
  for (const auto& [name, value] : costs) p.set(name, value);
  return run("paragon_bsp", p);
}

const Result& base() {
  static const Result r = small();
  return r;
}

// In a full h-relation every node buffers its h packets out and its h packets in (half the cost
// each way), on the compute processor beside the sends: g moves by the buffering's change, L not.
// The input buffers are allocated once a superstep: L moves by their change, g not.
TEST(ParagonBsp, BufferingIsPaidOncePacketAndAllocationOnceASuperstep) {
  const Result buffered = small({{"bsp_buffer_us", 6.03 + 2}});
  EXPECT_NEAR(buffered.scalar("g_us") - base().scalar("g_us"), 2, 0.02);
  EXPECT_NEAR(buffered.scalar("L_us"), base().scalar("L_us"), 5);
  const Result allocated = small({{"bsp_alloc_us", paragon::default_params().bsp_alloc_us + 500}});
  EXPECT_NEAR(allocated.scalar("L_us") - base().scalar("L_us"), 500, 1);
  EXPECT_NEAR(allocated.scalar("g_us"), base().scalar("g_us"), 1e-3);
}

TEST(ParagonBsp, GIsTheBufferingAndTheNetworksShareOfAPacket) {
  const Result& r = base();
  EXPECT_DOUBLE_EQ(r.scalar("buffering_us_per_packet"), 6.03);
  EXPECT_DOUBLE_EQ(r.scalar("buffering_us_per_packet") + r.scalar("network_us_per_packet"),
                   r.scalar("g_us"));
}

// The naive library sends each packet as a message of its own: each node's message processor
// pays a send and a receive overhead and two packets' for every packet of h (a packet a node
// sends itself, 1 in p, costs none), and posting the receives on the compute processor (79.5 us
// each) hides behind that.
TEST(ParagonBsp, TheNaiveLibrarysGIsAMessagesOverheadsPerPacket) {
  const Result& r = base();
  const double per_packet = 66.9 + 66.9 + 2 * 5.83;
  EXPECT_GT(r.scalar("g_naive_us"), 0.8 * per_packet);
  EXPECT_LT(r.scalar("g_naive_us"), 1.15 * per_packet);
  EXPECT_DOUBLE_EQ(r.scalar("naive_g_ratio"), r.scalar("g_naive_us") / r.scalar("g_us"));
}

// L pays p - 1 message startups and the log p rounds of the sizes: about linear in p, while g, a
// packet's buffering and its share of the network, grows little.
TEST(ParagonBsp, GGrowsSlowlyAndLAboutLinearly) {
  const Result r = run("paragon_bsp", {{"processors", std::vector<double>{8, 32, 64}},
                                       {"h_values", std::vector<double>{200, 1000}},
                                       {"naive_h_values", std::vector<double>{10, 20}}});
  const Series& g = r.find_series("g_vs_p");
  const Series& l = r.find_series("L_vs_p");
  ASSERT_EQ(g.y.size(), 3u);
  EXPECT_LT(g.y.back() / g.y.front(), 1.5);
  // About linear: L's rise per processor from 8 to 32 and from 32 to 64 within a factor 2.
  const double low = (l.y[1] - l.y[0]) / (l.x[1] - l.x[0]);
  const double high = (l.y[2] - l.y[1]) / (l.x[2] - l.x[1]);
  EXPECT_GT(high / low, 0.5);
  EXPECT_LT(high / low, 2.0);
}

// Why g on 8x4 falls under 4x2's: there every combined message of h <= 1000 fits one 1 KB NX
// packet, so NX's cost per packet is paid once a message whatever h is and leaves the slope.
TEST(ParagonBsp, NxPacketCostLeavesGWhenEveryMessageFitsOnePacket) {
  const auto g = [](double processors, double nx_packet_us) {
    return run("paragon_bsp", {{"processors", std::vector<double>{processors}},
                               {"h_values", std::vector<double>{200, 600, 1000}},
                               {"naive_h_values", std::vector<double>{5, 10}},
                               {"nx_packet_us", nx_packet_us}})
        .scalar("g_us");
  };
  // 4x2: messages of up to 2.9 KB, up to three packets; twice 5.83 us (sender and receiver) per
  // 1 KB packet is 0.23 us a 20-byte BSP packet.
  EXPECT_GT(g(8, 5.83) - g(8, 0), 0.15);
  // 8x4: at most 0.7 KB a message.
  EXPECT_LT(std::abs(g(32, 5.83) - g(32, 0)), 0.05);
}

TEST(ParagonBsp, TooWideAMeshIsRefusedNamingProcessors) {
  try {
    run("paragon_bsp", {{"processors", std::vector<double>{37}}});
    FAIL() << "37 processors (37x1) accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "processors");
  }
}

TEST(ParagonBsp, SameSeedSameBits) {
  const ParamValues small = {{"processors", std::vector<double>{8}},
                             {"h_values", std::vector<double>{50, 100}},
                             {"naive_h_values", std::vector<double>{5, 10}}};
  EXPECT_EQ(run("paragon_bsp", small).scalar("g_us"), run("paragon_bsp", small).scalar("g_us"));
}

TEST(ParagonBsp, AFittedLineHasTheKeyOfItsCurve) {
  const Result& r = base();
  EXPECT_EQ(r.find_series("bsp_model_4x2").key, "hrel_4x2");
  EXPECT_EQ(r.find_series("naive_model").key, "naive_hrel");
}

}  // namespace
}  // namespace archex
