#include "machines/paragon/machine.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <utility>
#include <vector>

#include "machines/paragon/library.h"

namespace archex {
namespace paragon {
namespace {

// One message of `bytes` from node 0 to node 1 of a 4x2 mesh, the receive posted long before.
double one_way(const MachineParams& m, int bytes) {
  Machine machine(m, {4, 2});
  std::vector<Program> programs(8);
  programs[0] = {{Op::kSend, 1, static_cast<double>(bytes)}, {Op::kWaitSend, 0, 0}};
  programs[1] = {{Op::kPost, 0, 1}, {Op::kWaitRecv, 0, 1}};
  return run(machine, programs);
}

TEST(ParagonMachine, OneMessageCostsItsOverheadsAndItsPacketsOnBothSides) {
  MachineParams m = default_params();
  const double cycle = m.flit_bytes / m.link_mb_s;
  // An empty message: one header-only packet. Send overhead, the packet's overhead and its flit
  // on the sender; a hop through two routers; the same on the receiver, then its overhead.
  const double t0 = one_way(m, 0);
  const double sides = m.nx_send_message_us + m.nx_recv_message_us + 2 * m.nx_packet_us;
  EXPECT_GT(t0, sides);
  EXPECT_LT(t0, sides + 10 * cycle);
  // Ten full NX packets: the message processors pipeline them, so each further packet costs one
  // packet's overhead and bytes at the link rate, once (sender and receiver overlap).
  const double t10 = one_way(m, 10 * m.nx_packet_bytes);
  const double per_packet = m.nx_packet_us + packet_flits(m, m.nx_packet_bytes) * cycle;
  EXPECT_NEAR(t10 - one_way(m, m.nx_packet_bytes), 9 * per_packet, 0.5);
}

TEST(ParagonMachine, NoSendOverheadSendsAtOnce) {
  // Found by the parameter fuzzing: with a send overhead of 0 the message processor started the
  // message and then waited for an event that never came (a "deadlock").
  MachineParams m = default_params();
  const double cycle = m.flit_bytes / m.link_mb_s;
  const double with = one_way(m, 0);
  m.nx_send_message_us = 0;
  const double without = one_way(m, 0);
  // Less by the overhead, give or take the whole cycles its several events are rounded to.
  EXPECT_NEAR(with - without, default_params().nx_send_message_us, 8 * cycle);
}

TEST(ParagonMachine, ANodeNeverSendsAndReceivesAtOnce) {
  // Both nodes send 64 KB to each other: each message processor does its own packets and the
  // other's, so this takes about twice one message's packet time (ping-pong double, eq. 2).
  const MachineParams m = default_params();
  const int bytes = 64 * 1024;
  Machine machine(m, {4, 2});
  std::vector<Program> programs(8);
  for (int i = 0; i < 2; ++i) {
    programs[static_cast<std::size_t>(i)] = {{Op::kSend, 1 - i, static_cast<double>(bytes)},
                                             {Op::kPost, 0, 1},
                                             {Op::kWaitRecv, 0, 1},
                                             {Op::kWaitSend, 0, 0}};
  }
  const double both = run(machine, programs);
  const double one = one_way(m, bytes);
  EXPECT_GT(both / one, 1.8);
  EXPECT_LT(both / one, 2.1);
}

TEST(ParagonMachine, BarrierReleasesEveryNodeTogether) {
  MachineParams m = default_params();
  m.barrier_call_us = 100;
  m.barrier_round_us = 250;
  Machine machine(m, {2, 2});
  std::vector<Program> programs(4);
  for (int i = 0; i < 4; ++i) {
    programs[static_cast<std::size_t>(i)] = {
        {Op::kCompute, 0, 100.0 * i}, {Op::kBarrier, 0, 0}, {Op::kMark, 0, 0}};
  }
  // Four nodes: the call and two rounds after the last arrival.
  const double t = run(machine, programs);
  EXPECT_NEAR(t, 300 + 100 + 2 * 250, 0.2);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(machine.marks(i)[0], 900, 0.2);
  // A program that ends with the barrier ends when the barrier does.
  Machine last(m, {2, 2});
  std::vector<Program> ending(4);
  for (int i = 0; i < 4; ++i) {
    ending[static_cast<std::size_t>(i)] = {{Op::kCompute, 0, 100.0 * i}, {Op::kBarrier, 0, 0}};
  }
  EXPECT_NEAR(run(last, ending), 300 + 100 + 2 * 250, 0.2);
  // A barrier that costs nothing still releases its nodes (a cycle later).
  m.barrier_call_us = 0;
  m.barrier_round_us = 0;
  Machine costless(m, {2, 2});
  EXPECT_NEAR(run(costless, programs), 300, 0.2);
}

// A BPRAM step with nothing to send: only its barrier.
double bpram_barrier(const MachineParams& m, std::vector<int> dims) {
  Machine machine(m, std::move(dims));
  std::vector<Program> programs(static_cast<std::size_t>(machine.nodes()));
  bpram_step(programs, std::vector<int>(programs.size(), -1),
             std::vector<double>(programs.size(), 0));
  return run(machine, programs);
}

// NX gsync is a call and a dissemination barrier of ceil(log2 p) rounds: without the call's own
// time the barrier alone takes 3, 4, 5, 6, 6 and 7 rounds on the paper's meshes, each round as
// long as the one round of two nodes; the call adds its time once, whatever p.
TEST(ParagonMachine, TheBarrierTakesCeilLog2PRounds) {
  MachineParams m = default_params();
  m.barrier_call_us = 0;
  const double round = bpram_barrier(m, {2, 1});
  EXPECT_NEAR(round, m.barrier_round_us, 0.2);
  const struct {
    std::vector<int> dims;
    int rounds;
  } meshes[] = {{{4, 2}, 3}, {{4, 4}, 4}, {{8, 4}, 5}, {{6, 6}, 6}, {{8, 8}, 6}, {{10, 10}, 7}};
  for (const auto& mesh : meshes) {
    // Within a cycle a round (0.05 µs): each round's time is whole cycles.
    EXPECT_NEAR(bpram_barrier(m, mesh.dims), mesh.rounds * m.barrier_round_us, 0.05 * mesh.rounds)
        << mesh.dims[0] << "x" << mesh.dims[1];
  }
  const MachineParams calibrated = default_params();
  EXPECT_NEAR(bpram_barrier(calibrated, {10, 10}) - bpram_barrier(calibrated, {4, 2}),
              4 * calibrated.barrier_round_us, 0.5);
  EXPECT_NEAR(bpram_barrier(calibrated, {4, 2}),
              calibrated.barrier_call_us + 3 * calibrated.barrier_round_us, 0.5);
}

// A round is a pairwise synchronisation: a node late to the barrier holds back the nodes it
// signals, and through the rounds every node, so all leave the three rounds of eight nodes after
// the late one arrives, however early they came.
TEST(ParagonMachine, ALateNodeDelaysEveryNodeThroughTheRounds) {
  const MachineParams m = default_params();
  const double rounds = m.barrier_call_us + 3 * m.barrier_round_us;
  for (const int late : {0, 5}) {
    Machine machine(m, {4, 2});
    std::vector<Program> programs(8);
    for (int i = 0; i < 8; ++i) {
      programs[static_cast<std::size_t>(i)] = {{Op::kCompute, 0, i == late ? 1000.0 : 10.0 * i},
                                               {Op::kBarrier, 0, 0},
                                               {Op::kMark, 0, 0}};
    }
    run(machine, programs);
    for (int i = 0; i < 8; ++i) {
      EXPECT_NEAR(machine.marks(i)[0], 1000 + rounds, 0.2)
          << "late node " << late << ", node " << i;
    }
  }
}

TEST(ParagonMachine, IdleTimeIsJumpedOver) {
  // A millisecond of local work and one short message: the network is stepped only while the
  // packet is in it.
  const MachineParams m = default_params();
  Machine machine(m, {4, 4});
  std::vector<Program> programs(16);
  programs[0] = {{Op::kCompute, 0, 1000}, {Op::kSend, 15, 16}, {Op::kWaitSend, 0, 0}};
  programs[15] = {{Op::kPost, 0, 1}, {Op::kWaitRecv, 0, 1}};
  const double t = run(machine, programs);
  EXPECT_GT(t, 1000);
  EXPECT_LT(machine.stepped_cycles(), 50);
}

TEST(ParagonMachine, ProgramsThatWaitForeverAreReported) {
  Machine machine(default_params(), {2, 2});
  std::vector<Program> programs(4);
  programs[2] = {{Op::kPost, 0, 1}, {Op::kWaitRecv, 0, 1}};
  EXPECT_THROW(run(machine, programs), std::logic_error);
}

TEST(ParagonMachine, SendingToItselfIsRefused) {
  Machine machine(default_params(), {2, 2});
  std::vector<Program> programs(4);
  programs[1] = {{Op::kSend, 1, 8}};
  EXPECT_THROW(run(machine, programs), std::invalid_argument);
}

TEST(ParagonMachine, ARowIsAOneDimensionalMesh) {
  Machine machine(default_params(), {5, 1});
  EXPECT_EQ(machine.nodes(), 5);
}

}  // namespace
}  // namespace paragon
}  // namespace archex
