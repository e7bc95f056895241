#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <queue>
#include <string>
#include <unordered_set>
#include <vector>

#include "machines/multipsi/goal_trace.h"

namespace archex::fghc {

// A ground list of small integers (an N-queens row list) as one goal sees it: its values, for
// each cell the PE that holds it, and the cell's global identity (given by Reducer::new_cell as
// the cell is built; a copy keeps it). A cell held elsewhere was passed by an exported reference
// and must be read (read_value / return_value) before a reduction can look at it; the reading PE
// then holds it under that identity for all its goals (sec. 2: the address translation table
// maps a global identifier to one local address). At most 10 cells: no row list of up to 10
// queens is longer, and a goal this size copies fast enough (12 cells cost 60 % more run time).
constexpr int kMaxCells = 10;
struct List {
  std::int8_t len = 0;
  std::array<std::int8_t, kMaxCells> value{};
  std::array<std::int8_t, kMaxCells> at{};
  std::array<std::uint32_t, kMaxCells> id{};
};

// One FGHC goal: a predicate of the program, its integer and list arguments, the owners of its
// two stream variables (the difference list I, O the answers are threaded through), and the
// termination record it counts under.
constexpr int kMaxInts = 7;
constexpr int kMaxLists = 3;
struct Goal {
  // The goal's number, given by the machine as it creates the goal (for its trace).
  std::uint32_t id = 0;
  std::uint8_t pred = 0;
  std::int8_t in = 0;   // PE owning variable I
  std::int8_t out = 0;  // PE owning variable O
  std::int32_t record = 0;
  std::array<std::int32_t, kMaxInts> ints{};
  std::array<List, kMaxLists> lists{};
};

enum class MessageKind : std::uint8_t {
  throw_goal,
  read_value,
  return_value,
  unify,
  terminate,
};
constexpr int kMessageKinds = 5;
const char* message_kind_name(MessageKind kind);

// CPU and network costs. A message's software time is per message + per word (+ the goal-record
// and AND-tree work of a throw_goal), shared between sender and receiver; each end also spends the
// firmware time; the network takes hop_ms per hop.
// Their values and sources are the machine's one cost table (costs.h).
struct Costs {
  double reduction_ms = 0;
  double builtin_ms = 0;     // per arithmetic built-in call (:=)
  double message_ms = 0;     // software, per message
  double throw_goal_ms = 0;  // software, extra per throw_goal
  double word_ms = 0;        // software, per message word
  double send_share = 0;     // of the software time, spent by the sender
  double firmware_ms = 0;    // per message, on each end
  double hop_ms = 0;
  int copy_cells = 0;  // lists up to this long travel inside throw_goal
};

class Reducer;

// An FGHC program as the machine runs it: reduce() picks the clause of a goal, and through the
// reducer says which cells it needs, which built-ins it called and which goals and bindings the
// body makes.
class Program {
 public:
  virtual ~Program() = default;
  virtual Goal initial() const = 0;
  virtual int predicates() const = 0;
  virtual const char* predicate_name(int pred) const = 0;
  // Argument count of a predicate: the words of a throw_goal carrying it.
  virtual int arity(int pred) const = 0;
  virtual void reduce(Goal& goal, Reducer& r) const = 0;
};

// What one reduction may do.
class Reducer {
 public:
  virtual ~Reducer() = default;
  virtual int pe() const = 0;
  virtual int pes() const = 0;
  // True when the cell is on this PE or this PE has read it already; otherwise the goal suspends
  // on a read of the list and the reduction must return without other effects.
  virtual bool need(int slot, int cell) = 0;
  // The identity of a cell this reduction builds.
  virtual std::uint32_t new_cell() = 0;
  virtual void builtins(int calls) = 0;
  // A body goal run on this PE; body goals run in the order they are spawned.
  virtual void spawn(const Goal& goal) = 0;
  // alloc(PE)@@Goal: thrown to another PE, or spawned when that is this one.
  virtual void alloc(int pe, const Goal& goal) = 0;
  // Binds a variable owned by `owner` (a unify message when that is another PE).
  virtual void bind(int owner) = 0;
  virtual void solution() = 0;
};

// What a PE was doing from `start` to `end`.
enum class Activity : std::uint8_t { reducing, communicating };
struct Interval {
  double start;
  double end;
  Activity what;
};

struct PeStats {
  double reduce_ms = 0;
  double comm_ms = 0;
  std::int64_t reductions = 0;
  std::int64_t builtin_calls = 0;
  std::int64_t suspensions = 0;
  std::array<std::int64_t, kMessageKinds> sent{};
  std::vector<Interval> timeline;  // filled when the machine records one
};

// N PEs on a 2-D mesh reducing one program's goals: a ready stack per PE (depth-first), goals
// suspended on remote reads (one read_value per remote cell and PE: a goal needing a cell already
// being read waits for that read, and a cell read once is local to the PE from then on),
// inter-PE messages charging CPU time at both ends and hop time on the network, and termination
// records (each thrown goal reports back once it and everything it spawned have ended).
// Event-driven: a PE handles its received messages before its next goal.
class Machine {
 public:
  // PE i sits at column i % mesh_columns, row i / mesh_columns of the mesh; a message crosses
  // the Manhattan distance between its PEs. Throws std::invalid_argument for fewer than 1 PE or
  // column, or more PEs than a List can name.
  Machine(const Program& program, int pes, int mesh_columns, const Costs& costs,
          bool record_timeline);
  ~Machine();

  // Records the machine's events into `recorder` from now on (see GoalTrace).
  void record(TraceRecorder& recorder);

  // Handles at most `budget` events; true once every PE is idle and no message is in flight.
  bool advance(std::uint64_t budget);
  bool done() const { return events_.empty(); }

  int pes() const { return static_cast<int>(pe_.size()); }
  // Time of the last activity of any PE: the execution time once done.
  double end_ms() const { return end_ms_; }
  const PeStats& pe(int i) const { return pe_[static_cast<std::size_t>(i)]; }
  std::int64_t reductions() const;
  std::int64_t messages() const;
  std::int64_t messages(MessageKind kind) const;
  std::int64_t suspensions() const;
  std::int64_t builtin_calls() const;
  const std::vector<std::int64_t>& reductions_by_predicate() const { return by_pred_; }
  std::int64_t solutions() const { return solutions_; }
  // When the root record ended: the program's own view of its termination.
  double terminated_ms() const { return terminated_ms_; }

 private:
  friend class GoalTrace;
  struct Message {
    MessageKind kind;
    int from;
    int to;
    int words;
    int goal;    // pool index: the thrown goal, or the goal waiting for a read
    int slot;    // list read
    int record;  // the record a throw_goal counts under, or the one terminate reports to
  };
  struct Record {
    int pe;
    int parent;  // -1 for the root
    std::int64_t count;
  };
  struct Event {
    double time;
    std::uint64_t seq;
    int pe;
    int message;  // -1: the PE becomes free
    bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
  };
  class Step;

  void schedule(double time, int pe, int message);
  void start_work(int p, double now);
  double receive(int p, int message, double now);
  double send(int p, MessageKind kind, int to, int words, int goal, int slot, int record,
              double at);
  double software_ms(MessageKind kind, int words) const;
  double sender_ms(MessageKind kind, int words) const;
  double receiver_ms(MessageKind kind, int words) const;
  // One goal or child record fewer under `record`; at zero, reports to its parent. Returns when
  // the PE is done with it.
  double count_down(int record, double at);
  void busy(int p, double start, double end, Activity what);
  int park(const Goal& goal);
  // A cell's key in a PE's import table: its holder and identity.
  static std::uint64_t import_key(int holder, std::uint32_t id) {
    return static_cast<std::uint64_t>(static_cast<std::uint8_t>(holder)) << 32 | id;
  }

  const Program& program_;
  int columns_;
  Costs costs_;
  bool record_timeline_;
  std::vector<PeStats> pe_;
  std::vector<std::vector<Goal>> stack_;
  std::vector<std::queue<int>> inbox_;
  std::vector<std::uint8_t> working_;
  std::vector<Message> messages_;
  std::vector<Goal> pool_;
  // The body goals of the reduction under way (Step::local).
  std::vector<Goal> spawned_;
  std::vector<int> free_pool_;
  std::vector<Record> records_;
  // Per PE: the remote cells it has read (looked up, never iterated), and the cells being read
  // with the parked goals waiting for each besides the one whose read_value is in flight.
  std::vector<std::unordered_set<std::uint64_t>> imported_;
  std::vector<std::map<std::uint64_t, std::vector<int>>> reading_;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events_;
  std::uint64_t seq_ = 0;
  std::vector<std::int64_t> by_pred_;
  std::int64_t solutions_ = 0;
  double end_ms_ = 0;
  double terminated_ms_ = -1;
  std::uint32_t next_goal_ = 1;
  std::uint32_t next_cell_ = 1;
  // Null unless a trace was asked for.
  std::unique_ptr<GoalTrace> trace_;
};

}  // namespace archex::fghc
