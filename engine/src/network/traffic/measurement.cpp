#include "network/traffic/measurement.h"

#include <algorithm>
#include <cmath>

namespace archex {

namespace {

double percentile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const auto i = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size()))) - 1;
  return sorted[std::min(i, sorted.size() - 1)];
}

}  // namespace

void summarize_latencies(LoadPointResult& r) {
  auto& l = r.latencies;
  std::sort(l.begin(), l.end());
  double sum = 0;
  for (const double x : l) sum += x;
  r.latency_mean = l.empty() ? 0 : sum / static_cast<double>(l.size());
  r.latency_p50 = percentile(l, 0.5);
  r.latency_p95 = percentile(l, 0.95);
  r.latency_p99 = percentile(l, 0.99);
  r.measured_packets = static_cast<std::int64_t>(l.size());
  const double n = static_cast<double>(l.size());
  r.network_latency_mean = l.empty() ? 0 : r.network_latency_sum / n;
  r.hops_mean = l.empty() ? 0 : r.hops_sum / n;
  std::sort(r.round_trips.begin(), r.round_trips.end());
}

double LoadPointOptions::mean_packet_flits() const {
  if (request_reply) return transactions.mean_flits();
  if (packet_sizes.empty()) return packet_flits;
  double mean = 0;
  for (std::size_t i = 0; i < packet_sizes.size(); ++i) mean += packet_sizes[i] * packet_shares[i];
  return mean;
}

int LoadPointOptions::max_packet_flits() const {
  if (request_reply) {
    const RequestReply& t = transactions;
    return std::max({t.read_request_flits, t.read_reply_flits, t.write_request_flits,
                     t.write_reply_flits});
  }
  if (packet_sizes.empty()) return packet_flits;
  return *std::max_element(packet_sizes.begin(), packet_sizes.end());
}

void per_node_accepted(LoadPointResult& r, const std::vector<std::uint64_t>& words,
                       std::int64_t cycles) {
  if (words.empty() || cycles <= 0) return;
  const auto [least, most] = std::minmax_element(words.begin(), words.end());
  const auto window = static_cast<double>(cycles);
  r.accepted_min = static_cast<double>(*least) / window;
  r.accepted_max = static_cast<double>(*most) / window;
}

bool short_of_offered(std::uint64_t delivered, double created) {
  return static_cast<double>(delivered) < 0.9 * created;
}

MeasuredLoadPoint::MeasuredLoadPoint(const LoadPointOptions& options) : opt_(options) {
  result_.offered = options.rate;
}

void MeasuredLoadPoint::record(double latency, double network_latency, int hops) {
  // A watched point was judged already: what it delivers now is not measured.
  if (phase_ == Phase::kWatch) return;
  result_.latencies.push_back(latency);
  result_.network_latency_sum += network_latency;
  result_.hops_sum += hops;
  batches_.add(latency);
}

void MeasuredLoadPoint::record_class(ClassStats& stats, double latency, double network_latency) {
  if (phase_ == Phase::kWatch) return;
  ++stats.packets;
  stats.latency_sum += latency;
  stats.network_latency_sum += network_latency;
}

void MeasuredLoadPoint::record_round_trip(double cycles) {
  if (phase_ == Phase::kWatch) return;
  result_.round_trips.push_back(cycles);
}

bool MeasuredLoadPoint::advance(std::int64_t budget) {
  for (std::int64_t i = 0; i < budget && phase_ != Phase::kDone; ++i) {
    cycle();
    const std::int64_t now = clock();
    if (deadlocked()) {
      result_.deadlocked = true;
      if (phase_ == Phase::kMeasure && now > measure_start_) {
        end_measurement(now, now - measure_start_);
      }
      finish();
      break;
    }
    if (phase_ == Phase::kWarmup && now >= opt_.warmup_cycles) {
      phase_ = Phase::kMeasure;
      measure_start_ = now;
      start_window();
    } else if (phase_ == Phase::kMeasure) {
      const std::int64_t elapsed = now - measure_start_;
      if (elapsed % opt_.batch_cycles == 0) {
        batches_.close_batch();
        const bool converged =
            batches_.converged(opt_.confidence) &&
            static_cast<std::int64_t>(batches_.samples()) >= opt_.min_packets &&
            elapsed >= opt_.min_cycles;
        if (!opt_.full_window && backlog_growing() &&
            short_of_offered(delivered_words(), words_to_deliver())) {
          end_measurement(now, elapsed);
          finish();
        } else if (converged || elapsed >= opt_.max_cycles || overflow_) {
          end_measurement(now, elapsed);
        }
      }
    } else if (phase_ == Phase::kWatch) {
      if (now - watch_start_ >= opt_.deadlock_watch_cycles) {
        result_.deadlock_watched_cycles = now - watch_start_;
        result_.cycles = now;
        phase_ = Phase::kDone;
      }
    } else if (phase_ == Phase::kDrain) {
      // The measured packets drain under continuing traffic; a network that cannot deliver them
      // within another max_cycles is saturated, and so is one whose source queues keep growing
      // while they drain (at the onset of saturation the window can deliver 90 % of its words
      // while the queues at the busiest nodes grow without end).
      const std::int64_t draining = now - measure_end_;
      if (outstanding_ == 0 || draining >= opt_.max_cycles ||
          (draining % opt_.batch_cycles == 0 && backlog_growing())) {
        finish();
      }
    }
  }
  return done();
}

void MeasuredLoadPoint::end_measurement(std::int64_t now, std::int64_t elapsed) {
  phase_ = Phase::kDrain;
  measure_end_ = now;
  result_.latency_ci = batches_.half_width();
  close_window(elapsed);
}

bool MeasuredLoadPoint::backlog_growing() {
  if (!opt_.stop_past_saturation) return false;
  const std::int64_t backlog = source_backlog();
  growing_ = backlog > backlog_ ? growing_ + 1 : 0;
  backlog_ = backlog;
  return growing_ >= kGrowingBatches && backlog > terminals();
}

void MeasuredLoadPoint::finish() {
  summarize_latencies(result_);
  result_.cycles = clock();
  judge();
  const bool watch = phase_ != Phase::kWatch && result_.saturated && opt_.deadlock_watch_cycles > 0;
  phase_ = watch ? Phase::kWatch : Phase::kDone;
  watch_start_ = result_.cycles;
}

double MeasuredLoadPoint::progress() const {
  if (phase_ == Phase::kDone) return 1;
  const double now = static_cast<double>(clock());
  if (phase_ == Phase::kWatch) {
    return std::min(0.99, now / static_cast<double>(watch_start_ + opt_.deadlock_watch_cycles));
  }
  const double span =
      static_cast<double>(opt_.warmup_cycles + 2 * opt_.max_cycles + opt_.deadlock_watch_cycles);
  return std::min(0.99, now / span);
}

}  // namespace archex
