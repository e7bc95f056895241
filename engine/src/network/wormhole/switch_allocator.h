#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace archex {

// How a router matches its input ports to its output ports each cycle (Dally & Towles, ch. 19).
// Greedy: the router's input VCs take the switch one after the other, from a start that turns
// each cycle, each taking its output if no earlier one has (the router engine's own loop; no
// SwitchAllocator is built). The others gather every input VC's request first and match them:
// separable input-first (each input port picks one of its requests, then each output one of the
// inputs that picked it), separable output-first (each output picks one requesting input, then
// each input one of its grants), iSLIP (output-first, iterated, its pointers moved only by a
// grant accepted in the first iteration) and wavefront (the request matrix's diagonals, from one
// that turns each cycle). Every arbiter is round robin.
enum class SwitchAllocatorKind { kGreedy, kInputFirst, kOutputFirst, kIslip, kWavefront };

// The names of the kinds, in order (the parameter `allocator`).
const std::vector<std::string>& switch_allocator_names();

// The arbiters' state of every router of a network: a pointer per input port and per output port
// (indexed as the network numbers its channels: a router's first channel plus the port), and a
// priority diagonal per router.
class SwitchAllocator {
 public:
  static constexpr int kMostPorts = 64;
  // `iterations`: iSLIP's (1 to 4); the other kinds run once.
  SwitchAllocator(SwitchAllocatorKind kind, int iterations, int channels, int routers);

  // Matches the input ports of router `router` (ports 0 to `ports` - 1, its first channel
  // `base`) to its outputs: requests[i] has bit o set when input i asks for output o. Inputs and
  // outputs already matched (bit set in *in_matched, *out_matched) take no part; the matches made
  // are added to both and grant[i] is set to the output won (left alone for an input that won
  // none). Deterministic: the same state and requests give the same matches.
  void allocate(int router, int base, int ports, const std::uint64_t* requests,
                std::uint64_t& in_matched, std::uint64_t& out_matched, std::int8_t* grant);
  // Which of an input's virtual channels (bits of `vcs`, not 0) bidding for the output it won
  // crosses: round robin, from the one after the last served at input `channel`.
  int pick_vc(int channel, std::uint32_t vcs);
  // Bytes of its state, and what they come to for a network of this size, unbuilt.
  std::size_t state_bytes() const { return static_cast<std::size_t>(state_bytes_of(
      static_cast<double>(in_pointer_.size()), static_cast<double>(diagonal_.size()))); }
  static double state_bytes_of(double channels, double routers) {
    return sizeof(SwitchAllocator) + 3 * channels + routers;
  }

 private:
  void separable(int base, int ports, const std::uint64_t* requests, std::uint64_t& in_matched,
                 std::uint64_t& out_matched, std::int8_t* grant, bool input_first);
  void islip(int base, int ports, const std::uint64_t* requests, std::uint64_t& in_matched,
             std::uint64_t& out_matched, std::int8_t* grant);
  void wavefront(int router, int ports, const std::uint64_t* requests, std::uint64_t& in_matched,
                 std::uint64_t& out_matched, std::int8_t* grant);
  void match(int base, int ports, int in, int out, std::uint64_t& in_matched,
             std::uint64_t& out_matched, std::int8_t* grant, bool move_pointers);

  SwitchAllocatorKind kind_;
  int iterations_;
  // An input port's pointer over the outputs, an output port's over the inputs.
  std::vector<std::uint8_t> in_pointer_;
  std::vector<std::uint8_t> out_pointer_;
  std::vector<std::uint8_t> diagonal_;
  std::vector<std::uint8_t> vc_pointer_;
};

}  // namespace archex
