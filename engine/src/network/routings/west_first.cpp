// West-first (Glass & Ni 1992): a 2-D mesh's west hops all first, then any minimal hop.
#include "network/routings/turn_model.h"

namespace archex {

namespace {

// West first, all of it; then any of +x, +y, -y.
int turns(const int* minimal, int n, RouteChoice* out) {
  bool west = false;
  for (int i = 0; i < n; ++i) west = west || minimal[i] == kWest;
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (!west || minimal[i] == kWest) k = offer(minimal[i], out, k);
  }
  return k;
}

}  // namespace

RoutingPart west_first() {
  return turn_model("west-first",
                    "adaptive, the turn model of a 2-D mesh that takes every west hop first",
                    turns, true);
}

}  // namespace archex
