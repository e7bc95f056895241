#pragma once

// Virtual-channel allocation, the bookkeeping inlined where it is called (the rest in
// vc_allocation.cpp): a channel's hold, counted for its occupancy as a packet takes and lets go
// of its VCs, and the wake-up of the heads asleep on a route when an output VC is freed. Reads
// and writes holders_, busy_from_, held_cycles_ and the routers' route-wait bits. Inlined into
// route computation, the credits' return and the switch allocation's passes.

#include <algorithm>
#include <cstddef>

#include "network/wormhole/network.h"

namespace archex {

inline void Network::begin_hold(std::size_t c) {
  // Taken in the cycle another packet let go of the channel: that cycle is counted once.
  if (holders_[c]++ == 0) busy_from_[c] = std::max(now_, busy_from_[c]);
}

inline void Network::end_hold(std::size_t vc) {
  const std::size_t c = vc / static_cast<std::size_t>(vcs_);
  if (--holders_[c] > 0) return;
  // Let go during this cycle, the channel was held through it: the cycle its tail crossed counts.
  held_cycles_[c] += now_ + 1 - std::max(busy_from_[c], counters_from_);
  busy_from_[c] = now_ + 1;
}

inline void Network::wake_routes(int router) {
  const RouterState& r = routers_[static_cast<std::size_t>(router)];
  const auto first = static_cast<std::size_t>(r.bits_base);
  const auto end = first + static_cast<std::size_t>((r.slots + 63) / 64);
  for (auto w = first; w < end; ++w) {
    bits_[w].asleep &= ~bits_[w].route_wait;
    bits_[w].route_wait = 0;
  }
}

}  // namespace archex
