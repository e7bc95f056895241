// Minimal adaptive routing: every minimal output, the freest taken or as BookSim2 takes them
// (adaptive_selection, Network::route_adaptive).
// Where the shape's minimal routes can close a cycle of channel dependences (a cube's), its
// dimension order on escape channels below them (Duato, 1993; Dally & Towles sec. 14.3), the
// VCs freed only once empty; where they cannot (a fat tree's up*/down*), no escape channels.
#include "network/routings/bind.h"
#include "network/topologies/fattree/fattree.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

template <class Shape>
class MinimalAdaptive final : public ShapeRouting<Shape> {
 public:
  using ShapeRouting<Shape>::ShapeRouting;

  bool adaptive() const override { return true; }

  int choices(const Topology& shape, int router, int /*in_port*/, int dest,
              RouteChoice* out) const override {
    const Shape& s = this->of(shape);
    int ports[kMostRouteChoices];
    const int n = s.minimal_ports(router, dest, ports);
    if (n == 0) {
      out[0] = {ports[0], 0, 1, 0, 0};
      return 1;
    }
    const int escape = s.escape_classes();
    if (escape == 0) {
      for (int i = 0; i < n; ++i) out[i] = {ports[i], 0, 0, 0, 0};
      return n;
    }
    // The adaptive channels above the escape ones, then the escape channel.
    for (int i = 0; i < n; ++i) out[i] = {ports[i], escape, 0, 0, escape};
    out[n] = s.escape(router, dest);
    return n + 1;
  }
};

}  // namespace

RoutingPart minimal_adaptive() {
  RoutingPart part;
  part.name = "minimal adaptive";
  part.about = "adaptive, any minimal port: a mesh's or torus's on adaptive VCs, dimension order "
               "on the escape VCs (2 or more VCs, 3 on a torus); a fat tree's freest up port (1 "
               "VC)";
  part.classes_about = "escape classes and 1 or more adaptive";
  part.params = {"adaptive_selection"};
  part.booksim = {
      {"min_adapt",
       {"mesh", "torus"},
       // outputset.hpp orders its std::set by priority alone: an equal-priority AddRange is
       // dropped.
       "adaptive_selection BookSim2's: BookSim2 runs min_adapt as dimension order, its output "
       "set keeping one entry a priority (of the productive ports only the first dimension's "
       "stays), the adaptive VCs before the escape VC, a packet on the escape VC staying there; "
       "archex's own selection offers every productive port and takes the freest"},
      {"anca", {"fattree"}, ""}};
  part.bind = bind_routing<MinimalAdaptive, KNCube, FatTree>;
  return part;
}

}  // namespace archex
