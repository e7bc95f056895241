#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "network/topologies/topology.h"

namespace archex {

// A dragonfly (Kim, Dally, Scott & Abts, ISCA 2008): g = a*h + 1 groups of a routers, each router
// with p terminals, a - 1 local channels (a group's routers are all joined) and h global channels
// (every two groups are joined by one global channel). Numbered as BookSim2's dragonflynew:
// router r is in group r / a; terminal t is on router t / p at port t % p. Ports 0 to p-1 are a
// router's terminals, p to p+a-2 its local channels (in the order of the other routers of its
// group), p+a-1 to p+a+h-2 its global ones. Group G's global channel j (0 to a*h-1) leaves router
// j / h of the group by its global port j % h and leads to group j if j < G, else j + 1.
//
// Routed (network/routings/) by its minimal route (a local hop to the router holding the global
// channel to the destination's group, that channel, a local hop), Valiant's and UGAL's through a
// random intermediate group, then minimally on: one of the other groups (Kim et al.), or any
// group alike (`valiant_groups`: BookSim2's ugal_dragonflynew draws a random terminal), where one
// of the two ends is the minimal route. UGAL weighs a route's queue by its global hops (1 and 2).
// Virtual channel class (`dragonfly_vc_classes`) = the global channels a packet has crossed
// before the hop, or BookSim2's phases (below); in either no class closes a cycle: 2 classes
// minimal, 3 through an intermediate group.
//
// Where a dragonfly's Valiant route may go: another group than its two ends, any group, or
// any router (BookSim2's random terminal's: the route goes on to that router in its group
// before it turns to the destination, its class still the first).
enum class ValiantGroups { kOthers, kAny, kRouter };
// A dragonfly's virtual-channel classes. kGlobalsCrossed: the global channels crossed before the
// hop. kPhases: BookSim2's (dragonfly.cpp, out_vc = the phase), where a global channel already
// takes the class after it: minimal routing 0 up to its global channel, 1 from it on; Valiant
// and UGAL 0 up to the intermediate group (its global channel included), 1 in it, 2 from the
// second global channel on, and a minimal route 1, then 2 from its global channel (or in the
// destination's group). So the packets of one global channel share its one VC of their class
// where kGlobalsCrossed spreads them over several.
enum class DragonflyClasses { kGlobalsCrossed, kPhases };

class Dragonfly final : public Topology {
 public:
  // At most this many terminals, so every route of uniform traffic can be walked for its bound
  // (traffic/analytic.h kMostUniformWalkTerminals); BookSim2's k = 4 has 1,056.
  static constexpr int kMostTerminals = 2048;

  // Throws ParamError naming "dragonfly_terminals" (p: 1 to 16), "dragonfly_routers" (a: 2 to
  // 32, and at most kMostTerminals terminals), "dragonfly_globals" (h: 1 to 16; a router has at
  // most 63 ports), "local_link_cycles" or "global_link_cycles" (1 to 1000).
  Dragonfly(int p, int a, int h, int local_cycles = 1, int global_cycles = 1,
            ValiantGroups valiant_groups = ValiantGroups::kOthers,
            DragonflyClasses classes = DragonflyClasses::kGlobalsCrossed);

  int routers() const override { return a_ * groups_; }
  int terminals() const override { return p_ * a_ * groups_; }
  int ports(int /*router*/) const override { return p_ + a_ - 1 + h_; }
  PortTarget output(int router, int port) const override;
  RouterPort injection(int terminal) const override { return {terminal / p_, terminal % p_}; }
  // The routings' queries (topology.h): a hop on the minimal route (toward an intermediate
  // group, or router, first), in the class of dragonfly_vc_classes; an intermediate as
  // valiant_groups draws it (whatever the spread), reached on entering its group (at its router,
  // drawn as a router); a route's global hops.
  RouteStep step(int router, int in_port, int dest, Toward toward,
                 RouteState& state) const override;
  Detour detour(int src, int dest, std::uint64_t draw, Spread spread) const override;
  std::vector<Detour> detours(int src, int dest, Spread spread) const override;
  double most_detours(Spread spread) const override;
  bool reached(int router, int via) const override {
    return valiant_groups_ == ValiantGroups::kRouter ? router == via : group(router) == via;
  }
  int hops(int router, int via, int dest) const override;
  int classes(int groups) const override { return groups + 1; }
  std::string vcs_error(const RoutingPart& routing, int classes) const override;
  RouterPort reverse(int router, int port) const override;
  // Minimal routing's, in closed form.
  double uniform_channel_load() const override;
  int link_cycles(int /*router*/, int port) const override {
    return global_port(port) ? global_cycles_ : local_cycles_;
  }
  std::string shape() const override { return "dragonfly"; }
  std::vector<ShapeSize> sizes() const override;
  std::vector<std::string> axes() const override { return {"group", "router"}; }
  std::vector<int> position(int router) const override { return {group(router), router % a_}; }
  std::string channel_class_name() const override { return "channel"; }
  std::vector<std::string> channel_classes() const override { return {"local", "global"}; }
  int channel_class(int /*router*/, int port) const override {
    return port < p_ ? -1 : global_port(port) ? 1 : 0;
  }

  Drawing drawing() const override {
    Drawing d{DrawingKind::kGroups, axes(), {groups_, a_}};
    d.terminals_per_router = p_;
    return d;
  }

  int terminal_groups() const override { return groups_; }
  int concentration() const override { return p_; }
  int group(int router) const { return router / a_; }
  bool global_port(int port) const { return port >= p_ + a_ - 1; }
  // The router of `group` holding its global channel to group `to`, and that channel's port.
  RouterPort gateway(int group, int to) const;

 private:
  // The output of `router` on the minimal way to router `to`, given the way to group `target`
  // (the destination's, or an intermediate one).
  int port_toward(int router, int to, int target) const;
  int local_port(int router, int to) const;
  // The phase class (DragonflyClasses::kPhases) of a hop in class group `leg` out of `router`
  // toward router `to`, given the global channels crossed after the hop.
  int phase_class(int router, int to, ClassGroup leg, int crossed) const;

  int p_;
  int a_;
  int h_;
  int groups_;
  int local_cycles_;
  int global_cycles_;
  ValiantGroups valiant_groups_;
  DragonflyClasses classes_;
};

}  // namespace archex
