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

ParamSpec instr(const char* name, const char* label, double value, const char* description) {
  return number_param(name, label)
             .unit("instructions").value(value).range(0, 100000).step(0.1)
             .about(description);
}

bool hand_tuned(ProgramKind kind) {
  return kind == ProgramKind::kLcs || kind == ProgramKind::kRadix || kind == ProgramKind::kQueens;
}

namespace {

// The machine the programs run on: the network's, the node's and the MDP's parameters.
ParamTable<ProgramParams> machine_table() {
  ParamTable<ProgramParams> t;
  t.include(&ProgramParams::net, jmachine::network_table({8, 8, 8}))
      .include(&ProgramParams::costs, jmachine::node_cost_table())
      .include(&ProgramParams::mdp, jmachine::mdp_cost_table());
  return t;
}

// The machine's parameters no program reads: the mesh's shape follows the machine size
// (mesh_dims), and the node's costs of the handlers of the round-trip and remote-read experiments
// are the programs' own instruction counts here.
constexpr const char* kUnreadByPrograms[] = {
    "dims",
    "handler_cycles",
    "read_handler_cycles",
    "reply_internal_cycles_per_word",
    "reply_external_cycles_per_word",
    "copy_internal_cycles_per_word",
    "copy_external_cycles_per_word"};

ParamTable<ProgramParams> tuned_table() {
  ParamTable<ProgramParams> t;
  t.add(&ProgramParams::cpi_tuned,
        number_param("cpi_tuned", "Cycles per instruction, hand-tuned programs")
            .unit("cycles").value(1.85).range(1, 20).step(0.01)
            .about("Cycles per instruction of the hand-tuned programs of Table 4 (LCS in "
                   "assembly, radix sort and N-queens in Tuned J), code and data in internal "
                   "memory: between the MDP's peak (1) and its typical rate (12.5 / 5.5)."));
  return t;
}

ParamTable<ProgramParams> own_table(ProgramKind kind) {
  switch (kind) {
    case ProgramKind::kBarrier:
      return barrier_table();
    case ProgramKind::kLcs:
      return lcs_table();
    case ProgramKind::kRadix:
      return radix_table();
    case ProgramKind::kQueens:
      return queens_table();
    case ProgramKind::kTsp:
      return tsp_table();
    case ProgramKind::kCount:
      break;
  }
  throw std::logic_error("no such program");
}

}  // namespace

ParamTable<ProgramParams> program_table(ProgramKind kind) {
  ParamTable<ProgramParams> t = machine_table();
  for (const char* name : kUnreadByPrograms) t = t.without(name);
  if (hand_tuned(kind)) t.append(tuned_table());
  return t.append(own_table(kind));
}

ParamTable<ProgramParams> program_table() {
  ParamTable<ProgramParams> t = machine_table();
  t.append(tuned_table());
  for (int k = 0; k < static_cast<int>(ProgramKind::kCount); ++k) {
    t.append(own_table(static_cast<ProgramKind>(k)));
  }
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
      cpi_(hand_tuned(kind) ? p.cpi_tuned : p.mdp.cpi_internal),
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
  const std::vector<int> dims = mesh_dims(nodes);
  net.shape.set("dims", ParamValue(std::vector<double>(dims.begin(), dims.end())));
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
  machine_->record(recorder, 0xffff, program_->handlers());
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
