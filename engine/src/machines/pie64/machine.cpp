#include "machines/pie64/machine.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/param_spec.h"

namespace archex {
namespace pie64 {

namespace {

constexpr int kRadix = 4;
constexpr int kStages = 3;
constexpr int kMaxIus = 64;
constexpr std::size_t kStagingBus = 2;

CircuitConfig dan_config(const std::shared_ptr<const Fly>& fly, const Costs& costs) {
  CircuitConfig c;
  c.topology = fly;
  c.policy = BlockPolicy::kHold;
  c.setup_cycles_per_hop = costs.setup_per_switch;
  c.release_cycles = costs.release;
  c.channel_rate = 1.0 / costs.tb;
  return c;
}

}  // namespace

std::shared_ptr<const Fly> dan_topology() {
  return std::make_shared<const Fly>(kRadix, kStages, FlyWiring::kOmega);
}

Machine::Machine(int ius, const Costs& costs, std::uint64_t seed)
    : costs_(costs),
      topology_(dan_topology()),
      dan_(dan_config(topology_, costs), seed),
      nip_overhead_(costs.ts_te - costs.command - idle_setup() - costs.release) {
  if (ius < 2 || ius > kMaxIus) {
    throw ParamError("ius", "inference units: 2 to " + std::to_string(kMaxIus) + ", got " +
                                format_number(ius));
  }
  if (nip_overhead_ < 0) {
    throw ParamError("ts_te_clocks", "Ts + Te must cover the command (" +
                                         std::to_string(costs.command) +
                                         " clocks), the network's set-up and its release");
  }
  units_.resize(static_cast<std::size_t>(ius));
  due_.assign(units_.size(), 0);
}

int Machine::slots(int clocks) const { return (clocks + costs_.tb - 1) / costs_.tb; }

int Machine::whole(double cost, double& carry) {
  const double total = cost + carry;
  // A sum that should be whole (10 x 30.9) must not lose a clock to rounding below it.
  const double clocks = std::floor(total + 1e-9);
  carry = total - clocks;
  return static_cast<int>(clocks);
}

int Machine::issue(int iu, Command command, int dst, int words) {
  Unit& u = units_[static_cast<std::size_t>(iu)];
  Transfer x;
  x.command = command;
  x.src = iu;
  x.dst = dst;
  x.words = words;
  x.issued = now();
  const int id = static_cast<int>(transfers_.size());
  transfers_.push_back(x);
  u.outstanding = id;
  const std::int64_t ready = now() + costs_.command;
  next_event_ = std::min(next_event_, ready);
  due_[static_cast<std::size_t>(iu)] = std::min(due_[static_cast<std::size_t>(iu)], ready);
  if (command == Command::kMpWrite) {
    u.tasks.push_back(Task{id, MpTask::kRequest, ready});
  } else {
    // WRITEMN's path stays held while the receiving slave NIP allocates the buffer.
    const int hold = command == Command::kWritemn ? words + slots(costs_.alloc) : words;
    u.sends.push_back(Send{id, Kind::kData, dst, hold, ready});
  }
  return id;
}

void Machine::step_mp(int iu) {
  Unit& u = units_[static_cast<std::size_t>(iu)];
  const std::int64_t t = now();
  if (u.mp_busy && t >= u.mp_until) {
    // The MP writes the message for its NIP into the staging buffer over data bus 2, which the
    // DAN master NIP holds while it streams.
    Bus& bus = u.buses[kStagingBus];
    if (bus.held || bus.free_at > t) return;
    bus.free_at = t + costs_.staging;
    Transfer& x = transfers_[static_cast<std::size_t>(u.task.transfer)];
    const std::int64_t ready = t + costs_.staging;
    switch (u.task.kind) {
      case MpTask::kRequest:
        x.pa_start = t;
        u.sends.push_back(Send{u.task.transfer, Kind::kReq, x.dst, costs_.control_words, ready});
        break;
      case MpTask::kReq:
        u.sends.push_back(Send{u.task.transfer, Kind::kAck, x.src, costs_.control_words, ready});
        break;
      case MpTask::kAck:
        u.sends.push_back(Send{u.task.transfer, Kind::kData, x.dst, x.words, ready});
        break;
    }
    u.mp_busy = false;
  }
  if (!u.mp_busy && !u.tasks.empty() && u.tasks.front().ready <= t) {
    u.task = u.tasks.front();
    u.tasks.pop_front();
    const int clocks = whole(costs_.mp, u.mp_carry);
    u.mp_until = t + clocks;
    u.mp_busy = true;
    // The remote MP's work on a Req is part of the sender's Req-to-Ack time, not its Tmp.
    if (u.task.kind != MpTask::kReq) {
      transfers_[static_cast<std::size_t>(u.task.transfer)].mp += clocks;
    }
  }
}

void Machine::step_nip(int iu) {
  Unit& u = units_[static_cast<std::size_t>(iu)];
  const std::int64_t t = now();
  if (u.nip == 0) {
    if (u.sends.empty() || u.sends.front().ready > t) return;
    u.current = u.sends.front();
    u.sends.pop_front();
    u.nip = 2;
  }
  if (u.nip == 2) {
    Bus& bus = u.buses[kStagingBus];
    if (bus.held || bus.free_at > t) return;
    bus.held = true;
    // The NIP's set-up (the length, the header) goes over the circuit it has just made, so the
    // path is held for it as for the words.
    const int setup = whole(nip_overhead_, u.nip_carry);
    u.connection = dan_.open(iu, u.current.dst, u.current.words + slots(setup));
    u.opened = t;
    connection_owner_.resize(static_cast<std::size_t>(u.connection) + 1, iu);
    u.nip = 3;
  }
  if (u.nip == 4 && t >= u.nip_until) {
    u.nip = 0;
    if (u.current.kind != Kind::kData) return;
    Transfer& x = transfers_[static_cast<std::size_t>(u.current.transfer)];
    x.done = t;
    completed_.push_back(u.current.transfer);
    units_[static_cast<std::size_t>(x.src)].outstanding = -1;
  }
}

void Machine::connection_finished(int id) {
  const int iu = connection_owner_[static_cast<std::size_t>(id)];
  Unit& u = units_[static_cast<std::size_t>(iu)];
  const Connection& c = dan_.connection(id);
  u.buses[kStagingBus].held = false;
  u.buses[kStagingBus].free_at = c.delivered;
  u.nip = 4;
  u.nip_until = c.delivered + costs_.release;
  Transfer& x = transfers_[static_cast<std::size_t>(u.current.transfer)];
  // The receiving slave NIP hands a Req or an Ack to its MP the clock after its last word.
  switch (u.current.kind) {
    case Kind::kData:
      x.wait = static_cast<double>(c.connected - u.opened - idle_setup());
      break;
    case Kind::kReq:
      units_[static_cast<std::size_t>(x.dst)].tasks.push_back(
          Task{u.current.transfer, MpTask::kReq, c.delivered + 1});
      break;
    case Kind::kAck:
      x.pa = static_cast<double>(c.delivered + 1 - x.pa_start);
      units_[static_cast<std::size_t>(x.src)].tasks.push_back(
          Task{u.current.transfer, MpTask::kAck, c.delivered + 1});
      break;
  }
}

void Machine::step() {
  completed_.clear();
  const std::int64_t t = now();
  // A unit with nothing due this clock would do nothing.
  for (int iu = 0; iu < ius(); ++iu) {
    if (due_[static_cast<std::size_t>(iu)] > t) continue;
    step_mp(iu);
    step_nip(iu);
  }
  dan_.step();
  for (const int id : dan_.finished()) connection_finished(id);
  next_event_ = plan();
}

void Machine::idle_until(std::int64_t t) {
  completed_.clear();
  dan_.idle_until(t);
}

std::int64_t Machine::plan() {
  const std::int64_t t = now();
  std::int64_t earliest = dan_.next_event();
  for (std::size_t iu = 0; iu < units_.size(); ++iu) {
    const Unit& u = units_[iu];
    std::int64_t next = INT64_MAX;
    // The MP's task ends, or its staging write waits for bus 2: until the NIP's connection ends
    // (a network event) while the NIP holds it, else until the bus is free.
    const Bus& bus = u.buses[kStagingBus];
    if (u.mp_busy) {
      if (!bus.held) next = std::min(next, std::max(u.mp_until, bus.free_at));
    } else if (!u.tasks.empty()) {
      next = std::min(next, u.tasks.front().ready);
    }
    // A send due, the NIP waiting for bus 2 (which it does not hold then), its release.
    if (u.nip == 0 && !u.sends.empty()) next = std::min(next, u.sends.front().ready);
    if (u.nip == 2) next = std::min(next, bus.free_at);
    if (u.nip == 4) next = std::min(next, u.nip_until);
    due_[iu] = next;
    earliest = std::min(earliest, next);
  }
  return std::max(earliest, t);
}

}  // namespace pie64
}  // namespace archex
