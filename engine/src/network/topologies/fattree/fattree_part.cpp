#include "network/topologies/fattree/fattree_part.h"

#include <cmath>
#include <string>

#include "network/network_params.h"
#include "network/topologies/fattree/fattree.h"

namespace archex {

namespace {

struct FatTreeParams {
  int arity;
  int levels;
};

const ParamTable<FatTreeParams>& fattree_table() {
  static const ParamTable<FatTreeParams> table = [] {
    ParamTable<FatTreeParams> t;
    t.add(&FatTreeParams::arity,
          number_param("fattree_arity", "Switch arity (k)")
              .unit("ports").value(4).range(2, 16).whole()
              .about("A fat tree switch's down ports, and as many up (a top switch has none "
                     "up); the bottom switches hold k terminals each."))
        .add(&FatTreeParams::levels,
             number_param("fattree_levels", "Levels (n)")
                 .unit("levels").value(3).range(1, 11).whole()
                 .about("Levels of k^(n-1) switches; the fat tree has k^n terminals (at most "
                        "2,048)."));
    return t;
  }();
  return table;
}

StateEstimate fattree_state(const NetworkParams& p) {
  const FatTreeParams f = read_part(fattree_table(), p.shape);
  const double per_level = std::pow(f.arity, f.levels - 1);
  NetworkSize size;
  size.routers = per_level * f.levels;
  size.terminals = per_level * f.arity;
  // Every switch counted with 2k ports: the top level's k, an upper bound.
  size.ports = 2 * f.arity;
  size.links = 2 * size.terminals * (f.levels - 1);
  return network_state_of(
      p, size,
      "a fat tree of " + std::to_string(static_cast<long long>(size.terminals)) + " terminals",
      "fattree_levels",
      "Use fewer levels or a smaller arity, fewer virtual channels or smaller buffers.");
}

}  // namespace

TopologyPart fattree_part() {
  TopologyPart part;
  part.shape = "fat tree";
  part.about = "a fat tree (fattree_arity, fattree_levels: a k-ary n-tree, routed up to a "
               "nearest common ancestor and down)";
  part.params = fattree_table().specs();
  part.zero_load_model = true;
  part.make = [](const NetworkParams& p) -> std::shared_ptr<Topology> {
    const FatTreeParams f = read_part(fattree_table(), p.shape);
    return std::make_shared<FatTree>(f.arity, f.levels);
  };
  part.state = fattree_state;
  return part;
}

}  // namespace archex
