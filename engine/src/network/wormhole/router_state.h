#pragma once

// The routers' state, as Network (network.h) holds it in its vectors: a flit, a router's, a
// virtual channel's and a channel's fields, a terminal's source and receive queues, the rate's
// tokens and the credits on their way. Every stage reads and writes these; they are laid out
// for the flit loop (a flit's move touches a few cache lines), so their fields and their order
// are part of its speed.

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

namespace archex {

// Allocates on cache-line boundaries, so a virtual channel's 8-flit ring is one line, not two.
template <typename T>
struct LineAligned {
  using value_type = T;
  static constexpr std::align_val_t kLine{64};
  LineAligned() = default;
  template <typename U>
  LineAligned(const LineAligned<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kLine)); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, kLine); }
  template <typename U>
  bool operator==(const LineAligned<U>&) const { return true; }
  template <typename U>
  bool operator!=(const LineAligned<U>&) const { return false; }
};

namespace wormhole {

// Output and input ports of a router are tracked in one 64-bit mask each per cycle.
constexpr int kMaxPorts = 64;

// The index of the lowest bit set in `bits` (not 0).
inline int lowest_bit(std::uint64_t bits) { return __builtin_ctzll(bits); }

// A flit is its packet's id with head and tail flags, and the cycle it may leave modulo 2^32
// (compared as a signed difference: exact while a flit waits under 2^31 cycles in a buffer).
// 8 bytes, and a body flit's move never reads its packet.
struct Flit {
  std::uint32_t word;
  std::uint32_t ready;
};
static constexpr std::uint32_t kHead = 1u << 30;
static constexpr std::uint32_t kTail = 1u << 31;
static constexpr std::uint32_t kPacketMask = kHead - 1;

// What is read together sits together: one router's, one virtual channel's, one channel's and
// one terminal's hot fields each in one struct, so a flit's move touches a few cache lines, not
// one per field (what makes a 32x32x32 network, far out of cache, cost more per node-cycle).
struct RouterState {
  // Its first channel, its input VCs, its first word of bits_, the cycles a head spends on top
  // of a body flit, its input VCs holding flits (so an empty router costs one look), the round
  // robin's start.
  std::int32_t port_base;
  std::int32_t slots;
  std::int32_t bits_base;
  std::int32_t head_extra;
  std::int32_t active;
  std::int32_t rr;
};
// A bit per input virtual channel of a router, 64 to a word. Occupied: it holds flits, so empty
// ones cost nothing. Asleep: its front flit cannot move until something else happens, so
// skipping it changes nothing, as a blocked flit's turn has no effect. Route wait: asleep on a
// route, until an output VC of the router is freed. Asleep on credits (credit flow only):
// until a credit of the output VC it holds comes back (that Vc's credit_waiter). Fresh: it was
// empty and took a flit this cycle, which cannot leave before the next (fresh_words_ lists the
// words to clear at the end of the cycle).
struct Bits {
  std::uint64_t occupied = 0;
  std::uint64_t asleep = 0;
  std::uint64_t route_wait = 0;
  std::uint64_t fresh = 0;
};
// An input virtual channel: its ring of flits and where the packet at the front goes; and the
// output virtual channel feeding it (indexed like the input it feeds): held by a packet, the
// credits (free slots here), the free slots seen last cycle for on/off, the input VC asleep on
// its credits.
struct Vc {
  std::uint16_t head = 0;
  std::uint16_t count = 0;
  std::int8_t out_port = -1;
  std::int8_t out_vc = -1;
  std::uint8_t held = 0;
  // Its head won its output VC speculatively and has not bid for the switch yet.
  std::uint8_t speculating = 0;
  std::int16_t credits = 0;
  std::int16_t free_seen = 0;
  std::int32_t credit_waiter = -1;
};
// A channel (a router's output port): its router; the input channel it feeds (-1: none) and
// that channel's router; the terminal it ejects into (-1: none); the token it draws on, in
// tokens_ (a half-duplex link's two directions share one; -1: it needs none). As the input side
// of a channel: the router feeding it (and so whether it returns credits) or the terminal
// injecting into it.
struct Channel {
  std::int32_t router = 0;
  std::int32_t downstream = -1;
  std::int32_t down_router = -1;
  std::int32_t eject_terminal = -1;
  std::int32_t token_of = -1;
  std::int32_t upstream_router = -1;
  std::int32_t inject_terminal = -1;
  std::uint8_t bisection = 0;
  // Cycles a flit spends on the link past the one every link takes (as an output), and the
  // queue its credits go back by (as an input: 0, credit_due_; k, slow_credits_[k - 1]).
  std::uint8_t credit_lane = 0;
  std::uint16_t link_extra = 0;
};
// Credits coming back over links slower than one cycle (Topology::link_cycles), one queue per
// delay so that each stays in the order due.
struct CreditLane {
  std::int64_t delay = 0;
  std::vector<std::int64_t> due;
  std::vector<std::int32_t> ivc;
  std::size_t head = 0;
};
// Words a channel (or a half-duplex link) may still send, its rate, and the cycle they were
// last topped up to.
struct Tokens {
  double tokens = 0;
  double rate = 0;
  std::int64_t time = 0;
};
// A terminal: the input channel it injects into, its source queue (a ring in sq_, grown on
// demand), the injection VC its current packet uses, its receive queue's use, the header flits
// its router still consumes, its tokens.
// Asleep: its injection VCs are full and its tokens topped up, so it can do nothing until a
// flit leaves one of them.
struct Terminal {
  std::int32_t inject_channel = 0;
  std::int32_t sq_head = 0;
  std::int32_t sq_count = 0;
  std::int32_t inject_vc = -1;
  std::int32_t rq_used = 0;
  std::uint8_t asleep = 0;
  // Header flits of the packet now ejecting here still to be consumed (in the padding before
  // the tokens: the struct keeps its size).
  std::uint8_t header_left = 0;
  double inject_tokens = 0;
};

// A source queue of a message class other than 0 (replies): a ring grown on demand, as a
// terminal's own (Terminal), and the injection VC its current packet uses.
struct SourceQueue {
  std::int32_t head = 0;
  std::int32_t count = 0;
  std::int32_t inject_vc = -1;
  std::vector<std::int32_t> ring;
};

}  // namespace wormhole
}  // namespace archex
