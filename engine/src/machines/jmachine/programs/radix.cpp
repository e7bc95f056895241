// Radix sort, sec. 4.3.2: keys spread evenly, sorted one digit at a time by a stable three-phase
// counting sort. Each node's Sort thread counts its keys' digits; the counts are combined up a
// binary combining tree (node i's subtree is the nodes i .. i + lowbit(i) - 1, so every subtree
// is a run of nodes and the offsets come out in node order) and the offsets distributed back
// down; the thread then moves each key to its slot as soon as it knows it, by a remote-write
// message (Write) or a local store, and suspends until all its own slots are written.

#include <algorithm>
#include <utility>
#include <vector>

#include "machines/jmachine/programs/programs.h"

namespace archex::jmachine {

namespace {

constexpr int kUp = 0;
constexpr int kDown = 1;
constexpr int kWrite = 2;

int lowbit(int i) { return i & -i; }

class Radix final : public Program {
 public:
  Radix(const ProgramParams& p, int nodes, Rng rng)
      : Program(p, nodes, ProgramKind::kRadix),
        digits_(1 << p.radix_digit_bits),
        passes_(radix_passes(p)) {
    sort_ = thread_kind("Sort");
    write_ = thread_kind("Write");
    combine_ = thread_kind("Combine");
    keys_.resize(static_cast<std::size_t>(p.radix_keys));
    const std::uint64_t top = std::uint64_t{1} << p.radix_key_bits;
    for (auto& k : keys_) k = static_cast<std::int64_t>(rng.below(top));
    const auto n = static_cast<std::size_t>(nodes);
    lo_.resize(n + 1);
    for (std::size_t i = 0; i <= n; ++i) {
      lo_[i] = static_cast<int>(i * keys_.size() / n);
    }
    data_ = keys_;
    next_.assign(keys_.size(), 0);
    state_.resize(n);
    for (auto& s : state_) {
      s.counts.assign(static_cast<std::size_t>(digits_), 0);
      s.sums.assign(static_cast<std::size_t>(digits_), 0);
    }
  }

  void boot(int node, Thread& t) override {
    started(sort_, 0);
    if (nodes_ == 1) return sequential(t);
    count(node, t);
  }

  void on_message(int node, const Received& m, Thread& t) override {
    Node& s = state_[static_cast<std::size_t>(node)];
    if (m.handler == kWrite) {
      started(write_, m.words);
      t.compute(p_.radix_write_cycles, Use::kCommunication);
      count_instructions(write_, kWriteInstr);
      next_[static_cast<std::size_t>(m.word(0))] = m.word(1);
      arrived(node, t);
      return;
    }
    started(combine_, m.words);
    run(t, combine_, p_.radix_scan_instr * digits_, Use::kSync);
    if (m.handler == kUp) {
      for (int d = 0; d < digits_; ++d) s.sums[static_cast<std::size_t>(d)] += m.word(d);
      s.child_sums.emplace_back(m.src, *m.payload);
      ++s.children_in;
      t.compute(sync_write(), Use::kSync);
      return up(node, t);
    }
    std::vector<std::int64_t> before(m.payload->begin(), m.payload->end());
    down(node, before, t);
  }

  // kUp and kDown carry the combining tree's sums up and its prefixes down.
  std::vector<std::string> handlers() const override {
    return {"Combine up", "Combine down", "Write"};
  }

  double progress() const override {
    double passes = 0;
    for (const Node& s : state_) passes += s.pass;
    return passes / (static_cast<double>(passes_) * nodes_);
  }

  void finish(ProgramRun& r) const override {
    std::vector<std::int64_t> sorted = keys_;
    std::sort(sorted.begin(), sorted.end());
    r.correct = data_ == sorted;
    r.answer = static_cast<double>(data_.size());
  }

 private:
  // The Write handler is 4 instructions; its cycles are radix_write_cycles.
  static constexpr double kWriteInstr = 4;

  struct Node {
    std::vector<std::int64_t> counts;
    std::vector<std::int64_t> sums;
    int children_in = 0;
    // Each child's subtree sums as they came up, for handing the children their offsets.
    std::vector<std::pair<int, std::vector<std::int64_t>>> child_sums;
    int pass = 0;
    bool counted = false;
    bool sent_up = false;
    int received = 0;
    bool waiting_writes = false;
  };

  int children(int node) const {
    int c = 0;
    const int span = node == 0 ? nodes_ : lowbit(node);
    for (int k = 1; k < span && node + k < nodes_; k <<= 1) ++c;
    return c;
  }
  std::size_t size(int node) const {
    const auto n = static_cast<std::size_t>(node);
    return static_cast<std::size_t>(lo_[n + 1] - lo_[n]);
  }
  int digit(std::int64_t key, int pass) const {
    return static_cast<int>(key >> (pass * p_.radix_digit_bits)) & (digits_ - 1);
  }

  // One node: the sequential sort of sec. 4.3 (its base case), each pass a count, a scan of the
  // counts and the reorder loop with local stores only: no tree, no synchronization, and no test
  // of which node holds a slot.
  void sequential(Thread& t) {
    Node& s = state_[0];
    const auto keys = static_cast<double>(keys_.size());
    for (; s.pass < passes_; ++s.pass) {
      std::vector<std::int64_t> offset(static_cast<std::size_t>(digits_), 0);
      for (const std::int64_t key : data_) ++offset[static_cast<std::size_t>(digit(key, s.pass))];
      std::int64_t total = 0;
      for (std::int64_t& o : offset) total += std::exchange(o, total);
      for (const std::int64_t key : data_) {
        next_[static_cast<std::size_t>(offset[static_cast<std::size_t>(digit(key, s.pass))]++)] =
            key;
      }
      data_.swap(next_);
      run(t, sort_,
          (p_.radix_count_instr + p_.radix_move_instr + p_.radix_local_write_instr) * keys +
              p_.radix_scan_instr * digits_);
    }
  }

  // Phase 1: count the node's keys by digit, then join the combining tree.
  void count(int node, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    std::fill(s.counts.begin(), s.counts.end(), 0);
    const auto n = static_cast<std::size_t>(node);
    for (int i = lo_[n]; i < lo_[n + 1]; ++i) {
      ++s.counts[static_cast<std::size_t>(digit(data_[static_cast<std::size_t>(i)], s.pass))];
    }
    run(t, sort_, p_.radix_count_instr * static_cast<double>(size(node)));
    for (int d = 0; d < digits_; ++d) s.sums[static_cast<std::size_t>(d)] += s.counts[d];
    s.counted = true;
    t.compute(sync_write(), Use::kSync);
    up(node, t);
    // The thread now waits for its offsets.
    t.compute(sync_failure(), Use::kSync);
  }

  // Once the node has counted and all its children's sums are in: the subtree's sums go up.
  void up(int node, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    if (!s.counted || s.children_in < children(node) || s.sent_up) return;
    s.sent_up = true;
    if (node != 0) return t.send(node - lowbit(node), kUp, s.sums);
    // The root: digit d's keys start after all keys of smaller digits.
    std::vector<std::int64_t> before(static_cast<std::size_t>(digits_), 0);
    std::int64_t total = 0;
    for (int d = 0; d < digits_; ++d) {
      before[static_cast<std::size_t>(d)] = total;
      total += s.sums[static_cast<std::size_t>(d)];
    }
    run(t, combine_, p_.radix_scan_instr * digits_, Use::kSync);
    down(0, before, t);
  }

  // `before`: the slots of each digit taken by keys of nodes before this one. The node hands its
  // children theirs and restarts its Sort thread to move its keys.
  void down(int node, std::vector<std::int64_t> before, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    std::vector<std::int64_t> offset = before;
    for (int d = 0; d < digits_; ++d) before[d] += s.counts[static_cast<std::size_t>(d)];
    const int span = node == 0 ? nodes_ : lowbit(node);
    for (int k = 1; k < span && node + k < nodes_; k <<= 1) {
      t.send(node + k, kDown, before);
      // The child's subtree sums move the next child's start on.
      for (const auto& [child, sums] : s.child_sums) {
        if (child != node + k) continue;
        for (int d = 0; d < digits_; ++d) before[d] += sums[static_cast<std::size_t>(d)];
      }
    }
    // Ready for the next digit's tree, whose sums may come up before this pass ends.
    s.child_sums.clear();
    s.children_in = 0;
    s.counted = false;
    s.sent_up = false;
    std::fill(s.sums.begin(), s.sums.end(), 0);
    t.restart([this, node, offset](Thread& next) {
      next.compute(p_.mdp.restore_cycles, Use::kSync);
      reorder(node, offset, next);
    });
  }

  // Phase 3: each key to its slot as soon as its place is known.
  void reorder(int node, std::vector<std::int64_t> offset, Thread& t) {
    const auto n = static_cast<std::size_t>(node);
    const auto per = static_cast<std::int64_t>(keys_.size()) / nodes_;
    for (int i = lo_[n]; i < lo_[n + 1]; ++i) {
      const std::int64_t key = data_[static_cast<std::size_t>(i)];
      const std::int64_t slot = offset[static_cast<std::size_t>(digit(key, state_[n].pass))]++;
      run(t, sort_, p_.radix_move_instr + p_.radix_route_instr);
      const int owner = owner_of(slot, per);
      if (owner == node) {
        run(t, sort_, p_.radix_local_write_instr);
        next_[static_cast<std::size_t>(slot)] = key;
        arrived(node, t);
      } else {
        t.send(owner, kWrite, {slot, key}, p_.radix_write_priority);
      }
    }
    Node& s = state_[n];
    if (s.received < static_cast<int>(size(node))) {
      s.waiting_writes = true;
      t.compute(sync_failure(), Use::kSync);
    }
  }

  int owner_of(std::int64_t slot, std::int64_t per) const {
    int owner = static_cast<int>(slot / std::max<std::int64_t>(per, 1));
    owner = std::min(owner, nodes_ - 1);
    while (owner > 0 && slot < lo_[static_cast<std::size_t>(owner)]) --owner;
    while (owner + 1 < nodes_ && slot >= lo_[static_cast<std::size_t>(owner) + 1]) ++owner;
    return owner;
  }

  // A slot of the node was written; the last one ends the node's pass.
  void arrived(int node, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    if (++s.received < static_cast<int>(size(node))) return;
    if (s.waiting_writes) {
      t.restart([this, node](Thread& next) {
        next.compute(p_.mdp.restore_cycles, Use::kSync);
        end_pass(node, next);
      });
      s.waiting_writes = false;
      return;
    }
    // Its own thread is still moving keys (local stores): it ends the pass itself.
    t.restart([this, node](Thread& next) { end_pass(node, next); });
  }

  // The node's slots are all written: its part of the next digit's array is ready.
  void end_pass(int node, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    const auto n = static_cast<std::size_t>(node);
    std::copy(next_.begin() + lo_[n], next_.begin() + lo_[n + 1], data_.begin() + lo_[n]);
    s.received = 0;
    if (++s.pass == passes_) return;
    count(node, t);
  }

  int digits_;
  int passes_;
  int sort_ = 0;
  int write_ = 0;
  int combine_ = 0;
  std::vector<std::int64_t> keys_;
  std::vector<int> lo_;
  std::vector<std::int64_t> data_;
  std::vector<std::int64_t> next_;
  std::vector<Node> state_;
};

}  // namespace

int radix_passes(const ProgramParams& p) {
  return (p.radix_key_bits + p.radix_digit_bits - 1) / p.radix_digit_bits;
}

ParamTable<ProgramParams> radix_table() {
  ParamTable<ProgramParams> t;
  t.add(&ProgramParams::radix_keys,
        number_param("radix_keys", "Radix: keys")
            .unit("keys").value(65536).range(1, 1 << 20).whole()
            .about("Keys sorted."))
      .add(&ProgramParams::radix_key_bits,
           number_param("radix_key_bits", "Radix: key width")
               .unit("bits").value(28).range(1, 31).whole()
               .about("Bits per key."))
      .add(&ProgramParams::radix_digit_bits,
           number_param("radix_digit_bits", "Radix: digit width")
               .unit("bits").value(4).range(1, 8).whole()
               .about("Bits sorted per pass."))
      .add(&ProgramParams::radix_count_instr,
           instr("radix_count_instr", "Radix: count per key", 6,
                 "Instructions per key of the counting phase."))
      .add(&ProgramParams::radix_scan_instr,
           instr("radix_scan_instr", "Radix: tree per digit", 4,
                 "Instructions per digit value of a combining or distributing step."))
      .add(&ProgramParams::radix_move_instr,
           instr("radix_move_instr", "Radix: reorder per key", 28.5,
                 "Instructions per key of the reorder phase before its write, the sequential "
                 "loop's as well as the parallel one's."))
      .add(&ProgramParams::radix_route_instr,
           instr("radix_route_instr", "Radix: slot's node per key", 4,
                 "Instructions per key the parallel reorder loop adds to find the node holding "
                 "the key's slot and test it against its own (the sequential loop has none)."))
      .add(&ProgramParams::radix_local_write_instr,
           instr("radix_local_write_instr", "Radix: local write", 2,
                 "Instructions of writing a key to a slot on its own node."))
      .add(&ProgramParams::radix_write_cycles,
           number_param("radix_write_cycles", "Radix: Write handler")
               .unit("cycles").value(12).range(0, 1000).step(1)
               .about("Cycles of the 4-instruction remote-write handler after dispatch."))
      .add(&ProgramParams::radix_write_priority,
           number_param("radix_write_priority", "Radix: Write priority")
               .value(1).range(0, 1).whole()
               .about("Priority of the Write messages: 1 preempts the Sort thread as each arrives, "
                      "0 waits in the queue until the Sort thread suspends."));
  return t;
}

std::unique_ptr<Program> make_radix(const ProgramParams& p, int nodes, Rng rng) {
  return std::make_unique<Radix>(p, nodes, rng);
}

}  // namespace archex::jmachine
