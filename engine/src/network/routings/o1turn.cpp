// O1TURN (Seo et al., ISCA 2005): x first or y first at random per packet, generalised to a
// cube's ascending or descending dimension order, each order on a class group of its own.
#include <cstdint>
#include <vector>

#include "network/routings/bind.h"

namespace archex {

namespace {

// The routing's bit of a route's state: the descending order.
constexpr RouteState kDescending = RouteState{1} << kRoutingShift;

template <class Shape>
class O1Turn final : public ShapeRouting<Shape> {
 public:
  using ShapeRouting<Shape>::ShapeRouting;

  RouteStep route(const Topology& shape, int router, int in_port, int dest,
                  RouteState& state) const override {
    Toward toward;
    toward.descending = (state & kDescending) != 0;
    toward.group = toward.descending ? ClassGroup::kSecond : ClassGroup::kFirst;
    return this->of(shape).step(router, in_port, dest, toward, state);
  }

  RouteState start(const Topology& /*shape*/, int /*src*/, int /*dest*/,
                   std::uint64_t draw) const override {
    return (draw & 1) != 0 ? kDescending : 0;
  }

  std::vector<RouteState> starts(const Topology& /*shape*/, int /*src*/,
                                 int /*dest*/) const override {
    return {0, kDescending};
  }

  double most_starts(const Topology& /*shape*/) const override { return 2; }
};

}  // namespace

RoutingPart o1turn() {
  RoutingPart part;
  part.name = "O1TURN";
  part.about = "oblivious, x or y first at random (ascending or descending dimension order): 2 "
               "classes";
  part.classes_about = "one class per dimension order";
  part.booksim = {{"xy_yx", {"mesh"}, ""}, {"xy_yx_no_express", {"cmesh"}, ""}};
  part.bind = bind_routing<O1Turn>;
  return part;
}

}  // namespace archex
