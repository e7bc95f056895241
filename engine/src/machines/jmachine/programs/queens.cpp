// N-queens, sec. 4.3.3: node 0 expands the boards breadth first to a depth set by the machine
// size (the first depth with at least `boards per node` boards a node), deals them out evenly in
// 8-word messages, and each board's thread (NQueens) counts its solutions depth first; the
// counts come back to node 0 in 3-word messages (NQDone). One node runs the plain depth-first
// search with no messages.

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

std::vector<Board> expand(int n, const std::vector<Board>& boards) {
  std::vector<Board> next;
  const std::uint32_t all = (1u << n) - 1;
  for (const Board& b : boards) {
    for (std::uint32_t free = all & ~(b.cols | b.left | b.right); free != 0; free &= free - 1) {
      const std::uint32_t bit = free & (0u - free);
      next.push_back({b.cols | bit, (b.left | bit) << 1, (b.right | bit) >> 1, b.row + 1});
    }
  }
  return next;
}

constexpr int kBoard = 0;
constexpr int kDone = 1;

class Queens final : public Program {
 public:
  Queens(const ProgramParams& p, int nodes) : Program(p, nodes, ProgramKind::kQueens) {
    thread_ = thread_kind("NQueens");
    done_ = thread_kind("NQDone");
    expand_ = thread_kind("Expand");
  }

  void boot(int node, Thread& t) override {
    if (node != 0) return;
    const int n = p_.queens_n;
    std::vector<Board> boards{Board{}};
    if (nodes_ > 1) {
      const auto want = static_cast<std::size_t>(nodes_) *
                        static_cast<std::size_t>(p_.queens_boards_per_node);
      std::int64_t visited = 0;
      while (boards.size() < want && boards.front().row < n) {
        visited += static_cast<std::int64_t>(boards.size());
        boards = expand(n, boards);
      }
      started(expand_, 0);
      run(t, expand_, p_.queens_board_instr * static_cast<double>(visited));
      depth_ = boards.front().row;
    }
    if (nodes_ == 1) return count(t, boards.front());
    boards_ = static_cast<std::int64_t>(boards.size());
    for (std::size_t i = 0; i < boards.size(); ++i) {
      const Board& b = boards[i];
      t.send(static_cast<int>(i % static_cast<std::size_t>(nodes_)), kBoard,
             {b.cols, b.left, b.right, b.row, static_cast<std::int64_t>(i), 0, 0});
    }
  }

  void on_message(int node, const Received& m, Thread& t) override {
    (void)node;
    if (m.handler == kDone) {
      started(done_, m.words);
      run(t, done_, p_.queens_done_instr);
      solutions_ += m.word(0);
      ++results_;
      return;
    }
    started(thread_, m.words);
    const Board b{static_cast<std::uint32_t>(m.word(0)), static_cast<std::uint32_t>(m.word(1)),
                  static_cast<std::uint32_t>(m.word(2)), static_cast<int>(m.word(3))};
    count(t, b);
  }

  double progress() const override {
    return boards_ > 0 ? static_cast<double>(results_) / static_cast<double>(boards_) : 0;
  }

  void finish(ProgramRun& r) const override {
    r.answer = static_cast<double>(solutions_);
    std::int64_t check = 0;
    std::int64_t visited = 0;
    search(p_.queens_n, Board{}, check, visited);
    r.correct = solutions_ == check && (nodes_ == 1 || results_ == boards_);
    r.extras.push_back(kQueensDepth(static_cast<double>(depth_)));
    r.extras.push_back(kQueensBoards(static_cast<double>(boards_)));
  }

 private:
  // A board's thread: the depth-first search below it, then its count to node 0.
  void count(Thread& t, const Board& b) {
    std::int64_t solutions = 0;
    std::int64_t visited = 0;
    search(p_.queens_n, b, solutions, visited);
    run(t, thread_, p_.queens_board_instr * static_cast<double>(visited));
    if (nodes_ == 1) {
      solutions_ = solutions;
      return;
    }
    t.send(0, kDone, {solutions, 0});
  }

  int thread_ = 0;
  int done_ = 0;
  int expand_ = 0;
  int depth_ = 0;
  std::int64_t boards_ = 0;
  std::int64_t results_ = 0;
  std::int64_t solutions_ = 0;
};

}  // namespace

std::unique_ptr<Program> make_queens(const ProgramParams& p, int nodes) {
  return std::make_unique<Queens>(p, nodes);
}

}  // namespace archex::jmachine
