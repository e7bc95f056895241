#include "network/topologies/fly/fly_part.h"

#include "network/network_params.h"
#include "network/topologies/fly/fly.h"
#include "network/traffic/analytic.h"

namespace archex {

namespace {

struct FlyParams {
  int radix;
  int stages;
  FlyWiring wiring;
};

const ParamTable<FlyParams>& fly_table() {
  static const ParamTable<FlyParams> table = [] {
    ParamTable<FlyParams> t;
    t.add(&FlyParams::radix,
          number_param("fly_radix", "Switch radix (k)")
              .unit("ports").value(4).range(2, 16).whole()
              .about("A fly's switches are k x k; it has k^n terminals (at most 65,536)."))
        .add(&FlyParams::stages,
             number_param("fly_stages", "Stages (n)")
                 .unit("stages").value(3).range(1, 12).whole()
                 .about("Stages of k^(n-1) switches between a fly's inputs and outputs."))
        .add(&FlyParams::wiring,
             choice_param("fly_wiring", "Fly wiring")
                 .choices({"omega", "butterfly"})
                 .value(0)
                 .about("Omega: the perfect shuffle before every stage. Butterfly: lines in "
                        "order, then digit exchanges between stages."));
    return t;
  }();
  return table;
}

}  // namespace

TopologyPart fly_part() {
  TopologyPart part;
  part.shape = "fly";
  part.about = "a k-ary n-fly (fly_radix, fly_stages, fly_wiring; destination-tag routing)";
  part.params = fly_table().specs();
  part.make = [](const NetworkParams& p) -> std::shared_ptr<Topology> {
    const FlyParams f = read_part(fly_table(), p.shape);
    return std::make_shared<Fly>(f.radix, f.stages, f.wiring);
  };
  part.circuit_acceptance = [](const NetworkParams& p, double m) {
    const FlyParams f = read_part(fly_table(), p.shape);
    return patel_acceptance(f.radix, f.stages, m);
  };
  return part;
}

}  // namespace archex
