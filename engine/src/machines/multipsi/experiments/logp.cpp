#include "machines/multipsi/experiments/logp.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/logp.h"
#include "core/param_table.h"
#include "core/trace.h"
#include "machines/multipsi/machine.h"
#include "machines/multipsi/costs.h"
#include "network/topologies/describe.h"

namespace archex {

namespace {

using fghc::Goal;
using fghc::MessageKind;

struct Params {
  LogpBench bench;
  fghc::Costs costs;
  double clock_mhz;
  int word_bytes;
};

ParamTable<Params> params() {
  ParamTable<Params> t;
  t.include(&Params::bench, logp_bench_table({5, 10, 20, 40, 80, 160, 320}))
      .include(&Params::costs, fghc::cost_table())
      .add(&Params::clock_mhz,
           number_param("psi_clock_mhz", "PSI-I clock")
               .unit("MHz").value(5).range(0.1, 1000).step(0.1)
               .about("Clock of the PSI-I CPU (200 ns microinstruction cycle): the cycles the "
                      "LogGP parameters are counted in. ASSUMED: the paper gives none."))
      .add(&Params::word_bytes,
           number_param("psi_word_bytes", "Bytes per word")
               .unit("bytes").value(5).range(1, 16).whole()
               .about("Bytes of a 40-bit PSI word, as the network's 8-bit transfers carry it "
                      "(sec. 2)."));
  ParamSpec& sizes = t.spec("logp_sizes");
  sizes.max = 5000;
  sizes.description =
      "Bytes of the goal's arguments, in whole words; one point per size, up to 5000 bytes.";
  return t;
}

enum Pred : std::uint8_t { kPing, kPong, kBack, kBurst, kSink, kPreds };

// The first goal, on PE 1 (the machine starts a program on its last PE), throws a goal of
// `words` arguments to PE 0, which throws one back (ping); or throws `count` such goals to PE 0
// in one reduction (burst).
class Bench final : public fghc::Program {
 public:
  Bench(int words, int count) : words_(words), count_(count) {}
  Goal initial() const override {
    Goal g;
    g.pred = count_ > 0 ? kBurst : kPing;
    return g;
  }
  int predicates() const override { return kPreds; }
  const char* predicate_name(int pred) const override {
    static const char* const names[] = {"ping", "pong", "back", "burst", "sink"};
    return names[pred];
  }
  int arity(int pred) const override {
    return pred == kPong || pred == kBack || pred == kSink ? words_ : 0;
  }
  void reduce(Goal& goal, fghc::Reducer& r) const override {
    Goal next;
    switch (goal.pred) {
      case kPing:
        next.pred = kPong;
        r.alloc(0, next);
        break;
      case kPong:
        next.pred = kBack;
        r.alloc(1, next);
        break;
      case kBurst:
        next.pred = kSink;
        for (int i = 0; i < count_; ++i) r.alloc(0, next);
        break;
      default:
        r.solution();
    }
  }

 private:
  int words_;
  int count_;
};

// Event times of one kind in a trace, with one field's values.
std::vector<std::pair<double, std::uint32_t>> events(const Trace& t, const char* kind,
                                                      std::size_t field) {
  std::vector<std::pair<double, std::uint32_t>> out;
  const TraceKind& k = t.kind(kind);
  std::size_t e = 0;
  for (std::size_t i = 0; i < k.times.size(); ++i) {
    for (std::uint32_t c = 0; c < k.counts[i]; ++c, ++e) {
      out.push_back({k.times[i], k.columns[field].at(e)});
    }
  }
  return out;
}

// The machine of two adjacent PEs running the benchmark, its events recorded.
class Run final : public LogpRun {
 public:
  Run(const Params& p, int bytes, int count)
      : program_((bytes + p.word_bytes - 1) / p.word_bytes, count),
        machine_(program_, 2, 2, p.costs, false),
        recorder_(TraceRequest{}),
        count_(count) {
    recorder_.set_clock("ms", "ms");
    machine_.record(recorder_);
  }
  // One event of the machine. A PE's event does one thing: takes up a message, or reduces a goal
  // (with the messages it sends). PE 0's message time outside its reductions is its receiving of
  // the goals PE 1 threw (PE 0 receives nothing else); PE 1's message time in its reduction of the
  // burst is its sending of them (the termination reports it receives later are left out).
  bool step() override {
    const fghc::PeStats& rx = machine_.pe(0);
    const fghc::PeStats& tx = machine_.pe(1);
    const double rx_comm = rx.comm_ms, tx_comm = tx.comm_ms;
    const std::int64_t rx_reductions = rx.reductions, tx_reductions = tx.reductions;
    const bool done = machine_.advance(1);
    if (rx.reductions == rx_reductions) recv_busy_ += rx.comm_ms - rx_comm;
    if (tx.reductions != tx_reductions) send_busy_ += tx.comm_ms - tx_comm;
    return done;
  }
  LogpMeasure measure() const override {
    LogpMeasure m;
    const Trace t = recorder_.trace(true);
    if (count_ == 0) {
      // From PE 1's throw to PE 1 reducing the goal PE 0 threw back.
      const auto sent = events(t, "message_sent", 0);
      for (const auto& [time, pred] : events(t, "goal_reduced", 2)) {
        if (pred == kBack && !sent.empty()) m.round_trip_us = (time - sent.front().first) * 1000;
      }
      return m;
    }
    // PE 0 starts handling each throw_goal (at its rate once they queue).
    for (const auto& [time, kind] : events(t, "message_received", 2)) {
      if (kind == static_cast<std::uint32_t>(MessageKind::throw_goal)) {
        m.delivered_us.push_back(time * 1000);
      }
    }
    m.send_busy_us = send_busy_ * 1000;
    m.recv_busy_us = recv_busy_ * 1000;
    return m;
  }

 private:
  Bench program_;
  fghc::Machine machine_;
  TraceRecorder recorder_;
  int count_;
  double send_busy_ = 0;
  double recv_busy_ = 0;
};

}  // namespace

ModelInfo multipsi_logp_info() {
  return model_entry("multipsi_logp", params())
      .title("Multi-PSI: LogP signature (throw_goal)")
      .about("The LogP microbenchmark (ping-pong and bursts) as goals thrown between two adjacent "
             "PEs, with the fitted overhead, latency, gap and per-byte gap.")
      .citation("K. Taki, Measurements and Evaluation for the Multi-PSI/V1 System, ICOT TR-370, "
                "1988, sec. 3-4; LogP: Culler et al. 1993, LogGP: Alexandrov et al. 1995")
      .outputs(logp_outputs())
      .logp(logp_signature())
      .machine([](const Params&) {
        return std::vector<NetworkMap>{describe_grid(2, 2, "mesh", "mesh")};
      })
      .run([](const Params& p, Rng) {
        auto held = std::make_shared<const Params>(p);
        LogpTarget t;
        t.key = "multipsi";
        t.label = "Multi-PSI throw_goal";
        t.clock_mhz = p.clock_mhz;
        t.ping = [held](int bytes) { return std::unique_ptr<LogpRun>(new Run(*held, bytes, 0)); };
        t.burst = [held](int bytes, int count) {
          return std::unique_ptr<LogpRun>(new Run(*held, bytes, count));
        };
        return logp_model({t}, p.bench);
      });
}

}  // namespace archex
