#pragma once

#include <memory>

#include "machines/transputer/machine.h"

namespace archex::transputer {

// How a message crosses the rig: a raw channel, a raw channel after a separate header message
// (raw + 32), the T805's software virtual channels (the VCR), or p4.
enum class Layer { kRaw, kRaw32, kVcr, kP4 };

// Two transputers on one link (a T9000 pair directly or through a C104 loop, a T805 pair on an
// OS-link), with each one's processor time: the rig of the paper's ping measurements (Figs. 2-7)
// and of the LogP microbenchmark.
class Rig {
 public:
  Rig(const T805& t805, const T9000& t9000, const P4& p4, bool t9000_pair, bool c104);

  // A message of `bytes` from `src` at `t` by `layer`; the receiving process takes it from
  // `*ready` (raw channels).
  void message(Layer layer, int src, int dst, int bytes, Time t, std::shared_ptr<Time> ready,
               At delivered, At free);
  // One event; true once none is left.
  bool step() { return !events_.step(); }
  double busy_us(int node) const { return busy_[node] / 1000.0; }

 private:
  Transport& net();

  const P4& p4_;
  Events events_;
  std::unique_ptr<T805Net> t8_;
  std::unique_ptr<T9000Net> t9_;
  double busy_[2] = {0, 0};
};

}  // namespace archex::transputer
