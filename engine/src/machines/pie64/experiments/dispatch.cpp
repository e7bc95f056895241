#include "machines/pie64/experiments/dispatch.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/param_table.h"
#include "machines/pie64/costs.h"
#include "machines/pie64/dispatch.h"
#include "machines/pie64/measures.h"

namespace archex {

namespace {

using pie64::kCitation;
using pie64::networks;

// Per goal count.
constexpr ScalarOutput kGain{"work_rate_gain_*", "x",
                             "Mean work rate with dispatch over random placement, 108 goals"};
constexpr ScalarOutput kSpreadRatio{
    "spread_ratio_*", "x",
    "Spread of goals per IU with dispatch over random placement, 108 goals"};
// Per goal count, each IU's work rate (a stack).
constexpr SeriesOutput kStackRandom{"work_rates_*_random", "fraction", "work rate against IU"};
constexpr SeriesOutput kStackDispatch{"work_rates_*_dispatch", "fraction",
                                      "work rate against IU"};
constexpr SeriesOutput kRateRandom{"work_rate_random", "fraction",
                                   "mean work rate against goals"};
constexpr SeriesOutput kRateDispatch{"work_rate_dispatch", "fraction",
                                     "mean work rate against goals"};
constexpr SeriesOutput kSpreadRandom{"spread_random", "",
                                     "goals per IU: std. dev. / mean against goals"};
constexpr SeriesOutput kSpreadDispatch{"spread_dispatch", "",
                                       "goals per IU: std. dev. / mean against goals"};

struct DispatchParams {
  int ius;
  std::vector<int> goals;
  int grain;
  int producers;
  int goal_words;
  int propagation;
  int setup_per_switch;
};

ParamTable<DispatchParams> dispatch_params() {
  ParamTable<DispatchParams> t;
  t.add(&DispatchParams::ius, number_param("ius", "Inference units")
                                  .unit("IUs").value(54).range(2, 64).whole()
                                  .about("IUs on the PAN's first ports (54 usable)."))
      .add(&DispatchParams::goals,
           number_param("goals", "Goals")
               .unit("goals").value(540).range(1, 100000).whole()
               .about("Goals the producers dispatch in one run; one pair of bars "
                      "(random, dispatched) per value.")
               .max_items(8).default_list({108, 540, 2700}))
      .add(&DispatchParams::grain,
           number_param("grain", "Goal grain")
               .unit("clocks").value(400).range(1, 100000).whole()
               .about("Clocks of UNIRED work per goal."))
      .add(&DispatchParams::producers,
           number_param("producers", "Producing IUs")
               .unit("IUs").value(4).range(1, 64).whole()
               .about("IUs (the first ones) that create the goals and dispatch them, one PAN "
                      "connection at a time each."))
      .add(&DispatchParams::goal_words,
           number_param("goal_words", "Goal size")
               .unit("words").value(8).range(1, 4096).whole()
               .about("Words a goal takes over the PAN."))
      .add(&DispatchParams::propagation,
           number_param("propagation_clocks", "Load propagation per stage")
               .unit("clocks").value(1).range(1, 1000).whole()
               .about("Clocks a load value takes to move back one stage of switches."))
      .add(&DispatchParams::setup_per_switch,
           number_param("setup_clocks_per_switch", "Set-up per switch")
               .unit("clocks").value(1).range(0, 100).whole()
               .about("Clocks a request takes to cross one further switch."));
  return t;
}

// One run: the producers dispatch the goals over the PAN, to the least-loaded IU or to one drawn
// at random; every IU works through the goals it received; the run ends when all are done. An
// IU's load value is the goals it holds (queued or running).
class DispatchRun {
 public:
  DispatchRun(const DispatchParams& p, int goals, bool automatic, std::uint64_t seed)
      : p_(p),
        pan_(p.ius, p.setup_per_switch, p.propagation, seed),
        rng_(seed ^ 0x2545f4914f6cdd1dULL),
        automatic_(automatic),
        left_(static_cast<std::size_t>(std::min(p.producers, p.ius)), 0),
        load_(static_cast<std::size_t>(p.ius), 0),
        remaining_(static_cast<std::size_t>(p.ius), 0),
        busy_(static_cast<std::size_t>(p.ius), 0),
        received_(static_cast<std::size_t>(p.ius), 0),
        goals_(goals) {
    for (int g = 0; g < goals; ++g) ++left_[static_cast<std::size_t>(g) % left_.size()];
  }

  // One clock; true once every goal is done.
  bool step() {
    const CircuitNetwork& net = pan_.network();
    // The registers need three stages' propagation before they hold every IU's load.
    if (net.now() >= 3 * p_.propagation) {
      for (std::size_t s = 0; s < left_.size(); ++s) {
        const int src = static_cast<int>(s);
        if (left_[s] == 0 || net.queued(src) > 0 || sending(src)) continue;
        const int dst = automatic_ ? pan_.least_loaded(src)
                                   : static_cast<int>(rng_.below(static_cast<std::uint64_t>(p_.ius)));
        const int id = pan_.network().open(src, dst, p_.goal_words);
        if (id >= 0) {
          --left_[s];
          open_.push_back(id);
        }
      }
    }
    for (std::size_t iu = 0; iu < load_.size(); ++iu) {
      if (load_[iu] == 0) continue;
      ++busy_[iu];
      if (--remaining_[iu] == 0) {
        --load_[iu];
        ++done_;
        if (load_[iu] > 0) remaining_[iu] = p_.grain;
      }
    }
    pan_.step(load_);
    for (const int id : pan_.network().finished()) {
      const auto dst = static_cast<std::size_t>(pan_.network().connection(id).dst);
      if (load_[dst]++ == 0) remaining_[dst] = p_.grain;
      ++received_[dst];
      open_.erase(std::find(open_.begin(), open_.end(), id));
    }
    return done_ == goals_;
  }

  std::int64_t clocks() const { return pan_.network().now(); }
  std::vector<double> work_rates() const {
    std::vector<double> w;
    for (const std::int64_t b : busy_) {
      w.push_back(static_cast<double>(b) / static_cast<double>(clocks()));
    }
    return w;
  }
  // Coefficient of variation of the goals each IU received.
  double spread() const {
    const double n = static_cast<double>(received_.size());
    double sum = 0, sq = 0;
    for (const int g : received_) {
      sum += g;
      sq += static_cast<double>(g) * g;
    }
    const double mean = sum / n;
    return mean == 0 ? 0 : std::sqrt(std::max(0.0, sq / n - mean * mean)) / mean;
  }

 private:
  bool sending(int src) const {
    for (const int id : open_) {
      if (pan_.network().connection(id).src == src) return true;
    }
    return false;
  }

  DispatchParams p_;
  pie64::Pan pan_;
  Rng rng_;
  bool automatic_;
  std::vector<int> left_;
  std::vector<int> load_;
  std::vector<int> remaining_;
  std::vector<std::int64_t> busy_;
  std::vector<int> received_;
  std::vector<int> open_;
  int goals_;
  int done_ = 0;
};

class Pie64Dispatch final : public Model {
 public:
  Pie64Dispatch(DispatchParams p, Rng rng) : p_(std::move(p)), seed_(rng.next_u64()) {
    rate_[0] = kRateRandom("random placement", "goals", "goals", "mean work rate");
    rate_[1] = kRateDispatch("automatic load dispatch", "goals", "goals", "mean work rate");
    spread_[0] = kSpreadRandom("random placement", "goals", "goals",
                               "goals per IU: std. dev. / mean");
    spread_[1] = kSpreadDispatch("automatic load dispatch", "goals", "goals",
                                 "goals per IU: std. dev. / mean");
    start_run();
  }

  // One unit is one simulated clock of the current run.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !done(); ++i) {
      if (!run_->step()) continue;
      const std::size_t mode = index_ % 2;
      const int goals = p_.goals[index_ / 2];
      const std::vector<double> w = run_->work_rates();
      double mean = 0;
      for (const double x : w) mean += x;
      mean /= static_cast<double>(w.size());
      rate_[mode].x.push_back(goals);
      rate_[mode].y.push_back(mean);
      spread_[mode].x.push_back(goals);
      spread_[mode].y.push_back(run_->spread());
      const std::string g = std::to_string(goals);
      Series stack = (mode ? kStackDispatch : kStackRandom)(
          {g}, g + (mode ? " goals, dispatched" : " goals, random"), "IU", "index", "work rate");
      for (std::size_t k = 0; k < w.size(); ++k) {
        stack.x.push_back(static_cast<double>(k + 1));
        stack.y.push_back(w[k]);
      }
      stacks_.push_back(std::move(stack));
      ++index_;
      if (!done()) start_run();
    }
    return done();
  }

  double progress() const override {
    return static_cast<double>(index_) / static_cast<double>(2 * p_.goals.size());
  }

  Result result() const override {
    Result r;
    r.series = stacks_;
    r.series.insert(r.series.end(), {rate_[0], rate_[1], spread_[0], spread_[1]});
    const std::size_t n = std::min(rate_[0].y.size(), rate_[1].y.size());
    for (std::size_t i = 0; i < n; ++i) {
      const std::string g = std::to_string(p_.goals[i]);
      r.scalars.push_back(
          kGain({g}, rate_[1].y[i] / rate_[0].y[i],
                "Mean work rate with dispatch over random placement, " + g + " goals"));
      r.scalars.push_back(kSpreadRatio(
          {g}, spread_[1].y[i] / spread_[0].y[i],
          "Spread of goals per IU with dispatch over random placement, " + g + " goals"));
    }
    return r;
  }

 private:
  bool done() const { return index_ >= 2 * p_.goals.size(); }
  void start_run() {
    run_ = std::make_unique<DispatchRun>(p_, p_.goals[index_ / 2], index_ % 2 == 1,
                                         seed_ + index_ / 2);
  }

  DispatchParams p_;
  std::uint64_t seed_;
  std::size_t index_ = 0;
  std::unique_ptr<DispatchRun> run_;
  std::vector<Series> stacks_;
  Series rate_[2];
  Series spread_[2];
};

std::vector<OutputSpec> dispatch_outputs() {
  return {kGain,       kSpreadRatio,  kStackRandom,  kStackDispatch,
          kRateRandom, kRateDispatch, kSpreadRandom, kSpreadDispatch};
}

}  // namespace

ModelInfo pie64_dispatch_info() {
  return model_entry("pie64_dispatch", dispatch_params())
      .title("PIE64 automatic load dispatch")
      .about("Goals dispatched over the PAN to the least-loaded IU (load values flowing backwards "
             "through the switches) or placed at random: the IUs' work rates and the spread of "
             "goals.")
      .citation(kCitation)
      .outputs(dispatch_outputs())
      .machine([](const DispatchParams& p) { return networks(p.ius); })
      .run([](const DispatchParams& p, Rng rng) {
        return std::make_unique<Pie64Dispatch>(p, rng);
      });
}

}  // namespace archex
