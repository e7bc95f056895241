// North-last (Glass & Ni 1992): a 2-D mesh's north hops last.
#include "network/routings/turn_model.h"

namespace archex {

namespace {

// North last: any of +x, -x, -y while one is left, then north.
int turns(const int* minimal, int n, RouteChoice* out) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (minimal[i] != kNorth) k = offer(minimal[i], out, k);
  }
  return k > 0 ? k : offer(kNorth, out, 0);
}

}  // namespace

RoutingPart north_last() {
  return turn_model("north-last",
                    "adaptive, the turn model of a 2-D mesh that takes its north hops last",
                    turns, true);
}

}  // namespace archex
