#include "machines/paragon/experiments/bsp.h"

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
using paragon::line_over;
using paragon::MachineParams;
using paragon::processors_spec;
using paragon::Program;
using paragon::ProgramsPoint;
using paragon::ProgramsTime;
using paragon::with_machine;

// ---- Fig. 3, 4, Table 1: h-relations ----------------------------------------------------------

// Per mesh configuration (mesh_name(): "4x2"), then of the first configuration.
constexpr ScalarOutput kGOn{"g_us_*", "us", "g on 4x2: the slope"};
constexpr ScalarOutput kLOn{"L_us_*", "us", "L on 4x2: the offset"};
constexpr ScalarOutput kG{"g_us", "us", "g on the first configuration"};
constexpr ScalarOutput kL{"L_us", "us", "L on the first configuration"};
constexpr ScalarOutput kBuffering{"buffering_us_per_packet", "us",
                                  "Writing and reading a packet's buffers"};
constexpr ScalarOutput kNetwork{"network_us_per_packet", "us",
                                "The rest of g: moving the packet through NX and the mesh"};
constexpr ScalarOutput kGNaive{"g_naive_us", "us", "g of the naive library"};
constexpr ScalarOutput kNaiveRatio{"naive_g_ratio", "ratio", "Naive g over the BSP library's g"};
constexpr SeriesOutput kHrel{"hrel_*", "us", "time against h"};
constexpr SeriesOutput kNaiveHrel{"naive_hrel", "us", "time against h"};
constexpr SeriesOutput kBspModel{"bsp_model_*", "us", "time against h"};
constexpr SeriesOutput kNaiveModel{"naive_model", "us", "time against h"};
constexpr SeriesOutput kGVsP{"g_vs_p", "us", "g against processors"};
constexpr SeriesOutput kLVsP{"L_vs_p", "us", "L against processors"};

struct BspParams {
  MachineParams m;
  std::vector<int> processors;
  std::vector<int> h_values;
  std::vector<int> naive_h_values;
};

// Points: every h of every configuration, then the naive library's h on the first configuration.
struct BspPoint {
  int p;
  int h;
  bool naive;
};

std::vector<BspPoint> bsp_plan(const BspParams& p) {
  std::vector<BspPoint> out;
  for (const int n : p.processors) {
    paragon::checked_mesh(n);
    for (const int h : p.h_values) out.push_back({n, h, false});
  }
  for (const int h : p.naive_h_values) out.push_back({p.processors.front(), h, true});
  return out;
}

std::unique_ptr<Model> bsp_point(const BspParams& p, Rng rng, std::size_t index) {
  const BspPoint pt = bsp_plan(p)[index];
  std::vector<Program> programs(static_cast<std::size_t>(pt.p));
  const paragon::Packets packets = paragon::random_h_relation(pt.p, pt.h, rng);
  if (pt.naive) {
    paragon::naive_sync(programs, p.m, packets);
  } else {
    paragon::bsp_sync(programs, p.m, packets);
  }
  return std::make_unique<ProgramsPoint<ProgramsTime>>(paragon::programs_time_record(), p.m,
                                                       paragon::mesh_of(pt.p), std::move(programs));
}

Result combine_bsp(const BspParams& p, const std::vector<PointRecord<ProgramsTime>>& points) {
  const std::vector<BspPoint> plan = bsp_plan(p);
  Result out;
  Series g_vs_p = kGVsP("g, fitted to the simulation", "processors", "processors", "g");
  Series l_vs_p = kLVsP("L, fitted to the simulation", "processors", "processors", "L");
  std::vector<Series> fits;
  double first_g = 0;
  for (const int n : p.processors) {
    const std::string name = paragon::mesh_name(n);
    Series s =
        kHrel({name}, name + " (p = " + std::to_string(n) + "), simulated", "h", "packets", "time");
    for (const PointRecord<ProgramsTime>& r : points) {
      const BspPoint& pt = plan[r.point];
      const double t = r.record.time_us;
      if (pt.naive || pt.p != n) continue;
      s.x.push_back(pt.h);
      s.y.push_back(t);
    }
    if (s.x.size() >= 2) {
      const Line l = fit_line(s.x, s.y);
      out.scalars.push_back(kGOn({name}, l.slope, "g on " + name + ": the slope"));
      out.scalars.push_back(kLOn({name}, l.intercept, "L on " + name + ": the offset"));
      g_vs_p.x.push_back(n);
      g_vs_p.y.push_back(l.slope);
      l_vs_p.x.push_back(n);
      l_vs_p.y.push_back(l.intercept);
      fits.push_back(line_over(kBspModel.name({name}), name + ": BSP g h + L", s, l));
      if (n == p.processors.front()) {
        first_g = l.slope;
        out.scalars.push_back(kG(l.slope));
        out.scalars.push_back(kL(l.intercept));
        out.scalars.push_back(kBuffering(p.m.bsp_buffer_us));
        out.scalars.push_back(kNetwork(l.slope - p.m.bsp_buffer_us));
      }
    }
    out.series.push_back(std::move(s));
  }
  Series naive = kNaiveHrel("naive library, simulated", "h", "packets", "time");
  for (const PointRecord<ProgramsTime>& r : points) {
    const BspPoint& pt = plan[r.point];
    const double t = r.record.time_us;
    if (!pt.naive) continue;
    naive.x.push_back(pt.h);
    naive.y.push_back(t);
  }
  if (naive.x.size() >= 2) {
    const Line l = fit_line(naive.x, naive.y);
    out.scalars.push_back(kGNaive(l.slope));
    fits.push_back(line_over(kNaiveModel.name(), "naive library: g h + L", naive, l));
    if (first_g > 0) out.scalars.push_back(kNaiveRatio(l.slope / first_g));
  }
  out.series.push_back(std::move(naive));
  for (Series& f : fits) out.series.push_back(std::move(f));
  out.series.push_back(std::move(g_vs_p));
  out.series.push_back(std::move(l_vs_p));
  return out;
}


std::vector<OutputSpec> bsp_outputs() {
  return {kGOn,  kLOn,       kG,        kL,          kBuffering, kNetwork, kGNaive, kNaiveRatio,
          kHrel, kNaiveHrel, kBspModel, kNaiveModel, kGVsP,      kLVsP};
}

}  // namespace

ModelInfo paragon_bsp_info() {
  ParamTable<BspParams> t = with_machine<BspParams>();
  t.add(&BspParams::processors,
        processors_spec({8, 16, 32, 36, 64},
                        "Processors of each mesh configuration (x by y, y the largest divisor "
                        "up to sqrt(p): 8 is 4x2, 32 is 8x4); one curve each."))
      .add(&BspParams::h_values,
           number_param("h_values", "h")
               .unit("packets").value(500).range(0, 20000).whole()
               .about("Packets each processor sends and receives; one point each.")
               .max_items(16).default_list({100, 200, 300, 400, 500, 600, 700, 800, 900, 1000}))
      .add(&BspParams::naive_h_values,
           number_param("naive_h_values", "h, naive library")
               .unit("packets").value(20).range(0, 1000).whole()
               .about("h of the naive library (each packet its own message) on the "
                      "first configuration.")
               .max_items(8).default_list({10, 20, 30, 40}));
  return model_entry("paragon_bsp", std::move(t))
      .traces()
      .title("Paragon: h-relations under the BSP library, g and L")
      .about("Random full h-relations routed by the BSP library on each mesh configuration, and "
             "the least-squares g and L (Fig. 3, 4, Table 1); the naive library on the first.")
      .citation(kCitation)
      .outputs(bsp_outputs())
      .machine([](const BspParams& p) { return paragon::machine(p.processors); })
      .sweep(
          [](const BspParams& p) {
            std::vector<double> w;
            for (const BspPoint& pt : bsp_plan(p)) {
              w.push_back(pt.p * (pt.naive ? 20.0 * pt.h : pt.h + 200.0 + 20.0 * pt.p));
            }
            return w;
          },
          bsp_point, paragon::programs_time_record(), combine_bsp);
}

}  // namespace archex
