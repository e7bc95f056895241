// N-queens, sec. 4.3.3: the boards are expanded breadth first by a tree of threads spread over the
// machine, down to a depth set by the machine size (the first depth with at least `boards per
// node` boards a node), then each board at that depth is searched depth first by one coarse
// thread (NQueens). A board travels in an 8-word message with the share of the machine its
// subtree may use and its parent; a board above the search depth is expanded where it lands
// (Expand): its share is split evenly among its children and each child goes to the first node of
// its own share (ASSUMED: the paper says only that the work is "spread relatively evenly"). Every
// board's count goes back to its parent in a 3-word message (NQDone), and a parent whose children
// have all reported sends their sum on to its own, so the counts combine up the tree to node 0.
// One node runs the plain depth-first search with no messages.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "machines/jmachine/programs/programs.h"

namespace archex::jmachine {

namespace {

// A partial board as bit masks of the columns and diagonals taken, and its row.
struct Board {
  std::uint32_t cols = 0;
  std::uint32_t left = 0;
  std::uint32_t right = 0;
  int row = 0;
};

// Solutions below `b`, and the boards visited (placements tried that were legal).
void search(int n, const Board& b, std::int64_t& solutions, std::int64_t& visited) {
  ++visited;
  if (b.row == n) {
    ++solutions;
    return;
  }
  const std::uint32_t all = (1u << n) - 1;
  for (std::uint32_t free = all & ~(b.cols | b.left | b.right); free != 0; free &= free - 1) {
    const std::uint32_t bit = free & (0u - free);
    search(n, {b.cols | bit, (b.left | bit) << 1, (b.right | bit) >> 1, b.row + 1}, solutions,
           visited);
  }
}

std::vector<Board> children(int n, const Board& b) {
  std::vector<Board> next;
  const std::uint32_t all = (1u << n) - 1;
  for (std::uint32_t free = all & ~(b.cols | b.left | b.right); free != 0; free &= free - 1) {
    const std::uint32_t bit = free & (0u - free);
    next.push_back({b.cols | bit, (b.left | bit) << 1, (b.right | bit) >> 1, b.row + 1});
  }
  return next;
}

constexpr int kBoard = 0;
constexpr int kDone = 1;

// A share of the machine in fixed point, 1/2^16 of a node a unit: the integer arithmetic a Tuned J
// program would split it with (2^12 nodes at most, so a share fits a 32-bit word).
constexpr std::int64_t kShareUnit = std::int64_t{1} << 16;

class Queens final : public Program {
 public:
  Queens(const ProgramParams& p, int nodes) : Program(p, nodes, ProgramKind::kQueens) {
    thread_ = thread_kind("NQueens");
    done_ = thread_kind("NQDone");
    expand_ = thread_kind("Expand");
    if (nodes_ == 1) return;
    // The search depth, a constant of the program for this machine size and N.
    const auto want =
        static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(p_.queens_boards_per_node);
    std::vector<Board> level{Board{}};
    while (level.size() < want && depth_ < p_.queens_n) {
      std::vector<Board> next;
      for (const Board& b : level) {
        for (const Board& c : children(p_.queens_n, b)) next.push_back(c);
      }
      level = std::move(next);
      ++depth_;
    }
    leaves_ = static_cast<std::int64_t>(level.size());
  }

  void boot(int node, Thread& t) override {
    if (node != 0) return;
    if (nodes_ == 1) {
      std::int64_t visited = 0;
      search(p_.queens_n, Board{}, solutions_, visited);
      run(t, thread_, p_.queens_board_instr * static_cast<double>(visited));
      return;
    }
    // The root board is expanded on node 0 with the whole machine as its share.
    started(expand_, 0);
    expand(Board{}, 0, nodes_ * kShareUnit, -1, 0, t);
  }

  void on_message(int node, const Received& m, Thread& t) override {
    if (m.handler == kDone) {
      started(done_, m.words);
      run(t, done_, p_.queens_done_instr);
      return report(static_cast<int>(m.word(1)), m.word(0), t);
    }
    const Board b{static_cast<std::uint32_t>(m.word(0)), static_cast<std::uint32_t>(m.word(1)),
                  static_cast<std::uint32_t>(m.word(2)), static_cast<int>(m.word(3))};
    const int parent = static_cast<int>(m.word(6));
    if (b.row < depth_) {
      started(expand_, m.words);
      return expand(b, m.word(4), m.word(5), parent, node, t);
    }
    started(thread_, m.words);
    std::int64_t solutions = 0;
    std::int64_t visited = 0;
    search(p_.queens_n, b, solutions, visited);
    run(t, thread_, p_.queens_board_instr * static_cast<double>(visited));
    ++searched_;
    t.send(parents_[static_cast<std::size_t>(parent)].node, kDone, {solutions, parent});
  }

  std::vector<std::string> handlers() const override { return {"NQueens", "NQDone"}; }

  double progress() const override {
    return leaves_ > 0 ? static_cast<double>(searched_) / static_cast<double>(leaves_) : 0;
  }

  void finish(ProgramRun& r) const override {
    r.answer = static_cast<double>(solutions_);
    std::int64_t check = 0;
    std::int64_t visited = 0;
    search(p_.queens_n, Board{}, check, visited);
    r.correct = solutions_ == check && (nodes_ == 1 || (done_all_ && searched_ == leaves_));
    r.extras.push_back(kQueensDepth(static_cast<double>(depth_)));
    r.extras.push_back(kQueensBoards(static_cast<double>(leaves_)));
  }

 private:
  // An expanded board waiting for its children's counts, on the node that expanded it.
  struct Parent {
    int node = 0;
    int parent = -1;
    int waiting = 0;
    std::int64_t solutions = 0;
  };

  // Expands `b`, whose subtree may use the nodes of share [lo, hi): each child gets an even part
  // of it and goes to that part's first node, with this board as its parent.
  void expand(const Board& b, std::int64_t lo, std::int64_t hi, int parent, int node,
              Thread& t) {
    run(t, expand_, p_.queens_board_instr);
    const std::vector<Board> next = children(p_.queens_n, b);
    const int id = static_cast<int>(parents_.size());
    // A board with no legal child reports a count of none at once.
    parents_.push_back({node, parent, std::max(1, static_cast<int>(next.size())), 0});
    if (next.empty()) return report(id, 0, t);
    const auto m = static_cast<std::int64_t>(next.size());
    for (std::int64_t j = 0; j < m; ++j) {
      const Board& c = next[static_cast<std::size_t>(j)];
      const std::int64_t from = lo + (hi - lo) * j / m;
      const std::int64_t to = lo + (hi - lo) * (j + 1) / m;
      t.send(static_cast<int>(from / kShareUnit), kBoard,
             {c.cols, c.left, c.right, c.row, from, to, id});
    }
  }

  // A count for expanded board `id`; its last one sends the sum to its parent (node 0's root
  // holds the answer).
  void report(int id, std::int64_t solutions, Thread& t) {
    Parent& p = parents_[static_cast<std::size_t>(id)];
    p.solutions += solutions;
    if (--p.waiting > 0) return;
    if (p.parent < 0) {
      solutions_ = p.solutions;
      done_all_ = true;
      return;
    }
    t.send(parents_[static_cast<std::size_t>(p.parent)].node, kDone, {p.solutions, p.parent});
  }

  int thread_ = 0;
  int done_ = 0;
  int expand_ = 0;
  int depth_ = 0;
  std::int64_t leaves_ = 0;
  std::int64_t searched_ = 0;
  std::vector<Parent> parents_;
  std::int64_t solutions_ = 0;
  bool done_all_ = false;
};

}  // namespace

ParamTable<ProgramParams> queens_table() {
  ParamTable<ProgramParams> t;
  t.add(&ProgramParams::queens_n,
        number_param("queens_n", "N-queens: N")
            .unit("queens").value(13).range(4, 16).whole()
            .about("Board size."))
      .add(&ProgramParams::queens_boards_per_node,
           number_param("queens_boards_per_node", "N-queens: boards per node")
               .unit("boards").value(4).range(1, 4096).whole()
               .about("Breadth-first expansion stops at the first depth with this many boards a "
                      "node."))
      .add(&ProgramParams::queens_board_instr,
           instr("queens_board_instr", "N-queens: per board visited", 60,
                 "Instructions per board visited: each board the depth-first search visits and "
                 "each board the expansion tree expands."))
      .add(&ProgramParams::queens_done_instr,
           instr("queens_done_instr", "N-queens: result handler", 20,
                 "Instructions of node 0's handler adding a board's count."));
  return t;
}

std::unique_ptr<Program> make_queens(const ProgramParams& p, int nodes) {
  return std::make_unique<Queens>(p, nodes);
}

}  // namespace archex::jmachine
