// The butterfly barrier of sec. 3.2 (Table 3): scan style, log2 n waves of n messages, each wave
// one stage of a butterfly laid on the mesh (node i's partner in wave k is i xor 2^k, so the
// waves walk the x, y and z dimensions at distances 1, 2, 4, ...), a different handler per wave.

#include <string>
#include <vector>

#include "machines/jmachine/programs/programs.h"

namespace archex::jmachine {
namespace {

class Barrier final : public Program {
 public:
  Barrier(const ProgramParams& p, int nodes) : Program(p, nodes, ProgramKind::kBarrier) {
    while ((1 << waves_) < nodes) ++waves_;
    call_ = thread_kind("Barrier");
    wave_ = thread_kind("Wave");
    const auto n = static_cast<std::size_t>(nodes);
    at_wave_.assign(n, 0);
    arrived_.assign(n, 0);
  }

  // Every node's thread calls the barrier at cycle 0.
  void boot(int node, Thread& t) override {
    started(call_, 0);
    run(t, call_, p_.barrier_call_instr / 2, Use::kSync);
    advance(node, 0, t);
  }

  // The wave-k handler: the partner's side has reached wave k.
  void on_message(int node, const Received& m, Thread& t) override {
    started(wave_, m.words);
    run(t, wave_, p_.barrier_wave_instr, Use::kHandler);
    const int k = m.handler;
    const auto n = static_cast<std::size_t>(node);
    if (at_wave_[n] == k + 1) return advance(node, k + 1, t);
    // This node has not sent its own wave-k message yet: the arrival is noted for it.
    t.compute(sync_write(), Use::kSync);
    arrived_[n] |= 1u << k;
  }

  // Wave k's message runs handler k.
  std::vector<std::string> handlers() const override {
    std::vector<std::string> names;
    for (int k = 0; k < waves_; ++k) names.push_back("Wave " + std::to_string(k));
    return names;
  }

  double progress() const override { return static_cast<double>(resumed_) / nodes_; }

  void record(TraceRecorder& recorder) override {
    trace_ = &recorder;
    wave_kind_ = recorder.add_kind(
        {"barrier_wave",
         "A node passes wave k of the barrier: its wave-k message leaves for its partner, node "
         "xor 2^k (its handler there is wave k).",
         {{"node", static_cast<std::uint32_t>(nodes_ - 1), {}},
          {"wave", static_cast<std::uint32_t>(waves_), {}}}});
  }

  void finish(ProgramRun& r) const override {
    r.answer = resumed_;
    r.correct = resumed_ == nodes_;
  }

 private:
  // The node has passed waves below k: it sends its wave-k message and goes on while the
  // partner's wave-k message is already there.
  void advance(int node, int k, Thread& t) {
    const auto n = static_cast<std::size_t>(node);
    for (;; ++k) {
      if (k == waves_) {
        run(t, call_, p_.barrier_call_instr / 2, Use::kSync);
        ++resumed_;
        return;
      }
      t.send(node ^ (1 << k), k, {});
      at_wave_[n] = k + 1;
      if (trace_) trace_->record(wave_kind_, trace_->now(), node, k);
      if (!(arrived_[n] >> k & 1)) {
        t.compute(sync_failure() - p_.mdp.save_cycles, Use::kSync);
        return;
      }
      t.compute(sync_success(), Use::kSync);
    }
  }

  int waves_ = 0;
  TraceRecorder* trace_ = nullptr;
  int wave_kind_ = 0;
  int call_ = 0;
  int wave_ = 0;
  int resumed_ = 0;
  // Per node: the waves whose message it has sent; the waves whose partner message has arrived.
  std::vector<int> at_wave_;
  std::vector<unsigned> arrived_;
};

}  // namespace

ParamTable<ProgramParams> barrier_table() {
  ParamTable<ProgramParams> t;
  t.add(&ProgramParams::barrier_call_instr,
        instr("barrier_call_instr", "Barrier call and return", 10,
              "Instructions of calling the barrier routine and resuming the caller."))
      .add(&ProgramParams::barrier_wave_instr,
           instr("barrier_wave_instr", "Barrier wave handler", 5.8,
                 "Instructions of one wave's handler besides dispatch and the send."));
  return t;
}

std::unique_ptr<Program> make_barrier(const ProgramParams& p, int nodes) {
  return std::make_unique<Barrier>(p, nodes);
}

}  // namespace archex::jmachine
