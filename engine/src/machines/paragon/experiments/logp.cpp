#include "machines/paragon/experiments/logp.h"

#include <memory>
#include <utility>
#include <vector>

#include "core/logp.h"
#include "core/param_table.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube/kncube.h"
#include "machines/paragon/machine.h"

namespace archex {

namespace {

using paragon::MachineParams;
using paragon::Op;
using paragon::Program;

struct Params {
  LogpBench bench;
  MachineParams m;
  double clock_mhz;
};

ParamTable<Params> params() {
  ParamTable<Params> t;
  t.include(&Params::bench,
            logp_bench_table({8, 64, 256, 1024, 4096, 8192, 16384, 32768, 65536}))
      .include(&Params::m, paragon::cost_table())
      .add(&Params::clock_mhz,
           number_param("paragon_clock_mhz", "i860 XP clock")
               .unit("MHz").value(50).range(1, 1000).step(1)
               .about("Clock of the node's i860 XP processors (sec. 2): the cycles the LogGP "
                      "parameters are counted in."));
  return t;
}

// Nodes 0 and 1 of a 2 x 2 mesh (the other two idle).
const std::vector<int> kDims = {2, 2};

class Run final : public LogpRun {
 public:
  Run(const Params& p, std::vector<Program> programs, bool ping, int count)
      : machine_(p.m, kDims), ping_(ping), count_(count) {
    programs.resize(kDims[0] * kDims[1]);
    machine_.load(std::move(programs));
  }
  // One machine step: a network cycle, or a jump over idle time.
  bool step() override { return !machine_.step(); }
  LogpMeasure measure() const override {
    LogpMeasure m;
    if (ping_) {
      m.round_trip_us = machine_.marks(0).empty() ? 0 : machine_.marks(0)[0];
      return m;
    }
    for (int i = 0; i < count_ && i < static_cast<int>(machine_.marks(1).size()); ++i) {
      m.delivered_us.push_back(machine_.marks(1)[static_cast<std::size_t>(i)]);
    }
    // NX runs on the message processor (the receives were posted before the burst).
    m.send_busy_us = machine_.mp_busy_us(0);
    m.recv_busy_us = machine_.mp_busy_us(1);
    return m;
  }

 private:
  paragon::Machine machine_;
  bool ping_;
  int count_;
};

// Node 0 sends to node 1, which sends the same back once its receive (posted first) has it.
std::unique_ptr<LogpRun> ping(const Params& p, int bytes) {
  const double b = bytes;
  std::vector<Program> programs(2);
  programs[0] = {{Op::kSend, 1, b}, {Op::kPost, 0, 1}, {Op::kWaitRecv, 0, 1}, {Op::kMark, 0, 0}};
  programs[1] = {{Op::kPost, 0, 1}, {Op::kWaitRecv, 0, 1}, {Op::kSend, 0, b},
                 {Op::kWaitSend, 0, 0}};
  return std::make_unique<Run>(p, std::move(programs), true, 1);
}

// Node 1 posts `count` receives; after a barrier node 0 hands it `count` messages at once and
// node 1 marks each as it is received.
std::unique_ptr<LogpRun> burst(const Params& p, int bytes, int count) {
  std::vector<Program> programs(4);
  programs[1].push_back({Op::kPost, 0, static_cast<double>(count)});
  for (Program& program : programs) program.push_back({Op::kBarrier, 0, 0});
  for (int i = 0; i < count; ++i) programs[0].push_back({Op::kSend, 1, static_cast<double>(bytes)});
  programs[0].push_back({Op::kWaitSend, 0, 0});
  for (int i = 0; i < count; ++i) {
    programs[1].push_back({Op::kWaitRecv, 0, 1});
    programs[1].push_back({Op::kMark, 0, static_cast<double>(i)});
  }
  return std::make_unique<Run>(p, std::move(programs), false, count);
}

}  // namespace

ModelInfo paragon_logp_info() {
  return model_entry("paragon_logp", params())
      .title("Paragon: LogP signature (NX)")
      .about("The LogP microbenchmark (ping-pong and bursts) between two neighbouring Paragon "
             "nodes under NX, with the fitted overhead, latency, gap and per-byte gap.")
      .citation("B. Juurlink, Experimental Validation of Parallel Computation Models on the Intel "
                "Paragon, IPPS/SPDP 1998, sec. 2-3; LogP: Culler et al. 1993, LogGP: Alexandrov et "
                "al. 1995")
      .outputs(logp_outputs())
      .logp(logp_signature())
      .machine([](const Params&) {
        return std::vector<NetworkMap>{describe_network(KNCube(kDims, false), "mesh", "mesh")};
      })
      .run([](const Params& p, Rng) {
        auto held = std::make_shared<const Params>(p);
        LogpTarget t;
        t.key = "paragon_nx";
        t.label = "Paragon NX";
        t.clock_mhz = p.clock_mhz;
        t.ping = [held](int bytes) { return ping(*held, bytes); };
        t.burst = [held](int bytes, int count) { return burst(*held, bytes, count); };
        return logp_model({t}, p.bench);
      });
}

}  // namespace archex
