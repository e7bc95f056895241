// Longest common subsequence, sec. 4.3.1: string A spread evenly over the nodes, string B passed
// systolically from node 0, which first sends itself one message per character of B (its
// StartUp thread, at background priority, so each character is handled as soon as it is sent).
// A character's handler (NxtChar) fills the node's cells of that row of the table: a fixed
// prologue, a loop over the node's characters of A, an epilogue forwarding the character and
// the row's partial result (the value of its last cell) to the next node.

#include <algorithm>
#include <vector>

#include "machines/jmachine/programs/programs.h"

namespace archex::jmachine {

std::vector<int> lcs_string(int length, int alphabet, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<int> s(static_cast<std::size_t>(length));
  for (int& c : s) c = static_cast<int>(rng.below(static_cast<std::uint64_t>(alphabet)));
  return s;
}

int lcs_length(const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<int> row(a.size() + 1, 0);
  for (const int cb : b) {
    int diag = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const int up = row[i + 1];
      row[i + 1] = cb == a[i] ? diag + 1 : std::max(up, row[i]);
      diag = up;
    }
  }
  return row.back();
}

namespace {

constexpr int kChar = 0;

class Lcs final : public Program {
 public:
  Lcs(const ProgramParams& p, int nodes)
      : Program(p, nodes, ProgramKind::kLcs),
        a_(lcs_string(p.lcs_a_chars, p.lcs_alphabet, 1)),
        b_(lcs_string(p.lcs_b_chars, p.lcs_alphabet, 2)) {
    next_char_ = thread_kind("NxtChar");
    startup_ = thread_kind("StartUp");
    const auto n = static_cast<std::size_t>(nodes);
    lo_.resize(n + 1);
    for (std::size_t i = 0; i <= n; ++i) lo_[i] = static_cast<int>(i * a_.size() / n);
    row_.assign(a_.size(), 0);
    diag_.assign(n, 0);
  }

  void boot(int node, Thread& t) override {
    if (node != 0) return;
    started(startup_, 1);
    if (nodes_ > 1) return;
    // One node: the plain sequential program, a row at a time with no messages.
    for (std::size_t j = 0; j < b_.size(); ++j) {
      fill(0, b_[j], 0);
      run(t, next_char_, p_.lcs_prologue_instr + p_.lcs_epilogue_instr, Use::kCompute);
      run(t, next_char_, p_.lcs_cell_instr * static_cast<double>(a_.size()));
    }
    result_ = row_.back();
  }

  bool has_background(int node) const override {
    return node == 0 && nodes_ > 1 && sent_ < b_.size();
  }
  // StartUp: one character of B to itself per turn of background priority.
  bool more_background(int node, Thread& t) override {
    if (!has_background(node)) return false;
    // A loop of register operands and sends, at its own rate rather than the handlers'.
    t.compute(p_.lcs_startup_instr * p_.lcs_startup_cpi, Use::kHandler);
    count_instructions(startup_, p_.lcs_startup_instr);
    t.send(0, kChar, {b_[sent_++], 0});
    return true;
  }

  void on_message(int node, const Received& m, Thread& t) override {
    started(next_char_, m.words);
    const int last = fill(node, static_cast<int>(m.word(0)), static_cast<int>(m.word(1)));
    const auto cells = static_cast<double>(lo_[static_cast<std::size_t>(node) + 1] -
                                           lo_[static_cast<std::size_t>(node)]);
    run(t, next_char_, p_.lcs_prologue_instr, Use::kHandler);
    run(t, next_char_, p_.lcs_cell_instr * cells);
    run(t, next_char_, p_.lcs_epilogue_instr, Use::kHandler);
    if (node + 1 < nodes_) return t.send(node + 1, kChar, {m.word(0), last});
    if (++rows_done_ == b_.size()) result_ = last;
  }

  std::vector<std::string> handlers() const override { return {"NxtChar"}; }  // kChar

  double progress() const override {
    return static_cast<double>(rows_done_) / static_cast<double>(b_.size());
  }

  void finish(ProgramRun& r) const override {
    r.answer = result_;
    r.correct = result_ == lcs_length(a_, b_);
  }

 private:
  // The node's cells of the next row for character `c`, given the row's value left of them;
  // returns the value of its last cell.
  int fill(int node, int c, int left) {
    const auto n = static_cast<std::size_t>(node);
    int diag = diag_[n];
    diag_[n] = left;
    for (int i = lo_[n]; i < lo_[n + 1]; ++i) {
      const auto k = static_cast<std::size_t>(i);
      const int up = row_[k];
      row_[k] = c == a_[k] ? diag + 1 : std::max(up, left);
      left = row_[k];
      diag = up;
    }
    return left;
  }

  std::vector<int> a_;
  std::vector<int> b_;
  int next_char_ = 0;
  int startup_ = 0;
  // Node i holds A's characters lo_[i] .. lo_[i+1]-1 and their cells of the row last filled.
  std::vector<int> lo_;
  std::vector<int> row_;
  // Per node: the value left of its cells in the row last filled (the next row's diagonal).
  std::vector<int> diag_;
  std::size_t sent_ = 0;
  std::size_t rows_done_ = 0;
  int result_ = -1;
};

}  // namespace

ParamTable<ProgramParams> lcs_table() {
  ParamTable<ProgramParams> t;
  t.add(&ProgramParams::lcs_a_chars,
        number_param("lcs_a_chars", "LCS: string A")
            .unit("characters").value(1024).range(1, 65536).whole()
            .about("Characters of the string spread over the nodes."))
      .add(&ProgramParams::lcs_b_chars,
           number_param("lcs_b_chars", "LCS: string B")
               .unit("characters").value(4096).range(1, 65536).whole()
               .about("Characters of the string passed from node to node."))
      .add(&ProgramParams::lcs_alphabet,
           number_param("lcs_alphabet", "LCS: alphabet")
               .unit("letters").value(4).range(2, 256).whole()
               .about("Letters the random strings are drawn from."))
      .add(&ProgramParams::lcs_prologue_instr,
           instr("lcs_prologue_instr", "LCS: handler prologue", 10,
                 "Instructions before the loop: the index into the state tables."))
      .add(&ProgramParams::lcs_cell_instr,
           instr("lcs_cell_instr", "LCS: per cell", 13.4,
                 "Instructions of the loop per character of A on the node."))
      .add(&ProgramParams::lcs_epilogue_instr,
           instr("lcs_epilogue_instr", "LCS: handler epilogue", 8,
                 "Instructions after the loop, besides the send of the partial result."))
      .add(&ProgramParams::lcs_startup_instr,
           instr("lcs_startup_instr", "LCS: StartUp per character", 20,
                 "Instructions node 0's StartUp thread spends on each character it sends."))
      .add(&ProgramParams::lcs_startup_cpi,
           number_param("lcs_startup_cpi", "LCS: StartUp cycles per instruction")
               .unit("cycles").value(1).range(1, 20).step(0.01)
               .about("Cycles per instruction of node 0's StartUp loop, register operands and "
                      "sends: 1 is the MDP's peak rate."));
  return t;
}

std::unique_ptr<Program> make_lcs(const ProgramParams& p, int nodes) {
  return std::make_unique<Lcs>(p, nodes);
}

}  // namespace archex::jmachine
