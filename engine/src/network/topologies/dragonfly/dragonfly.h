#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "network/topologies/kncube/kncube.h"
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
// Routings (`routing`): dimension order is the minimal route (a local hop to the router holding
// the global channel to the destination's group, that channel, a local hop); Valiant goes through
// a random intermediate group, then minimally on: one of the other groups (Kim et al.), or any
// group alike (`valiant_groups`: BookSim2's ugal_dragonflynew draws a random terminal), where
// one of the two ends is the minimal route;
// UGAL (UGAL-L) chooses once, at the source router, between the minimal route and Valiant's,
// by the flits queued at the two outputs, weighted by the global hops of each route (1 and 2),
// the minimal route winning ties and by `ugal_threshold_flits` (Network::route_head). Virtual
// channel class (`dragonfly_vc_classes`) = the global channels a packet has crossed before the
// hop, or BookSim2's phases (below); in either no class closes a cycle: 2 classes minimal, 3
// through an intermediate group.
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
  // most 63 ports), "routing" (dimension order, Valiant or UGAL), "local_link_cycles" or
  // "global_link_cycles" (1 to 1000).
  Dragonfly(int p, int a, int h, CubeRouting routing, int local_cycles = 1,
            int global_cycles = 1, ValiantGroups valiant_groups = ValiantGroups::kOthers,
            DragonflyClasses classes = DragonflyClasses::kGlobalsCrossed);

  int routers() const override { return a_ * groups_; }
  int terminals() const override { return p_ * a_ * groups_; }
  int ports(int /*router*/) const override { return p_ + a_ - 1 + h_; }
  PortTarget output(int router, int port) const override;
  RouterPort injection(int terminal) const override { return {terminal / p_, terminal % p_}; }
  RouteStep route(int router, int in_port, int dest, RouteState& state) const override;
  bool draws_routes() const override { return routing_ != CubeRouting::kDimensionOrder; }
  RouteState route_start(int src, int dest, std::uint64_t draw) const override;
  std::vector<RouteState> route_starts(int src, int dest) const override;
  bool chooses_routes() const override { return routing_ == CubeRouting::kUgal; }
  int route_options(int router, int in_port, int dest, RouteState state,
                    RouteOption* out) const override;
  int vc_classes() const override { return routing_ == CubeRouting::kDimensionOrder ? 2 : 3; }
  std::string vc_classes_error() const override;
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
  // The phase class (DragonflyClasses::kPhases) of a hop out of `router` toward router `to`,
  // given the route's state after the hop.
  int phase_class(int router, int to, RouteState state) const;

  int p_;
  int a_;
  int h_;
  int groups_;
  CubeRouting routing_;
  int local_cycles_;
  int global_cycles_;
  ValiantGroups valiant_groups_;
  DragonflyClasses classes_;
};

}  // namespace archex
