#pragma once

#include <string>
#include <vector>

#include "core/registry.h"

namespace archex {

// The Intel Paragon under NX, its BSP and BPRAM libraries (Juurlink, IPPS/SPDP 1998), simulated
// on the flit-level 2-D mesh (engine/src/machines/paragon/): ping-pong (Fig. 1), bisection on p x 1
// (Fig. 2), random full h-relations and the fitted g and L (Fig. 3, 4, Table 1), block
// permutations and the fitted sigma and l (Fig. 5, Table 2).
ModelInfo paragon_pingpong_info();
ModelInfo paragon_bisection_info();
ModelInfo paragon_bsp_info();
ModelInfo paragon_bpram_info();
// The application kernels of sec. 4 (matrix multiply, sample sort) simulated and predicted.
ModelInfo paragon_app_info();

namespace paragon {

// The mesh of a p-node configuration: x by y with y the largest divisor of p up to sqrt(p)
// (8: 4x2, 32: 8x4, 36: 6x6, a prime p: p x 1).
std::vector<int> mesh_of(int p);
// mesh_of(p); throws ParamError naming "processors" when a side exceeds the network's 32.
std::vector<int> checked_mesh(int p);
// "4x2".
std::string mesh_name(int p);
// The machine the picker draws: the mesh of the largest configuration (`rows` 1: as p x 1).
std::vector<NetworkMap> machine(const std::vector<int>& processors, bool one_row = false);

}  // namespace paragon

}  // namespace archex
