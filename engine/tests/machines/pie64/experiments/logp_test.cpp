#include "machines/pie64/experiments/logp.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

Result run(const ParamValues& overrides = {}) {
  return Simulation(builtin_registry(), "pie64_logp", overrides, 1).run();
}

const Result& base() {
  static const Result r = run();
  return r;
}

double one_byte(const Result& r, const char* key) {
  return r.scalar(std::string(key) + "_one_byte_cycles");
}

TEST(Pie64Logp, MatchesTheTransferCosts) {
  // The inputs: Ts + Te = 38.9 clocks beyond the words (5 %), Tb = 1 clock per (4-byte) word.
  EXPECT_NEAR(one_byte(base(), "pie64_writex"), 38.9, 38.9 * 0.05);
  EXPECT_NEAR(base().scalar("pie64_writex_G_cycles"), 0.25, 0.0025);
  // WRITEMN adds the receiver's buffer allocation (5 clocks); MP-Write at least the MP's three
  // steps (request, Req, Ack) of 133.1 clocks each.
  EXPECT_NEAR(one_byte(base(), "pie64_writemn") - one_byte(base(), "pie64_writex"), 5, 1);
  EXPECT_GT(one_byte(base(), "pie64_mpwrite") - one_byte(base(), "pie64_writemn"), 3 * 133.1);
}

TEST(Pie64Logp, UniredOnlyIssuesAndTheReceiverIsNeverInterrupted) {
  for (const char* key : {"pie64_writex", "pie64_writemn", "pie64_mpwrite"}) {
    EXPECT_DOUBLE_EQ(base().scalar(std::string(key) + "_o_send_cycles"), 1) << key;
    EXPECT_DOUBLE_EQ(base().scalar(std::string(key) + "_o_recv_cycles"), 0) << key;
  }
  // The command register holds one transfer: back-to-back transfers follow each other at the
  // transfer's own time, so g is about L.
  EXPECT_NEAR(base().scalar("pie64_writex_g_cycles"), base().scalar("pie64_writex_L_cycles"), 3);
}

TEST(Pie64Logp, TheMpTimeMovesOnlyMpWrite) {
  const Result r = run({{"mp_clocks", 266.2}});
  EXPECT_NEAR(one_byte(r, "pie64_mpwrite") - one_byte(base(), "pie64_mpwrite"), 3 * 133.1, 2);
  EXPECT_EQ(one_byte(r, "pie64_writex"), one_byte(base(), "pie64_writex"));
}

TEST(Pie64Logp, RefusesATransferLongerThan4096Words) {
  EXPECT_THROW(run({{"logp_sizes", std::vector<double>{4, 16388}}}), ParamError);
}

}  // namespace
}  // namespace archex
