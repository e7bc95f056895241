#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "core/rng.h"
#include "network/wormhole/network.h"
#include "network/wormhole/vc_allocation.h"

// Route computation: a head's output port, by the topology's routing (oblivious, source-chosen
// or adaptive), and with it the output VC it takes (virtual-channel allocation is greedy: the
// first free VC of the route's class, or an adaptive routing's by adaptive_selection). Reads the
// topology, the packet's routing state and the downstream credits (queued_at); writes the input
// VC's route, the output VC's hold and the packet's routing state and hops. Called per head from
// front_routed (route_computation.h).

namespace archex {

bool Network::route_adaptive(int router, int in_port, int in, Packet& p) {
  Vc& vc = vc_[static_cast<std::size_t>(in)];
  RouteChoice choices[kMostRouteChoices];
  int n = routing_->choices(*topo_, router, in_port, p.dst, choices);
  if (channels_[static_cast<std::size_t>(channel(router, choices[0].port))].eject_terminal >= 0) {
    return take_ejection(router, choices[0].port, vc);
  }
  if (!kept_port_.empty()) n = keep_drawn(router, in, choices, n);
  // BookSim2's selections take the first free VC, looking at no slot downstream.
  const bool first_free = config_.adaptive_selection != AdaptiveSelection::kMostFreeSlots;
  if (config_.adaptive_selection == AdaptiveSelection::kBooksim) {
    // BookSim2's output set (outputset.hpp) orders its entries by priority alone, so an entry
    // of a priority already there is dropped: of a tier only its first choice stays. A packet
    // on an escape VC (below the adaptive ones) is offered only escape VCs (min_adapt_mesh);
    // at its source its VC does not count.
    const bool from_source = channels_[static_cast<std::size_t>(in / vcs_)].inject_terminal >= 0;
    const int in_vc = in % vcs_ - vc_base(p);
    const bool on_escape = !from_source && choices[0].tier == 0 && in_vc < choices[0].vc_first;
    int kept = 0;
    for (int k = 0; k < n; ++k) {
      const bool tier_seen = kept > 0 && choices[kept - 1].tier == choices[k].tier;
      if (tier_seen || (on_escape && choices[k].tier == 0)) continue;
      choices[kept++] = choices[k];
    }
    n = kept;
  }
  // The selection: of the free output VCs of the lowest tier that has one, the one with the most
  // free slots downstream (BookSim2's: the first); a tie goes to the earlier choice, then the
  // lower VC. Where VCs are freed on their tail's credit (minimal adaptive's always) a free VC is
  // empty, so its own slots tell nothing and the port's over all its VCs judge instead.
  const bool by_port = config_.vc_free_on_tail_credit;
  for (int tier = 0; tier < 2; ++tier) {
    int best_port = -1;
    int best_vc = -1;
    int best_free = -1;
    for (int k = 0; k < n; ++k) {
      const RouteChoice& c = choices[k];
      if (c.tier != tier) continue;
      const Channel& ch = channels_[static_cast<std::size_t>(channel(router, c.port))];
      if (ch.downstream < 0) {
        throw std::logic_error("the topology routed a packet to a port leading nowhere");
      }
      const int port_free =
          first_free || !by_port ? 0 : vcs_ * buffer_ - queued_at(router, c.port);
      const int first = vc_base(p) + c.vc_first;
      const int last = c.vc_count > 0 ? first + c.vc_count : vc_base(p) + class_vcs_;
      for (int v = first; v < last; ++v) {
        const Vc& o = vc_[static_cast<std::size_t>(ivc(ch.downstream, v))];
        if (o.held) continue;
        const int free = first_free ? 0
                         : by_port ? port_free
                         : config_.credit_flow ? o.credits
                                               : o.free_seen;
        if (free > best_free) {
          best_port = c.port;
          best_vc = v;
          best_free = free;
        }
      }
    }
    if (best_port < 0) continue;
    const int down = channels_[static_cast<std::size_t>(channel(router, best_port))].downstream;
    vc_[static_cast<std::size_t>(ivc(down, best_vc))].held = 1;
    begin_hold(static_cast<std::size_t>(down));
    vc.out_port = static_cast<std::int8_t>(best_port);
    vc.out_vc = static_cast<std::int8_t>(best_vc);
    ++p.hops;
    if (!kept_port_.empty()) kept_port_[static_cast<std::size_t>(in)] = -1;
    return true;
  }
  return false;
}

int Network::keep_drawn(int router, int in, RouteChoice* choices, int n) {
  // fattree_anca: two of the minimal choices drawn with replacement, the one fewer flits are
  // queued behind kept (the first drawn on a tie); the head retries only it.
  std::int8_t& kept = kept_port_[static_cast<std::size_t>(in)];
  if (kept < 0) {
    int minimal = 0;
    while (minimal < n && choices[minimal].tier == 0) ++minimal;
    if (minimal < 2) return n;
    const std::uint64_t draw = route_draw(ports_drawn_);
    const int a = choices[(draw & 0xFFFFFFFFu) % static_cast<std::uint64_t>(minimal)].port;
    const int b = choices[(draw >> 32) % static_cast<std::uint64_t>(minimal)].port;
    kept = static_cast<std::int8_t>(queued_at(router, a) > queued_at(router, b) ? b : a);
  }
  for (int k = 0; k < n; ++k) {
    if (choices[k].port == kept) {
      choices[0] = choices[k];
      return 1;
    }
  }
  throw std::logic_error("a kept port is no longer among the head's choices");
}

int Network::queued_at(int router, int port) const {
  const int down = channels_[static_cast<std::size_t>(channel(router, port))].downstream;
  if (down < 0) return 0;
  int queued = 0;
  for (int v = 0; v < vcs_; ++v) {
    const Vc& o = vc_[static_cast<std::size_t>(ivc(down, v))];
    queued += buffer_ - (config_.credit_flow ? o.credits : o.free_seen);
  }
  return queued;
}

void Network::choose_route(int router, int in_port, Packet& p) {
  RouteOption options[kMostRouteOptions];
  const int n = routing_->options(*topo_, router, in_port, p.dst, p.route_state, options);
  if (n == 0) return;
  // UGAL-L: the first route unless another's weighted queue is shorter by more than the
  // threshold; then the shortest. Made once: the state chosen says so.
  const auto cost = [&](const RouteOption& o) {
    return static_cast<std::int64_t>(queued_at(router, o.port)) * o.weight;
  };
  int best = 0;
  std::int64_t best_cost = cost(options[0]) - config_.ugal_threshold_flits;
  for (int k = 1; k < n; ++k) {
    if (const std::int64_t c = cost(options[k]); c < best_cost) {
      best = k;
      best_cost = c;
    }
  }
  p.route_state = options[best].state;
}

bool Network::route_head(int router, int in_port, int in) {
  const auto i = static_cast<std::size_t>(in);
  Vc& vc = vc_[i];
  Packet& p = packets_[flit_at(i, vc.head).word & kPacketMask];
  if (adaptive_) return route_adaptive(router, in_port, in, p);
  if (chooses_) choose_route(router, in_port, p);
  RouteState state = p.route_state;
  const RouteStep step = routing_->route(*topo_, router, in_port, p.dst, state);
  const Channel& ch = channels_[static_cast<std::size_t>(channel(router, step.port))];
  if (ch.eject_terminal >= 0) return take_ejection(router, step.port, vc);
  if (ch.downstream < 0) {
    throw std::logic_error("the topology routed a packet to a port leading nowhere");
  }
  const int base = vc_base(p);
  for (int v = base; v < base + class_vcs_; ++v) {
    if (vc_classes_ > 1 && (v - base) % vc_classes_ != step.vc_class) continue;
    Vc& o = vc_[static_cast<std::size_t>(ivc(ch.downstream, v))];
    if (o.held) continue;
    o.held = 1;
    begin_hold(static_cast<std::size_t>(ch.downstream));
    vc.out_port = static_cast<std::int8_t>(step.port);
    vc.out_vc = static_cast<std::int8_t>(v);
    p.route_state = state;
    ++p.hops;
    return true;
  }
  return false;
}

}  // namespace archex
