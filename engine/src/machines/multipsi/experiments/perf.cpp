#include "machines/multipsi/experiments/perf.h"

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/param_table.h"
#include "machines/multipsi/costs.h"
#include "network/topologies/describe.h"

namespace archex {

namespace {

using fghc::Exchange;

constexpr const char* kCitation =
    "K. Taki, Measurements and Evaluation for the Multi-PSI/V1 System - A Study of Inter-PE "
    "Communication versus System Performance, ICOT TR-370, 1988, sections 4-8";

struct Params {
  double pes;
  double pe_rps;
  double work_rate;
  double comm_rate;
  double rel_comm_time;
  double perf_fraction;
  Exchange measured;
  // Speed-ups of the what-if machine, per exchange component.
  Exchange speedup;
  int curve_points;
  double curve_overhead_max;
  std::vector<double> curve_work_rates;
};

ParamTable<Params> params() {
  auto speedup = [](const char* name, const char* label, const char* what) {
    return number_param(name, label)
               .unit("x").value(1.0).range(0.1, 1000.0).step(0.1)
               .about((std::string("Factor by which the what-if machine speeds up ") + what +
                        " relative to the measured machine (V2 estimate, sec. 4.2).")
                           .c_str());
  };
  auto component = [](const char* name, const char* label, double value, const char* what) {
    return number_param(name, label)
               .unit("ms").value(value).range(0.001, 1000.0).step(0.001)
               .about((std::string(what) + " of the measured exchange (Table 1).").c_str());
  };
  ParamTable<Params> t;
  t.add(&Params::pes, number_param("pes", "Processing elements")
                          .unit("PEs").value(6).range(1, 1024).whole()
                          .about("Number of PEs; ideal performance = PE performance x PEs (sec. "
                                 "5.1)."))
      .add(&Params::pe_rps,
           number_param("pe_rps", "PE performance (measured machine)")
               .unit("RPS").value(1000).range(1, 1e6).step(1)
               .about("Reductions per second of one PE of the measured machine on the program "
                      "(sec. 5.1); the what-if PE is faster by the reduction speed-up."))
      .add(&Params::work_rate,
           number_param("work_rate", "Average work rate")
               .unit("fraction").value(1.0).range(0.01, 1.0).step(0.01)
               .about("Mean over PEs of real work time / total execution time (sec. 6); 1 means "
                      "uniform load and no sequentiality."))
      .add(&Params::comm_rate,
           number_param("comm_rate", "Communication rate")
               .unit("messages/reduction").value(0.05).range(0.0, 2.0).step(0.001)
               .about("Total messages / total reductions, summed over all PEs (sec. 5.3)."))
      .add(&Params::rel_comm_time,
           number_param("rel_comm_time", "Relative communication time")
               .unit("reductions/message").value(20).range(0.1, 100.0).step(0.1)
               .about("Average message processing time / average reduction time on the measured "
                      "machine (sec. 5.2, Table 4). The what-if machine's value is this scaled by "
                      "its exchange costs."))
      .add(&Params::perf_fraction,
           number_param("perf_fraction", "Performance floor")
               .unit("fraction").value(0.5).range(0.01, 0.99).step(0.01)
               .about("Lowest acceptable performance as a fraction of the communication-free "
                      "performance; sets the communication-rate bound (sec. 8)."));
  ParamTable<Exchange> measured;
  measured
      .add(&Exchange::reduction_ms,
           component("reduction_ms", "Reduction time", fghc::kTable1.reduction_ms, "Time of one goal reduction"))
      .add(&Exchange::hardware_ms, component("hardware_ms", "Hardware time", fghc::kTable1.hardware_ms,
                                             "Network transmission time, summed"))
      .add(&Exchange::firmware_ms,
           component("firmware_ms", "Firmware time", fghc::kTable1.firmware_ms,
                     "Firmware send/receive control time, summed over both PEs"))
      .add(&Exchange::software_ms,
           component("software_ms", "Software time", fghc::kTable1.software_ms,
                     "FGHC software communication processing, summed over both PEs"));
  ParamTable<Exchange> speedups;
  speedups
      .add(&Exchange::reduction_ms,
           speedup("reduction_speedup", "Reduction speed-up", "goal reduction"))
      .add(&Exchange::hardware_ms,
           speedup("hardware_speedup", "Hardware speed-up", "network transmission"))
      .add(&Exchange::firmware_ms,
           speedup("firmware_speedup", "Firmware speed-up", "firmware message handling"))
      .add(&Exchange::software_ms, speedup("software_speedup", "Software speed-up",
                                           "software communication processing"));
  t.include(&Params::measured, measured)
      .include(&Params::speedup, speedups)
      .add(&Params::curve_points,
           number_param("curve_points", "Curve resolution")
               .unit("points").value(201).range(2, 100001).whole()
               .about("Number of points computed along the performance-vs-overhead curve (Fig. 6)."))
      .add(&Params::curve_overhead_max,
           number_param("curve_overhead_max", "Curve overhead range")
               .value(4.0).range(0.1, 1000.0).step(0.1)
               .about("Largest relative communication overhead X drawn on the curve (Fig. 6)."))
      .add(&Params::curve_work_rates,
           number_param("curve_work_rates", "Work rates to compare")
               .unit("fraction").value(1.0).range(0.01, 1.0).step(0.01)
               .about("Average work rates W drawn as extra performance-vs-overhead "
                      "curves (performance = W / (1 + X)) for comparison with the "
                      "current one (Taki 1988, sec. 5.4, Fig. 6).")
               .max_items(6).default_list({0.75, 0.5, 0.25}));
  return t;
}

// An exchange's parts (Table 1), as measured and as the what-if machine would have them.
struct ExchangeOutputs {
  ScalarOutput reduction, hardware, firmware, software, total, total_ratio, cpu_comm_ratio;
};
constexpr ExchangeOutputs kBase{
    {"base_reduction_ms", "ms", "measured reduction time"},
    {"base_hardware_ms", "ms", "measured hardware time"},
    {"base_firmware_ms", "ms", "measured firmware time"},
    {"base_software_ms", "ms", "measured software time"},
    {"base_total_ms", "ms", "measured exchange total"},
    {"base_total_ratio", "reductions", "measured exchange total / one reduction"},
    {"base_cpu_comm_ratio", "reductions", "measured firmware + software time / one reduction"}};
constexpr ExchangeOutputs kWhatIf{
    {"whatif_reduction_ms", "ms", "what-if reduction time"},
    {"whatif_hardware_ms", "ms", "what-if hardware time"},
    {"whatif_firmware_ms", "ms", "what-if firmware time"},
    {"whatif_software_ms", "ms", "what-if software time"},
    {"whatif_total_ms", "ms", "what-if exchange total"},
    {"whatif_total_ratio", "reductions", "what-if exchange total / one reduction"},
    {"whatif_cpu_comm_ratio", "reductions", "what-if firmware + software time / one reduction"}};
constexpr ScalarOutput kCommCostScale{"comm_cost_scale", "x",
                                      "What-if over measured CPU communication time per reduction"};
constexpr ScalarOutput kRelCommTime{"rel_comm_time", "reductions/message",
                                    "Relative communication time of the what-if machine"};
constexpr ScalarOutput kPeRps{
    "pe_rps", "RPS",
    "What-if PE performance: measured PE performance x reduction speed-up"};
constexpr ScalarOutput kIdealRps{"ideal_rps", "RPS", "What-if PE performance x PEs"};
constexpr ScalarOutput kOverhead{
    "overhead", "",
    "Relative communication overhead X = communication rate x relative communication time"};
constexpr ScalarOutput kRelativePerformance{"relative_performance", "fraction",
                                            "System performance / ideal performance"};
constexpr ScalarOutput kSystemRps{"system_rps", "RPS", "Ideal x work rate / (1 + X)"};
constexpr ScalarOutput kAllowedOverhead{"allowed_overhead", "",
                                        "Largest overhead X that keeps the performance floor"};
constexpr ScalarOutput kFloorPerformance{"floor_performance", "fraction",
                                         "Performance / ideal at that overhead: work rate x floor"};
constexpr ScalarOutput kMaxCommRate{"max_comm_rate", "messages/reduction",
                                    "Largest communication rate keeping the performance floor"};
constexpr ScalarOutput kMinReductionsPerMessage{"min_reductions_per_message", "reductions/message",
                                                "At most one message per this many reductions"};
constexpr ScalarOutput kMaxCommRateMeasured{"max_comm_rate_measured", "messages/reduction",
                                            "The same bound on the measured machine"};
constexpr ScalarOutput kMaxCommRateRatio{"max_comm_rate_ratio", "x",
                                         "What-if bound over the measured machine's bound"};
constexpr SeriesOutput kPerfVsOverhead{
    "perf_vs_overhead", "fraction",
    "performance / ideal against relative communication overhead X"};
constexpr SeriesOutput kPerfVsOverheadW{
    "perf_vs_overhead_w*", "fraction",
    "performance / ideal against relative communication overhead X"};

class MultiPsiPerf final : public Model {
 public:
  explicit MultiPsiPerf(const Params& p)
      : base_(p.measured),
        whatif_{base_.reduction_ms / p.speedup.reduction_ms,
                base_.hardware_ms / p.speedup.hardware_ms,
                base_.firmware_ms / p.speedup.firmware_ms,
                base_.software_ms / p.speedup.software_ms},
        pes_(p.pes),
        pe_rps_(p.pe_rps * p.speedup.reduction_ms),
        work_rate_(p.work_rate),
        comm_rate_(p.comm_rate),
        measured_rel_comm_time_(p.rel_comm_time),
        perf_fraction_(p.perf_fraction),
        points_(static_cast<std::size_t>(p.curve_points)),
        overhead_max_(p.curve_overhead_max) {
    add_curve(kPerfVsOverhead("current W = " + format_number(work_rate_), kOverheadAxis, "",
                              kPerformanceAxis),
              work_rate_);
    for (const double w : p.curve_work_rates) {
      add_curve(kPerfVsOverheadW({std::to_string(curves_.size() - 1)}, "W = " + format_number(w),
                                 kOverheadAxis, "", kPerformanceAxis),
                w);
    }
  }

  // One unit of work is one point of one curve. Points are taken in x order across all curves,
  // so a partial result has every curve drawn to about the same x.
  bool advance(std::uint64_t budget) override {
    const std::size_t total = points_ * curves_.size();
    const std::size_t end =
        budget >= total - done_ ? total : done_ + static_cast<std::size_t>(budget);
    for (; done_ < end; ++done_) {
      const std::size_t point = done_ / curves_.size();
      const std::size_t c = done_ % curves_.size();
      const double x =
          overhead_max_ * static_cast<double>(point) / static_cast<double>(points_ - 1);
      curves_[c].x.push_back(x);
      curves_[c].y.push_back(relative_performance(work_rates_[c], x));
    }
    return done_ == total;
  }

  double progress() const override {
    return static_cast<double>(done_) / static_cast<double>(points_ * curves_.size());
  }

  Result result() const override {
    Result r;
    add_exchange(r, kBase, base_);
    add_exchange(r, kWhatIf, whatif_);

    const double scale = whatif_.cpu_comm_ratio() / base_.cpu_comm_ratio();
    const double rel_comm_time = measured_rel_comm_time_ * scale;
    const double overhead = comm_rate_ * rel_comm_time;
    const double ideal = pe_rps_ * pes_;
    const double relative = relative_performance(work_rate_, overhead);
    // Sec. 8 inverted: 1 / (1 + rate x t) >= f  <=>  rate <= (1/f - 1) / t.
    const double allowed_overhead = 1.0 / perf_fraction_ - 1.0;
    const double max_rate = allowed_overhead / rel_comm_time;
    const double max_rate_measured = allowed_overhead / measured_rel_comm_time_;

    r.scalars.push_back(kCommCostScale(scale));
    r.scalars.push_back(kRelCommTime(rel_comm_time));
    r.scalars.push_back(kPeRps(pe_rps_));
    r.scalars.push_back(kIdealRps(ideal));
    r.scalars.push_back(kOverhead(overhead));
    r.scalars.push_back(kRelativePerformance(relative));
    r.scalars.push_back(kSystemRps(ideal * relative));
    r.scalars.push_back(kAllowedOverhead(allowed_overhead));
    r.scalars.push_back(kFloorPerformance(work_rate_ * perf_fraction_));
    r.scalars.push_back(kMaxCommRate(max_rate));
    r.scalars.push_back(kMinReductionsPerMessage(1.0 / max_rate));
    r.scalars.push_back(kMaxCommRateMeasured(max_rate_measured));
    r.scalars.push_back(kMaxCommRateRatio(max_rate / max_rate_measured));
    r.series.insert(r.series.end(), curves_.begin(), curves_.end());
    return r;
  }

 private:
  static double relative_performance(double work_rate, double overhead) {
    return work_rate / (1.0 + overhead);
  }

  static constexpr const char* kOverheadAxis = "relative communication overhead X";
  static constexpr const char* kPerformanceAxis = "performance / ideal";

  void add_curve(Series curve, double work_rate) {
    curve.x.reserve(points_);
    curve.y.reserve(points_);
    curves_.push_back(std::move(curve));
    work_rates_.push_back(work_rate);
  }

  static void add_exchange(Result& r, const ExchangeOutputs& out, const Exchange& e) {
    r.scalars.push_back(out.reduction(e.reduction_ms));
    r.scalars.push_back(out.hardware(e.hardware_ms));
    r.scalars.push_back(out.firmware(e.firmware_ms));
    r.scalars.push_back(out.software(e.software_ms));
    r.scalars.push_back(out.total(e.total_ms()));
    r.scalars.push_back(out.total_ratio(e.total_ratio()));
    r.scalars.push_back(out.cpu_comm_ratio(e.cpu_comm_ratio()));
  }

  Exchange base_;
  Exchange whatif_;
  double pes_;
  double pe_rps_;  // of the what-if machine
  double work_rate_;
  double comm_rate_;
  double measured_rel_comm_time_;
  double perf_fraction_;
  std::size_t points_;
  double overhead_max_;
  std::size_t done_ = 0;
  // The current work rate's curve first, then one per comparison work rate.
  std::vector<Series> curves_;
  std::vector<double> work_rates_;
};

std::vector<OutputSpec> outputs() {
  const ExchangeOutputs* exchanges[] = {&kBase, &kWhatIf};
  std::vector<OutputSpec> out;
  for (const ExchangeOutputs* e : exchanges) {
    out.insert(out.end(), {e->reduction, e->hardware, e->firmware, e->software, e->total,
                           e->total_ratio, e->cpu_comm_ratio});
  }
  out.insert(out.end(), {kCommCostScale, kRelCommTime, kPeRps, kIdealRps, kOverhead,
                         kRelativePerformance, kSystemRps, kAllowedOverhead, kFloorPerformance,
                         kMaxCommRate, kMinReductionsPerMessage, kMaxCommRateMeasured,
                         kMaxCommRateRatio, kPerfVsOverhead, kPerfVsOverheadW});
  return out;
}

}  // namespace

ModelInfo multipsi_perf_info() {
  return model_entry("multipsi_perf", params())
      .title("Multi-PSI: communication vs performance")
      .about("Taki's system-performance model: inter-PE exchange costs, work rate and "
             "communication rate give performance relative to ideal.")
      .citation(kCitation)
      .outputs(outputs())
      .machine([](const Params& p) {
        const int pes = static_cast<int>(p.pes);
        const int columns = static_cast<int>(std::ceil(std::sqrt(pes)));
        return std::vector<NetworkMap>{describe_grid(pes, columns, "mesh", "mesh")};
      })
      .run([](const Params& p, Rng) { return std::make_unique<MultiPsiPerf>(p); });
}

}  // namespace archex
