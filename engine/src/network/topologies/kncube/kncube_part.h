#pragma once

#include "network/topologies/part.h"

namespace archex {

// A torus's dateline: on, its virtual channels form two classes (deadlock-free); off, one.
enum class Dateline { kOn, kOff, kByRoute };

// The k-ary n-cubes: a mesh, and a torus (wrap-around links, a dateline), sized by dims and
// concentration.
TopologyPart mesh_part();
TopologyPart torus_part();

}  // namespace archex
