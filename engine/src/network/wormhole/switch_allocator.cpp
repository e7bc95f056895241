#include "network/wormhole/switch_allocator.h"

#include "core/param_spec.h"

namespace archex {

namespace {

std::uint64_t bit(int k) { return std::uint64_t{1} << k; }

// A round-robin arbiter: the first bit of `mask` (not 0) at or after `from`, wrapping around.
int pick(std::uint64_t mask, int from) {
  const std::uint64_t high = from >= 64 ? 0 : mask >> from << from;
  return __builtin_ctzll(high != 0 ? high : mask);
}

}  // namespace

const std::vector<std::string>& switch_allocator_names() {
  static const std::vector<std::string> names = {"greedy", "separable input-first",
                                                 "separable output-first", "iSLIP", "wavefront"};
  return names;
}

SwitchAllocator::SwitchAllocator(SwitchAllocatorKind kind, int iterations, int channels,
                                 int routers)
    : kind_(kind),
      iterations_(iterations),
      in_pointer_(static_cast<std::size_t>(channels), 0),
      out_pointer_(static_cast<std::size_t>(channels), 0),
      diagonal_(static_cast<std::size_t>(routers), 0),
      vc_pointer_(static_cast<std::size_t>(channels), 0) {
  if (iterations < 1 || iterations > 4) {
    throw ParamError("allocator_iterations", "iSLIP's iterations: 1 to 4");
  }
}

void SwitchAllocator::allocate(int router, int base, int ports, const std::uint64_t* requests,
                               std::uint64_t& in_matched, std::uint64_t& out_matched,
                               std::int8_t* grant) {
  switch (kind_) {
    case SwitchAllocatorKind::kInputFirst:
      return separable(base, ports, requests, in_matched, out_matched, grant, true);
    case SwitchAllocatorKind::kOutputFirst:
      return separable(base, ports, requests, in_matched, out_matched, grant, false);
    case SwitchAllocatorKind::kIslip:
      return islip(base, ports, requests, in_matched, out_matched, grant);
    case SwitchAllocatorKind::kWavefront:
      return wavefront(router, ports, requests, in_matched, out_matched, grant);
    case SwitchAllocatorKind::kGreedy:
      break;
  }
}

int SwitchAllocator::pick_vc(int channel, std::uint32_t vcs) {
  std::uint8_t& from = vc_pointer_[static_cast<std::size_t>(channel)];
  const int v = pick(vcs, from);
  from = static_cast<std::uint8_t>(v + 1);
  return v;
}

void SwitchAllocator::match(int base, int ports, int in, int out, std::uint64_t& in_matched,
                            std::uint64_t& out_matched, std::int8_t* grant, bool move_pointers) {
  grant[in] = static_cast<std::int8_t>(out);
  in_matched |= bit(in);
  out_matched |= bit(out);
  if (!move_pointers) return;
  // Past the one just served, so it goes last next time.
  in_pointer_[static_cast<std::size_t>(base + in)] = static_cast<std::uint8_t>((out + 1) % ports);
  out_pointer_[static_cast<std::size_t>(base + out)] = static_cast<std::uint8_t>((in + 1) % ports);
}

void SwitchAllocator::separable(int base, int ports, const std::uint64_t* requests,
                                std::uint64_t& in_matched, std::uint64_t& out_matched,
                                std::int8_t* grant, bool input_first) {
  // The first stage's winners, as the second stage sees them: by output (input-first: the inputs
  // that picked it) or by input (output-first: the outputs that granted it).
  std::uint64_t stage[SwitchAllocator::kMostPorts] = {};
  const auto in_ptr = [&](int i) { return in_pointer_[static_cast<std::size_t>(base + i)]; };
  const auto out_ptr = [&](int o) { return out_pointer_[static_cast<std::size_t>(base + o)]; };
  if (input_first) {
    for (int i = 0; i < ports; ++i) {
      const std::uint64_t want = in_matched & bit(i) ? 0 : requests[i] & ~out_matched;
      if (want != 0) stage[pick(want, in_ptr(i))] |= bit(i);
    }
    for (int o = 0; o < ports; ++o) {
      if (stage[o] != 0) {
        match(base, ports, pick(stage[o], out_ptr(o)), o, in_matched, out_matched, grant, true);
      }
    }
    return;
  }
  for (int o = 0; o < ports; ++o) {
    if (out_matched & bit(o)) continue;
    std::uint64_t asking = 0;
    for (int i = 0; i < ports; ++i) {
      if (requests[i] >> o & 1) asking |= bit(i);
    }
    asking &= ~in_matched;
    if (asking != 0) stage[pick(asking, out_ptr(o))] |= bit(o);
  }
  for (int i = 0; i < ports; ++i) {
    if (stage[i] != 0) {
      match(base, ports, i, pick(stage[i], in_ptr(i)), in_matched, out_matched, grant, true);
    }
  }
}

void SwitchAllocator::islip(int base, int ports, const std::uint64_t* requests,
                            std::uint64_t& in_matched, std::uint64_t& out_matched,
                            std::int8_t* grant) {
  for (int iteration = 0; iteration < iterations_; ++iteration) {
    // Grant: each free output, the first free input asking for it from its pointer.
    std::uint64_t granted[SwitchAllocator::kMostPorts] = {};
    bool any = false;
    for (int o = 0; o < ports; ++o) {
      if (out_matched & bit(o)) continue;
      std::uint64_t asking = 0;
      for (int i = 0; i < ports; ++i) {
        if (requests[i] >> o & 1) asking |= bit(i);
      }
      asking &= ~in_matched;
      if (asking == 0) continue;
      granted[pick(asking, out_pointer_[static_cast<std::size_t>(base + o)])] |= bit(o);
      any = true;
    }
    if (!any) return;
    // Accept: each input, the first output granting it from its pointer; only the first
    // iteration's matches move the pointers, which keeps the outputs' pointers apart.
    for (int i = 0; i < ports; ++i) {
      if (granted[i] == 0) continue;
      const int o = pick(granted[i], in_pointer_[static_cast<std::size_t>(base + i)]);
      match(base, ports, i, o, in_matched, out_matched, grant, iteration == 0);
    }
  }
}

void SwitchAllocator::wavefront(int router, int ports, const std::uint64_t* requests,
                                std::uint64_t& in_matched, std::uint64_t& out_matched,
                                std::int8_t* grant) {
  bool any = false;
  for (int i = 0; i < ports && !any; ++i) any = (requests[i] & ~out_matched) != 0;
  if (!any) return;
  // Diagonal d holds the cells (i, o) with i + o = d (mod ports): no two share an input or an
  // output, so a diagonal is granted whole, then the next, from the one with priority.
  std::uint8_t& first = diagonal_[static_cast<std::size_t>(router)];
  for (int d = 0; d < ports; ++d) {
    for (int o = 0; o < ports; ++o) {
      const int i = (first + d + ports - o) % ports;
      if ((in_matched & bit(i)) || (out_matched & bit(o)) || !(requests[i] >> o & 1)) continue;
      grant[i] = static_cast<std::int8_t>(o);
      in_matched |= bit(i);
      out_matched |= bit(o);
    }
  }
  first = static_cast<std::uint8_t>((first + 1) % ports);
}

}  // namespace archex
