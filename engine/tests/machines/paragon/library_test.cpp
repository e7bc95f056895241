#include "machines/paragon/library.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace archex {
namespace paragon {
namespace {

TEST(ParagonLibrary, RandomFullHRelationSendsAndReceivesExactlyH) {
  Rng rng(3);
  const Packets packets = random_h_relation(8, 50, rng);
  std::vector<int> received(8, 0);
  for (const auto& dests : packets) {
    EXPECT_EQ(dests.size(), 50u);
    for (const int d : dests) ++received[static_cast<std::size_t>(d)];
  }
  for (const int r : received) EXPECT_EQ(r, 50);
}

TEST(ParagonLibrary, Log2Ceil) {
  EXPECT_EQ(log2_ceil(8), 3);
  EXPECT_EQ(log2_ceil(36), 6);
  EXPECT_EQ(log2_ceil(1), 0);
}

TEST(ParagonLibrary, BspSyncSendsOneCombinedMessagePerDestination) {
  // 4 nodes, node 0 sends 10 packets to node 1: one message of 10 x (data + header) bytes, and
  // the size exchange's 2 rounds everywhere.
  const MachineParams m = default_params();
  Packets packets(4);
  packets[0].assign(10, 1);
  std::vector<Program> programs(4);
  bsp_sync(programs, m, packets);
  int sends = 0;
  double bytes = 0;
  for (const Step& s : programs[0]) {
    if (s.op != Op::kSend) continue;
    ++sends;
    bytes = s.value;
  }
  EXPECT_EQ(sends, 2 + 1);
  EXPECT_DOUBLE_EQ(bytes, 10.0 * (m.bsp_packet_bytes + m.bsp_header_bytes));
  EXPECT_EQ(programs[0].back().op, Op::kBarrier);
}

TEST(ParagonLibrary, NaiveSyncSendsEveryPacketAlone) {
  const MachineParams m = default_params();
  Packets packets(4);
  packets[0].assign(10, 1);
  std::vector<Program> programs(4);
  naive_sync(programs, m, packets);
  int sends = 0;
  for (const Step& s : programs[0]) sends += s.op == Op::kSend ? 1 : 0;
  EXPECT_EQ(sends, 10);
}

TEST(ParagonLibrary, BpramStepTakesOnlyPermutations) {
  std::vector<Program> programs(3);
  EXPECT_THROW(bpram_step(programs, {2, 2, -1}, {8, 8, 0}), std::invalid_argument);
}

TEST(ParagonLibrary, ALongerBlockPermutationTakesLonger) {
  const MachineParams m = default_params();
  auto time = [&](double bytes) {
    Machine machine(m, {2, 2});
    std::vector<Program> programs(4);
    bpram_step(programs, {1, 2, 3, 0}, std::vector<double>(4, bytes));
    return run(machine, programs);
  };
  EXPECT_GT(time(32768), time(1024) + 32000 * 0.02);
}

}  // namespace
}  // namespace paragon
}  // namespace archex
