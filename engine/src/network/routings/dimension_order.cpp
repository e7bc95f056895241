// Dimension order: each shape's own route, oblivious and minimal (a cube's e-cube route, a
// dragonfly's or a flattened butterfly's minimal route, a fat tree's d-mod-k), the one a routing
// of its own (a fly's destination tag, a crossbar's, a router network's or anynet's table) is
// listed as.
#include "network/routings/bind.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

RoutingPart dimension_order() {
  RoutingPart part;
  part.name = "dimension order";
  part.about =
      "oblivious, each shape's own route: a mesh's or torus's dimensions in turn, a dragonfly's "
      "minimal route (local, global, local; 2 VCs), a fat tree's up port by the destination's "
      "digit (d-mod-k), a flattened butterfly's hop in each dimension where the ends differ; a "
      "torus's dateline doubles the classes of this and every oblivious routing";
  part.booksim = {{"dor", {"mesh"}, ""},
                  {"dim_order", {"mesh"}, ""},
                  {"dor_no_express", {"cmesh"}, ""},
                  {"min", {"dragonflynew", "anynet"}, ""},
                  {"ran_min", {"flatfly"}, ""}};
  part.names_on = {{"minimal", {"dragonfly", "flattened butterfly"}},
                   {"d-mod-k", {"fat tree"}},
                   {"destination tag", {"fly"}}};
  part.circuits = true;
  part.bind = bind_routing<ShapeRouting, KNCube>;
  return part;
}

}  // namespace archex
