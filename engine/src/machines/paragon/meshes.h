#pragma once

#include <string>
#include <vector>

#include "core/tables.h"

namespace archex::paragon {

// The mesh of a p-node configuration: x by y with y the largest divisor of p up to sqrt(p)
// (8: 4x2, 32: 8x4, 36: 6x6, a prime p: p x 1).
std::vector<int> mesh_of(int p);
// mesh_of(p); throws ParamError naming "processors" when a side exceeds the network's 32.
std::vector<int> checked_mesh(int p);
// "4x2".
std::string mesh_name(int p);
// The machine the picker draws: the mesh of the largest configuration (`rows` 1: as p x 1).
std::vector<NetworkMap> machine(const std::vector<int>& processors, bool one_row = false);

}  // namespace archex::paragon
