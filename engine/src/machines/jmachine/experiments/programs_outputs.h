#pragma once

#include <string>
#include <utility>

#include "core/outputs.h"

// The J-Machine programs' outputs, declared once: programs.cpp lists them, a run and the combine
// report through them. A '*' holds a program's key (lcs, radix, queens, tsp, barrier), then a
// machine size where there is a second.
namespace archex::jmachine {

constexpr ScalarOutput kCorrect{"*_correct", "", "A program: every run's answer is right"};
constexpr ScalarOutput kSpeedupOn{"*_speedup_n*", "x", "A program: speedup on n nodes"};
constexpr ScalarOutput kRunMsOn{"*_run_ms_n*", "ms", "A program: run time on n nodes"};
constexpr ScalarOutput kHandlerShareOn{"*_handler_share_n*", "fraction",
                                       "A program: dispatch, prologue and epilogue on n nodes"};
constexpr ScalarOutput kIdleOn{"*_idle_n*", "fraction", "A program: idle on n nodes"};
constexpr ScalarOutput kImbalanceOn{"*_imbalance_n*", "fraction",
                                    "A program: node 0 busy beyond the others' mean, on n nodes"};
constexpr ScalarOutput kSkewOn{"*_skew_n*", "fraction",
                               "A program: idle not from node 0's extra work, on n nodes"};
constexpr ScalarOutput kSyncShareOn{"*_sync_share_n*", "fraction",
                                    "A program: synchronization on n nodes"};
constexpr ScalarOutput kQueueFaultsOn{"*_queue_faults_n*", "faults",
                                      "A program: queue-overflow faults on n nodes"};
constexpr ScalarOutput kSendFaultsOn{"*_send_faults_n*", "faults",
                                     "A program: send faults on n nodes"};
constexpr ScalarOutput kMaxNodeSendFaultsOn{"*_max_node_send_faults_n*", "faults",
                                            "A program: the most send faults of one node, on n "
                                            "nodes"};
constexpr ScalarOutput kFaultPeakRatioOn{
    "*_fault_peak_ratio_n*", "x",
    "A program: the most send faults of one node over the mean per node, on n nodes"};
constexpr ScalarOutput kDoublingRatio{
    "*_doubling_ratio_*_*", "ratio",
    "A program: run time on 2n nodes over n, geometric mean from the first size to the last"};
constexpr ScalarOutput kBestEfficiencyUpTo{
    "*_best_efficiency_upto*", "fraction",
    "A program: the highest speedup per node of any run on 2 to n nodes"};
// The breakdown run's shares of all nodes' cycles, in kUses' order.
constexpr const char* kUses[] = {"compute", "handler", "communication", "sync", "fault", "idle"};
constexpr ScalarOutput kBreakdown[] = {
    {"*_breakdown_compute", "fraction", "A program: share of all nodes' cycles, compute"},
    {"*_breakdown_handler", "fraction", "A program: share of all nodes' cycles, handler"},
    {"*_breakdown_communication", "fraction",
     "A program: share of all nodes' cycles, communication"},
    {"*_breakdown_sync", "fraction", "A program: share of all nodes' cycles, sync"},
    {"*_breakdown_fault", "fraction", "A program: share of all nodes' cycles, fault"},
    {"*_breakdown_idle", "fraction", "A program: share of all nodes' cycles, idle"},
};
constexpr ScalarOutput kAnswer{"*_answer", "", "A program: the program's answer"};
constexpr ScalarOutput kMessagesSent{"*_messages", "messages", "A program: messages sent"};
constexpr ScalarOutput kXlates{"*_xlates", "xlates", "A program: name translations"};
constexpr ScalarOutput kOverheadTsUs{"overhead_ts_us_jmachine", "us",
                                     "J-Machine: one-way overhead per message"};
constexpr ScalarOutput kOverheadTbUs{"overhead_tb_us_jmachine", "us/byte",
                                     "J-Machine: one-way overhead per byte"};
constexpr ScalarOutput kOverheadTsCycles{"overhead_ts_cycles_jmachine", "cycles",
                                         "J-Machine: one-way overhead per message, in cycles"};
constexpr ScalarOutput kOverheadTbCycles{"overhead_tb_cycles_jmachine", "cycles/byte",
                                         "J-Machine: one-way overhead per byte, in cycles"};
constexpr ScalarOutput kBarrierUsOn{"barrier_us_n*", "us", "Barrier on n nodes"};
// A program's curves (TSP's per run: "tsp_run1").
constexpr SeriesOutput kTime{"time_ms_*", "ms", "run time against nodes"};
constexpr SeriesOutput kSpeedup{"speedup_*", "x", "speedup against nodes"};
constexpr SeriesOutput kShareHandler{"*_share_handler", "fraction",
                                     "share of cycles against nodes"};
constexpr SeriesOutput kShareImbalance{"*_share_imbalance", "fraction",
                                       "share of cycles against nodes"};
constexpr SeriesOutput kShareSkew{"*_share_skew", "fraction", "share of cycles against nodes"};
constexpr SeriesOutput kWorkRates{"work_rates_*", "fraction", "work rate against node"};
constexpr SeriesOutput kBarrierUs{"barrier_us", "us", "barrier time against nodes"};
// One per machine of Table 3 (kBarrierMachines) and of Table 1 (kOverheadKeys, and jmachine).
constexpr SeriesOutput kBarrierPaper{"barrier_paper_*", "us", "barrier time against nodes"};
constexpr SeriesOutput kOverhead{"overhead_*", "us", "one-way overhead against message size"};
// The J-Machine's own curve among them (its node model's Ts and Tb).
constexpr const char* kOwnOverheadKey = "jmachine";

// What each kind of thread of each program reports (the paper's Table 4 columns): the output is
// "<program>_<thread>_<suffix>", one per thread kind program_threads() declares.
struct ThreadFigure {
  const char* suffix;
  const char* unit;
  const char* meaning;
  OutputSpec declare(const std::string& thread) const {
    return {"*_" + thread + "_" + suffix, OutputKind::kScalar, unit,
            "A program " + thread + ": " + meaning};
  }
  Scalar operator()(const std::string& program, const std::string& thread, double value,
                    std::string description) const {
    return {program + "_" + thread + "_" + suffix, value, unit, std::move(description)};
  }
};
inline constexpr ThreadFigure kThreadFigures[] = {
    {"threads", "threads", "threads"},
    {"kinstr", "K instructions", "instructions"},
    {"instr_per_thread", "instructions", "instructions per thread"},
    {"msg_words", "words", "mean length of the message starting it"},
};

}  // namespace archex::jmachine
