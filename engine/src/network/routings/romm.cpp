// ROMM (Nesson & Johnsson, 1995): Valiant's two legs through a node drawn inside the minimal box
// of the two ends, so the route stays minimal.
#include "network/routings/two_legs.h"

namespace archex {

namespace {

template <class Shape>
class Romm final : public TwoLegs<Shape> {
 public:
  explicit Romm(const RoutingPart& part) : TwoLegs<Shape>(part, Spread::kMinimalBox) {}
};

}  // namespace

RoutingPart romm() {
  RoutingPart part;
  part.name = "ROMM";
  part.about = "oblivious, Valiant's with the random node inside the minimal box: 2 classes";
  part.classes_about = "one class to the intermediate node and one after it";
  part.booksim = {{"romm", {"mesh"}, ""}};
  part.bind = bind_routing<Romm>;
  return part;
}

}  // namespace archex
