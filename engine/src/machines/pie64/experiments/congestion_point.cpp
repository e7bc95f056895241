#include "machines/pie64/experiments/congestion_point.h"

#include <cstdint>
#include <memory>
#include <vector>

#include "core/result.h"

namespace archex::pie64 {

namespace {

// Clocks from one instruction to the next transfer instruction when each is one with probability
// p: geometric, at least 1, drawn by inversion (the least k with q^k < U, q = 1 - p, U uniform on
// (0, 1]) from the powers q^(2^i), with multiplications only so that every platform gets the same
// bits (a library log need not).
class Gaps {
 public:
  explicit Gaps(double p) {
    powers_.push_back(p >= 1 ? 0 : 1 - p);
    while (powers_.size() < 62 && powers_.back() > 0) {
      powers_.push_back(powers_.back() * powers_.back());
    }
  }
  std::int64_t draw(Rng& rng) const {
    const double u = static_cast<double>((rng.next_u64() >> 11) + 1) * 0x1.0p-53;
    double power = 1;
    std::int64_t k = 0;
    for (std::size_t i = powers_.size(); i-- > 0;) {
      const double next = power * powers_[i];
      if (next < u) continue;
      power = next;
      k += std::int64_t{1} << i;
    }
    return k + 1;
  }

 private:
  // q^(2^i), until they underflow to 0.
  std::vector<double> powers_;
};

// One point: every IU runs instructions of one clock; each is a transfer instruction with
// probability p, to a destination drawn uniformly among the other IUs; a transfer instruction
// waits while the IU's previous transfer still holds the command register.
class Sweep {
 public:
  Sweep(const CongestionParams& p, Command command, int words, double share, std::uint64_t seed)
      : machine_(p.ius, p.costs, seed),
        rng_(seed ^ 0x9e3779b97f4a7c15ULL),
        command_(command),
        words_(words),
        gaps_(share),
        warmup_(static_cast<std::int64_t>(p.warmup) * p.ius),
        target_(static_cast<std::int64_t>(p.messages) * p.ius),
        trans_(p.costs.ts_te + p.costs.tb * words) {
    // The first instruction is at clock 0.
    for (int iu = 0; iu < p.ius; ++iu) next_.push_back(gaps_.draw(rng_) - 1);
  }

  // One clock in which something happens, after the clocks before it in which nothing does; true
  // once the point is measured.
  bool step() {
    const std::int64_t t = machine_.now();
    const int n = machine_.ius();
    for (int iu = 0; iu < n; ++iu) {
      std::int64_t& next = next_[static_cast<std::size_t>(iu)];
      if (next > t || machine_.busy(iu)) continue;
      int dst = static_cast<int>(rng_.below(static_cast<std::uint64_t>(n - 1)));
      if (dst >= iu) ++dst;
      const int id = machine_.issue(iu, command_, dst, words_);
      if (issued_ == warmup_) {
        first_ = id;
        start_ = t;
      }
      ++issued_;
      next = t + gaps_.draw(rng_);
    }
    if (machine_.quiet()) {
      // Until the machine's next event or the next transfer instruction of a unit that is free to
      // issue it (a busy unit frees only at an event), only the clock moves.
      std::int64_t until = machine_.next_event();
      for (int iu = 0; iu < n; ++iu) {
        if (!machine_.busy(iu)) until = std::min(until, next_[static_cast<std::size_t>(iu)]);
      }
      machine_.idle_until(until);
      return false;
    }
    machine_.step();
    for (const int id : machine_.completed()) {
      if (first_ < 0 || id < first_) continue;
      const pie64::Transfer& x = machine_.transfer(id);
      ++done_;
      words_done_ += x.words;
      sum_.wait += x.wait;
      sum_.latency += static_cast<double>(x.done - x.issued);
      sum_.mp += x.mp;
      sum_.pa += x.pa;
    }
    return done_ >= target_;
  }

  double progress() const {
    return std::min(1.0, static_cast<double>(done_) / static_cast<double>(target_));
  }

  const Machine& machine() const { return machine_; }
  void record(TraceRecorder& recorder) { machine_.record(recorder); }

  Point point() const {
    const double n = static_cast<double>(done_);
    const double clocks = static_cast<double>(machine_.now() - start_) * machine_.ius();
    const int issued_in = issued_ - static_cast<int>(warmup_);
    Point r;
    r.rate = issued_in / clocks;
    r.throughput = static_cast<double>(words_done_) / clocks;
    r.latency = sum_.latency / n;
    r.mp = sum_.mp / n;
    r.pa = sum_.pa / n;
    r.trans = trans_;
    r.data_wait = sum_.wait / n;
    // WRITEX and WRITEMN: the NIP's counter. MP-Write: Tw' = (Tto - Tinst - Ttrans) / Nc, where
    // Tto - Tinst is the time the transfers took from UNIRED's command on.
    r.wait = command_ == Command::kMpWrite ? r.latency - trans_ : sum_.wait / n;
    return r;
  }

 private:
  Machine machine_;
  Rng rng_;
  Command command_;
  int words_;
  Gaps gaps_;
  std::int64_t warmup_;
  std::int64_t target_;
  double trans_;
  // Per IU, the clock of its next transfer instruction.
  std::vector<std::int64_t> next_;
  int issued_ = 0;
  int first_ = -1;
  std::int64_t start_ = 0;
  std::int64_t done_ = 0;
  std::int64_t words_done_ = 0;
  Point sum_;
};

// One point of the sweep (run index / ps, p index % ps) as a model of its own, so the points
// can run apart and be combined.
class CongestionPoint final : public RecordPoint<Point> {
 public:
  CongestionPoint(const CongestionParams& p, Rng rng, std::size_t index)
      : RecordPoint(congestion_record()),
        run_(congestion_runs(p)[index / p.ps.size()]),
        sweep_(p, run_.command, run_.words, p.ps[index % p.ps.size()], rng.next_u64()) {}

  // One unit is one clock in which something happens (the quiet ones before it included).
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !finished(); ++i) {
      if (sweep_.step()) finish(measured());
    }
    return finished();
  }
  double progress() const override { return finished() ? 1 : sweep_.progress(); }
  bool attach_trace(TraceRecorder& recorder) override {
    sweep_.record(recorder);
    return true;
  }

 private:
  Point measured() const {
    Point q = sweep_.point();
    const CircuitNetwork& dan = sweep_.machine().dan();
    const Topology& topo = dan.topology();
    for (int router = 0; router < topo.routers(); ++router) {
      for (int port = 0; port < topo.ports(router); ++port) {
        const PortTarget t = topo.output(router, port);
        if (t.router < 0 && t.terminal < 0) continue;
        q.occupancy.push_back(dan.output_occupancy(router, port));
      }
    }
    return q;
  }

  Run run_;
  Sweep sweep_;
};

}  // namespace

const RecordTable<Point>& congestion_record() {
  static const RecordTable<Point> table = RecordTable<Point>()
                                              .add(&Point::rate)
                                              .add(&Point::wait)
                                              .add(&Point::throughput)
                                              .add(&Point::latency)
                                              .add(&Point::mp)
                                              .add(&Point::pa)
                                              .add(&Point::trans)
                                              .add(&Point::data_wait)
                                              .add(&Point::occupancy);
  return table;
}

// The sweep's runs, each over every p: the command at each length, then WRITEMN at the comparison
// length if the command is another.
std::vector<Run> congestion_runs(const CongestionParams& p) {
  const auto command = static_cast<Command>(p.command);
  std::vector<Run> runs;
  for (const int len : p.lengths) runs.push_back({command, len});
  if (p.compare_length > 0 && command != Command::kWritemn) {
    runs.push_back({Command::kWritemn, p.compare_length});
  }
  return runs;
}

std::unique_ptr<Model> congestion_point(const CongestionParams& p, Rng rng, std::size_t index) {
  return std::make_unique<CongestionPoint>(p, rng, index);
}

}  // namespace archex::pie64
