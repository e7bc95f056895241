#include "network/topologies/kncube/kncube_part.h"

#include <string>
#include <vector>

#include "network/network_params.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

struct CubeParams {
  std::vector<int> dims;
  int concentration;
  Dateline dateline;
};

const ParamTable<CubeParams>& cube_table() {
  static const ParamTable<CubeParams> table = [] {
    // No size is too big but for the memory a run may take (the part's state).
    static const std::string dims_about =
        "Nodes along each dimension, 1 to " + std::to_string(kMostCubeDimensions) +
        " dimensions, typed 8x8x8 or 8, 8, 8; a binary hypercube is a mesh of 2 in each "
        "(2x2x2x2x2x2 a 6-cube).";
    ParamSpec dims = number_param("dims", "Radix per dimension")
                         .unit("nodes").value(8).range(2, 65536).whole()
                         .about(dims_about.c_str());
    dims.max_items = kMostCubeDimensions;
    dims.default_list = {8, 8};
    ParamTable<CubeParams> t;
    t.add(&CubeParams::dims, dims)
        .add(&CubeParams::concentration,
             number_param("concentration", "Terminals per router (c)")
                 .unit("terminals").value(1).range(1, KNCube::kMostConcentration).whole()
                 .about("Terminals sharing each router of a mesh or torus, each on a port of its "
                        "own: c*k^n terminals. Traffic patterns that move coordinates (transpose, "
                        "bit complement, tornado, neighbour) move a terminal's router and keep its "
                        "place on it. BookSim2's cmesh takes c = 4."))
        .add(&CubeParams::dateline,
             choice_param("dateline", "Torus dateline")
                 .choices({"on", "off", "by route"})
                 .value(0)
                 .when("switching", {"wormhole"})
                 .about("On: a torus's virtual channels form two classes, a packet taking the "
                        "upper one once it crosses a wrap-around link, which keeps it "
                        "deadlock-free. Off: one class (1 virtual channel allowed); the channels "
                        "around a ring can wait on each other in a cycle and deadlock. By route: "
                        "BookSim2's dim_order_torus classes, a packet whose way along a "
                        "dimension crosses a wrap-around link taking the upper class for all of "
                        "that dimension, any other the lower."));
    return t;
  }();
  return table;
}

std::shared_ptr<Topology> make_cube(const NetworkParams& p, bool torus) {
  const CubeParams c = read_part(cube_table(), p.shape);
  return std::make_shared<KNCube>(c.dims, torus, c.dateline != Dateline::kOff, c.concentration,
                                  c.dateline == Dateline::kByRoute);
}

StateEstimate cube_state(const NetworkParams& p, bool torus) {
  const CubeParams c = read_part(cube_table(), p.shape);
  double nodes = 1;
  for (const int k : c.dims) nodes *= k;
  NetworkSize size;
  size.routers = nodes;
  size.terminals = nodes * c.concentration;
  size.ports = 2 * static_cast<int>(c.dims.size()) + c.concentration;
  // A mesh's edge nodes have a port leading nowhere in each direction of their dimension.
  for (const int k : c.dims) size.dead_ends += torus ? 0 : 2 * nodes / k;
  size.links = nodes * (size.ports - c.concentration) - size.dead_ends;
  std::string shape;
  for (const int k : c.dims) shape += (shape.empty() ? "" : "x") + std::to_string(k);
  const std::string terminals =
      c.concentration > 1 ? " of " + std::to_string(c.concentration) + " terminals a router" : "";
  StateEstimate e =
      network_state_of(p, size, "a " + shape + (torus ? " torus" : " mesh") + terminals, "dims",
                       "Use fewer nodes, fewer virtual channels or smaller buffers.");
  e.bytes += KNCube::state_bytes_of(c.dims);
  return e;
}

TopologyPart cube_part(bool torus) {
  TopologyPart part;
  part.shape = torus ? "torus" : "mesh";
  part.zero_load_model = true;
  part.make = [torus](const NetworkParams& p) { return make_cube(p, torus); };
  part.state = [torus](const NetworkParams& p) { return cube_state(p, torus); };
  part.params = torus ? cube_table().specs() : cube_table().without("dateline").specs();
  return part;
}

}  // namespace

TopologyPart mesh_part() {
  TopologyPart part = cube_part(false);
  part.about = "a mesh (a k-ary n-cube of dims, concentration terminals a router)";
  return part;
}

TopologyPart torus_part() {
  TopologyPart part = cube_part(true);
  part.about = "a torus (the same with wrap-around links; 2 or more virtual channels unless its "
               "dateline is off)";
  return part;
}

}  // namespace archex
