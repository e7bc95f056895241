#include "machines/pie64/experiments/logp.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/logp.h"
#include "core/param_table.h"
#include "machines/pie64/costs.h"
#include "network/topologies/describe.h"
#include "machines/pie64/machine.h"

namespace archex {

namespace {

using pie64::Command;
using pie64::Costs;
using pie64::Machine;

// The paper's longest transfer (sec. 3.1).
constexpr int kMaxWords = 4096;

struct Params {
  LogpBench bench;
  Costs costs;
  double clock_mhz;
  int word_bytes;
};

ParamTable<Params> params() {
  ParamTable<Params> t;
  t.include(&Params::bench, logp_bench_table({4, 16, 64, 256, 1024, 4096, 16384}))
      .include(&Params::costs, pie64::cost_table())
      .add(&Params::clock_mhz,
           number_param("pie64_clock_mhz", "IU clock")
               .unit("MHz").value(10).range(1, 1000).step(1)
               .about("Clock of the inference unit (UNIRED, NIP): the model counts clocks; "
                      "microseconds are clocks at this rate. ASSUMED: the paper gives none."))
      .add(&Params::word_bytes,
           number_param("pie64_word_bytes", "Bytes per word")
               .unit("bytes").value(4).range(1, 16).whole()
               .about("Bytes a transferred word carries. ASSUMED: a 32-bit data word."));
  ParamSpec& sizes = t.spec("logp_sizes");
  sizes.description =
      "Bytes of each transfer, in whole words; up to 4096 words, the paper's longest.";
  return t;
}

// IUs 0 and 1; UNIRED spends one clock on a transfer instruction and goes on, its NIP (or, for
// MP-Write, its MP) does the rest; on the receiver only the slave NIP works (sec. 3).
class Run : public LogpRun {
 public:
  Run(const Params& p, Command command, int bytes, std::uint64_t seed)
      : machine_(2, p.costs, seed),
        command_(command),
        words_((bytes + p.word_bytes - 1) / p.word_bytes),
        mhz_(p.clock_mhz) {}

 protected:
  // UNIRED at `iu` issues a transfer to the other IU: one clock of its time.
  int issue(int iu) {
    ++issue_clocks_[iu];
    return machine_.issue(iu, command_, 1 - iu, words_);
  }
  double us(std::int64_t clocks) const { return static_cast<double>(clocks) / mhz_; }

  Machine machine_;
  Command command_;
  int words_;
  double mhz_;
  std::int64_t issue_clocks_[2] = {0, 0};
};

// IU 0 transfers to IU 1, which transfers the same back once the data is in its memory.
class Ping final : public Run {
 public:
  Ping(const Params& p, Command command, int bytes, std::uint64_t seed)
      : Run(p, command, bytes, seed) {
    there_ = issue(0);
  }
  bool step() override {
    machine_.step();
    if (back_ < 0 && machine_.transfer(there_).done >= 0) back_ = issue(1);
    return back_ >= 0 && machine_.transfer(back_).done >= 0;
  }
  LogpMeasure measure() const override {
    LogpMeasure m;
    if (back_ >= 0) m.round_trip_us = us(machine_.transfer(back_).done);
    return m;
  }

 private:
  int there_;
  int back_ = -1;
};

// UNIRED at IU 0 issues `count` transfers, each as soon as its command register is free.
class Burst final : public Run {
 public:
  Burst(const Params& p, Command command, int bytes, int count, std::uint64_t seed)
      : Run(p, command, bytes, seed), count_(count) {}
  bool step() override {
    if (static_cast<int>(ids_.size()) < count_ && !machine_.busy(0)) ids_.push_back(issue(0));
    machine_.step();
    return static_cast<int>(ids_.size()) == count_ && machine_.transfer(ids_.back()).done >= 0;
  }
  LogpMeasure measure() const override {
    LogpMeasure m;
    for (const int id : ids_) m.delivered_us.push_back(us(machine_.transfer(id).done));
    m.send_busy_us = us(issue_clocks_[0]);
    m.recv_busy_us = us(issue_clocks_[1]);
    return m;
  }

 private:
  int count_;
  std::vector<int> ids_;
};

LogpTarget target(const std::shared_ptr<const Params>& p, Command command, const char* key,
                  const char* label, std::uint64_t seed) {
  LogpTarget t;
  t.key = key;
  t.label = label;
  t.clock_mhz = p->clock_mhz;
  t.ping = [p, command, seed](int bytes) {
    return std::unique_ptr<LogpRun>(new Ping(*p, command, bytes, seed));
  };
  t.burst = [p, command, seed](int bytes, int count) {
    return std::unique_ptr<LogpRun>(new Burst(*p, command, bytes, count, seed));
  };
  return t;
}

}  // namespace

ModelInfo pie64_logp_info() {
  return model_entry("pie64_logp", params())
      .title("PIE64: LogP signature (WRITEX, WRITEMN, MP-Write)")
      .about("The LogP microbenchmark (ping-pong and bursts) between two inference units for each "
             "transfer command, with the fitted overhead, latency, gap and per-byte gap.")
      .citation("M. Sato, H. Koike, H. Tanaka, Evaluation of the communication functions of the "
                "parallel computer PIE64 (in Japanese), 1993, sec. 3; LogP: Culler et al. 1993, "
                "LogGP: Alexandrov et al. 1995")
      .outputs(logp_outputs())
      .logp(logp_signature())
      .machine([](const Params&) {
        return std::vector<NetworkMap>{describe_network(*pie64::dan_topology(), "dan", "DAN")};
      })
      .run([](const Params& p, Rng rng) {
        for (const int bytes : p.bench.sizes) {
          if (bytes > kMaxWords * p.word_bytes) {
            throw ParamError("logp_sizes", "logp_sizes: " + std::to_string(bytes) +
                                               " bytes is more than 4096 words of " +
                                               std::to_string(p.word_bytes) + " bytes");
          }
        }
        auto held = std::make_shared<const Params>(p);
        const std::uint64_t seed = rng.next_u64();
        return logp_model({target(held, Command::kWritex, "pie64_writex", "PIE64 WRITEX", seed),
                           target(held, Command::kWritemn, "pie64_writemn", "PIE64 WRITEMN", seed),
                           target(held, Command::kMpWrite, "pie64_mpwrite", "PIE64 MP-Write",
                                  seed)},
                          p.bench);
      });
}

}  // namespace archex
