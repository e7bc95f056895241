// Random tie-break: dimension order with the shape's ties drawn per packet as it is sent (a
// torus's half-way ties either way, a fat tree's up ports).
#include <cstdint>
#include <vector>

#include "network/routings/bind.h"

namespace archex {

namespace {

template <class Shape>
class RandomTieBreak final : public ShapeRouting<Shape> {
 public:
  using ShapeRouting<Shape>::ShapeRouting;

  RouteState start(const Topology& shape, int src, int dest, std::uint64_t draw) const override {
    const Shape& s = this->of(shape);
    return s.tie_state(draw % s.ties(src, dest));
  }

  std::vector<RouteState> starts(const Topology& shape, int src, int dest) const override {
    const Shape& s = this->of(shape);
    std::vector<RouteState> out;
    const std::uint64_t ties = s.ties(src, dest);
    for (std::uint64_t tie = 0; tie < ties; ++tie) out.push_back(s.tie_state(tie));
    return out;
  }

  double most_starts(const Topology& shape) const override { return this->of(shape).most_ties(); }
};

}  // namespace

RoutingPart random_tie_break() {
  RoutingPart part;
  part.name = "random tie-break";
  part.about = "oblivious, dimension order with its ties drawn per packet (a torus's half-way "
               "ties go either way at random, a fat tree's up ports are drawn)";
  // BookSim2's dim_order_torus draws a half-way tie as the packet turns into the dimension: the
  // same law as archex's ties drawn per packet, one a dimension.
  part.booksim = {{"dim_order",
                   {"torus"},
                   "dimension order with its half-way ties drawn at random and the dateline "
                   "classes by route (dateline: by route), as BookSim2's dim_order_torus"},
                  {"nca", {"fattree"}, ""}};
  part.bind = bind_routing<RandomTieBreak>;
  return part;
}

}  // namespace archex
