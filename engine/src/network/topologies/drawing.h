#pragma once

#include <string>
#include <vector>

namespace archex {

// How a network is drawn: each topology declares its own (Topology::drawing), the description
// carries it (NetworkMap::drawing), and the app draws every network from it, never from the name
// of its shape.
enum class DrawingKind {
  // Routers on a lattice by their coordinates along `axes` (1 to 3: a line, a grid, planes
  // stacked), neighbours joined; `wraps`: each line's ends joined too (a torus).
  kGrid,
  // Routers around a ring, each joined to the next (a 1-D torus).
  kRing,
  // Routers on a grid by their coordinates along `axes`, the axes past the first two folded onto
  // the plane (x, z, ... across; y, w, ... down), each axis's channels drawn as arcs: between
  // neighbours (a cube past three dimensions), or between every two routers of a row
  // (`whole_rows`: a flattened butterfly).
  kArcGrid,
  // Columns of switches of `radix` ports, one a stage (`axes`: stage and row; `extent`: stages
  // and switches a stage), the terminals entering the first and leaving the last (a k-ary n-fly).
  kStages,
  // Groups of routers (`axes`: group and router within it; `extent`: groups and routers a group),
  // every group's routers joined, channels between groups (a dragonfly).
  kGroups,
  // Levels of switches over the terminals (`axes`: level, 0 the top, and switch within it;
  // `extent`: levels and switches a level), each switch joined to `radix` below it (a fat tree).
  kTree,
  // One switch joining `radix` terminals, input to output (a crossbar).
  kCrossbar,
  // Any other graph of routers and terminals (a network of C104s), drawn from its channels.
  kGraph,
};

// A drawing kind's name as the description gives it.
inline const char* drawing_kind_name(DrawingKind kind) {
  switch (kind) {
    case DrawingKind::kGrid:
      return "grid";
    case DrawingKind::kRing:
      return "ring";
    case DrawingKind::kArcGrid:
      return "arc grid";
    case DrawingKind::kStages:
      return "stages";
    case DrawingKind::kGroups:
      return "groups";
    case DrawingKind::kTree:
      return "tree";
    case DrawingKind::kCrossbar:
      return "crossbar";
    case DrawingKind::kGraph:
      break;
  }
  return "graph";
}

// A network's drawing: its kind and what the kind is drawn from.
struct Drawing {
  DrawingKind kind = DrawingKind::kGraph;
  // The columns of the description's routers table that place a router, in order.
  std::vector<std::string> axes;
  // The places along each of `axes` (a cube's radices, a fly's stages and switches a stage).
  std::vector<int> extent;
  // The ports of a switch (stages, tree) or of the crossbar; 0 where the kind has none.
  int radix = 0;
  // Terminals a router (a concentrated cube's, a dragonfly's, a flattened butterfly's).
  int terminals_per_router = 1;
  // Grid, ring, arc grid: wrap-around channels join the ends of each line (a torus).
  bool wraps = false;
  // Arc grid: every two routers of a row are joined, not only neighbours.
  bool whole_rows = false;
};

}  // namespace archex
