#pragma once

#include "core/outputs.h"

// The 8-queens sweep's outputs, declared once: queens.cpp lists them and the combine reports
// through them (a run gives it a QueensRecord, queens_run.h).
namespace archex::fghc {

// The selected run's numbers.
constexpr ScalarOutput kGrain{"grain", "", "Depth (Program 1) or K (Program 2) of the run"};
constexpr ScalarOutput kReductions{"reductions", "reductions",
                                   "Goal reductions of the run (built-in calls not counted)"};
constexpr ScalarOutput kBuiltinCalls{"builtin_calls", "calls",
                                     "Arithmetic built-in predicate calls (:=) of the run"};
constexpr ScalarOutput kTimeS{"time_s", "s", "Execution time of the run"};
constexpr ScalarOutput kRps{"rps", "RPS", "Reductions per second of the whole system"};
constexpr ScalarOutput kPeReductions{"pe_reductions", "reductions",
                                     "Reductions of the same program on one PE"};
constexpr ScalarOutput kPeRps{"pe_rps", "RPS",
                              "Reductions per second of the same program on one PE"};
constexpr ScalarOutput kIdealRps{"ideal_rps", "RPS", "One PE's RPS x PEs"};
constexpr ScalarOutput kRelativePerformance{"relative_performance", "fraction",
                                            "Measured / ideal performance"};
constexpr ScalarOutput kAverageWorkRate{
    "average_work_rate", "fraction",
    "Mean over PEs of busy (reducing or communicating) time / total time"};
constexpr ScalarOutput kCommunicationRate{"communication_rate", "messages/reduction",
                                          "Messages sent / reductions, over all PEs"};
constexpr ScalarOutput kRelativeCommunicationOverhead{
    "relative_communication_overhead", "",
    "X = work rate / (measured / ideal) - 1 (sec. 7.7.1)"};
constexpr ScalarOutput kRunRelativeCommunicationTime{"run_relative_communication_time",
                                                     "reductions/message",
                                                     "X / communication rate of this run"};
constexpr ScalarOutput kFormulaRps{
    "formula_rps", "RPS",
    "Ideal x work rate / (1 + rate x the sweep's relative communication time) (sec. 7.8)"};
constexpr ScalarOutput kMessagesSent{"messages", "messages", "Messages sent by all PEs"};
constexpr ScalarOutput kThrowGoalShare{"throw_goal_share", "fraction",
                                       "throw_goal messages / all messages"};
constexpr ScalarOutput kSuspensions{"suspensions", "suspensions",
                                    "Goals suspended waiting for a remote value"};
constexpr ScalarOutput kSolutions{"solutions", "solutions", "Solutions found"};
// The sweep.
constexpr ScalarOutput kRelativeCommunicationTime{
    "relative_communication_time", "reductions/message",
    "Mean of X / communication rate over the sweep's runs on 2 or more PEs (sec. 7.7.2, "
    "Table 4)"};
constexpr ScalarOutput kRelativeCommunicationTimeMin{"relative_communication_time_min",
                                                     "reductions/message", "Least of those"};
constexpr ScalarOutput kRelativeCommunicationTimeMax{"relative_communication_time_max",
                                                     "reductions/message", "Greatest of those"};
constexpr ScalarOutput kRelativeCommunicationTimeSamples{"relative_communication_time_samples",
                                                         "runs", "Runs those come from"};
constexpr ScalarOutput kSweepThrowGoalShare{"sweep_throw_goal_share", "fraction",
                                            "throw_goal messages / all messages of those runs"};
constexpr ScalarOutput kCommunicationRateSpan{
    "communication_rate_span", "x",
    "Highest over lowest communication rate of those runs (Fig. 10)"};
// Fig. 9: the selected PE count's work rates at the deepest grain against the shallowest.
constexpr ScalarOutput kWorkRateRise{
    "work_rate_rise", "x",
    "Average work rate at the largest depth (or K) over that at the smallest, on all the PEs "
    "(Fig. 9)"};
constexpr ScalarOutput kWorkRateSpreadFall{
    "work_rate_spread_fall", "x",
    "Spread of the PEs' work rates (highest minus lowest) at the largest depth (or K) over "
    "that at the smallest (Fig. 9)"};
constexpr ScalarOutput kFormulaMaxError{
    "formula_max_error", "fraction",
    "Largest |formula / simulated - 1| over those runs (sec. 7.8)"};
constexpr ScalarOutput kBestGrain{"best_grain", "",
                                  "Depth (or K) with the highest RPS on all the PEs"};
constexpr SeriesOutput kWorkRateByPe{"work_rate_by_pe", "fraction", "work rate against PE"};
constexpr SeriesOutput kReducingByPe{"reducing_by_pe", "fraction", "reducing against PE"};
constexpr SeriesOutput kMessagesByKind{"messages_by_kind", "messages", "messages against kind"};
constexpr SeriesOutput kReductionsByPredicate{"reductions_by_predicate", "reductions",
                                              "reductions against predicate"};
// One per depth or K.
constexpr SeriesOutput kRpsVsPes{"rps_vs_pes_*", "RPS", "performance against PEs"};
constexpr SeriesOutput kCommRateVsPes{"comm_rate_vs_pes_*", "messages/reduction",
                                      "communication rate against PEs"};
constexpr SeriesOutput kWorkRateVsPes{"work_rate_vs_pes_*", "fraction",
                                      "average work rate against PEs"};
constexpr SeriesOutput kWorkRates{"work_rates_*", "fraction", "work rate against PE"};
constexpr SeriesOutput kWorkRateVsGrain{"work_rate_vs_grain", "fraction",
                                        "performance / ideal against depth"};
constexpr SeriesOutput kMeasuredVsGrain{"measured_vs_grain", "fraction",
                                        "performance / ideal against depth"};
constexpr SeriesOutput kFormulaVsGrain{"formula_vs_grain", "fraction",
                                       "performance / ideal against depth"};
constexpr TimelineOutput kTimeline{
    "timeline", "s",
    "What each PE did over the selected run: reducing goals or processing messages, per time "
    "bin"};

// The selected run's reductions by predicate, which it gives the combine beside its record.
constexpr SeriesOutput kRunByPredicate{"by_predicate", "", "reductions, by predicate"};

}  // namespace archex::fghc
