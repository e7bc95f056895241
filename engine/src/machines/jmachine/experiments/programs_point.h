#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "core/model.h"
#include "core/record.h"
#include "core/rng.h"
#include "machines/jmachine/programs/program.h"

namespace archex::jmachine {

// The J-Machine programs' sweep (jmachine_programs): its parameters, its runs, and one run as a
// model of its own.

// Other machines' figures from the paper's tables, drawn beside the simulation as paper data.
struct Compare {
  // Table 3: barrier time in us on EM4, KSR, iPSC/860 and Delta at 2, 4, ... nodes (0: none).
  std::vector<double> em4_us;
  std::vector<double> ksr_us;
  std::vector<double> ipsc860_us;
  std::vector<double> delta_us;
  const std::vector<double>& barrier(int machine) const {
    const std::vector<double>* rows[] = {&em4_us, &ksr_us, &ipsc860_us, &delta_us};
    return *rows[machine];
  }
  // Table 1: one-way overhead Ts (us per message) and Tb (us per byte) of nCUBE/2, CM-5 and
  // DELTA with the vendors' libraries, and nCUBE/2 and CM-5 with Active Messages.
  std::vector<double> ts_us;
  std::vector<double> tb_us;
};

struct ProgramsParams {
  ProgramParams program;
  std::vector<int> programs;
  std::vector<int> nodes;
  int breakdown_nodes;
  int tsp_runs;
  Compare compare;
};

constexpr const char* kBarrierMachines[] = {"em4", "ksr", "ipsc860", "delta"};
constexpr const char* kBarrierLabels[] = {"EM4 (paper data)", "KSR (paper data)",
                                          "iPSC/860 (paper data)", "Delta (paper data)"};
constexpr const char* kOverheadKeys[] = {"ncube2_vendor", "cm5_vendor", "delta_vendor",
                                         "ncube2_am", "cm5_am"};
constexpr const char* kOverheadLabels[] = {
    "nCUBE/2, vendor (Table 1 cost model)", "CM-5, vendor (Table 1 cost model)",
    "DELTA, vendor (Table 1 cost model)", "nCUBE/2, Active Messages (Table 1 cost model)",
    "CM-5, Active Messages (Table 1 cost model)"};

// A run of the sweep: a program on a machine size (TSP once per run index).
struct Point {
  ProgramKind kind;
  int nodes;
  int run;
};

// The sweep's runs: each program over the machine sizes (and the breakdown's), TSP `tsp_runs`
// times.
std::vector<Point> plan(const ProgramsParams& p);

// What a run gives the combine, which knows the run's program, size and index from the plan.
struct RunRecord {
  double cycles = 0;
  bool correct = false;
  double answer = 0;
  double queue_faults = 0;
  double send_faults = 0;
  double max_node_send_faults = 0;
  double messages = 0;
  double xlates = 0;
  // Shares of all nodes' cycles by use (Use order), then idle: kUses' order.
  std::vector<double> shares;
  // Node 0's cycles busy beyond the others' mean, as a share of the run (0 on one node).
  double imbalance = 0;
  // Per thread kind, in program_threads()' order: threads, instructions, and the words of the
  // messages that started them.
  std::vector<double> threads;
  std::vector<double> instructions;
  std::vector<double> words;
};

const RecordTable<RunRecord>& run_record();

// Run `index` of plan(p): a RunRecord, with the program's own figures (kProgramFigures) and, on
// a size's first run, the per-node work rates as its outputs.
std::unique_ptr<Model> programs_point(const ProgramsParams& p, Rng rng, std::size_t index);

}  // namespace archex::jmachine
