#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "network/circuit/circuit.h"
#include "network/topologies/fly/fly.h"

namespace archex {
namespace pie64 {

// The transfer commands of sec. 3.1.
enum class Command { kWritex, kWritemn, kMpWrite };

// Fixed costs of one inference unit, in clocks (the model's parameters give their values).
struct Costs {
  // Set-up plus release of one transfer on an idle network (Ts + Te, sec. 3.2.1), and the
  // streaming time per word (Tb).
  double ts_te = 0;
  int tb = 1;
  // Set-up time per switch after the first, and the release (parity check) after the last word.
  int setup_per_switch = 0;
  int release = 0;
  // A command from UNIRED to the NIP or the MP over the command bus.
  int command = 0;
  // WRITEMN: the receiving slave NIP allocates the buffer while the path is held.
  int alloc = 0;
  // MP-Write: the MP's processing of each step (UNIRED's request, a Req, an Ack).
  double mp = 0;
  // Words of a Req (the length) and of an Ack (the buffer address).
  int control_words = 1;
  // Clocks a message header takes the MP to write into its staging buffer over data bus 2.
  int staging = 0;
};

// One transfer from UNIRED's command to the sender's release, with the parts the paper names.
struct Transfer {
  Command command = Command::kWritex;
  int src = 0;
  int dst = 0;
  int words = 0;
  std::int64_t issued = 0;
  // The sender's NIP released the data path (-1: not yet).
  std::int64_t done = -1;
  // The NIP counter: clocks the data connection waited beyond an idle network's set-up (Tw).
  double wait = 0;
  // MP-Write: the local MP's processing (Tmp), and Req handed to the NIP until the Ack is in (Tpa).
  double mp = 0;
  double pa = 0;
  std::int64_t pa_start = 0;
};

// The DAN's wiring: a 4-ary 3-fly of 4x4 crossbars, Omega (ASSUMED: the paper's Fig. 3 is lost).
std::shared_ptr<const Fly> dan_topology();

// PIE64 (Sato, Koike, Tanaka 1993, sec. 2): inference units (UNIRED, a NIP with a master and a
// slave side per network, the SPARC management processor, three data buses) on the DAN, a 4-ary
// 3-fly of 4x4 crossbars, circuit switched with held requests. The Omega wiring is ASSUMED (the
// paper's Fig. 3 is lost). One step() is one clock.
class Machine {
 public:
  // The most words a traced connection may hold (a 2-byte column); a longer one is refused.
  static constexpr int kMaxTraceWords = 65535;
  // Throws ParamError naming "ius" (2 to 64).
  Machine(int ius, const Costs& costs, std::uint64_t seed);

  std::int64_t now() const { return dan_.now(); }
  int ius() const { return static_cast<int>(units_.size()); }
  // UNIRED's previous transfer is still under way: its command register is taken.
  bool busy(int iu) const { return units_[static_cast<std::size_t>(iu)].outstanding >= 0; }
  // UNIRED hands a transfer command to its NIP (or, for MP-Write, its MP); the unit must not be
  // busy. Returns the transfer's id.
  int issue(int iu, Command command, int dst, int words);
  void step();
  // The first clock at or after now() at which a step() may change more than the time: an MP,
  // NIP or bus has something due or the network has an event. Before it, idle_until() moves
  // time on as steps would.
  std::int64_t next_event() const { return next_event_; }
  bool quiet() const { return now() < next_event_; }
  void idle_until(std::int64_t t);
  const Transfer& transfer(int id) const { return transfers_[static_cast<std::size_t>(id)]; }
  // Transfers whose sender released the data path during the last step.
  const std::vector<int>& completed() const { return completed_; }
  const CircuitNetwork& dan() const { return dan_; }
  // Records the DAN's connections into `recorder` from now on (a connection is a transfer's data,
  // request or acknowledge, its words and the slots its set-up holds the path).
  void record(TraceRecorder& recorder) { dan_.record(recorder, kMaxTraceWords); }
  // Clocks an idle network takes from a request to its path being complete.
  int idle_setup() const { return (topology_->stages() - 1) * costs_.setup_per_switch; }

 private:
  enum class Kind { kData, kReq, kAck };
  // A connection the master NIP is to make.
  struct Send {
    int transfer;
    Kind kind;
    int dst;
    int words;
    std::int64_t ready;
  };
  enum class MpTask { kRequest, kReq, kAck };
  struct Task {
    int transfer;
    MpTask kind;
    std::int64_t ready;
  };
  // A data bus: held by a streaming master, or reserved for a few clocks by another.
  struct Bus {
    bool held = false;
    std::int64_t free_at = 0;
  };
  struct Unit {
    int outstanding = -1;
    // Master NIP (DAN): 0 idle, 2 waiting for its bus, 3 connecting, setting up or streaming,
    // 4 releasing.
    int nip = 0;
    std::int64_t nip_until = 0;
    Send current{};
    int connection = -1;
    std::int64_t opened = 0;
    double nip_carry = 0;
    std::deque<Send> sends;
    // MP.
    bool mp_busy = false;
    std::int64_t mp_until = 0;
    Task task{};
    double mp_carry = 0;
    std::deque<Task> tasks;
    // Data buses 0, 1 and 2 (sec. 2.2): the DAN master NIP and the MP's staging buffer share 2.
    std::array<Bus, 3> buses{};
  };

  // Whole clocks for a fractional cost, the remainder carried so the mean is exact.
  static int whole(double cost, double& carry);
  // Word slots a path is held for `clocks` of set-up or allocation (rounded up at Tb > 1).
  int slots(int clocks) const;
  void step_mp(int iu);
  void step_nip(int iu);
  void connection_finished(int id);
  // Sets each unit's due clock (the first at which its MP or NIP has something to do) and
  // returns the first clock at or after now() at which a unit or the network has.
  std::int64_t plan();

  Costs costs_;
  std::shared_ptr<const Fly> topology_;
  CircuitNetwork dan_;
  // The NIP's own share of Ts + Te: what the command, the network's set-up and release leave.
  double nip_overhead_;
  std::vector<Unit> units_;
  std::vector<Transfer> transfers_;
  // Per DAN connection: the IU whose master NIP made it.
  std::vector<int> connection_owner_;
  std::vector<int> completed_;
  // plan() as of the last step, lowered by issue(): the machine's and each unit's.
  std::int64_t next_event_ = 0;
  std::vector<std::int64_t> due_;
};

}  // namespace pie64
}  // namespace archex
