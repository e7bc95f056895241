// The turn model's routings of a mesh (Glass & Ni, ISCA 1992): adaptive and minimal, each
// forbidding the turns that would close a cycle, so one class of VCs suffices. Ports 2d and
// 2d + 1 of a mesh lead + and - along dimension d (kncube.h): port 1 west (-x), port 2 north (+y).
#include <memory>
#include <string>

#include "core/param_spec.h"
#include "network/routings/bind.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

constexpr int kWest = 1;
constexpr int kNorth = 2;

// The minimal ports a turn model offers, from the `n` minimal ones; at least one.
using Turns = int (*)(const int* minimal, int n, RouteChoice* out);

int offer(int port, RouteChoice* out, int at) {
  out[at] = {port, 0, 0, 0, 0};
  return at + 1;
}

// West first, all of it; then any of +x, +y, -y.
int west_first_turns(const int* minimal, int n, RouteChoice* out) {
  bool west = false;
  for (int i = 0; i < n; ++i) west = west || minimal[i] == kWest;
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (!west || minimal[i] == kWest) k = offer(minimal[i], out, k);
  }
  return k;
}

// North last: any of +x, -x, -y while one is left, then north.
int north_last_turns(const int* minimal, int n, RouteChoice* out) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (minimal[i] != kNorth) k = offer(minimal[i], out, k);
  }
  return k > 0 ? k : offer(kNorth, out, 0);
}

// Every negative direction left first, then the positive ones.
int negative_first_turns(const int* minimal, int n, RouteChoice* out) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (minimal[i] % 2 == 1) k = offer(minimal[i], out, k);
  }
  if (k > 0) return k;
  for (int i = 0; i < n; ++i) k = offer(minimal[i], out, k);
  return k;
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
RoutingPart turn_model(const char* name, const char* about, Turns turns, bool two_d) {
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

}  // namespace

RoutingPart west_first() {
  return turn_model("west-first",
                    "adaptive, the turn model of a 2-D mesh that takes every west hop first",
                    west_first_turns, true);
}

RoutingPart negative_first() {
  return turn_model("negative-first",
                    "adaptive, the turn model that takes every negative hop first (any "
                    "dimensions)",
                    negative_first_turns, false);
}

RoutingPart north_last() {
  return turn_model("north-last",
                    "adaptive, the turn model of a 2-D mesh that takes its north hops last",
                    north_last_turns, true);
}

}  // namespace archex
