#pragma once

// Route computation, the part every flit's turn inlines (the rest in route_computation.cpp):
// whether the front flit of an input VC may leave, routing its head first (route_head, which
// also takes the output VC) and spending the head's allocation cycles. Reads the flit's ready
// cycle and the input VC's route; writes the route, the sleep bits of a head refused an output
// VC, and the head's ready cycle. Included by the switch allocation (switch_allocation.cpp).

#include <cstddef>
#include <cstdint>

#include "network/wormhole/network.h"

namespace archex {

template <bool kTraced>
bool Network::front_routed(int router, int slot, int port, Flit& flit) {
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int in = r.port_base * vcs_ + slot;
  const auto i = static_cast<std::size_t>(in);
  Vc& vc = vc_[i];
  flit = flit_at(i, vc.head);
  if (static_cast<std::int32_t>(flit.ready - static_cast<std::uint32_t>(stage_now_)) > 0) return false;
  if (vc.out_port >= 0) return true;
  // A matching VC allocator routed this cycle's heads before the switch's turn (allocate_vcs).
  if (matching_vcs_) return false;
  if (!route_head(router, port, in)) {
    refuse_route<kTraced>(r, slot, in);
    return false;
  }
  return head_routed(r, slot, i, vc);
}

template <bool kTraced>
void Network::refuse_route(RouterState& r, int slot, int in) {
  if constexpr (kTraced) trace_->blocked(in, BlockReason::kNoVc);
  Bits& b = bits_of(r, slot);
  b.asleep |= std::uint64_t{1} << (slot % 64);
  b.route_wait |= std::uint64_t{1} << (slot % 64);
  if (!waited_.empty()) waited_of(r, slot) |= std::uint64_t{1} << (slot % 64);
}

bool Network::head_routed(RouterState& r, int slot, std::size_t i, Vc& vc) {
  vc.speculating = allocator_ && config_.head_allocation == HeadAllocation::kSpeculative;
  int after = after_vc_;
  if (!waited_.empty()) {
    // Its bids of this cycle could not see a VC freed as a tail crossed last cycle; BookSim2's
    // allocation stage sees it in the next, and this cycle is that stage.
    std::uint64_t& waited = waited_of(r, slot);
    const std::uint64_t bit = std::uint64_t{1} << (slot % 64);
    if (waited & bit) after -= config_.vc_alloc_cycles > 0 ? 1 : 0;
    waited &= ~bit;
  }
  if (after == 0) return true;
  flit_at(i, vc.head).ready = static_cast<std::uint32_t>(stage_now_ + after);
  return false;
}

}  // namespace archex
