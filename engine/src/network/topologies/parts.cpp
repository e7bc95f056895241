#include <stdexcept>
#include <string>

#include "network/network_params.h"
#include "network/topologies/anynet/anynet_part.h"
#include "network/topologies/crossbar/crossbar_part.h"
#include "network/topologies/dragonfly/dragonfly_part.h"
#include "network/topologies/fattree/fattree_part.h"
#include "network/topologies/flattened_butterfly/flattened_butterfly_part.h"
#include "network/topologies/fly/fly_part.h"
#include "network/topologies/kncube/kncube_part.h"
#include "network/topologies/part.h"
#include "network/topologies/router_network/router_network_part.h"
#include "network/topologies/spidergon/spidergon_part.h"

namespace archex {

const std::vector<TopologyPart>& topology_parts() {
  // The `topology` choice's order: a shape's value in links and presets is its place here, so a
  // new shape goes last.
  static const std::vector<TopologyPart> parts = {
      mesh_part(),
      torus_part(),
      fly_part(),
      crossbar_part(),
      router_network_part(),
      dragonfly_part(),
      fattree_part(),
      flattened_butterfly_part(),
      spidergon_part(),
      anynet_part(),
  };
  return parts;
}

const TopologyPart& topology_part(const NetworkParams& p) {
  return topology_parts().at(static_cast<std::size_t>(p.topology));
}

int topology_index(const std::string& shape) {
  const std::vector<TopologyPart>& parts = topology_parts();
  std::string names;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].shape == shape) return static_cast<int>(i);
    names += (i == 0 ? "" : ", ") + parts[i].shape;
  }
  throw std::invalid_argument("unknown topology '" + shape + "'; valid: " + names);
}

}  // namespace archex
