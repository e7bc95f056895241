#include "machines/multipsi/experiments/queens.h"

#include <vector>

#include "core/param_table.h"
#include "machines/multipsi/costs.h"
#include "machines/multipsi/experiments/queens_combine.h"
#include "machines/multipsi/experiments/queens_outputs.h"
#include "machines/multipsi/experiments/queens_run.h"
#include "network/topologies/describe.h"

namespace archex {

namespace {

using fghc::QueensParams;
using fghc::QueensPlan;

constexpr const char* kCitation =
    "K. Taki, Measurements and Evaluation for the Multi-PSI/V1 System - A Study of Inter-PE "
    "Communication versus System Performance, ICOT TR-370, 1988, sec. 4 and 7, appendix";

ParamTable<QueensParams> params() {
  ParamTable<QueensParams> t;
  t.add(&QueensParams::program,
        choice_param("program", "Program")
            .choices({"Program 1", "Program 2"})
            .value(0)
            .about("Program 1 distributes the search tree's nodes down to a depth; Program 2 gives "
                   "each PE lumps of estimated leaves (appendix)."))
      .add(&QueensParams::queens,
           number_param("queens", "Queens")
               .value(8).range(4, 10).whole()
               .about("Board size N of the all-solutions N-queens search (92 solutions for 8)."))
      .add(&QueensParams::pes,
           number_param("pes", "Processing elements")
               .unit("PEs").value(6).range(1, 64).whole()
               .about("PEs of the run; the sweep runs 1 to this many (1, 2, 4, ... above 8)."))
      .add(&QueensParams::depth,
           number_param("depth", "Distribution depth")
               .unit("levels").value(2).range(1, 10).whole()
               .about("Program 1: nodes down to this depth of the search tree are thrown round "
                      "the PEs (grain about 1/8 of the load at 1, 1/(8x7) at 2, ...)."))
      .add(&QueensParams::k, number_param("k", "Lumps per PE (K)")
                           .value(4).range(1, 64).whole()
                           .about("Program 2: each PE's share of the estimated leaves is cut into "
                                  "K lumps."))
      .add(&QueensParams::depths,
           number_param("depths", "Depths to sweep")
               .unit("levels").value(1).range(1, 10).whole()
               .about("Program 1: one line per depth in the sweep charts (Figs. 8-11).")
               .max_items(8).default_list({1, 2, 3, 4, 5}))
      .add(&QueensParams::ks, number_param("ks", "K values to sweep")
                                      .value(1).range(1, 64).whole()
                                      .about("Program 2: one line per K in the sweep charts.")
                                      .max_items(8).default_list({1, 2, 3, 4, 5, 6, 7, 8}))
      .add(&QueensParams::mesh_columns,
           number_param("mesh_columns", "Network width")
               .unit("PEs").value(3).range(1, 8).whole()
               .about("PEs per row of the 2-D lattice; PE i sits at column i mod width, row i / "
                      "width, and a message crosses the hops between them."))
      .include(&QueensParams::costs, fghc::cost_table())
      .add(&QueensParams::timeline_bins,
           number_param("timeline_bins", "Timeline resolution")
               .unit("bins").value(120).range(10, 400).whole()
               .about("Time bins of the per-PE timeline of the selected run."));
  return t;
}

std::vector<OutputSpec> outputs() {
  using namespace fghc;
  return {kGrain,
          kReductions,
          kBuiltinCalls,
          kTimeS,
          kRps,
          kPeReductions,
          kPeRps,
          kIdealRps,
          kRelativePerformance,
          kAverageWorkRate,
          kCommunicationRate,
          kRelativeCommunicationOverhead,
          kRunRelativeCommunicationTime,
          kFormulaRps,
          kMessagesSent,
          kThrowGoalShare,
          kSuspensions,
          kSolutions,
          kRelativeCommunicationTime,
          kRelativeCommunicationTimeMin,
          kRelativeCommunicationTimeMax,
          kRelativeCommunicationTimeSamples,
          kSweepThrowGoalShare,
          kCommunicationRateSpan,
          kWorkRateRise,
          kWorkRateSpreadFall,
          kFormulaMaxError,
          kBestGrain,
          kWorkRateByPe,
          kReducingByPe,
          kMessagesByKind,
          kReductionsByPredicate,
          kRpsVsPes,
          kCommRateVsPes,
          kWorkRateVsPes,
          kWorkRates,
          kWorkRateVsGrain,
          kMeasuredVsGrain,
          kFormulaVsGrain,
          kTimeline};
}

}  // namespace

ModelInfo multipsi_queens_info() {
  return model_entry("multipsi_queens", params())
      .traces()
      .title("Multi-PSI: 8-queens on the goal-reduction machine")
      .about("PEs reducing Taki's 8-queens Programs 1 and 2 goal by goal, with inter-PE messages, "
             "swept over PEs and grain.")
      .citation(kCitation)
      .outputs(outputs())
      .machine([](const QueensParams& p) {
        return std::vector<NetworkMap>{describe_grid(p.pes, p.mesh_columns, "mesh", "mesh")};
      })
      .sweep(
          [](const QueensParams& p) { return QueensPlan(p).weights(); },
          fghc::queens_run, fghc::queens_record(), fghc::combine_queens);
}

}  // namespace archex
