#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/outputs.h"
#include "core/rng.h"
#include "machines/jmachine/mdp.h"
#include "network/network_params.h"

namespace archex::jmachine {

// The programs of sec. 3.2 and 4 and their knobs; each per-step cost is in instructions (times
// the MDP's cycles per instruction) or cycles, as its name says.
enum class ProgramKind : int { kBarrier = 0, kLcs, kRadix, kQueens, kTsp, kCount };
const char* program_key(ProgramKind kind);
const char* program_label(ProgramKind kind);
// The kinds of thread (handlers) a program runs, in the order it numbers them: the names its
// statistics, its outputs and the trace views carry, declared here once.
const std::vector<std::string>& program_threads(ProgramKind kind);

// The figures one program reports besides every program's.
constexpr ScalarOutput kQueensDepth{"queens_depth", "rows",
                                    "Rows the expansion tree places before the depth-first search"};
constexpr ScalarOutput kQueensBoards{"queens_boards", "boards",
                                     "Boards searched depth first, one NQueens thread each"};
constexpr ScalarOutput kTspExtensions{"tsp_extensions", "extensions",
                                      "Path extensions over all nodes (the work the bounds left)"};
constexpr ScalarOutput kTspTasks{"tsp_tasks", "tasks", "Subpath tasks"};
constexpr const ScalarOutput* kProgramFigures[] = {&kQueensDepth, &kQueensBoards, &kTspExtensions,
                                                   &kTspTasks};

struct ProgramParams {
  NetworkParams net;
  NodeCosts costs;
  MdpCosts mdp;
  // Cycles per instruction of the hand-tuned programs of Table 4 (LCS, radix sort, N-queens).
  double cpi_tuned;
  // Barrier (sec. 3.2): the call and return around it, and each wave's handler.
  double barrier_call_instr;
  double barrier_wave_instr;
  // LCS (4.3.1).
  int lcs_a_chars;
  int lcs_b_chars;
  int lcs_alphabet;
  double lcs_prologue_instr;
  double lcs_cell_instr;
  double lcs_epilogue_instr;
  double lcs_startup_instr;
  double lcs_startup_cpi;
  // Radix sort (4.3.2).
  int radix_keys;
  int radix_key_bits;
  int radix_digit_bits;
  double radix_count_instr;
  double radix_scan_instr;
  double radix_move_instr;
  double radix_route_instr;
  double radix_local_write_instr;
  double radix_write_cycles;
  int radix_write_priority;
  // N-queens (4.3.3).
  int queens_n;
  int queens_boards_per_node;
  double queens_board_instr;
  double queens_done_instr;
  // TSP (4.3.4).
  int tsp_cities;
  int tsp_instance_seed;
  int tsp_task_depth;
  double tsp_extend_instr;
  int tsp_null_call_every;
  int tsp_max_asks;
  int tsp_calls_per_yield;
  double tsp_null_call_instr;
  double tsp_xlates_per_extend;
};

// A program's parameter table, what it reads: the machine's parameters (the network, the node's
// and the MDP's costs) but those no program reads, cpi_tuned for a hand-tuned program, and its
// own knobs (declared in its file).
ParamTable<ProgramParams> program_table(ProgramKind kind);
// Every program's parameters, the union of their tables: the machine's, cpi_tuned, then each
// program's own in program order.
ParamTable<ProgramParams> program_table();

// Whether a program is one of Table 4's hand-tuned ones, whose instructions run at cpi_tuned.
bool hand_tuned(ProgramKind kind);

// An instruction count of a program's step, for the programs' own tables.
ParamSpec instr(const char* name, const char* label, double value, const char* description);

// The most nodes a program runs on.
constexpr int kMaxNodes = 4096;

// Throws ParamError naming `param` unless `nodes` is a power of two up to kMaxNodes.
void check_machine_size(int nodes, const char* param);

// A machine of `nodes` MDPs (a power of two up to kMaxNodes) as a 3-D mesh grown one dimension at
// a time: 2 = 2, 4 = 2x2, 8 = 2x2x2, 16 = 4x2x2, ..., 512 = 8x8x8. One node runs on a mesh of two
// with the second left idle.
std::vector<int> mesh_dims(int nodes);

// What one run of a program gives.
struct ThreadCount {
  std::string name;
  std::int64_t threads = 0;
  double instructions = 0;
  double message_words = 0;  // total words of the messages that started these threads
};
struct ProgramRun {
  int nodes = 0;
  double cycles = 0;
  // Per node: cycles by use (Use order) and idle.
  std::vector<std::vector<double>> uses;
  std::vector<double> idle;
  std::vector<ThreadCount> threads;
  std::int64_t queue_faults = 0;
  std::int64_t send_faults = 0;
  std::int64_t max_node_send_faults = 0;
  std::int64_t messages = 0;
  double xlates = 0;
  // The program's answer, and whether it is the right one (checked against a plain sequential
  // computation of the same problem).
  double answer = 0;
  bool correct = false;
  // Program-specific figures (kProgramFigures).
  std::vector<Scalar> extras;
};

// A program as the MDPs run it: handlers and a first thread per node.
class Program : public Machine::Workload {
 public:
  Program(const ProgramParams& p, int nodes, ProgramKind kind);
  // The first thread of `node`, started at cycle 0.
  virtual void boot(int node, Thread& t) = 0;
  // Background work once booted (LCS's node 0 generating characters); false if none.
  virtual bool more_background(int /*node*/, Thread& /*t*/) { return false; }
  virtual bool has_background(int /*node*/) const { return false; }
  // The share of the program's work done, for a progress bar.
  virtual double progress() const = 0;
  // After the run: the answer, its check and the program's own figures.
  virtual void finish(ProgramRun& run) const = 0;
  // Records the program's own events (a barrier's waves) into `recorder` from now on.
  virtual void record(TraceRecorder& /*recorder*/) {}
  // Its handlers' names by the number its messages carry, as a trace shows them.
  virtual std::vector<std::string> handlers() const = 0;

  bool background(int node, Thread& t) final;
  // Every node booted and none with background work left.
  bool settled() const;
  std::int64_t quiet_cycles(int node) const final;

  int nodes() const { return nodes_; }
  const std::vector<ThreadCount>& threads() const { return threads_; }
  double xlates() const { return xlates_; }

 protected:
  // `instr` instructions at the program's rate (or external memory's), counted to thread kind
  // `kind`.
  void run(Thread& t, int kind, double instr, Use use = Use::kCompute, bool external = false) {
    t.compute(instr * (external ? p_.mdp.cpi_external : cpi_), use);
    threads_[static_cast<std::size_t>(kind)].instructions += instr;
  }
  // Instructions of a thread whose cycles are given otherwise.
  void count_instructions(int kind, double instr) {
    threads_[static_cast<std::size_t>(kind)].instructions += instr;
  }
  // A thread of kind `kind` started by a message of `words` words.
  void started(int kind, int words) {
    ThreadCount& c = threads_[static_cast<std::size_t>(kind)];
    ++c.threads;
    c.message_words += words;
  }
  // The number of thread kind `name`, which program_threads() declares for this program.
  int thread_kind(const char* name) const;
  // Presence-tag (or flag-word) synchronization of Table 2.
  double sync_success() const {
    return p_.mdp.presence_tags ? p_.mdp.sync_success_tags : p_.mdp.sync_success_flags;
  }
  double sync_failure() const {
    return (p_.mdp.presence_tags ? p_.mdp.sync_failure_tags : p_.mdp.sync_failure_flags) +
           p_.mdp.save_cycles;
  }
  double sync_write() const {
    return p_.mdp.presence_tags ? p_.mdp.sync_write_tags : p_.mdp.sync_write_flags;
  }

  const ProgramParams& p_;
  int nodes_;
  double xlates_ = 0;
  // Cycles per instruction in internal memory: cpi_tuned for the hand-tuned programs of Table 4,
  // the MDP's typical rate for the others.
  double cpi_;

 private:
  std::vector<ThreadCount> threads_;
  std::vector<std::uint8_t> booted_;
};

std::unique_ptr<Program> make_program(ProgramKind kind, const ProgramParams& p, int nodes,
                                      Rng rng);

// What simulating one run costs, roughly in microseconds of the native engine: its messages, each
// dearer the farther it travels, and the search a program runs natively. A sweep starts and
// weighs its runs by it, so progress and the time left follow the work (a 512-node LCS run costs
// hundreds of 2-node ones; radix's 1-node run, the sequential sort, a fraction of its 2-node
// run's). An estimate: it never sets a result.
double simulation_work(ProgramKind kind, const ProgramParams& p, int nodes);

// One run of a program on `nodes` MDPs, a step at a time (a cycle, or a jump over cycles in which
// nothing happens), so a caller can report progress and stop it.
class ProgramRunner {
 public:
  ProgramRunner(ProgramKind kind, const ProgramParams& p, int nodes, Rng rng);
  ~ProgramRunner();
  // Up to `budget` steps; true once the run is over.
  bool advance(std::uint64_t budget);
  bool done() const { return done_; }
  double progress() const { return done_ ? 1 : program_->progress(); }
  std::int64_t now() const;
  const ProgramRun& result() const { return run_; }
  // Before the first step: records the nodes', the network's and the program's events.
  void record(TraceRecorder& recorder);
  // Throws std::runtime_error past this many cycles (a program that cannot end).
  static constexpr std::int64_t kLimitCycles = std::int64_t{1} << 40;

 private:
  int nodes_;
  std::unique_ptr<Program> program_;
  std::unique_ptr<Machine> machine_;
  bool done_ = false;
  ProgramRun run_;
};

}  // namespace archex::jmachine
