#include "machines/jmachine/programs/program.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "core/param_spec.h"
#include "core/param_table.h"
#include "machines/jmachine/programs/programs.h"

namespace archex::jmachine {

const char* program_key(ProgramKind kind) {
  constexpr const char* kKeys[] = {"barrier", "lcs", "radix", "queens", "tsp"};
  return kKeys[static_cast<int>(kind)];
}

const char* program_label(ProgramKind kind) {
  constexpr const char* kLabels[] = {"Barrier", "LCS", "Radix sort", "N-queens", "TSP"};
  return kLabels[static_cast<int>(kind)];
}

const std::vector<std::string>& program_threads(ProgramKind kind) {
  static const std::vector<std::string> kThreads[] = {
      {"Barrier", "Wave"},
      {"NxtChar", "StartUp"},
      {"Sort", "Write", "Combine"},
      {"NQueens", "NQDone", "Expand"},
      {"Search", "NullCall", "Bound", "Balance"},
  };
  return kThreads[static_cast<int>(kind)];
}

namespace {

ParamSpec instr(const char* name, const char* label, double value, const char* description) {
  return number_param(name, label)
             .unit("instructions").value(value).range(0, 100000).step(0.1)
             .about(description);
}
}  // namespace

ParamTable<ProgramParams> program_table() {
  ParamTable<ProgramParams> t;
  t.include(&ProgramParams::net, jmachine::network_table({8, 8, 8}))
      .include(&ProgramParams::costs, jmachine::node_cost_table())
      .include(&ProgramParams::mdp, jmachine::mdp_cost_table());
  t.add(&ProgramParams::cpi_tuned,
        number_param("cpi_tuned", "Cycles per instruction, hand-tuned programs")
            .unit("cycles").value(1.85).range(1, 20).step(0.01)
            .about("Cycles per instruction of the hand-tuned programs of Table 4 (LCS in "
                   "assembly, radix sort and N-queens in Tuned J), code and data in internal "
                   "memory: between the MDP's peak (1) and its typical rate (12.5 / 5.5)."))
      .add(&ProgramParams::barrier_call_instr,
           instr("barrier_call_instr", "Barrier call and return", 10,
                 "Instructions of calling the barrier routine and resuming the caller."))
      .add(&ProgramParams::barrier_wave_instr,
           instr("barrier_wave_instr", "Barrier wave handler", 8.5,
                 "Instructions of one wave's handler besides dispatch and the send."))
      .add(&ProgramParams::lcs_a_chars,
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
                      "sends: 1 is the MDP's peak rate."))
      .add(&ProgramParams::radix_keys,
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
                      "0 waits in the queue until the Sort thread suspends."))
      .add(&ProgramParams::queens_n,
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
                 "Instructions of node 0's handler adding a board's count."))
      .add(&ProgramParams::tsp_cities,
           number_param("tsp_cities", "TSP: cities")
               .unit("cities").value(14).range(3, 20).whole()
               .about("Cities of the instance, placed at random on a 1000 x 1000 square."))
      .add(&ProgramParams::tsp_instance_seed,
           number_param("tsp_instance_seed", "TSP: instance seed")
               .value(1).range(0, 1000000).whole()
               .about("Seed of the cities' places (the run's own seed orders the work requests)."))
      .add(&ProgramParams::tsp_task_depth,
           number_param("tsp_task_depth", "TSP: task depth")
               .unit("cities").value(5).range(1, 6).whole()
               .about("Cities after city 0 in a task's subpath."))
      .add(&ProgramParams::tsp_extend_instr,
           instr("tsp_extend_instr", "TSP: per path extension", 30,
                 "Instructions per path extension of the depth-first search."))
      .add(&ProgramParams::tsp_null_call_every,
           number_param("tsp_null_call_every", "TSP: null call every")
               .unit("extensions").value(10).range(1, 1000000).whole()
               .about("Path extensions between the search thread's null calls."))
      .add(&ProgramParams::tsp_max_asks,
           number_param("tsp_max_asks", "TSP: work requests")
               .unit("requests").value(8).range(0, 4096).whole()
               .about("Nodes a node out of tasks asks in turn before it stops (all of them at "
                      "most; 0: no work requests)."))
      .add(&ProgramParams::tsp_calls_per_yield,
           number_param("tsp_calls_per_yield", "TSP: null calls per yield")
               .unit("calls").value(16).range(1, 100000).whole()
               .about("Null calls of which one is played out as a message, for speed: the others "
                      "cost the same inside the search thread (1 is exact)."))
      .add(&ProgramParams::tsp_null_call_instr,
           instr("tsp_null_call_instr", "TSP: null call", 60,
                 "Instructions of the null call's thread besides its send and dispatch."))
      .add(&ProgramParams::tsp_xlates_per_extend,
           number_param("tsp_xlates_per_extend", "TSP: xlates per extension")
               .unit("xlates").value(2).range(0, 100).step(0.1)
               .about("Name translations per path extension (CST translates names at every use)."));
  return t;
}

void check_machine_size(int nodes, const char* param) {
  if (nodes < 1 || nodes > kMaxNodes || (nodes & (nodes - 1)) != 0) {
    throw ParamError(param, "a power of two from 1 to " + std::to_string(kMaxNodes) + ", not " +
                                std::to_string(nodes));
  }
}

std::vector<int> mesh_dims(int nodes) {
  check_machine_size(nodes, "nodes");
  if (nodes == 1) return {2};
  std::vector<int> dims;
  int bits = 0;
  while ((1 << bits) < nodes) ++bits;
  // Bit b of the node count doubles dimension b mod 3.
  for (int b = 0; b < bits; ++b) {
    const auto d = static_cast<std::size_t>(b % 3);
    if (dims.size() <= d) dims.push_back(1);
    dims[d] *= 2;
  }
  return dims;
}

Program::Program(const ProgramParams& p, int nodes, ProgramKind kind)
    : p_(p),
      nodes_(nodes),
      cpi_(kind == ProgramKind::kLcs || kind == ProgramKind::kRadix || kind == ProgramKind::kQueens
               ? p.cpi_tuned
               : p.mdp.cpi_internal),
      booted_(static_cast<std::size_t>(nodes), 0) {
  for (const std::string& name : program_threads(kind)) threads_.push_back({name});
}

int Program::thread_kind(const char* name) const {
  for (std::size_t k = 0; k < threads_.size(); ++k) {
    if (threads_[k].name == name) return static_cast<int>(k);
  }
  throw std::logic_error(std::string("thread kind '") + name + "' is not in program_threads()");
}

bool Program::background(int node, Thread& t) {
  if (node >= nodes_) return false;
  auto& booted = booted_[static_cast<std::size_t>(node)];
  if (!booted) {
    booted = 1;
    boot(node, t);
    return true;
  }
  return more_background(node, t);
}

bool Program::settled() const {
  for (int n = 0; n < nodes_; ++n) {
    if (!booted_[static_cast<std::size_t>(n)] || has_background(n)) return false;
  }
  return true;
}

std::int64_t Program::quiet_cycles(int node) const {
  if (node >= nodes_) return kForever;
  if (!booted_[static_cast<std::size_t>(node)] || has_background(node)) return 0;
  return kForever;
}

std::unique_ptr<Program> make_program(ProgramKind kind, const ProgramParams& p, int nodes,
                                      Rng rng) {
  switch (kind) {
    case ProgramKind::kBarrier:
      return make_barrier(p, nodes);
    case ProgramKind::kLcs:
      return make_lcs(p, nodes);
    case ProgramKind::kRadix:
      return make_radix(p, nodes, rng);
    case ProgramKind::kQueens:
      return make_queens(p, nodes);
    case ProgramKind::kTsp:
      return make_tsp(p, nodes, rng);
    case ProgramKind::kCount:
      break;
  }
  throw ParamError("programs", "valid: 0 (barrier), 1 (LCS), 2 (radix), 3 (queens), 4 (TSP)");
}

double simulation_work(ProgramKind kind, const ProgramParams& p, int nodes) {
  const double n = nodes;
  // A message's dispatch and handler, and its flits' moves over `hops`.
  const auto message_over = [](double hops) { return 1 + hops / 3; };
  // The mean distance of the mesh: a third of each dimension.
  double mean_hops = 0;
  for (const int d : mesh_dims(nodes)) mean_hops += d / 3.0;
  const double message = message_over(mean_hops);
  // The constants are fitted to the native engine's times of the paper's runs on 1 to 512 nodes
  // (2026-11): the shape of the work, scaled by each program's size.
  switch (kind) {
    case ProgramKind::kBarrier:
      return 50 + n * std::log2(std::max(2.0, n)) * message;
    case ProgramKind::kLcs: {
      // Every character of B passes every node in one message to the next node; one node fills
      // the table alone.
      const double cells = static_cast<double>(p.lcs_a_chars) * p.lcs_b_chars;
      return nodes == 1 ? cells / 400 : p.lcs_b_chars * (n - 1) * message_over(1);
    }
    case ProgramKind::kRadix: {
      // Every key is written once a pass, to another node but for a node's own share.
      const double moves = static_cast<double>(p.radix_keys) * radix_passes(p);
      return moves / 50 + (nodes == 1 ? 0 : moves * (n - 1) / n * message);
    }
    case ProgramKind::kQueens:
      // The depth-first search, about sixfold a queen (1-node runs of 12 and 13 queens), and the
      // boards' messages.
      return 70'000 * std::pow(6.0, p.queens_n - 13) + 20 * n * message;
    case ProgramKind::kTsp:
      // The search, which the bound keeps to about 4.7-fold a city (1-node runs of 12, 13 and 14
      // cities), and the machine's steps over nodes and routers for a run of as many cycles as
      // the nodes share the search.
      return 950'000 * std::pow(4.7, p.tsp_cities - 14) + 450 * std::pow(n, 1.5);
    case ProgramKind::kCount:
      break;
  }
  return 1;
}

ProgramRunner::ProgramRunner(ProgramKind kind, const ProgramParams& p, int nodes, Rng rng)
    : nodes_(nodes) {
  NetworkParams net = p.net;
  net.dims = mesh_dims(nodes);
  NetworkConfig config = network_config(net, make_topology(net));
  // Both priorities' queues sit in the node; the network's holds them both.
  config.receive_queue_flits = 2 * net.receive_queue_words;
  config.source_queue_packets = p.mdp.send_buffer_messages;
  config.fixed_priority = p.mdp.fixed_priority != 0;
  program_ = make_program(kind, p, nodes, rng);
  machine_ = std::make_unique<Machine>(config, p.costs, &p.mdp);
  machine_->set_queue_words(net.receive_queue_words);
}

ProgramRunner::~ProgramRunner() = default;

void ProgramRunner::record(TraceRecorder& recorder) {
  machine_->record(recorder, 0xffff);
  program_->record(recorder);
}

std::int64_t ProgramRunner::now() const { return machine_ ? machine_->network().now() : 0; }

bool ProgramRunner::advance(std::uint64_t budget) {
  for (std::uint64_t i = 0; i < budget && !done_; ++i) {
    Machine& m = *machine_;
    m.jump(kLimitCycles);
    m.step(*program_);
    if (m.network().now() > kLimitCycles) throw std::runtime_error("the program did not end");
    if (!m.quiescent() || !program_->settled()) continue;
    done_ = true;
    ProgramRun& r = run_;
    r.nodes = nodes_;
    for (int n = 0; n < nodes_; ++n) r.cycles = std::max(r.cycles, m.busy_until(n));
    for (int n = 0; n < nodes_; ++n) {
      const Machine::NodeStats& s = m.stats(n);
      std::vector<double> uses(s.cycles, s.cycles + static_cast<int>(Use::kCount));
      double busy = 0;
      for (const double u : uses) busy += u;
      r.uses.push_back(uses);
      r.idle.push_back(std::max(0.0, r.cycles - busy));
      r.queue_faults += s.queue_faults;
      r.send_faults += s.send_faults;
      r.max_node_send_faults = std::max(r.max_node_send_faults, s.send_faults);
      r.messages += s.messages_sent;
    }
    r.threads = program_->threads();
    r.xlates = program_->xlates();
    program_->finish(r);
    machine_.reset();
  }
  return done_;
}

}  // namespace archex::jmachine
