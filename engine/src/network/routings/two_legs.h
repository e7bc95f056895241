#pragma once

#include <cstdint>
#include <vector>

#include "network/routings/bind.h"

namespace archex {

// The routing's bits of a two-leg route's state: on the way to the intermediate; past it (the
// second leg); and, for a routing that chooses at the source (UGAL), the choice still to make.
// A route with neither leg bit goes directly, its intermediate skipped.
constexpr RouteState kOut = RouteState{1} << kRoutingShift;
constexpr RouteState kBack = RouteState{2} << kRoutingShift;
constexpr RouteState kPending = RouteState{4} << kRoutingShift;

// A two-leg route (Valiant, ROMM, UGAL's detour): to an intermediate the shape draws as `spread`
// says, then on to the destination, the legs in the first and the second class group. Written
// once for every shape that answers detour, reached and step.
template <class Shape>
class TwoLegs : public ShapeRouting<Shape> {
 public:
  TwoLegs(const RoutingPart& part, Spread spread) : ShapeRouting<Shape>(part), spread_(spread) {}

  RouteStep route(const Topology& shape, int router, int in_port, int dest,
                  RouteState& state) const override {
    const Shape& s = this->of(shape);
    Toward toward;
    if ((state & kOut) != 0) {
      const int via = via_of(state);
      if (s.reached(router, via)) {
        // The second leg starts afresh: its own classes, the shape's leg bits cleared.
        state = (state & ~(kOut | kLegBits)) | kBack;
        toward.group = ClassGroup::kSecond;
      } else {
        toward.via = via;
        toward.group = ClassGroup::kFirst;
      }
    } else {
      toward.group = (state & kBack) != 0 ? ClassGroup::kSecond : ClassGroup::kDirect;
    }
    return s.step(router, in_port, dest, toward, state);
  }

  RouteState start(const Topology& shape, int src, int dest, std::uint64_t draw) const override {
    return first_state(this->of(shape).detour(src, dest, draw, spread_));
  }

  std::vector<RouteState> starts(const Topology& shape, int src, int dest) const override {
    const std::vector<Detour> detours = this->of(shape).detours(src, dest, spread_);
    std::vector<RouteState> out;
    out.reserve(detours.size());
    for (const Detour& d : detours) {
      out.push_back(first_state(d));
    }
    if (out.empty()) out.push_back(0);
    return out;
  }

  double most_starts(const Topology& shape) const override {
    return this->of(shape).most_detours(spread_);
  }

 protected:
  // The first state of a route through `d`, or of the direct route where it has none.
  static RouteState first_state(const Detour& d) {
    return d.via < 0 ? d.state : through(d.via) | d.state | kOut;
  }

  Spread spread_;
};

}  // namespace archex
