#include "machines/jmachine/experiments/programs.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "machines/jmachine/experiments/programs_combine.h"
#include "machines/jmachine/experiments/programs_point.h"
#include "machines/jmachine/programs/program.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube.h"

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

ParamTable<Compare> compare_table() {
  const auto paper = [](const char* name, const char* label, const char* unit,
                        std::vector<double> values, const char* description) {
    return number_param(name, label)
               .unit(unit).value(0).range(0, 100000).step(0.01)
               .about(description)
               .max_items(10).default_list(std::move(values));
  };
  ParamTable<Compare> t;
  t.add(&Compare::ts_us, paper("overhead_ts_us", "Table 1: Ts", "us",
                               {160, 86, 72, 23, 3.3},
                               "Per-message overhead of nCUBE/2, CM-5, DELTA (vendors), "
                               "nCUBE/2 and CM-5 (Active Messages)."))
      .add(&Compare::tb_us, paper("overhead_tb_us", "Table 1: Tb", "us/byte",
                                  {0.45, 0.12, 0.08, 0.45, 0.12},
                                  "Per-byte overhead of the same five, in the same order."));
  const char* const names[] = {"barrier_em4_us", "barrier_ksr_us", "barrier_ipsc860_us",
                               "barrier_delta_us"};
  const char* const labels[] = {"Table 3: EM4", "Table 3: KSR", "Table 3: iPSC/860",
                                "Table 3: Delta"};
  const std::vector<double> rows[] = {{2.7, 3.6, 4.7, 5.4, 0, 7.4},
                                      {60, 90, 180, 260, 525},
                                      {111, 234, 381, 546, 692, 847},
                                      {109, 248, 473, 923, 1816, 3587}};
  std::vector<double> Compare::*fields[] = {&Compare::em4_us, &Compare::ksr_us,
                                            &Compare::ipsc860_us, &Compare::delta_us};
  for (int m = 0; m < 4; ++m) {
    t.add(fields[m], paper(names[m], labels[m], "us", rows[m],
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
               .unit("nodes").value(64).range(1, jmachine::kMaxNodes).whole()
               .about("Nodes of each run (powers of two); one point each.")
               .max_items(13).default_list({1, 2, 4, 8, 16, 32, 64, 128, 256, 512}))
      .add(&ProgramsParams::breakdown_nodes,
           number_param("breakdown_nodes", "Breakdown machine")
               .unit("nodes").value(64).range(1, jmachine::kMaxNodes).whole()
               .about("The machine size whose run gives the breakdown and the statistics."))
      .add(&ProgramsParams::tsp_runs,
           number_param("tsp_runs", "TSP: runs per size")
               .unit("runs").value(3).range(1, 10).whole()
               .about("Runs of TSP per machine size, each with its own seed (the bounds arrive in "
                      "another order)."));
  t.include(&ProgramsParams::compare, compare_table());
  return t;
}

std::vector<OutputSpec> outputs() {
  std::vector<OutputSpec> out = {
      scalar_output("*_correct", "", "A program: every run's answer is right"),
      scalar_output("*_speedup_n*", "x", "A program: speedup on N nodes"),
      scalar_output("*_run_ms_n*", "ms", "A program: run time on N nodes"),
      scalar_output("*_handler_share_n*", "fraction",
                    "A program: dispatch, prologue and epilogue on N nodes"),
      scalar_output("*_idle_n*", "fraction", "A program: idle on N nodes"),
      scalar_output("*_imbalance_n*", "fraction",
                    "A program: node N busy beyond the others' mean, on N nodes"),
      scalar_output("*_skew_n*", "fraction",
                    "A program: idle not from node N's extra work, on N nodes"),
      scalar_output("*_sync_share_n*", "fraction", "A program: synchronization on N nodes"),
      scalar_output("*_queue_faults_n*", "faults", "A program: queue-overflow faults on N nodes"),
      scalar_output("*_send_faults_n*", "faults", "A program: send faults on N nodes"),
      scalar_output("*_max_node_send_faults_n*", "faults",
                    "A program: the most send faults of one node, on N nodes"),
      scalar_output("*_doubling_ratio_*_*", "ratio",
                    "A program: run time on 2n nodes over n, geometric mean from N to N nodes"),
      scalar_output("*_best_efficiency_upto*", "fraction",
                    "A program: the highest speedup per node of any run on N to N nodes"),
      scalar_output("*_breakdown_compute", "fraction",
                    "A program: share of all nodes' cycles, compute"),
      scalar_output("*_breakdown_handler", "fraction",
                    "A program: share of all nodes' cycles, handler"),
      scalar_output("*_breakdown_communication", "fraction",
                    "A program: share of all nodes' cycles, communication"),
      scalar_output("*_breakdown_sync", "fraction", "A program: share of all nodes' cycles, sync"),
      scalar_output("*_breakdown_fault", "fraction",
                    "A program: share of all nodes' cycles, fault"),
      scalar_output("*_breakdown_idle", "fraction", "A program: share of all nodes' cycles, idle"),
      scalar_output("*_answer", "", "A program: the program's answer"),
      scalar_output("*_messages", "messages", "A program: messages sent"),
      scalar_output("*_xlates", "xlates", "A program: name translations"),
      scalar_output("*_depth", "rows", "Rows placed breadth first before the boards are dealt out"),
      scalar_output("*_boards", "boards", "Boards dealt out, one NQueens thread each"),
      scalar_output("*_extensions", "extensions",
                    "Path extensions over all nodes (the work the bounds left)"),
      scalar_output("*_tasks", "tasks", "Subpath tasks"),
      scalar_output("overhead_ts_us_jmachine", "us", "J-Machine: one-way overhead per message"),
      scalar_output("overhead_tb_us_jmachine", "us/byte", "J-Machine: one-way overhead per byte"),
      scalar_output("overhead_ts_cycles_jmachine", "cycles",
                    "J-Machine: one-way overhead per message, in cycles"),
      scalar_output("overhead_tb_cycles_jmachine", "cycles/byte",
                    "J-Machine: one-way overhead per byte, in cycles"),
      series_output("time_ms_lcs", "ms", "run time against nodes"),
      series_output("speedup_lcs", "x", "speedup against nodes"),
      series_output("*_share_handler", "fraction", "share of cycles against nodes"),
      series_output("*_share_imbalance", "fraction", "share of cycles against nodes"),
      series_output("*_share_skew", "fraction", "share of cycles against nodes"),
      series_output("work_rates_lcs", "fraction", "work rate against node"),
      series_output("time_ms_radix", "ms", "run time against nodes"),
      series_output("speedup_radix", "x", "speedup against nodes"),
      series_output("work_rates_radix", "fraction", "work rate against node"),
      series_output("time_ms_queens", "ms", "run time against nodes"),
      series_output("speedup_queens", "x", "speedup against nodes"),
      series_output("work_rates_queens", "fraction", "work rate against node"),
      series_output("time_ms_tsp_run*", "ms", "run time against nodes"),
      series_output("speedup_tsp_run*", "x", "speedup against nodes"),
      series_output("work_rates_tsp", "fraction", "work rate against node"),
      series_output("overhead_jmachine", "us", "one-way overhead against message size"),
      series_output("overhead_ncube*_vendor", "us", "one-way overhead against message size"),
      series_output("overhead_cm*_vendor", "us", "one-way overhead against message size"),
      series_output("overhead_delta_vendor", "us", "one-way overhead against message size"),
      series_output("overhead_ncube*_am", "us", "one-way overhead against message size"),
      series_output("overhead_cm*_am", "us", "one-way overhead against message size"),
      scalar_output("*_us_n*", "us", "A program on N nodes"),
      series_output("*_us", "us", "barrier time against nodes"),
      series_output("*_paper_em*", "us", "barrier time against nodes"),
      series_output("*_paper_ksr", "us", "barrier time against nodes"),
      series_output("*_paper_ipsc*", "us", "barrier time against nodes"),
      series_output("*_paper_delta", "us", "barrier time against nodes"),
      series_output("work_rates_barrier", "fraction", "work rate against node"),
      series_output("time_ms_tsp", "ms", "run time against nodes"),
      series_output("speedup_tsp", "x", "speedup against nodes"),
  };
  for (int k = 0; k < static_cast<int>(ProgramKind::kCount); ++k) {
    for (const std::string& thread : jmachine::program_threads(static_cast<ProgramKind>(k))) {
      for (const jmachine::ThreadFigure& f : jmachine::kThreadFigures) {
        out.push_back(scalar_output("*_" + thread + "_" + f.suffix, f.unit,
                                    "A program " + thread + ": " + f.meaning));
      }
    }
  }
  return out;
}

}  // namespace

ModelInfo jmachine_programs_info() {
  return sweep_model_info(
      "jmachine_programs", "J-Machine: programs on the MDPs",
      "The barrier, LCS, radix sort, N-queens and TSP run on simulated MDPs over the 3-D mesh, "
      "each over machine sizes (Table 3, Figs. 5-6, Tables 4-5).",
      kCitation, table(), outputs(),
      [](const ProgramsParams& p) {
        const int largest = *std::max_element(p.nodes.begin(), p.nodes.end());
        const KNCube mesh(jmachine::mesh_dims(largest), false);
        return std::vector<NetworkMap>{describe_network(mesh, "network", "network", largest)};
      },
      [](const ProgramsParams& p) {
        std::vector<double> w;
        for (const Point& pt : plan(p)) w.push_back(1.0 + pt.nodes / 64.0);
        return w;
      },
      jmachine::programs_point, jmachine::combine_programs);
}

}  // namespace archex
