// UGAL (UGAL-L, Singh's thesis, 2005): at the source router, the direct route or Valiant's
// through an intermediate the shape draws (ugal_dragonflynew's group, ugal_flatfly's router that
// agrees with the ends where they agree), by the flits queued at the two outputs, each weighted
// by its route's hops (the shape's: a dragonfly's global ones). The network picks, the direct
// route winning ties and by ugal_threshold_flits (Network::route_head).
#include <cstdint>
#include <vector>

#include "network/routings/two_legs.h"
#include "network/topologies/dragonfly/dragonfly.h"
#include "network/topologies/flattened_butterfly/flattened_butterfly.h"

namespace archex {

namespace {

template <class Shape>
class Ugal final : public TwoLegs<Shape> {
 public:
  explicit Ugal(const RoutingPart& part) : TwoLegs<Shape>(part, Spread::kDifferingDimensions) {}

  // The intermediate drawn, its choice still to make; a pair with none goes directly.
  RouteState start(const Topology& shape, int src, int dest, std::uint64_t draw) const override {
    const Detour d = this->of(shape).detour(src, dest, draw, this->spread_);
    return d.via < 0 ? d.state : through(d.via) | d.state | kPending;
  }

  // The direct route first, then every detour.
  std::vector<RouteState> starts(const Topology& shape, int src, int dest) const override {
    const std::vector<Detour> detours = this->of(shape).detours(src, dest, this->spread_);
    std::vector<RouteState> out;
    out.reserve(detours.size() + 1);
    out.push_back(0);
    for (const Detour& d : detours) {
      out.push_back(this->first_state(d));
    }
    return out;
  }

  double most_starts(const Topology& shape) const override {
    return 1 + this->of(shape).most_detours(this->spread_);
  }

  bool chooses() const override { return true; }

  int options(const Topology& shape, int router, int in_port, int dest, RouteState state,
              RouteOption* out) const override {
    if ((state & kPending) == 0) return 0;
    const Shape& s = this->of(shape);
    const RouteState direct = state & ~kPending;
    const RouteState detour = direct | kOut;
    RouteState first[2] = {direct, detour};
    out[0] = {direct, this->route(shape, router, in_port, dest, first[0]).port,
              s.hops(router, -1, dest)};
    out[1] = {detour, this->route(shape, router, in_port, dest, first[1]).port,
              s.hops(router, via_of(state), dest)};
    return 2;
  }
};

}  // namespace

RoutingPart ugal() {
  RoutingPart part;
  part.name = "UGAL";
  part.about = "source adaptive, the minimal route or Valiant's, chosen at the source by the "
               "flits queued at each (ugal_threshold_flits): 3 VCs on a dragonfly, 2 on a "
               "flattened butterfly";
  part.classes_about = "one class to the intermediate router and one after it";
  part.params = {"ugal_threshold_flits"};
  part.booksim = {
      {"ugal",
       {"dragonflynew"},
       "archex goes on from the intermediate terminal's router with a VC per phase, as "
       "BookSim2's UGAL does; with 3 VCs those classes can close a cycle of channel dependences "
       "(the dependency view shows it), which archex's own (valiant_groups other groups, "
       "dragonfly_vc_classes by global channels crossed) cannot"},
      {"ugal", {"flatfly"}, ""}};
  part.bind = bind_routing<Ugal, Dragonfly, FlattenedButterfly>;
  return part;
}

}  // namespace archex
