#include "network/circuit/circuit.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "core/param_spec.h"

namespace archex {

namespace {

void require(bool ok, const char* param, const std::string& message) {
  if (!ok) throw ParamError(param, message);
}

}  // namespace

CircuitNetwork::CircuitNetwork(const CircuitConfig& config, std::uint64_t seed)
    : config_(config), topo_(config.topology), rng_(seed) {
  require(topo_ != nullptr, "topology", "a network needs a topology");
  require(config.setup_cycles_per_hop >= 0 && config.setup_cycles_per_hop <= 1000,
          "setup_cycles_per_hop", "set-up per switch: 0 to 1000 cycles");
  require(config.release_cycles >= 0 && config.release_cycles <= 1000, "release_cycles",
          "release: 0 to 1000 cycles");
  require(config.backoff_cycles >= 0 && config.backoff_cycles <= 100000, "backoff_cycles",
          "back-off: 0 to 100000 cycles");
  require(config.channel_rate > 0 && config.channel_rate <= 1, "channel_words_per_cycle",
          "channel rate: above 0, at most 1 word per cycle");
  require(config.source_queue_connections >= 1, "source_queue_connections",
          "source queue: 1 or more");
  int channels = 0;
  for (int r = 0; r < topo_->routers(); ++r) {
    port_base_.push_back(channels);
    channels += topo_->ports(r);
  }
  outputs_.assign(static_cast<std::size_t>(channels), Output{});
  wanting_.assign(outputs_.size(), 0);
  chosen_.assign(outputs_.size(), -1);
  const auto terminals = static_cast<std::size_t>(topo_->terminals());
  queue_.assign(terminals, {});
  busy_.assign(terminals, 0);
  ready_at_.assign(terminals, 0);
  listed_.assign(terminals, 0);
}

CircuitNetwork::~CircuitNetwork() = default;

void CircuitNetwork::record(TraceRecorder& recorder, int max_words) {
  trace_ = std::make_unique<CircuitTrace>(recorder, *this, max_words);
}

int CircuitNetwork::open(int src, int dst, int words) {
  std::deque<int>& q = queue_[static_cast<std::size_t>(src)];
  if (static_cast<int>(q.size()) >= config_.source_queue_connections) return -1;
  Connection c;
  c.src = src;
  c.dst = dst;
  c.words = words;
  c.created = now_;
  connections_.push_back(c);
  const int id = static_cast<int>(connections_.size()) - 1;
  q.push_back(id);
  ++pending_;
  mark_source(src);
  if (trace_) trace_->created(id);
  return id;
}

void CircuitNetwork::mark_source(int src) {
  auto& listed = listed_[static_cast<std::size_t>(src)];
  if (listed) return;
  listed = 1;
  candidates_.push_back(src);
}

std::vector<int> CircuitNetwork::spare_path() {
  if (spare_paths_.empty()) return {};
  std::vector<int> path = std::move(spare_paths_.back());
  spare_paths_.pop_back();
  return path;
}

bool CircuitNetwork::crosses_bisection(int channel) const {
  const auto next = std::upper_bound(port_base_.begin(), port_base_.end(), channel);
  const auto router = static_cast<int>(next - port_base_.begin()) - 1;
  return topo_->crosses_bisection(router, channel - port_base_[static_cast<std::size_t>(router)]);
}

bool CircuitNetwork::is_free(int channel) const {
  const Output& o = outputs_[static_cast<std::size_t>(channel)];
  return o.holder < 0 && o.free_at <= now_;
}

void CircuitNetwork::release_path(std::vector<int>& path, std::int64_t at) {
  for (const int c : path) {
    Output& o = outputs_[static_cast<std::size_t>(c)];
    if (trace_) trace_->release(o.holder, c);
    o.busy_cycles += static_cast<std::uint64_t>(at - o.since);
    o.holder = -1;
    o.free_at = at;
  }
  path.clear();
  spare_paths_.push_back(std::move(path));
}

void CircuitNetwork::start_sources() {
  // In source order, as a scan of every source would start them.
  std::sort(candidates_.begin(), candidates_.end());
  std::size_t kept = 0;
  for (const int src : candidates_) {
    const auto s = static_cast<std::size_t>(src);
    // A busy or empty source is listed again once it frees or is opened on.
    if (busy_[s] || queue_[s].empty()) {
      listed_[s] = 0;
      continue;
    }
    if (ready_at_[s] > now_) {
      candidates_[kept++] = src;
      continue;
    }
    listed_[s] = 0;
    const int id = queue_[s].front();
    queue_[s].pop_front();
    busy_[s] = 1;
    Connection& conn = connections_[static_cast<std::size_t>(id)];
    if (conn.started < 0) conn.started = now_;
    setups_.push_back(Setup{id, topo_->injection(src), 0, now_, spare_path(), false});
    if (trace_) trace_->started(id);
  }
  candidates_.resize(kept);
}

bool CircuitNetwork::arbitrate() {
  if (trace_) trace_->next_round();
  // Each request due now names the output it wants; among those wanting a free output one is
  // picked uniformly (reservoir sampling in request order).
  std::vector<std::pair<int, RouteState>>& want = want_;
  want.assign(setups_.size(), {-1, 0});
  touched_.clear();
  bool any = false;
  for (std::size_t i = 0; i < setups_.size(); ++i) {
    Setup& s = setups_[i];
    if (s.due > now_) continue;
    any = true;
    if (!s.waiting) {
      s.want_state = s.state;
      const RouteStep step = topo_->route(
          s.at.router, s.at.port, connections_[static_cast<std::size_t>(s.id)].dst, s.want_state);
      s.want = channel(s.at.router, step.port);
    }
    const int c = s.want;
    want[i] = {c, s.want_state};
    if (!s.waiting) {
      ++attempts_;
      if (trace_) trace_->request(s.id, c);
    }
    if (!is_free(c)) continue;
    const auto o = static_cast<std::size_t>(c);
    if (wanting_[o] == 0) touched_.push_back(c);
    if (rng_.below(static_cast<std::uint64_t>(++wanting_[o])) == 0) {
      chosen_[o] = static_cast<int>(i);
    }
  }
  if (!any) return false;
  bool moved = false;
  std::vector<Setup>& kept = kept_;
  kept.clear();
  for (std::size_t i = 0; i < setups_.size(); ++i) {
    Setup& s = setups_[i];
    if (want[i].first < 0) {
      kept.push_back(std::move(s));
      continue;
    }
    const int c = want[i].first;
    Connection& conn = connections_[static_cast<std::size_t>(s.id)];
    if (chosen_[static_cast<std::size_t>(c)] == static_cast<int>(i)) {
      Output& o = outputs_[static_cast<std::size_t>(c)];
      o.holder = s.id;
      o.since = now_;
      s.path.push_back(c);
      s.waiting = false;
      moved = true;
      if (trace_) trace_->hold(s.id, c);
      const PortTarget t =
          topo_->output(s.at.router, c - port_base_[static_cast<std::size_t>(s.at.router)]);
      if (t.terminal >= 0) {
        conn.connected = now_;
        // Every output of the path but the last, into the destination, leads to a switch.
        conn.hops = static_cast<int>(s.path.size()) - 1;
        if (trace_) trace_->connected(s.id);
        const auto cycles =
            static_cast<std::int64_t>(std::ceil(conn.words / config_.channel_rate));
        streams_.push_back(Stream{s.id, now_ + cycles, std::move(s.path)});
        continue;
      }
      s.at = {t.router, t.port};
      s.state = want[i].second;
      s.due = now_ + config_.setup_cycles_per_hop;
      kept.push_back(std::move(s));
      continue;
    }
    if (!s.waiting) {
      ++blocked_attempts_;
      ++conn.blocked;
      s.waiting = true;
      if (trace_) trace_->blocked(s.id, c);
    }
    const auto src = static_cast<std::size_t>(conn.src);
    switch (config_.policy) {
      case BlockPolicy::kHold:
        s.due = now_ + 1;
        kept.push_back(std::move(s));
        break;
      case BlockPolicy::kRetry:
        release_path(s.path, now_ + config_.release_cycles);
        busy_[src] = 0;
        ready_at_[src] = now_ + config_.backoff_cycles;
        queue_[src].push_front(s.id);
        mark_source(conn.src);
        if (trace_) trace_->retry(s.id);
        break;
      case BlockPolicy::kDrop:
        release_path(s.path, now_ + config_.release_cycles);
        busy_[src] = 0;
        mark_source(conn.src);
        conn.dropped = true;
        finished_.push_back(s.id);
        --pending_;
        if (trace_) trace_->dropped(s.id);
        break;
    }
  }
  for (const int c : touched_) {
    wanting_[static_cast<std::size_t>(c)] = 0;
    chosen_[static_cast<std::size_t>(c)] = -1;
  }
  setups_.swap(kept);
  return moved;
}

void CircuitNetwork::step() {
  if (trace_) trace_->begin_cycle();
  finished_.clear();
  std::vector<Stream>& running = running_;
  running.clear();
  for (Stream& s : streams_) {
    if (s.end > now_) {
      running.push_back(std::move(s));
      continue;
    }
    Connection& conn = connections_[static_cast<std::size_t>(s.id)];
    conn.delivered = now_;
    finished_.push_back(s.id);
    if (trace_) trace_->delivered(s.id);
    for (const int c : s.path) {
      if (crosses_bisection(c)) bisection_words_ += static_cast<std::uint64_t>(conn.words);
    }
    release_path(s.path, now_ + config_.release_cycles);
    busy_[static_cast<std::size_t>(conn.src)] = 0;
    mark_source(conn.src);
    --pending_;
  }
  streams_.swap(running);
  start_sources();
  // A request with no set-up time crosses every free switch in the cycle it starts.
  while (arbitrate()) {
  }
  ++now_;
}

std::int64_t CircuitNetwork::next_event() const {
  std::int64_t next = INT64_MAX;
  for (const Setup& s : setups_) {
    if (!s.waiting) {
      next = std::min(next, s.due);
      continue;
    }
    // A held request can only move once the output it waits for is free.
    const Output& o = outputs_[static_cast<std::size_t>(s.want)];
    if (o.holder < 0) next = std::min(next, std::max(s.due, o.free_at));
  }
  for (const Stream& s : streams_) next = std::min(next, s.end);
  for (const int src : candidates_) {
    const auto s = static_cast<std::size_t>(src);
    if (!busy_[s] && !queue_[s].empty()) next = std::min(next, ready_at_[s]);
  }
  return std::max(next, now_);
}

void CircuitNetwork::idle_until(std::int64_t t) {
  finished_.clear();
  now_ = t;
}

double CircuitNetwork::output_occupancy(int router, int port) const {
  if (now_ == 0) return 0;
  const Output& o = outputs_[static_cast<std::size_t>(channel(router, port))];
  const std::uint64_t held =
      o.busy_cycles + (o.holder >= 0 ? static_cast<std::uint64_t>(now_ - o.since) : 0);
  return static_cast<double>(held) / static_cast<double>(now_);
}

double CircuitNetwork::switch_occupancy(int router) const {
  double sum = 0;
  int outputs = 0;
  for (int p = 0; p < topo_->ports(router); ++p) {
    const PortTarget t = topo_->output(router, p);
    if (t.router < 0 && t.terminal < 0) continue;
    sum += output_occupancy(router, p);
    ++outputs;
  }
  return outputs == 0 ? 0 : sum / outputs;
}

CircuitInterconnect::CircuitInterconnect(const CircuitConfig& config, std::uint64_t seed)
    : net_(config, seed), rate_(config.channel_rate) {
  require(config.policy != BlockPolicy::kDrop, "circuit_policy",
          "a node model's messages must arrive: choose hold or retry, not drop");
}

int CircuitInterconnect::send(int src, int dst, int flits, int tag) {
  const int id = net_.open(src, dst, flits);
  if (id < 0) return -1;
  Message m;
  m.src = src;
  m.dst = dst;
  m.flits = flits;
  m.tag = tag;
  m.created = net_.now();
  messages_.push_back(m);
  return id;
}

void CircuitInterconnect::step() {
  net_.step();
  delivered_ = net_.finished();
  for (const int id : delivered_) {
    messages_[static_cast<std::size_t>(id)].delivered = net_.connection(id).delivered;
  }
}

}  // namespace archex
