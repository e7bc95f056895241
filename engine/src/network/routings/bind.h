#pragma once

#include <memory>

#include "network/routings/routing.h"
#include "network/topologies/topology.h"

namespace archex {

// A routing written against `Shape`, the queries of Topology (what every shape answers) or of a
// final shape class: called on a final class they need no virtual call, so a routing binds a
// copy of itself to the shapes it runs on most (bind_routing).
template <class Shape>
class ShapeRouting : public Routing {
 public:
  using Routing::Routing;

  // The shape's own hop, in dimension order (an adaptive routing's walked route too).
  RouteStep route(const Topology& shape, int router, int in_port, int dest,
                  RouteState& state) const override {
    return of(shape).step(router, in_port, dest, Toward{}, state);
  }

 protected:
  // The shape the routing was bound to (bind_routing checked its class).
  static const Shape& of(const Topology& shape) { return static_cast<const Shape&>(shape); }
};

// The routing R<Shape> bound to `shape`: R<F> for the first class F of `Fast` (final shape
// classes) the shape is, whose queries it then calls directly, else R<Topology>, which asks any
// shape through its virtual queries.
template <template <class> class R, class... Fast>
std::shared_ptr<const Routing> bind_routing(const RoutingPart& part, const Topology& shape) {
  std::shared_ptr<const Routing> bound;
  static_cast<void>(shape);
  ((bound == nullptr && dynamic_cast<const Fast*>(&shape) != nullptr
        ? static_cast<void>(bound = std::make_shared<const R<Fast>>(part))
        : static_cast<void>(0)),
   ...);
  if (bound == nullptr) bound = std::make_shared<const R<Topology>>(part);
  return bound;
}

}  // namespace archex
