#include <cstddef>
#include <cstdint>

#include "network/wormhole/network.h"
#include "network/wormhole/vc_allocation.h"

// Virtual-channel allocation: a head's ejection queue, taken as it is routed there (or, with a
// matching allocator, with the switch), and an output VC let go as its packet's tail leaves.
// Reads and writes the VCs' holds, the terminal's header count and, under fixed priority, the
// VCs released this turn (released_). The output VCs of routes between routers are taken in
// route computation (route_computation.cpp).

namespace archex {

bool Network::take_ejection(int router, int port, Vc& vc) {
  // Ejection is one queue: a packet holds it until its last flit is out.
  const int eject = channel(router, port);
  Vc& e = vc_[static_cast<std::size_t>(ivc(eject, 0))];
  if (e.held) return false;
  if (bidding_) {
    // A matching allocator's head takes the queue only with the switch (allocate_switch): held
    // from its VC allocation, it would keep it from every other input while its own input sends
    // another VC's flits.
    vc.out_port = static_cast<std::int8_t>(port);
    vc.out_vc = kEjectionPending;
    return true;
  }
  e.held = 1;
  terminals_[static_cast<std::size_t>(channels_[static_cast<std::size_t>(eject)].eject_terminal)]
      .header_left = static_cast<std::uint8_t>(header_);
  begin_hold(static_cast<std::size_t>(eject));
  vc.out_port = static_cast<std::int8_t>(port);
  vc.out_vc = 0;
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

}  // namespace archex
