#include "network/topologies/flattened_butterfly/flattened_butterfly_part.h"

#include <string>

#include "network/network_params.h"
#include "network/topologies/flattened_butterfly/flattened_butterfly.h"

namespace archex {

namespace {

struct FlatflyParams {
  int arity;
  int dimensions;
  int terminals;
  int wires;
};

const ParamTable<FlatflyParams>& flatfly_table() {
  static const ParamTable<FlatflyParams> table = [] {
    ParamTable<FlatflyParams> t;
    t.add(&FlatflyParams::arity,
          number_param("flatfly_arity", "Routers per row (k)")
              .unit("routers").value(4).range(2, 32).whole()
              .about("Routers along each dimension of a flattened butterfly, each joined "
                     "directly to the k - 1 others of its row (BookSim2's k)."))
        .add(&FlatflyParams::dimensions,
             number_param("flatfly_dimensions", "Dimensions (n)")
                 .unit("dimensions").value(2).range(1, FlattenedButterfly::kMostDimensions)
                 .whole()
                 .about("Dimensions of a flattened butterfly: k^n routers, c*k^n terminals (at "
                        "most 2,048), and a route crosses one channel per dimension where its "
                        "ends differ (BookSim2's n)."))
        .add(&FlatflyParams::terminals,
             number_param("flatfly_terminals", "Terminals per router (c)")
                 .unit("terminals").value(4).range(1, 32).whole()
                 .about("A flattened butterfly router's terminals, its concentration; a router "
                        "has c + n*(k - 1) ports, at most 64 (BookSim2's c)."))
        .add(&FlatflyParams::wires,
             choice_param("flatfly_wires", "Channel latency")
                 .choices({"1 cycle", "by chip distance"})
                 .value(0)
                 .about("How long a channel between routers takes: 1 cycle, or as many cycles "
                        "as its routers are apart on a chip (BookSim2's flatfly with "
                        "use_noc_latency): routers k to a row in number order, each a square "
                        "tile of its c terminals, so sqrt(c) cycles a router's width; a credit "
                        "takes as long back."));
    return t;
  }();
  return table;
}

StateEstimate flatfly_state(const NetworkParams& p) {
  const FlatflyParams f = read_part(flatfly_table(), p.shape);
  // Built first: its constructor refuses the sizes out of range, which keep it small.
  const FlattenedButterfly shape(f.arity, f.dimensions, f.terminals, f.wires == 1);
  NetworkSize size;
  size.routers = shape.routers();
  size.terminals = shape.terminals();
  size.ports = shape.ports(0);
  size.links = size.routers * (size.ports - f.terminals);
  return network_state_of(
      p, size, "a flattened butterfly of " + std::to_string(shape.routers()) + " routers",
      "flatfly_arity", "Use fewer routers, fewer virtual channels or smaller buffers.");
}

}  // namespace

TopologyPart flattened_butterfly_part() {
  TopologyPart part;
  part.shape = "flattened butterfly";
  part.about = "a flattened butterfly (flatfly_arity, flatfly_dimensions, flatfly_terminals: "
               "routers on a k-ary n-cube's grid, each joined to every other of its row in every "
               "dimension)";
  part.params = flatfly_table().specs();
  part.zero_load_model = true;
  part.circuits = false;
  part.make = [](const NetworkParams& p) -> std::shared_ptr<Topology> {
    const FlatflyParams f = read_part(flatfly_table(), p.shape);
    return std::make_shared<FlattenedButterfly>(f.arity, f.dimensions, f.terminals,
                                                f.wires == 1);
  };
  part.state = flatfly_state;
  return part;
}

}  // namespace archex
