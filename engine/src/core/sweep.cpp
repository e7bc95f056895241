#include "core/sweep.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

namespace archex {

Rng point_rng(std::uint64_t seed, std::size_t point) {
  std::uint64_t state = seed;
  const std::uint64_t key = splitmix64(state);
  // A second mix, so that neighbouring seeds and neighbouring indices give unrelated streams.
  std::uint64_t mixed = key ^ (0xd1b54a32d192ed03ULL * (static_cast<std::uint64_t>(point) + 1));
  return Rng(splitmix64(mixed));
}

Rng sweep_point_rng(const SweepInfo& sweep, const ParamValues& params, std::uint64_t seed,
                    std::size_t point) {
  return point_rng(seed, sweep.stream ? sweep.stream(params, point) : point);
}

Result combine_points(const SweepInfo& sweep, const ParamValues& params,
                      std::vector<PointResult> partials) {
  std::stable_sort(partials.begin(), partials.end(),
                   [](const PointResult& a, const PointResult& b) { return a.point < b.point; });
  partials.erase(std::unique(partials.begin(), partials.end(),
                             [](const PointResult& a, const PointResult& b) {
                               return a.point == b.point;
                             }),
                 partials.end());
  return sweep.combine(params, partials);
}

namespace {

class SweepRun final : public Model {
 public:
  SweepRun(const SweepInfo& sweep, const ParamValues& params, std::uint64_t seed)
      : sweep_(sweep), params_(params), seed_(seed), weights_(sweep.weights(params)) {
    total_weight_ = std::accumulate(weights_.begin(), weights_.end(), 0.0);
  }

  // One unit of work is the current point's unit. A point that finishes inside a chunk leaves the
  // rest of that chunk unused, so a budget is never overrun.
  bool advance(std::uint64_t budget) override {
    while (budget > 0 && !finished()) {
      const std::uint64_t chunk = std::min<std::uint64_t>(budget, kChunk);
      budget -= chunk;
      const std::size_t at = partials_.size();
      if (!current_) {
        current_ = sweep_.point(params_, sweep_point_rng(sweep_, params_, seed_, at), at);
      }
      if (current_->advance(chunk)) {
        partials_.push_back({at, current_->result()});
        done_weight_ += weights_[at];
        current_.reset();
      }
    }
    return finished();
  }

  double progress() const override {
    if (total_weight_ <= 0) return finished() ? 1 : 0;
    const double now = current_ ? weights_[partials_.size()] * current_->progress() : 0;
    return std::min(1.0, (done_weight_ + now) / total_weight_);
  }

  Result result() const override { return sweep_.combine(params_, partials_); }

  std::string out_of_memory_hint() const override {
    return current_ ? current_->out_of_memory_hint() : std::string();
  }

 private:
  bool finished() const { return partials_.size() == weights_.size(); }

  static constexpr std::uint64_t kChunk = 4096;
  SweepInfo sweep_;
  ParamValues params_;
  std::uint64_t seed_;
  std::vector<double> weights_;
  double total_weight_ = 0;
  double done_weight_ = 0;
  std::vector<PointResult> partials_;
  std::unique_ptr<Model> current_;
};

}  // namespace

std::unique_ptr<Model> run_sweep(const SweepInfo& sweep, const ParamValues& params,
                                 std::uint64_t seed) {
  return std::make_unique<SweepRun>(sweep, params, seed);
}

}  // namespace archex
