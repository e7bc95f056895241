#include "machines/pie64/experiments/congestion.h"

#include <algorithm>
#include <vector>

#include "core/param_table.h"
#include "machines/pie64/costs.h"
#include "machines/pie64/experiments/congestion_combine.h"
#include "machines/pie64/experiments/congestion_outputs.h"
#include "machines/pie64/experiments/congestion_point.h"
#include "machines/pie64/measures.h"

namespace archex {

namespace {

using pie64::Command;
using pie64::command_names;
using pie64::CongestionParams;
using pie64::congestion_runs;
using pie64::cost_table;
using pie64::kCitation;
using pie64::lengths_spec;
using pie64::networks;
using pie64::Run;

ParamTable<CongestionParams> congestion_params() {
  ParamTable<CongestionParams> t;
  t.add(&CongestionParams::command,
        choice_param("command", "Command")
            .choices(command_names())
            .value(1)
            .about("The transfer command every transfer instruction issues."))
      .add(&CongestionParams::lengths, lengths_spec({1, 4, 16, 64, 256, 1024}))
      .add(&CongestionParams::ps,
           number_param("ps", "Message occurrence p")
               .unit("share").value(0.01).range(1e-5, 1).step(1e-5)
               .about("Shares of transfer instructions among the program's instructions "
                      "(one clock each); one point per value.")
               .max_items(40)
               .default_list({1e-4, 1.6e-4, 2.5e-4, 4e-4, 6.3e-4, 1e-3, 1.6e-3, 2.5e-3, 4e-3,
                              6.3e-3, 1e-2, 1.6e-2, 2.5e-2, 4e-2, 6.3e-2, 0.1, 0.16, 0.25, 0.4,
                              0.63}))
      .add(&CongestionParams::ius,
           number_param("ius", "Inference units")
               .unit("IUs").value(54).range(2, 64).whole()
               .about("IUs running the program, on the network's first ports (54 were usable when "
                      "the paper measured)."))
      .add(&CongestionParams::messages,
           number_param("messages", "Transfers per IU per point")
               .unit("transfers").value(12).range(1, 10000).whole()
               .about("A point's measurement ends once this many transfers per IU issued in it "
                      "are done."))
      .add(&CongestionParams::warmup,
           number_param("warmup", "Warm-up transfers per IU")
               .unit("transfers").value(3).range(0, 10000).whole()
               .about("Transfers per IU issued before a point's measurement starts."))
      .add(&CongestionParams::compare_length,
           number_param("compare_length", "WRITEMN comparison length")
               .unit("words").value(0).range(0, 4096).whole()
               .about("Above 0: also sweep WRITEMN at this length to compare where the two "
                      "commands reach the limit region (0: no comparison)."))
      .include(&CongestionParams::costs, cost_table());
  return t;
}

// Relative work of a point: the clocks its transfers take, 1/p while an IU's transfers are apart,
// an idle transfer's time (three MP steps more for MP-Write) once they follow each other.
std::vector<double> congestion_weights(const CongestionParams& p) {
  std::vector<double> w;
  for (const Run& run : congestion_runs(p)) {
    const double transfer = p.costs.ts_te + p.costs.tb * run.words +
                            (run.command == Command::kMpWrite ? 3 * p.costs.mp : 0);
    for (const double share : p.ps) w.push_back(std::max(1 / share, transfer));
  }
  return w;
}

std::vector<OutputSpec> congestion_outputs() {
  using namespace pie64;
  return {kLimitP, kSlopeBelow, kThroughputFall, kAlphaExponent, kPeakRises, kTw, kThroughput,
          kPatel, kLimitLine, kLimitPCurve, kAlpha, kPeak, kLimitPRatio, kTlMp, kTlPa, kTlWait,
          kTlTrans, kTlEtc, kTpaShare, kTpaGrowthShare, kTpaLeadsLengths, kBreakdown, kDanOccupancy};
}

}  // namespace

ModelInfo pie64_congestion_info() {
  return model_entry("pie64_congestion", congestion_params())
      .traces()
      .title("PIE64 transfers under congestion")
      .about("All usable IUs run a program whose instructions are transfers with probability p, to "
             "random destinations; per message length and p: the connection wait, the throughput "
             "and where the limit region begins.")
      .citation(kCitation)
      .outputs(congestion_outputs())
      .machine([](const CongestionParams& p) { return networks(p.ius); })
      .sweep(
          congestion_weights,
          pie64::congestion_point, pie64::congestion_record(), pie64::combine_congestion);
}

}  // namespace archex
