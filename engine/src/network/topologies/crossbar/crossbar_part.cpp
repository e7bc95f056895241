#include "network/topologies/crossbar/crossbar_part.h"

#include "network/network_params.h"
#include "network/topologies/crossbar/crossbar.h"
#include "network/traffic/analytic.h"

namespace archex {

namespace {

struct CrossbarParams {
  int ports;
};

const ParamTable<CrossbarParams>& crossbar_table() {
  static const ParamTable<CrossbarParams> table = [] {
    ParamTable<CrossbarParams> t;
    t.add(&CrossbarParams::ports,
          number_param("crossbar_ports", "Crossbar ports (N)")
              .unit("ports").value(16).range(2, 64).whole()
              .about("Terminals of the one N x N crossbar; each has one input and one output."));
    return t;
  }();
  return table;
}

}  // namespace

TopologyPart crossbar_part() {
  TopologyPart part;
  part.shape = "crossbar";
  part.about = "one crossbar (crossbar_ports)";
  part.params = crossbar_table().specs();
  part.make = [](const NetworkParams& p) -> std::shared_ptr<Topology> {
    return std::make_shared<Crossbar>(read_part(crossbar_table(), p.shape).ports);
  };
  part.fifo_saturation = [](const NetworkParams& p) {
    return iq_crossbar_saturation(read_part(crossbar_table(), p.shape).ports);
  };
  return part;
}

}  // namespace archex
