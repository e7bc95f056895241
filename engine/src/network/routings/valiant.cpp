// Valiant (Valiant & Brebner, 1981): to an intermediate drawn at random, then on to the
// destination, each leg on its shape's minimal route in a class group of its own. The shape
// draws the intermediate (a cube's node with a torus's half-way ties, a dragonfly's group by
// valiant_groups, a flattened butterfly's router).
#include "network/routings/two_legs.h"
#include "network/topologies/dragonfly/dragonfly.h"
#include "network/topologies/flattened_butterfly/flattened_butterfly.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

template <class Shape>
class Valiant final : public TwoLegs<Shape> {
 public:
  explicit Valiant(const RoutingPart& part) : TwoLegs<Shape>(part, Spread::kAnywhere) {}
};

}  // namespace

RoutingPart valiant() {
  RoutingPart part;
  part.name = "Valiant";
  part.about = "oblivious, to a node drawn at random (a dragonfly's group, by valiant_groups), "
               "then on: 2 VC classes, 3 on a dragonfly";
  part.classes_about = "one class to the intermediate node and one after it";
  part.booksim = {{"valiant", {"mesh", "torus", "flatfly"}, ""}};
  part.bind = bind_routing<Valiant, KNCube, Dragonfly, FlattenedButterfly>;
  return part;
}

}  // namespace archex
