#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "network/wormhole/network.h"
#include "network/wormhole/route_computation.h"
#include "network/wormhole/vc_allocation.h"

// Virtual-channel allocation: a head's ejection queue, taken as it is routed there (or, with a
// matching switch allocator, with the switch), an output VC let go as its packet's tail leaves,
// and a matching VC allocator's turn (allocate_vcs): BookSim2's separable input-first and iSLIP,
// which allocate an ejection of a queue per VC as any other output.
// Reads and writes the VCs' holds, the terminal's header count and, under fixed priority, the
// VCs released this turn (released_). The output VCs of routes between routers are taken in
// route computation (route_computation.cpp).

namespace archex {

bool Network::take_ejection(int router, int port, Vc& vc) {
  // Ejection is one queue, a packet holding it until its last flit is out; or a queue per VC,
  // the first free one of the packet's class.
  const int eject = channel(router, port);
  const int ev = ejection_vc(eject, vc);
  Vc& e = vc_[static_cast<std::size_t>(ivc(eject, ev))];
  if (e.held) return false;
  if (bidding_) {
    // A matching switch allocator's head takes the queue only with the switch (allocate_switch):
    // held from its VC allocation, it would keep it from every other input while its own input
    // sends another VC's flits. (A matching VC allocator holds a queue per VC from then, as
    // BookSim2 does: allocate_vcs.)
    vc.out_port = static_cast<std::int8_t>(port);
    vc.out_vc = kEjectionPending;
    return true;
  }
  e.held = 1;
  terminals_[static_cast<std::size_t>(channels_[static_cast<std::size_t>(eject)].eject_terminal)]
      .header_left = static_cast<std::uint8_t>(header_);
  begin_hold(static_cast<std::size_t>(eject));
  vc.out_port = static_cast<std::int8_t>(port);
  vc.out_vc = static_cast<std::int8_t>(ev);
  return true;
}

int Network::ejection_vc(int eject, const Vc& vc) const {
  if (config_.ejection == Ejection::kOneQueue) return 0;
  const auto i = static_cast<std::size_t>(&vc - vc_.data());
  const Flit& front = flits_[i * static_cast<std::size_t>(buffer_) + vc.head];
  const Packet& p = packets_[front.word & kPacketMask];
  int ev = vc_base(p);
  const int last = ev + class_vcs_ - 1;
  while (ev < last && vc_[static_cast<std::size_t>(ivc(eject, ev))].held) ++ev;
  return ev;
}

bool Network::ejection_held(int eject, int in) const {
  if (config_.ejection == Ejection::kOneQueue) return vc_[static_cast<std::size_t>(ivc(eject, 0))].held;
  const auto i = static_cast<std::size_t>(in);
  const Flit& front =
      flits_[i * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(vc_[i].head)];
  const int first = vc_base(packets_[front.word & kPacketMask]);
  for (int v = first; v < first + class_vcs_; ++v) {
    if (!vc_[static_cast<std::size_t>(ivc(eject, v))].held) return false;
  }
  return true;
}

void Network::release_vc(int router, int vc) {
  end_hold(static_cast<std::size_t>(vc));
  if (config_.fixed_priority) {
    // Granted again only next cycle, when every waiting input is looked at in the fixed order (an
    // input after this one would otherwise take it first).
    vc_[static_cast<std::size_t>(vc)].held = 2;
    released_.push_back(vc);
    return;
  }
  vc_[static_cast<std::size_t>(vc)].held = 0;
  wake_routes(router);
}

namespace {

// The place of `place` after `next` in a round robin of `size`: the smallest comes first.
int after(int place, int next, int size) { return place >= next ? place - next : place - next + size; }

}  // namespace

template <bool kTraced>
void Network::allocate_vcs(int router) {
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int slots = r.slots;
  const int base = r.port_base * vcs_;
  vc_requests_.clear();
  // The heads asking: ready, without an output, awake; in the round robin's order from its
  // start, so a head that takes its output as route_head does (ejection, adaptive) takes it as
  // it would in the switch's turn.
  const bool bidding = bidding_;
  bidding_ = allocator_ != nullptr;
  for (int k = 0; k < slots; ++k) {
    const int slot = r.rr + k < slots ? r.rr + k : r.rr + k - slots;
    const Bits& b = bits_of(r, slot);
    const std::uint64_t bit = std::uint64_t{1} << (slot % 64);
    if (!(b.occupied & bit) || (b.fresh & bit) || (b.asleep & bit)) continue;
    const int in = base + slot;
    const auto i = static_cast<std::size_t>(in);
    Vc& vc = vc_[i];
    const Flit flit = flit_at(i, vc.head);
    if (vc.out_port >= 0 || !(flit.word & kHead) ||
        static_cast<std::int32_t>(flit.ready - static_cast<std::uint32_t>(stage_now_)) > 0) {
      continue;
    }
    const int port = port_of_slot_[static_cast<std::size_t>(slot)];
    Packet& p = packets_[flit.word & kPacketMask];
    if (!adaptive_) {
      if (chooses_) choose_route(router, port, p);
      RouteState state = p.route_state;
      const RouteStep step = routing_->route(*topo_, router, port, p.dst, state);
      const Channel& ch = channels_[static_cast<std::size_t>(channel(router, step.port))];
      // An ejection of a queue per VC is an output of VCs like any other (BookSim2's ejection
      // port): held from the VC allocation that wins it.
      const bool eject = ch.eject_terminal >= 0;
      if (!eject || config_.ejection == Ejection::kQueuePerVc) {
        if (!eject && ch.downstream < 0) {
          throw std::logic_error("the topology routed a packet to a port leading nowhere");
        }
        const int held = eject ? channel(router, step.port) : ch.downstream;
        if (!waited_.empty() && config_.vc_alloc_cycles > 0) {
          // Routed this cycle, it asks from the next, its VC-allocation stage's (BookSim2's
          // VC_ALLOC state): the heads matched in a cycle are the heads of that stage.
          std::uint64_t& waited = waited_of(r, slot);
          if (!(waited & bit)) {
            waited |= bit;
            continue;
          }
        }
        const std::size_t asked = vc_requests_.size();
        const int first = vc_base(p);
        for (int v = first; v < first + class_vcs_; ++v) {
          if (!eject && vc_classes_ > 1 && (v - first) % vc_classes_ != step.vc_class) continue;
          if (vc_[static_cast<std::size_t>(ivc(held, v))].held) continue;
          vc_requests_.push_back(VcRequest{static_cast<std::int16_t>(slot),
                                           static_cast<std::int16_t>(step.port * vcs_ + v)});
        }
        if (vc_requests_.size() == asked) refuse_route<kTraced>(r, slot, in);
        vc_request_state_[static_cast<std::size_t>(slot)] = state;
        continue;
      }
    }
    // Bound for ejection, or adaptive: as the switch's turn would route it.
    if (route_head(router, port, in)) {
      head_routed(r, slot, i, vc);
    } else {
      refuse_route<kTraced>(r, slot, in);
    }
  }
  bidding_ = bidding;
  if (vc_requests_.empty()) return;

  // The matching, as BookSim2's allocators (separable_input_first.cpp, islip.cpp) make it: each
  // arbiter takes the request first from its pointer, which moves past a match it made.
  const bool islip = config_.vc_allocator == VcAllocatorKind::kIslip;
  const auto move_pointers = [&](const VcRequest& q) {
    vc_grant_next_[static_cast<std::size_t>(base + q.out)] =
        static_cast<std::int16_t>(q.in + 1 == slots ? 0 : q.in + 1);
    vc_accept_next_[static_cast<std::size_t>(base + q.in)] =
        static_cast<std::int16_t>(q.out + 1 == slots ? 0 : q.out + 1);
  };
  const int rounds = islip ? config_.allocator_iterations : 1;
  for (int round = 0; round < rounds; ++round) {
    bool matched = false;
    if (islip) {
      // Grant: each free output VC, the free input VC asking for it first from its pointer.
      for (const VcRequest& q : vc_requests_) {
        if (vc_in_match_[q.in] >= 0 || vc_out_match_[q.out] >= 0) continue;
        std::int16_t& g = vc_grant_[q.out];
        const int next = vc_grant_next_[static_cast<std::size_t>(base + q.out)];
        if (g < 0 || after(q.in, next, slots) < after(g, next, slots)) g = q.in;
      }
      // Accept: each input VC granted, the output VC granting it first from its pointer.
      for (const VcRequest& q : vc_requests_) {
        if (vc_grant_[q.out] != q.in) continue;
        std::int16_t& a = vc_in_match_[q.in];
        const int next = vc_accept_next_[static_cast<std::size_t>(base + q.in)];
        if (a < 0 || after(q.out, next, slots) < after(a, next, slots)) a = q.out;
      }
      for (const VcRequest& q : vc_requests_) {
        vc_grant_[q.out] = -1;
        if (vc_in_match_[q.in] != q.out || vc_out_match_[q.out] >= 0) continue;
        vc_out_match_[q.out] = q.in;
        matched = true;
        // Pointers move only on the first round's matches (islip.cpp).
        if (round == 0) move_pointers(q);
      }
    } else {
      // Separable input-first: each input VC picks one output VC it asks for; each output VC
      // picks one of the input VCs that picked it; both pointers move past a match.
      for (const VcRequest& q : vc_requests_) {
        std::int16_t& pick = vc_grant_[q.in];
        const int next = vc_accept_next_[static_cast<std::size_t>(base + q.in)];
        if (pick < 0 || after(q.out, next, slots) < after(pick, next, slots)) pick = q.out;
      }
      for (const VcRequest& q : vc_requests_) {
        if (vc_grant_[q.in] != q.out) continue;
        std::int16_t& m = vc_out_match_[q.out];
        const int next = vc_grant_next_[static_cast<std::size_t>(base + q.out)];
        if (m < 0 || after(q.in, next, slots) < after(m, next, slots)) m = q.in;
      }
      for (const VcRequest& q : vc_requests_) {
        if (vc_grant_[q.in] == q.out && vc_out_match_[q.out] == q.in) {
          vc_in_match_[q.in] = q.out;
          matched = true;
          move_pointers(q);
        }
      }
      for (const VcRequest& q : vc_requests_) vc_grant_[q.in] = -1;
    }
    if (!matched) break;
  }

  // The winners take their output VCs; the others stay in their allocation stage. A head's
  // requests are side by side.
  for (std::size_t k = 0; k < vc_requests_.size(); ++k) {
    const VcRequest& q = vc_requests_[k];
    const std::int16_t won = vc_in_match_[q.in];
    if (won < 0) {
      if (k > 0 && vc_requests_[k - 1].in == q.in) continue;
      if constexpr (kTraced) trace_->blocked(base + q.in, BlockReason::kNoVc);
      if (!waited_.empty()) waited_of(r, q.in) |= std::uint64_t{1} << (q.in % 64);
      continue;
    }
    if (won != q.out) continue;
    const auto i = static_cast<std::size_t>(base + q.in);
    Vc& vc = vc_[i];
    const int port = q.out / vcs_;
    const int v = q.out % vcs_;
    const int c = channel(router, port);
    const Channel& ch = channels_[static_cast<std::size_t>(c)];
    const int held = ch.eject_terminal >= 0 ? c : ch.downstream;
    vc_[static_cast<std::size_t>(ivc(held, v))].held = 1;
    begin_hold(static_cast<std::size_t>(held));
    vc.out_port = static_cast<std::int8_t>(port);
    vc.out_vc = static_cast<std::int8_t>(v);
    Packet& p = packets_[flit_at(i, vc.head).word & kPacketMask];
    p.route_state = vc_request_state_[static_cast<std::size_t>(q.in)];
    if (ch.eject_terminal < 0) ++p.hops;
    head_routed(r, q.in, i, vc);
  }
  for (const VcRequest& q : vc_requests_) {
    vc_in_match_[q.in] = -1;
    vc_out_match_[q.out] = -1;
  }
}

template void Network::allocate_vcs<false>(int router);
template void Network::allocate_vcs<true>(int router);

}  // namespace archex
