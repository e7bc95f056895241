#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace archex::transputer {

// Simulated time in nanoseconds.
using Time = double;

// A discrete-event queue: actions run in time order, actions at the same time in the order they
// were scheduled, so a run is the same bits on every platform.
class Events {
 public:
  void at(Time t, std::function<void()> action) {
    queue_.push(Entry{t, next_++, std::move(action)});
  }
  // Runs the earliest action; false once none is left.
  bool step() {
    if (queue_.empty()) return false;
    // The top is moved out (not copied with its action) and popped at once.
    Entry e = std::move(const_cast<Entry&>(queue_.top()));
    queue_.pop();
    now_ = e.t;
    e.action();
    return true;
  }
  Time now() const { return now_; }
  bool empty() const { return queue_.empty(); }

 private:
  struct Entry {
    Time t;
    std::uint64_t seq;
    std::function<void()> action;
  };
  struct Later {
    bool operator()(const Entry& a, const Entry& b) const {
      return a.t != b.t ? a.t > b.t : a.seq > b.seq;
    }
  };
  std::priority_queue<Entry, std::vector<Entry>, Later> queue_;
  std::uint64_t next_ = 0;
  Time now_ = 0;
};

}  // namespace archex::transputer
