#include <cstddef>
#include <cstdint>
#include <vector>

#include "network/wormhole/network.h"

// The deadlock watch's look (Network::find_deadlock), apart from network.cpp: code here sits off
// the hot path and, in the same file, changed what the compiler inlined there (a push_back of the
// flit loop went out of line).

namespace archex {

void Network::waits_of(int in, std::vector<std::int32_t>& out) const {
  const auto i = static_cast<std::size_t>(in);
  const Vc& vc = vc_[i];
  if (vc.count == 0) return;
  const Flit flit = flits_[i * static_cast<std::size_t>(buffer_) + vc.head];
  if (static_cast<std::int32_t>(flit.ready - static_cast<std::uint32_t>(first_step(now_ + 1) - 1)) > 0)
    return;
  const int input = in / vcs_;
  const int router = channels_[static_cast<std::size_t>(input)].router;
  const RouterState& r = routers_[static_cast<std::size_t>(router)];
  if (vc.out_port >= 0) {
    // Routed: it waits on the buffer downstream to take a flit, unless it leaves the network.
    const Channel& ch = channels_[static_cast<std::size_t>(r.port_base + vc.out_port)];
    if (ch.eject_terminal >= 0) return;
    const Vc& o = vc_[static_cast<std::size_t>(ivc(ch.downstream, vc.out_vc))];
    if (config_.credit_flow ? o.credits <= 0 : o.free_seen < onoff_margin_) {
      out.push_back(ivc(ch.downstream, vc.out_vc));
    }
    return;
  }
  // A head: it waits for any output VC of its route's class, each held by the packet of an input
  // of this router until that packet's tail leaves (or, the tail gone, until it leaves the VC).
  // Of an adaptive routing, any output VC of any of its choices.
  const Packet& p = packets_[flit.word & kPacketMask];
  RouteChoice choices[kMostRouteChoices];
  int n = 1;
  if (adaptive_) {
    n = topo_->route_choices(router, input - r.port_base, p.dst, choices);
  } else {
    RouteState state = p.route_state;
    const RouteStep step = topo_->route(router, input - r.port_base, p.dst, state);
    choices[0] = {step.port, 0, 0, 0, step.vc_class};
  }
  const std::size_t mark = out.size();
  for (int k = 0; k < n; ++k) {
    const RouteChoice& choice = choices[k];
    const int c = r.port_base + choice.port;
    const Channel& ch = channels_[static_cast<std::size_t>(c)];
    // Only the VCs of its message class.
    const int base = vc_base(p);
    const int first = base + (adaptive_ ? choice.vc_first : 0);
    const int last =
        adaptive_ && choice.vc_count > 0 ? first + choice.vc_count : base + class_vcs_;
    for (int v = first; v < last; ++v) {
      int o = -1;
      if (ch.eject_terminal >= 0) {
        if (v > first) break;
        o = ivc(c, 0);
      } else {
        if (!adaptive_ && vc_classes_ > 1 && (v - base) % vc_classes_ != choice.vc_class) {
          continue;
        }
        o = ivc(ch.downstream, v);
      }
      if (vc_[static_cast<std::size_t>(o)].held != 1) {
        out.resize(mark);
        return;
      }
      int holder = o;
      for (int slot = 0; slot < r.slots; ++slot) {
        const Vc& h = vc_[static_cast<std::size_t>(r.port_base * vcs_ + slot)];
        if (h.out_port == choice.port && h.out_vc == v) holder = r.port_base * vcs_ + slot;
      }
      out.push_back(holder);
    }
  }
}

bool Network::find_deadlock() {
  // A credit on its way will let a flit move.
  if (in_network_ == 0 || credits_on_the_way()) return false;
  // Each input VC's waits, as a graph: it can move once any of them can (none: it can move, or
  // waits on something outside the routers). Those that cannot are found by marking from the
  // ones that can, back along the waits; what is left waits only on itself.
  const std::size_t n = vc_.size();
  std::vector<std::int32_t> first(n + 1, 0);
  std::vector<std::int32_t> waits;
  for (std::size_t i = 0; i < n; ++i) {
    first[i] = static_cast<std::int32_t>(waits.size());
    waits_of(static_cast<int>(i), waits);
  }
  first[n] = static_cast<std::int32_t>(waits.size());
  std::vector<std::int32_t> back_first(n + 1, 0);
  for (const std::int32_t w : waits) ++back_first[static_cast<std::size_t>(w) + 1];
  for (std::size_t i = 0; i < n; ++i) back_first[i + 1] += back_first[i];
  std::vector<std::int32_t> back(waits.size());
  std::vector<std::int32_t> fill(back_first.begin(), back_first.end() - 1);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::int32_t e = first[i]; e < first[i + 1]; ++e) {
      back[static_cast<std::size_t>(fill[static_cast<std::size_t>(waits[e])]++)] =
          static_cast<std::int32_t>(i);
    }
  }
  std::vector<std::uint8_t> can_move(n, 0);
  std::vector<std::int32_t> todo;
  for (std::size_t i = 0; i < n; ++i) {
    if (first[i] == first[i + 1]) {
      can_move[i] = 1;
      todo.push_back(static_cast<std::int32_t>(i));
    }
  }
  while (!todo.empty()) {
    const auto i = static_cast<std::size_t>(todo.back());
    todo.pop_back();
    for (std::int32_t e = back_first[i]; e < back_first[i + 1]; ++e) {
      const auto from = static_cast<std::size_t>(back[static_cast<std::size_t>(e)]);
      if (!can_move[from]) {
        can_move[from] = 1;
        todo.push_back(static_cast<std::int32_t>(from));
      }
    }
  }
  std::size_t at = 0;
  while (at < n && can_move[at]) ++at;
  if (at == n) return false;
  // Every wait of a stuck VC is stuck: follow the first until one comes round again.
  std::vector<std::int32_t> seen(n, -1);
  std::vector<std::int32_t> path;
  while (seen[at] < 0) {
    seen[at] = static_cast<std::int32_t>(path.size());
    path.push_back(static_cast<std::int32_t>(at));
    at = static_cast<std::size_t>(waits[static_cast<std::size_t>(first[at])]);
  }
  std::vector<std::int32_t> feeder(channels_.size(), -1);
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    if (channels_[c].downstream >= 0) {
      feeder[static_cast<std::size_t>(channels_[c].downstream)] = static_cast<std::int32_t>(c);
    }
  }
  deadlock_.cycle = now_;
  for (auto k = static_cast<std::size_t>(seen[at]); k < path.size(); ++k) {
    const auto i = static_cast<std::size_t>(path[k]);
    // An injection buffer in the knot holds the VC the next one waits on; the knot's channels
    // are the links.
    const int link = feeder[i / static_cast<std::size_t>(vcs_)];
    if (link < 0) continue;
    deadlock_.channels.push_back(link);
    deadlock_.vcs.push_back(static_cast<int>(i % static_cast<std::size_t>(vcs_)));
    deadlock_.packets.push_back(static_cast<int>(
        flits_[i * static_cast<std::size_t>(buffer_) + vc_[i].head].word & kPacketMask));
  }
  return true;
}

}  // namespace archex
