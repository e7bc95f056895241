#pragma once

// The turn model's routings of a mesh (Glass & Ni, ISCA 1992): adaptive and minimal, each
// forbidding the turns that would close a cycle, so one class of VCs suffices. Each turn model is
// its own file (west_first.cpp, north_last.cpp, negative_first.cpp) giving the turns it offers.
// Ports 2d and 2d + 1 of a mesh lead + and - along dimension d (kncube.h): port 1 west (-x),
// port 2 north (+y).
#include <memory>
#include <string>

#include "core/param_spec.h"
#include "network/routings/bind.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

constexpr int kWest = 1;
constexpr int kNorth = 2;

// The minimal ports a turn model offers, from the `n` minimal ones; at least one.
using Turns = int (*)(const int* minimal, int n, RouteChoice* out);

// Offers `port` as choice `at` of `out`; the next free place.
inline int offer(int port, RouteChoice* out, int at) {
  out[at] = {port, 0, 0, 0, 0};
  return at + 1;
}

class TurnModel final : public ShapeRouting<KNCube> {
 public:
  TurnModel(const RoutingPart& part, Turns turns) : ShapeRouting<KNCube>(part), turns_(turns) {}

  bool adaptive() const override { return true; }

  int choices(const Topology& shape, int router, int /*in_port*/, int dest,
              RouteChoice* out) const override {
    int minimal[kMostRouteChoices];
    const int n = of(shape).minimal_ports(router, dest, minimal);
    if (n == 0) {
      out[0] = {minimal[0], 0, 1, 0, 0};
      return 1;
    }
    return turns_(minimal, n, out);
  }

 private:
  Turns turns_;
};

// The turn model `turns` on a mesh, of 2 dimensions where `two_d` (its turns are a plane's).
inline RoutingPart turn_model(const char* name, const char* about, Turns turns, bool two_d) {
  RoutingPart part;
  part.name = name;
  part.about = about;
  part.bind = [turns, two_d](const RoutingPart& self,
                             const Topology& shape) -> std::shared_ptr<const Routing> {
    const auto& mesh = dynamic_cast<const KNCube&>(shape);
    if (two_d && mesh.dimensions() != 2) {
      throw ParamError("routing", self.name + " names the turns of a 2-D mesh and this mesh has " +
                                      std::to_string(mesh.dimensions()) +
                                      " dimensions: negative-first takes any number");
    }
    return std::make_shared<const TurnModel>(self, turns);
  };
  return part;
}

}  // namespace archex
