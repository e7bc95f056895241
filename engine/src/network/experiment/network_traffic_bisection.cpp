#include "network/experiment/network_traffic_bisection.h"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "network/circuit/circuit_traffic.h"
#include "network/experiment/network_traffic_outputs.h"
#include "network/experiment/network_traffic_point.h"

namespace archex::traffic_run {

namespace {

class SaturationSearch final : public RecordPoint<TrafficRecord> {
 public:
  SaturationSearch(const TrafficParams& p, Rng rng)
      : RecordPoint(traffic_record()), p_(p), plan_(p), rng_(rng), hi_(plan_.rates.back()) {
    start(hi_);
  }

  // One unit of work is one simulated cycle of the load being run.
  bool advance(std::uint64_t budget) override {
    if (finished()) return true;
    const auto cycles = static_cast<std::int64_t>(std::min<std::uint64_t>(budget, 1u << 30));
    if (!point_->advance(cycles)) return false;
    const LoadPointResult& c = point_->result();
    cycles_ += static_cast<double>(c.cycles);
    const bool held = !c.saturated && !c.deadlocked;
    if (step_ == 0) {
      if (held) return done(false);
      top_saturated_ = true;
    } else if (held) {
      lo_ = load_;
    } else {
      hi_ = load_;
    }
    if (step_ == plan_.saturation_steps) return done(true);
    ++step_;
    start((lo_ + hi_) / 2);
    return false;
  }

  double progress() const override {
    if (finished()) return 1;
    return (step_ + point_->progress()) / (plan_.saturation_steps + 1);
  }

 private:
  void start(double load) {
    load_ = load;
    LoadPointOptions opt = plan_.options;
    opt.rate = load;
    // Each load's point is built anew: a step starts from an empty network, as a curve's does.
    point_.reset();
    plan_.building(p_, [&] {
      if (plan_.circuits) {
        point_ = std::make_unique<CircuitLoadPoint>(plan_.circuit, *plan_.pattern, opt,
                                                    rng_.next_u64(), rng_);
      } else {
        point_ = std::make_unique<LoadPoint>(plan_.config, *plan_.pattern, opt, rng_);
      }
    });
  }

  bool done(bool found) {
    TrafficRecord record;
    record.saturated = top_saturated_;
    record.cycles = cycles_;
    Result own;
    if (found) {
      own.scalars.push_back(kSaturationBisected((lo_ + hi_) / 2));
      own.scalars.push_back(kSaturationBisectedError((hi_ - lo_) / 2));
    }
    finish(record, std::move(own));
    return true;
  }

  TrafficParams p_;
  Plan plan_;
  Rng rng_;
  std::unique_ptr<MeasuredLoadPoint> point_;
  // The interval: lo_ sustained (0 to begin with), hi_ not (once the first step found it so).
  double lo_ = 0;
  double hi_;
  double load_ = 0;
  int step_ = 0;
  bool top_saturated_ = false;
  double cycles_ = 0;
};

}  // namespace

std::unique_ptr<Model> saturation_search(const TrafficParams& p, Rng rng) {
  return std::make_unique<SaturationSearch>(p, rng);
}

}  // namespace archex::traffic_run
