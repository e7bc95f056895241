#include "machines/pie64/experiments/transfer.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/fit.h"
#include "core/param_table.h"
#include "machines/pie64/costs.h"
#include "machines/pie64/machine.h"
#include "machines/pie64/measures.h"

namespace archex {

namespace {

using pie64::Command;
using pie64::Costs;
using pie64::Machine;
using pie64::command_keys;
using pie64::command_names;
using pie64::cost_table;
using pie64::kCitation;
using pie64::lengths_spec;
using pie64::networks;

constexpr ScalarOutput kTsTe{
    "ts_te_fit_clocks", "clocks",
    "WRITEX: intercept of Tl against length (Ts + Te as the paper derived it)"};
constexpr ScalarOutput kTb{"tb_fit_clocks_per_word", "clocks/word",
                           "WRITEX: slope of Tl against length (Tb)"};
constexpr ScalarOutput kWritemnMinusWritex{"writemn_minus_writex_clocks", "clocks",
                                           "WRITEMN - WRITEX, mean over the lengths"};
constexpr ScalarOutput kMpwriteMinusWritemn{"mpwrite_minus_writemn_clocks", "clocks",
                                            "MP-Write - WRITEMN, mean over the lengths"};
constexpr ScalarOutput kMpwriteExtraWords{
    "mpwrite_extra_words", "words",
    "MP-Write's extra time as WRITEMN words: the difference over WRITEMN's time per word"};
// One per command (command_keys()).
constexpr SeriesOutput kTransfer{"transfer_clocks_*", "clocks",
                                 "transfer time Tl against message length"};

struct TransferParams {
  std::vector<int> commands;
  std::vector<int> lengths;
  int loops;
  int loop_instructions;
  Costs costs;
};

ParamTable<TransferParams> transfer_params() {
  ParamTable<TransferParams> t;
  t.add(&TransferParams::commands,
        number_param("commands", "Commands")
            .value(0).range(0, 2).whole()
            .about("Transfer commands to measure: 0 WRITEX, 1 WRITEMN, 2 MP-Write.")
            .max_items(3).default_list({0, 1, 2}))
      .add(&TransferParams::lengths,
           lengths_spec({1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}))
      .add(&TransferParams::loops,
           number_param("loops", "Loop iterations (N)")
               .unit("iterations").value(16).range(1, 1000).whole()
               .about("Iterations of the measuring loop, each with one transfer from IU 0 to IU 1 "
                      "(Tl = (A - B) / N)."))
      .add(&TransferParams::loop_instructions,
           number_param("loop_instructions", "Loop instructions")
               .unit("clocks").value(1).range(1, 1000).whole()
               .about("Clocks of the loop's own instructions per iteration besides the transfer "
                      "instruction (counter and branch)."))
      .include(&TransferParams::costs, cost_table());
  return t;
}

// One loop of N iterations on IU 0, each issuing a transfer to IU 1 (or none, for time B). The
// transfer instruction waits while the previous transfer still holds the command register.
class Loop {
 public:
  Loop(const TransferParams& p, Command command, int words, bool transfers, std::uint64_t seed)
      : machine_(2, p.costs, seed),
        command_(command),
        words_(words),
        transfers_(transfers),
        loops_(p.loops),
        body_(p.loop_instructions) {}

  // One clock, one instruction: the transfer instruction (waiting while the command register is
  // taken) or one of the body's; true once the loop and its last transfer are done.
  bool step() {
    if (iteration_ < loops_) {
      if (at_transfer_ && transfers_) {
        if (!machine_.busy(0)) {
          machine_.issue(0, command_, 1, words_);
          at_transfer_ = false;
        }
      } else if (++in_body_ >= body_) {
        in_body_ = 0;
        ++iteration_;
        at_transfer_ = true;
      }
    }
    const bool finished = iteration_ >= loops_ && !machine_.busy(0);
    if (!finished) machine_.step();
    return finished;
  }
  std::int64_t clocks() const { return machine_.now(); }

 private:
  Machine machine_;
  Command command_;
  int words_;
  bool transfers_;
  int loops_;
  int body_;
  int iteration_ = 0;
  int in_body_ = 0;
  bool at_transfer_ = true;
};

class Pie64Transfer final : public Model {
 public:
  Pie64Transfer(TransferParams p, Rng rng) : p_(std::move(p)), seed_(rng.next_u64()) {
    for (const int c : p_.commands) {
      if (std::find(order_.begin(), order_.end(), c) == order_.end()) order_.push_back(c);
    }
    std::sort(order_.begin(), order_.end());
    for (const int c : order_) {
      const auto at = static_cast<std::size_t>(c);
      curves_.push_back(kTransfer({command_keys()[at]}, command_names()[at], "message length",
                                  "words", "transfer time Tl"));
    }
    start_point();
  }

  // One unit is one simulated clock of the loop with transfers or of the loop without.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !done(); ++i) {
      Loop& loop = with_ ? *with_ : *without_;
      if (!loop.step()) continue;
      if (with_) {
        a_ = loop.clocks();
        with_.reset();
        continue;
      }
      const double b = static_cast<double>(without_->clocks());
      without_.reset();
      Series& s = curves_[point_ / p_.lengths.size()];
      s.x.push_back(p_.lengths[point_ % p_.lengths.size()]);
      s.y.push_back((static_cast<double>(a_) - b) / p_.loops);
      ++point_;
      if (!done()) start_point();
    }
    return done();
  }

  double progress() const override {
    return static_cast<double>(point_) / static_cast<double>(points());
  }

  Result result() const override {
    Result r;
    r.series = curves_;
    const Series* writex = curve(0);
    const Series* writemn = curve(1);
    const Series* mpwrite = curve(2);
    if (writex != nullptr && writex->y.size() >= 2) {
      const Line fit = fit_line(writex->x, writex->y);
      r.scalars.push_back(kTsTe(fit.intercept));
      r.scalars.push_back(kTb(fit.slope));
    }
    if (writex != nullptr && writemn != nullptr) {
      r.scalars.push_back(kWritemnMinusWritex(mean_difference(*writemn, *writex)));
    }
    if (writemn != nullptr && mpwrite != nullptr) {
      const double extra = mean_difference(*mpwrite, *writemn);
      r.scalars.push_back(kMpwriteMinusWritemn(extra));
      const double tb = fit_line(writemn->x, writemn->y).slope;
      // One length gives no slope, so no time per word to count in.
      if (tb > 0) {
        r.scalars.push_back(kMpwriteExtraWords(extra / tb));
      }
    }
    return r;
  }

 private:
  std::size_t points() const { return order_.size() * p_.lengths.size(); }
  bool done() const { return point_ >= points(); }
  const Series* curve(int command) const {
    for (std::size_t i = 0; i < order_.size(); ++i) {
      if (order_[i] == command) return &curves_[i];
    }
    return nullptr;
  }
  void start_point() {
    const auto command = static_cast<Command>(order_[point_ / p_.lengths.size()]);
    const int words = p_.lengths[point_ % p_.lengths.size()];
    with_ = std::make_unique<Loop>(p_, command, words, true, seed_ + point_);
    without_ = std::make_unique<Loop>(p_, command, words, false, seed_ + point_);
  }
  static double mean_difference(const Series& a, const Series& b) {
    const std::size_t n = std::min(a.y.size(), b.y.size());
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += a.y[i] - b.y[i];
    return n == 0 ? 0 : sum / static_cast<double>(n);
  }

  TransferParams p_;
  std::uint64_t seed_;
  std::vector<int> order_;
  std::vector<Series> curves_;
  std::size_t point_ = 0;
  std::unique_ptr<Loop> with_;
  std::unique_ptr<Loop> without_;
  std::int64_t a_ = 0;
};

std::vector<OutputSpec> transfer_outputs() {
  return {kTsTe, kTb, kWritemnMinusWritex, kMpwriteMinusWritemn, kMpwriteExtraWords, kTransfer};
}

}  // namespace

ModelInfo pie64_transfer_info() {
  return model_entry("pie64_transfer", transfer_params())
      .title("PIE64 simple transfers")
      .about("Transfer time against message length between two IUs for WRITEX, WRITEMN and "
             "MP-Write, measured as the paper did: a loop of N transfers (time A) against the same "
             "loop without them (time B), Tl = (A - B) / N.")
      .citation(kCitation)
      .outputs(transfer_outputs())
      .machine([](const TransferParams&) { return networks(pie64::dan_topology()->terminals()); })
      .run([](const TransferParams& p, Rng rng) {
        return std::make_unique<Pie64Transfer>(p, rng);
      });
}

}  // namespace archex
