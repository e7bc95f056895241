#include "machines/transputer/machine.h"

#include <gtest/gtest.h>

namespace archex::transputer {
namespace {

T805 t805() { return t805_table().read(resolve_params("t", t805_table().specs(), {})); }
T9000 t9000() { return t9000_table().read(resolve_params("t", t9000_table().specs(), {})); }

TEST(OsLink, HandshakeSetsTheStreamRate) {
  // 5 + 2 + 5 bit times per byte at 20 Mbit/s: 1.67 MB/s, above the 11-bit data packet's pace.
  EXPECT_DOUBLE_EQ(os_byte_bits(t805()), 12);
  EXPECT_NEAR(os_limit_mb_s(t805()), 20.0 / 12, 1e-12);
}

TEST(DsLink, TokenAccountingGivesMayEtAlsLimit) {
  // 33 data tokens + an end token per 32 bytes, a flow-control token per 8 acknowledge tokens.
  EXPECT_DOUBLE_EQ(ds_packet_bits(t9000(), 1, 32), 334);
  // 32 bytes at 100 Mbit/s over the packet's 334 bits and 2 x 4 bits every 8 tokens.
  EXPECT_DOUBLE_EQ(ds_limit_mb_s(t9000()), 32 * 100 / (334 + 2 * 4 / 8.0));
}

}  // namespace
}  // namespace archex::transputer

namespace archex::transputer {
namespace {

// Runs a message from 0 to 1 at time 0; returns {delivered, sender free} in ns.
template <class Net, class Send>
std::pair<Time, Time> one_message(Events& events, Net& net, Send send) {
  Time delivered = -1, free = -1;
  send(net, [&](Time t) { delivered = t; }, [&](Time t) { free = t; });
  while (events.step()) {
  }
  return {delivered, free};
}

TEST(T805Net, RawBytesStreamAtTheHandshakePace) {
  const T805 m = t805();
  for (const int bytes : {1, 1000}) {
    Events events;
    T805Net net(m, 2, {{0, 1}}, events);
    const auto [delivered, free] = one_message(events, net, [&](T805Net& n, At d, At f) {
      n.raw(0, 1, bytes, 0, std::make_shared<Time>(0), d, f);
    });
    // Output 40 cycles, (bytes - 1) x 12 bit times and the last byte's 11, input 40 cycles.
    EXPECT_DOUBLE_EQ(delivered, 1600 + ((bytes - 1) * 12 + 11) * 50.0 + 1600);
    // The sender goes on once the last byte's acknowledge is in: 5 + 2 bit times after it starts.
    EXPECT_DOUBLE_EQ(free, 1600 + ((bytes - 1) * 12 + 7) * 50.0);
  }
}

TEST(T805Net, VcrCutsMessagesIntoPackets) {
  const T805 m = t805();
  auto time = [&](int bytes) {
    Events events;
    T805Net net(m, 2, {{0, 1}}, events);
    return one_message(events, net, [&](T805Net& n, At d, At f) {
             n.send(0, 1, bytes, 0, std::make_shared<Time>(0), d, f);
           }).first;
  };
  // A 33rd byte costs a second packet: its header and the VCR's per-packet software.
  const double per_byte = 12 * 50.0;
  EXPECT_GT(time(33) - time(32), per_byte + m.vcr_header_bytes * per_byte);
  EXPECT_NEAR(time(32) - time(31), per_byte, 1e-9);
}

TEST(T805Net, ThroughRoutesAlongTheTree) {
  const T805 m = t805();
  auto time = [&](int dst) {
    Events events;
    T805Net net(m, 3, {{0, 1}, {1, 2}}, events);
    return one_message(events, net, [&](T805Net& n, At d, At f) {
             n.send(0, dst, 64, 0, std::make_shared<Time>(0), d, f);
           }).first;
  };
  // The second hop is another link transfer and another transputer's VCR software.
  EXPECT_GT(time(2) - time(1), (64 + m.vcr_header_bytes) * 12 * 50.0 / 2);
}

TEST(T9000Net, C104DeletesItsHeaderAndAddsItsLatency) {
  T9000 m = t9000();
  m.vcp_send_cycles = 0;
  m.raw_send_cycles = 0;
  m.raw_recv_cycles = 0;
  auto arrival = [&](RouterNetworkSpec spec) {
    Events events;
    T9000Net net(m, std::make_shared<const RouterNetwork>(spec), events);
    return one_message(events, net, [&](T9000Net& n, At d, At f) {
             n.send(0, 1, 32, 0, std::make_shared<Time>(0), d, f);
           }).first;
  };
  // Direct: one header token, 32 data tokens, an end token at 10 ns a bit.
  EXPECT_DOUBLE_EQ(arrival(direct_link_spec()), 3340);
  // Via a C104: the header's first token reaches it, 1 us later the packet leaves without that
  // token, so it ends one token and one latency after it would have.
  EXPECT_DOUBLE_EQ(arrival(loop_spec(0)), 100 + 1000 + 3340);
}

TEST(T9000Net, OnePacketOutstandingPerVirtualChannel) {
  T9000 m = t9000();
  auto delivered = [&](int bytes) {
    Events events;
    T9000Net net(m, std::make_shared<const RouterNetwork>(direct_link_spec()), events);
    return one_message(events, net, [&](T9000Net& n, At d, At f) {
             n.send(0, 1, bytes, 0, std::make_shared<Time>(0), d, f);
           }).first;
  };
  // The second packet waits for the first one's acknowledge: the VCP's time at both ends and an
  // empty packet (a header token and an end token) back.
  const double ack = m.cpu.cycles_ns(m.vcp_ack_cycles + m.vcp_send_cycles) + 140;
  EXPECT_NEAR(delivered(64) - delivered(32), ack + 3340, 1e-6);
}

TEST(P4, SendsAHeaderMessageBeforeTheData) {
  const T9000 m = t9000();
  const P4 p4 = p4_table().read(resolve_params("p", p4_table().specs(), {}));
  auto run = [&](bool with_p4) {
    Events events;
    T9000Net net(m, std::make_shared<const RouterNetwork>(direct_link_spec()), events);
    return one_message(events, net, [&](T9000Net& n, At d, At f) {
             if (with_p4) {
               p4_send(n, p4, 0, 1, 8, 0, d, f);
             } else {
               n.send(0, 1, 8, 0, std::make_shared<Time>(0), d, f);
             }
           }).first;
  };
  // At least a 32-byte packet and p4's code at both ends more than the raw message.
  EXPECT_GT(run(true) - run(false), 3340 + 2 * m.cpu.instr_ns(p4.message_instr));
}

TEST(C104Network, StarUpToThirtyTwoThenClos) {
  const auto star = c104_network(32, 0);
  EXPECT_EQ(star->terminals(), 32);
  const auto clos = c104_network(33, 0);
  EXPECT_GE(clos->terminals(), 33);
  Events events;
  T9000Net net(t9000(), clos, events);
  EXPECT_EQ(net.routers_on_path(0, 1), 1);
  EXPECT_EQ(net.routers_on_path(0, clos->terminals() - 1), 3);
}

}  // namespace
}  // namespace archex::transputer
