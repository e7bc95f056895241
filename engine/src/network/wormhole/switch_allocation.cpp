#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "network/wormhole/network.h"
#include "network/wormhole/route_computation.h"
#include "network/wormhole/switch_allocator.h"
#include "network/wormhole/traversal.h"
#include "network/wormhole/vc_allocation.h"

// Switch allocation: a router's turn, its input VCs visited in the round robin's order, each
// front flit routed (route_computation.h) and, if its output and the flow control allow,
// crossing (traversal.h): the greedy allocator one VC after another, a matching allocator
// (switch_allocator.h) by bids matched at once; with internal speedup, more passes (over the
// whole router, as many steps of its clock, stage_now_). Reads the
// routers' sleep bits and round robin; writes what the crossings write. The flit loop: what it
// calls per flit is inlined here, and the cycle loop (network.cpp) calls process_router.

namespace archex {

using wormhole::kMaxPorts;
using wormhole::lowest_bit;

template <bool kTraced>
void Network::move_flit(int router, int slot, std::uint64_t& used, std::uint64_t& port_done) {
  const int port = port_of_slot_[static_cast<std::size_t>(slot)];
  if (port_done & (std::uint64_t{1} << port)) {
    if constexpr (kTraced) trace_->input_busy(router, slot);
    return;
  }
  Flit flit;
  if (!front_routed<kTraced>(router, slot, port, flit)) return;
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int in = r.port_base * vcs_ + slot;
  const Vc& vc = vc_[static_cast<std::size_t>(in)];
  const int out = vc.out_port;
  const auto c = static_cast<std::size_t>(r.port_base + out);
  const Channel& ch = channels_[c];
  const int terminal = ch.eject_terminal;
  if (header_ > 0 && terminal >= 0 &&
      terminals_[static_cast<std::size_t>(terminal)].header_left > 0) {
    // The ejection this packet holds is its own: marking it used keeps it from no other input,
    // and tells the step a flit moved.
    strip_header<kTraced>(router, slot, port, static_cast<int>(c), terminal, flit.word);
    used |= std::uint64_t{1} << out;
    port_done |= std::uint64_t{1} << port;
    return;
  }
  if (used & (std::uint64_t{1} << out)) {
    if constexpr (kTraced) trace_->blocked(in, BlockReason::kSwitchLost);
    return;
  }
  double* tokens;
  if (!flow_open<kTraced>(r, slot, in, ch, vc, tokens)) return;
  cross<kTraced>(router, slot, port, c, flit, tokens);
  used |= std::uint64_t{1} << out;
  port_done |= std::uint64_t{1} << port;
}

template <bool kTraced>
bool Network::process_router(int router) {
  if (config_.fixed_priority && !released_.empty()) {
    for (const int vc : released_) vc_[static_cast<std::size_t>(vc)].held = 0;
    released_.clear();
  }
  std::uint64_t used = 0;
  if (router_steps_) {
    // The whole router's turn each step: a head ready at a later step of the cycle waits for
    // it, so every step runs, moved or not.
    bool moved = false;
    const std::int64_t end = first_step(now_ + 1);
    for (stage_now_ = first_step(now_); stage_now_ < end; ++stage_now_) {
      // Every output, an ejection's too, has its queue: each step frees them all.
      used = 0;
      if (matching_vcs_) allocate_vcs<kTraced>(router);
      moved |= allocator_ ? allocate_switch<kTraced>(router, used)
                          : process_inputs<kTraced>(router, used);
    }
    stage_now_ = first_step(now_);
    if (config_.fixed_priority && !released_.empty()) wake_routes(router);
    return moved;
  }
  if (matching_vcs_) allocate_vcs<kTraced>(router);
  bool moved =
      allocator_ ? allocate_switch<kTraced>(router, used) : process_inputs<kTraced>(router, used);
  // Internal speedup: more passes while flits move, each output but an ejection free again; a
  // fractional speedup's passes are its running total's whole part's steps, cycle by cycle.
  // Worked out only where a pass moved something and there is speedup: the common case pays
  // one test.
  const double s = config_.internal_speedup;
  const int passes = !moved || s == 1 ? 1
                                      : static_cast<int>(
                                            std::floor(static_cast<double>(now_ + 1) * s) -
                                            std::floor(static_cast<double>(now_) * s));
  for (int pass = 1; moved && pass < passes; ++pass) {
    used &= eject_ports_[static_cast<std::size_t>(router)];
    if (!(allocator_ ? allocate_switch<kTraced>(router, used)
                     : process_inputs<kTraced>(router, used))) {
      break;
    }
  }
  if (config_.fixed_priority && !released_.empty()) wake_routes(router);
  return moved;
}

template <bool kTraced, typename Visit>
void Network::visit_inputs(int router, Visit&& visit) {
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int slots = r.slots;
  const auto base = static_cast<std::size_t>(r.bits_base);
  const int words = (slots + 63) / 64;
  // Round robin: each cycle a different input virtual channel is looked at first; fixed
  // priority: always the first.
  const int start = config_.fixed_priority ? 0 : r.rr;
  r.rr = start + 1 == slots ? 0 : start + 1;
  if (words == 1) {
    // The common case (up to 64 input VCs): the word rotated so `start` comes first.
    // Asleep is looked at as each slot's turn comes: a flit moved earlier in the turn may have
    // woken it.
    const Bits& b = bits_[base];
    const std::uint64_t bits = b.occupied & ~b.fresh;
    if ((bits & ~b.asleep) == 0) return;
    for (std::uint64_t high = bits >> start << start; high != 0; high &= high - 1) {
      const int slot = lowest_bit(high);
      if (!(b.asleep >> slot & 1)) visit(slot);
    }
    for (std::uint64_t low = start == 0 ? 0 : bits << (64 - start) >> (64 - start); low != 0;
         low &= low - 1) {
      const int slot = lowest_bit(low);
      if (!(b.asleep >> slot & 1)) visit(slot);
    }
    return;
  }
  // Slots from `start` to the end, then from 0 to `start`, lowest first within each word.
  const int spans[2][2] = {{start, slots}, {0, start}};
  for (const auto& span : spans) {
    for (int w = span[0] / 64; w * 64 < span[1]; ++w) {
      const Bits& b = bits_[base + static_cast<std::size_t>(w)];
      std::uint64_t bits = b.occupied & ~b.fresh;
      const int lo = std::max(span[0] - w * 64, 0);
      const int hi = std::min(span[1] - w * 64, 64);
      bits &= ~std::uint64_t{0} << lo;
      if (hi < 64) bits &= (std::uint64_t{1} << hi) - 1;
      while (bits != 0) {
        const int bit = lowest_bit(bits);
        bits &= bits - 1;
        if (!(b.asleep >> bit & 1)) visit(w * 64 + bit);
      }
    }
  }
}

template <bool kTraced>
bool Network::process_inputs(int router, std::uint64_t& used) {
  const std::uint64_t before = used;
  std::uint64_t port_done = 0;
  // Inlined into the loop, as move_flit is: a call per input VC showed in profiles.
  visit_inputs<kTraced>(router, [&](int slot) __attribute__((always_inline)) {
    move_flit<kTraced>(router, slot, used, port_done);
  });
  return used != before;
}

template <bool kTraced>
bool Network::allocate_switch(int router, std::uint64_t& used) {
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int ports = r.slots / vcs_;
  // Per input port: the outputs its VCs bid for, the heads bidding speculatively apart from the
  // others; and the bidding VCs, each kind.
  std::uint64_t wants[2][kMaxPorts];
  std::uint32_t bidders[2][kMaxPorts];
  for (int k = 0; k < 2; ++k) {
    std::fill_n(wants[k], ports, 0);
    std::fill_n(bidders[k], ports, 0);
  }
  bool any = false;
  bidding_ = true;
  // Bids go in the round robin's order, so heads win output VCs in it.
  visit_inputs<kTraced>(router, [&](int slot) __attribute__((always_inline)) {
    const int port = port_of_slot_[static_cast<std::size_t>(slot)];
    Flit flit;
    if (!front_routed<kTraced>(router, slot, port, flit)) return;
    const int in = r.port_base * vcs_ + slot;
    Vc& vc = vc_[static_cast<std::size_t>(in)];
    const Channel& ch = channels_[static_cast<std::size_t>(r.port_base + vc.out_port)];
    if (vc.out_vc == kEjectionPending && ejection_held(r.port_base + vc.out_port, in)) return;
    const bool header = vc.out_vc != kEjectionPending && header_ > 0 && ch.eject_terminal >= 0 &&
                        terminals_[static_cast<std::size_t>(ch.eject_terminal)].header_left > 0;
    double* tokens;
    if (!header && !flow_open<kTraced>(r, slot, in, ch, vc, tokens)) return;
    const int kind = vc.speculating;
    vc.speculating = 0;
    wants[kind][port] |= std::uint64_t{1} << vc.out_port;
    bidders[kind][port] |= 1u << (slot - port * vcs_);
    any = true;
  });
  bidding_ = false;
  if (!any) return false;
  std::int8_t grant[kMaxPorts];
  std::fill_n(grant, ports, -1);
  std::uint64_t in_matched = 0;
  std::uint64_t& out_matched = used;
  allocator_->allocate(router, r.port_base, ports, wants[0], in_matched, out_matched, grant);
  const std::uint64_t settled = in_matched;
  allocator_->allocate(router, r.port_base, ports, wants[1], in_matched, out_matched, grant);
  for (int port = 0; port < ports; ++port) {
    const int out = grant[port];
    const std::uint32_t all = bidders[0][port] | bidders[1][port];
    if (out < 0) {
      if constexpr (kTraced) {
        for (std::uint32_t b = all; b != 0; b &= b - 1) {
          trace_->blocked(r.port_base * vcs_ + port * vcs_ + __builtin_ctz(b),
                          BlockReason::kSwitchLost);
        }
      }
      continue;
    }
    // The VCs of this input, of the round it won in, bidding for the output won.
    std::uint32_t eligible = 0;
    for (std::uint32_t b = bidders[settled >> port & 1 ? 0 : 1][port]; b != 0; b &= b - 1) {
      const int v = __builtin_ctz(b);
      if (vc_[static_cast<std::size_t>(ivc(r.port_base + port, v))].out_port == out) {
        eligible |= 1u << v;
      }
    }
    const int v = allocator_->pick_vc(r.port_base + port, eligible);
    if constexpr (kTraced) {
      for (std::uint32_t b = all & ~(1u << v); b != 0; b &= b - 1) {
        trace_->blocked(r.port_base * vcs_ + port * vcs_ + __builtin_ctz(b),
                        BlockReason::kSwitchLost);
      }
    }
    const int slot = port * vcs_ + v;
    const auto i = static_cast<std::size_t>(r.port_base * vcs_ + slot);
    if (vc_[i].out_vc == kEjectionPending) take_ejection(router, out, vc_[i]);
    const Flit flit = flit_at(i, vc_[i].head);
    const auto c = static_cast<std::size_t>(r.port_base + out);
    const Channel& ch = channels_[c];
    if (header_ > 0 && ch.eject_terminal >= 0 &&
        terminals_[static_cast<std::size_t>(ch.eject_terminal)].header_left > 0) {
      strip_header<kTraced>(router, slot, port, static_cast<int>(c), ch.eject_terminal,
                            flit.word);
      continue;
    }
    cross<kTraced>(router, slot, port, c, flit, crossing_tokens(ch));
  }
  return in_matched != 0;
}

// The cycle loop's (network.cpp), traced and untraced.
template bool Network::process_router<false>(int router);
template bool Network::process_router<true>(int router);

}  // namespace archex
