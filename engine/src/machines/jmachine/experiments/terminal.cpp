#include "machines/jmachine/experiments/terminal.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "machines/jmachine/costs.h"
#include "machines/jmachine/mdp.h"
#include "machines/jmachine/measures.h"
#include "network/network_params.h"
#include "network/topologies/describe.h"
#include "network/traffic/batch_means.h"

namespace archex {

namespace {

using jmachine::Built;
using jmachine::kCitation;
using jmachine::Machine;
using jmachine::machine;
using jmachine::machine_state;
using jmachine::NodeCosts;
using jmachine::Received;
using jmachine::Thread;
using jmachine::with_machine;

// ---- Fig. 4: terminal bandwidth ---------------------------------------------------------------

constexpr ScalarOutput kPeakWordsPerCycle{"peak_words_per_cycle", "words/cycle",
                                          "Network-to-queue rate: the most a node can receive"};
// Per message length in words.
constexpr ScalarOutput kDiscardFractionOfPeak{"discard_fraction_of_peak_*w", "fraction",
                                              "N-word messages, discarded: bandwidth over peak"};
// One per mode (kModes).
constexpr SeriesOutput kBandwidth{"bandwidth_*", "words/cycle",
                                  "terminal bandwidth against message size"};

constexpr const char* kModes[] = {"discard", "internal", "external"};
constexpr const char* kModeLabels[] = {"discarded", "copied to internal memory",
                                       "copied to external memory"};

// Node 0 sends to its neighbour back to back; the receiver's handler discards or copies.
class Stream final : public Machine::Workload {
 public:
  Stream(Machine& m, int words, int mode, int dst) : m_(m), words_(words), mode_(mode), dst_(dst) {}

  void on_message(int, const Received&, Thread& t) override {
    const NodeCosts& c = m_.costs();
    if (measuring) received += words_;
    const double per_word = mode_ == 0 ? 0 : mode_ == 1 ? c.copy_internal : c.copy_external;
    t.compute(c.suspend + per_word * words_);
  }
  bool background(int node, Thread& t) override {
    if (node != 0 || m_.network().source_backlog(0) > 1) return false;
    t.send_words(dst_, words_, 0);
    return true;
  }

  bool measuring = false;
  std::int64_t received = 0;

 private:
  Machine& m_;
  int words_;
  int mode_;
  int dst_;
};

struct TerminalParams {
  NetworkParams net;
  NodeCosts costs;
  std::vector<int> message_words;
  int window_cycles;
};

class JMachineTerminal final : public Model {
 public:
  explicit JMachineTerminal(const TerminalParams& p)
      : costs_(p.costs), sizes_(p.message_words), window_(p.window_cycles) {
    const Built built(p.net);
    config_ = built.config;
    neighbor_ = built.cube->neighbor(0, 0);
    std::sort(sizes_.begin(), sizes_.end());
  }

  // One unit of work is one cycle of the machine streaming the current message size.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !finished(); ++i) {
      if (!machine_) {
        const std::size_t at = bandwidth_.size();
        machine_ = std::make_unique<Machine>(config_, costs_);
        stream_ = std::make_unique<Stream>(*machine_, sizes_[at % sizes_.size()],
                                           static_cast<int>(at / sizes_.size()),
                                           neighbor_);
      }
      machine_->step(*stream_);
      const std::int64_t now = machine_->network().now();
      if (now == kWarmupCycles) stream_->measuring = true;
      if (now < kWarmupCycles + window_) continue;
      bandwidth_.push_back(static_cast<double>(stream_->received) / static_cast<double>(window_));
      stream_.reset();
      machine_.reset();
    }
    return finished();
  }

  double progress() const override {
    const double point =
        machine_ ? static_cast<double>(machine_->network().now()) /
                       static_cast<double>(kWarmupCycles + window_)
                 : 0;
    return (static_cast<double>(bandwidth_.size()) + point) /
           static_cast<double>(3 * sizes_.size());
  }

  Result result() const override {
    Result r;
    const double peak = config_.eject_rate;
    r.scalars.push_back(kPeakWordsPerCycle(peak));
    for (int mode = 0; mode < 3; ++mode) {
      Series s = kBandwidth({kModes[mode]}, kModeLabels[mode], "message size", "words",
                            "terminal bandwidth");
      for (std::size_t i = 0; i < sizes_.size(); ++i) {
        const std::size_t at = static_cast<std::size_t>(mode) * sizes_.size() + i;
        if (at >= bandwidth_.size()) break;
        s.x.push_back(sizes_[i]);
        s.y.push_back(bandwidth_[at]);
        if (mode == 0 && (sizes_[i] == 2 || sizes_[i] == 8)) {
          const std::string words = std::to_string(sizes_[i]);
          r.scalars.push_back(kDiscardFractionOfPeak(
              {words}, bandwidth_[at] / peak,
              words + "-word messages, discarded: bandwidth over peak"));
        }
      }
      r.series.push_back(std::move(s));
    }
    return r;
  }

 private:
  bool finished() const { return bandwidth_.size() == 3 * sizes_.size(); }

  NetworkConfig config_;
  NodeCosts costs_;
  static constexpr std::int64_t kWarmupCycles = 200;
  // Node 0's +x neighbour, the stream's destination.
  int neighbor_ = 0;
  std::vector<int> sizes_;
  std::int64_t window_;
  std::unique_ptr<Machine> machine_;
  std::unique_ptr<Stream> stream_;
  std::vector<double> bandwidth_;
};


std::vector<OutputSpec> terminal_outputs() {
  return {kPeakWordsPerCycle, kDiscardFractionOfPeak, kBandwidth};
}

}  // namespace

ModelInfo jmachine_terminal_info() {
  ParamTable<TerminalParams> t = with_machine<TerminalParams>();
  t.add(&TerminalParams::message_words,
        number_param("message_words", "Message sizes")
            .unit("words").value(8).range(1, 64).whole()
            .about("Words per message; one point each.")
            .max_items(16).default_list({1, 2, 3, 4, 6, 8, 12, 16, 24, 32}))
      .add(&TerminalParams::window_cycles,
           number_param("window_cycles", "Measurement")
               .unit("cycles").value(4000).range(100, 1000000).whole().step(100)
               .about("Cycles over which delivered words are counted, after 200 to settle."));
  return model_entry("jmachine_terminal", std::move(t))
      .title("J-Machine: terminal bandwidth")
      .about("Node 0 streams messages to its neighbour, which discards them or copies them to "
             "internal or external memory (Fig. 4).")
      .citation(kCitation)
      .outputs(terminal_outputs())
      .machine(machine<TerminalParams>)
      .run([](const TerminalParams& p, Rng) { return std::make_unique<JMachineTerminal>(p); })
      .state(machine_state<TerminalParams>);
}

}  // namespace archex
