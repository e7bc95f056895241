#include "machines/paragon/experiments/bisection.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "core/fit.h"
#include "core/param_table.h"
#include "machines/paragon/costs.h"
#include "machines/paragon/library.h"
#include "machines/paragon/machine.h"
#include "machines/paragon/measures.h"
#include "machines/paragon/meshes.h"
#include "machines/paragon/point.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

using paragon::kCitation;
using paragon::MachineParams;
using paragon::Op;
using paragon::Program;
using paragon::ProgramsPoint;
using paragon::ProgramsTime;
using paragon::with_machine;

// ---- Fig. 2: bisection on p x 1 ---------------------------------------------------------------

constexpr ScalarOutput kLinkBound{"link_bound_mb_s", "MB/s", "The middle link, both directions"};
constexpr ScalarOutput kRise{"bisection_rise_2_to_6", "ratio",
                             "Bandwidth at p = 6 over p = 2 (3 if it rises linearly)"};
constexpr ScalarOutput kFlat{"bisection_flat_8_to_16", "ratio",
                             "Bandwidth at p = 16 over p = 8 (1 if flat)"};
constexpr ScalarOutput kAt16{"bisection_mb_s_p16", "MB/s", "Bandwidth at p = 16"};
constexpr SeriesOutput kBisection{"bisection_sim", "MB/s",
                                  "bandwidth over the middle link against processors (p x 1)"};

struct BisectionParams {
  MachineParams m;
  std::vector<int> processors;
  int message_kb;
};

// Node i sends message_kb to node p - i - 1 (the middle node of an odd p sends nothing).
std::unique_ptr<Model> bisection_point(const BisectionParams& p, Rng, std::size_t point) {
  const int n = p.processors[point];
  const double bytes = 1024.0 * p.message_kb;
  std::vector<Program> programs(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int to = n - i - 1;
    if (to == i) continue;
    programs[static_cast<std::size_t>(i)] = {
        {Op::kPost, 0, 1}, {Op::kSend, to, bytes}, {Op::kWaitRecv, 0, 1}, {Op::kWaitSend, 0, 0}};
  }
  return std::make_unique<ProgramsPoint<ProgramsTime>>(
      paragon::programs_time_record(), p.m, std::vector<int>{n, 1}, std::move(programs));
}

Result combine_bisection(const BisectionParams& p,
                         const std::vector<PointRecord<ProgramsTime>>& points) {
  Series bw = kBisection("simulated", "processors (p x 1)", "processors",
                         "bandwidth over the middle link");
  const double bytes = 1024.0 * p.message_kb;
  double at2 = 0, at6 = 0, at8 = 0, at16 = 0;
  for (const PointRecord<ProgramsTime>& r : points) {
    const double t = r.record.time_us;
    const int n = p.processors[r.point];
    int crossing = 0;
    for (int i = 0; i < n; ++i) crossing += (i < n / 2) != (n - i - 1 < n / 2) ? 1 : 0;
    const double mb_s = crossing * bytes / t;
    bw.x.push_back(n);
    bw.y.push_back(mb_s);
    if (n == 2) at2 = mb_s;
    if (n == 6) at6 = mb_s;
    if (n == 8) at8 = mb_s;
    if (n == 16) at16 = mb_s;
  }
  Result out;
  out.scalars = {kLinkBound(2 * p.m.link_mb_s), kRise(at2 > 0 ? at6 / at2 : 0),
                 kFlat(at8 > 0 ? at16 / at8 : 0), kAt16(at16)};
  out.series.push_back(std::move(bw));
  return out;
}


std::vector<OutputSpec> bisection_outputs() {
  return {kLinkBound, kRise, kFlat, kAt16, kBisection};
}

}  // namespace

ModelInfo paragon_bisection_info() {
  ParamTable<BisectionParams> t = with_machine<BisectionParams>();
  t.add(&BisectionParams::processors,
        number_param("processors", "Configurations (p x 1)")
            .unit("processors").value(8).range(2, 32).whole()
            .about("Nodes in a row; one point each.")
            .max_items(32).default_list({2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}))
      .add(&BisectionParams::message_kb,
           number_param("message_kb", "Message")
               .unit("KB").value(64).range(1, 1024).whole()
               .about("Kilobytes each node sends to its mirror node."));
  return model_entry("paragon_bisection", std::move(t))
      .traces()
      .title("Paragon: bandwidth over the middle link of p x 1")
      .about("On a p x 1 mesh node i sends 64 KB to node p - i - 1; the data crossing the middle "
             "link over the time taken (Fig. 2).")
      .citation(kCitation)
      .outputs(bisection_outputs())
      .machine([](const BisectionParams& p) { return paragon::machine(p.processors, true); })
      .sweep(
          [](const BisectionParams& p) {
            std::vector<double> w;
            for (const int n : p.processors) w.push_back(n);
            return w;
          },
          bisection_point, paragon::programs_time_record(), combine_bisection);
}

}  // namespace archex
