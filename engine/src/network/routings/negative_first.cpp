// Negative-first (Glass & Ni 1992): every negative hop first, on a mesh of any dimensions.
#include "network/routings/turn_model.h"

namespace archex {

namespace {

// Every negative direction left first, then the positive ones.
int turns(const int* minimal, int n, RouteChoice* out) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (minimal[i] % 2 == 1) k = offer(minimal[i], out, k);
  }
  if (k > 0) return k;
  for (int i = 0; i < n; ++i) k = offer(minimal[i], out, k);
  return k;
}

}  // namespace

RoutingPart negative_first() {
  return turn_model("negative-first",
                    "adaptive, the turn model that takes every negative hop first (any "
                    "dimensions)",
                    turns, false);
}

}  // namespace archex
