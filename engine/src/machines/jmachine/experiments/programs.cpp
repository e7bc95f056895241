#include "machines/jmachine/experiments/programs.h"

#include <algorithm>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "machines/jmachine/experiments/programs_combine.h"
#include "machines/jmachine/experiments/programs_outputs.h"
#include "machines/jmachine/experiments/programs_point.h"
#include "machines/jmachine/programs/program.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

using jmachine::Compare;
using jmachine::Point;
using jmachine::ProgramKind;
using jmachine::ProgramsParams;
using jmachine::plan;

const char* const kCitation =
    "M. D. Noakes, D. A. Wallach, W. J. Dally, The J-Machine Multicomputer: An Architectural "
    "Evaluation, ISCA 1993, sections 2, 3.2 and 4";

// Table 3's barrier times of four machines, which the barrier's run is compared with.
constexpr const char* kBarrierTimesParams[] = {"barrier_em4_us", "barrier_ksr_us",
                                               "barrier_ipsc860_us", "barrier_delta_us"};
constexpr const char* kTspRunsParam = "tsp_runs";

// Table 1's cost models: each machine's Ts and Tb, in kOverheadKeys' order.
constexpr const char* kTsParam = "overhead_ts_us";
constexpr const char* kTbParam = "overhead_tb_us";

ParamTable<Compare> compare_table() {
  const auto paper = [](const char* name, const char* label, const char* unit,
                        std::vector<double> values, const char* description) {
    return number_param(name, label)
               .unit(unit).value(0).range(0, 100000).step(0.01)
               .about(description)
               .max_items(10).default_list(std::move(values));
  };
  ParamTable<Compare> t;
  t.add(&Compare::ts_us, paper(kTsParam, "Table 1: Ts", "us",
                               {160, 86, 72, 23, 3.3},
                               "Per-message overhead of nCUBE/2, CM-5, DELTA (vendors), "
                               "nCUBE/2 and CM-5 (Active Messages)."))
      .add(&Compare::tb_us, paper(kTbParam, "Table 1: Tb", "us/byte",
                                  {0.45, 0.12, 0.08, 0.45, 0.12},
                                  "Per-byte overhead of the same five, in the same order."));
  const char* const labels[] = {"Table 3: EM4", "Table 3: KSR", "Table 3: iPSC/860",
                                "Table 3: Delta"};
  const std::vector<double> rows[] = {{2.7, 3.6, 4.7, 5.4, 0, 7.4},
                                      {60, 90, 180, 260, 525},
                                      {111, 234, 381, 546, 692, 847},
                                      {109, 248, 473, 923, 1816, 3587}};
  std::vector<double> Compare::*fields[] = {&Compare::em4_us, &Compare::ksr_us,
                                            &Compare::ipsc860_us, &Compare::delta_us};
  for (int m = 0; m < 4; ++m) {
    t.add(fields[m], paper(kBarrierTimesParams[m], labels[m], "us", rows[m],
                           "Barrier time at 2, 4, 8, ... nodes, 0 where the table has none."));
  }
  return t;
}

ParamTable<ProgramsParams> table() {
  ParamTable<ProgramsParams> t;
  t.include(&ProgramsParams::program, jmachine::program_table());
  t.add(&ProgramsParams::programs,
        number_param("programs", "Programs")
            .value(1).range(0, 4).whole()
            .about("0 barrier, 1 LCS, 2 radix sort, 3 N-queens, 4 TSP.")
            .max_items(5).default_list({1, 2, 3, 4}))
      .add(&ProgramsParams::nodes,
           number_param("nodes", "Machine sizes")
               .unit("nodes").value(64).range(1, jmachine::kMaxNodes).whole().powers_of(2)
               .about("Nodes of each run (powers of two); one point each.")
               .max_items(13).default_list({1, 2, 4, 8, 16, 32, 64, 128, 256, 512}))
      .add(&ProgramsParams::breakdown_nodes,
           number_param("breakdown_nodes", "Breakdown machine")
               .unit("nodes").value(64).range(1, jmachine::kMaxNodes).whole().powers_of(2)
               .about("The machine size whose run gives the breakdown and the statistics."))
      .add(&ProgramsParams::tsp_runs,
           number_param(kTspRunsParam, "TSP: runs per size")
               .unit("runs").value(3).range(1, 10).whole()
               .about("Runs of TSP per machine size, each with its own seed (the bounds arrive in "
                      "another order)."));
  t.include(&ProgramsParams::compare, compare_table());
  return t;
}

// What a run reads by the programs chosen: the sizes and the cost models whatever they are, and
// each program's table with what the experiment reads for it (TSP's runs per size, the barrier
// times Table 3 compares the barrier with).
ChoiceReads program_reads() {
  ChoiceReads reads{"programs", {"programs", "nodes", "breakdown_nodes", kTsParam, kTbParam}, {}};
  for (int k = 0; k < static_cast<int>(ProgramKind::kCount); ++k) {
    const auto kind = static_cast<ProgramKind>(k);
    const ParamTable<jmachine::ProgramParams> own = jmachine::program_table(kind);
    std::vector<std::string> names;
    for (const ParamSpec& spec : own.specs()) names.push_back(spec.name);
    if (kind == ProgramKind::kTsp) names.emplace_back(kTspRunsParam);
    if (kind == ProgramKind::kBarrier) {
      names.insert(names.end(), std::begin(kBarrierTimesParams), std::end(kBarrierTimesParams));
    }
    reads.by_value.push_back(std::move(names));
  }
  return reads;
}

// The parameters that only choose the runs or only the combine reads (the paper's tables).
std::vector<std::string> unread_by_points() {
  std::vector<std::string> names = {"programs", "nodes", "breakdown_nodes", "tsp_runs"};
  const ParamTable<Compare> compare = compare_table();
  for (const ParamSpec& spec : compare.specs()) names.push_back(spec.name);
  return names;
}

// The mesh a run of `nodes` nodes is built as.
std::vector<NetworkMap> mesh_of(int nodes) {
  const KNCube mesh(jmachine::mesh_dims(nodes), false);
  return {describe_network(mesh, "network", "network", nodes)};
}

std::vector<OutputSpec> outputs() {
  using namespace jmachine;
  std::vector<OutputSpec> out = {
      kCorrect,       kSpeedupOn,    kRunMsOn,       kHandlerShareOn,      kIdleOn,
      kImbalanceOn,   kSkewOn,       kSyncShareOn,   kQueueFaultsOn,       kSendFaultsOn,
      kMaxNodeSendFaultsOn, kFaultPeakRatioOn, kDoublingRatio, kBestEfficiencyUpTo};
  out.insert(out.end(), std::begin(kBreakdown), std::end(kBreakdown));
  out.insert(out.end(), {kAnswer, kMessagesSent, kXlates});
  for (const ScalarOutput* figure : kProgramFigures) out.push_back(*figure);
  out.insert(out.end(), {kOverheadTsUs, kOverheadTbUs, kOverheadTsCycles, kOverheadTbCycles,
                         kBarrierUsOn, kTime, kSpeedup, kShareHandler, kShareImbalance,
                         kShareSkew, kWorkRates, kBarrierUs, kBarrierPaper, kOverhead});
  for (int k = 0; k < static_cast<int>(ProgramKind::kCount); ++k) {
    for (const std::string& thread : program_threads(static_cast<ProgramKind>(k))) {
      for (const ThreadFigure& f : kThreadFigures) out.push_back(f.declare(thread));
    }
  }
  return out;
}

}  // namespace

ModelInfo jmachine_programs_info() {
  return model_entry("jmachine_programs", table())
      .title("J-Machine: programs on the MDPs")
      .about("The barrier, LCS, radix sort, N-queens and TSP run on simulated MDPs over the 3-D "
             "mesh, each over machine sizes (Table 3, Figs. 5-6, Tables 4-5).")
      .citation(kCitation)
      .outputs(outputs())
      .traces()
      .reads(program_reads())
      .cost_models({OutputSpec(jmachine::kOverhead).name,
                    jmachine::kOverhead.name({jmachine::kOwnOverheadKey}), kTsParam, kTbParam})
      .machine([](const ProgramsParams& p) {
        return mesh_of(*std::max_element(p.nodes.begin(), p.nodes.end()));
      })
      // A run is on its own size's mesh, numbered as that mesh numbers its channels.
      .point_machine([](const ProgramsParams& p, std::size_t point) {
        return mesh_of(plan(p).at(point).nodes);
      })
      .sweep(
          [](const ProgramsParams& p) {
            std::vector<double> w;
            for (const Point& pt : plan(p)) {
              w.push_back(jmachine::simulation_work(pt.kind, p.program, pt.nodes));
            }
            return w;
          },
          jmachine::programs_point, jmachine::run_record(), jmachine::combine_programs)
      // A run draws from its own program, size and run index (below 16: tsp_runs is at most 10),
      // not from its place in the list, so the same run in another list (another preset's, a
      // size added) gives the same bits and a kept one is given again.
      .streams([](const ProgramsParams& p, std::size_t index) {
        const Point pt = plan(p)[index];
        return (static_cast<std::size_t>(pt.kind) * (jmachine::kMaxNodes + 1) +
                static_cast<std::size_t>(pt.nodes)) * 16 + static_cast<std::size_t>(pt.run);
      })
      .point_keys(unread_by_points(), [](const ProgramsParams& p, std::size_t index) {
        const Point pt = plan(p)[index];
        return ParamValues{
            {"program", static_cast<double>(pt.kind)}, {"nodes", pt.nodes}, {"run", pt.run}};
      });
}

}  // namespace archex
