#include "machines/paragon/meshes.h"

#include <algorithm>

#include "core/param_spec.h"
#include "network/topologies/describe.h"

namespace archex::paragon {

std::vector<int> mesh_of(int p) {
  int y = 1;
  for (int d = 1; d * d <= p; ++d) {
    if (p % d == 0) y = d;
  }
  return {p / y, y};
}

std::vector<int> checked_mesh(int p) {
  std::vector<int> m = mesh_of(p);
  if (m[0] > 32) {
    throw ParamError("processors", "processors: " + std::to_string(p) + " makes a " +
                                       mesh_name(p) + " mesh; the mesh takes 2 to 32 nodes a side");
  }
  return m;
}

std::string mesh_name(int p) {
  const std::vector<int> m = mesh_of(p);
  return std::to_string(m[0]) + "x" + std::to_string(m[1]);
}

std::vector<NetworkMap> machine(const std::vector<int>& processors, bool one_row) {
  const int p = *std::max_element(processors.begin(), processors.end());
  return {describe_grid(p, one_row ? p : mesh_of(p)[0], "mesh", "mesh")};
}

}  // namespace archex::paragon
