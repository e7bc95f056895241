#include "machines/paragon/experiments/paragon.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <numeric>
#include <utility>

#include "core/fit.h"
#include "core/param_table.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube.h"
#include "machines/paragon/library.h"
#include "machines/paragon/machine.h"
#include "machines/paragon/point.h"

namespace archex {

namespace paragon {

std::vector<int> mesh_of(int p) {
  int y = 1;
  for (int d = 1; d * d <= p; ++d) {
    if (p % d == 0) y = d;
  }
  return {p / y, y};
}

std::vector<int> checked_mesh(int p) {
  std::vector<int> m = mesh_of(p);
  if (m[0] > 32) {
    throw ParamError("processors", "processors: " + std::to_string(p) + " makes a " +
                                       mesh_name(p) + " mesh; the mesh takes 2 to 32 nodes a side");
  }
  return m;
}

std::string mesh_name(int p) {
  const std::vector<int> m = mesh_of(p);
  return std::to_string(m[0]) + "x" + std::to_string(m[1]);
}

std::vector<NetworkMap> machine(const std::vector<int>& processors, bool one_row) {
  const int p = *std::max_element(processors.begin(), processors.end());
  return {describe_grid(p, one_row ? p : mesh_of(p)[0], "mesh", "mesh")};
}

}  // namespace paragon

namespace {

using paragon::Machine;
using paragon::MachineParams;
using paragon::Op;
using paragon::Program;

const char* const kCitation =
    "B. H. H. Juurlink, Experimental Validation of Parallel Computation Models on the Intel "
    "Paragon, IPPS/SPDP 1998";

using paragon::ProgramsPoint;
using paragon::time_of;

Series series(std::string name, std::string label, std::string x_name, std::string x_unit,
              std::string y_name, std::string y_unit) {
  return paragon::empty_series(std::move(name), std::move(label), std::move(x_name),
                               std::move(x_unit), std::move(y_name), std::move(y_unit));
}

// The fitted line drawn over the x range of `s`, keyed as `s` is (drawn in its colour).
Series line_over(std::string name, std::string label, const Series& s, const Line& l) {
  Series out = s;
  out.key = s.key.empty() ? s.name : s.key;
  out.name = std::move(name);
  out.label = std::move(label);
  out.y.clear();
  for (const double x : out.x) out.y.push_back(l.intercept + l.slope * x);
  return out;
}

template <class P>
ParamTable<P> with_machine() {
  ParamTable<P> t;
  t.include(&P::m, paragon::machine_table());
  return t;
}

// ---- Fig. 1: ping-pong ------------------------------------------------------------------------

struct PingPongParams {
  MachineParams m;
  std::vector<int> dims;
  std::vector<int> message_bytes;
};

// Point 2k: ping-pong with message_bytes[k] (a round trip between nodes 0 and 1, halved);
// point 2k + 1: ping-pong double (both send and receive at once).
std::unique_ptr<Model> pingpong_point(const PingPongParams& p, Rng, std::size_t point) {
  const int bytes = p.message_bytes[point / 2];
  const bool both = point % 2 == 1;
  const int nodes = p.dims[0] * p.dims[1];
  std::vector<Program> programs(static_cast<std::size_t>(nodes));
  if (both) {
    for (int i = 0; i < 2; ++i) {
      programs[static_cast<std::size_t>(i)] = {{Op::kPost, 0, 1},
                                               {Op::kSend, 1 - i, static_cast<double>(bytes)},
                                               {Op::kWaitRecv, 0, 1},
                                               {Op::kWaitSend, 0, 0}};
    }
  } else {
    programs[0] = {{Op::kSend, 1, static_cast<double>(bytes)},
                   {Op::kPost, 0, 1},
                   {Op::kWaitRecv, 0, 1},
                   {Op::kWaitSend, 0, 0}};
    programs[1] = {{Op::kPost, 0, 1},
                   {Op::kWaitRecv, 0, 1},
                   {Op::kSend, 0, static_cast<double>(bytes)},
                   {Op::kWaitSend, 0, 0}};
  }
  return std::make_unique<ProgramsPoint>(
      p.m, p.dims, std::move(programs),
      std::vector<Scalar>{{"bytes", static_cast<double>(bytes), "bytes", "Message size"}});
}

Result combine_pingpong(const PingPongParams& p, const std::vector<PointResult>& partials) {
  Series pp = series("pp_sim", "send/receive (ping-pong), simulated", "message size", "bytes",
                     "time", "us");
  Series pp2 = series("pp2_sim", "send + receive (ping-pong double), simulated", "message size",
                      "bytes", "time", "us");
  for (const PointResult& r : partials) {
    const double t = time_of(r.result);
    if (std::isnan(t)) continue;
    const double m = p.message_bytes[r.point / 2];
    Series& s = r.point % 2 == 0 ? pp : pp2;
    s.x.push_back(m);
    s.y.push_back(r.point % 2 == 0 ? t / 2 : t);
  }
  Result out;
  const Line a = fit_line(pp.x, pp.y);
  const Line b = fit_line(pp2.x, pp2.y);
  out.scalars = {
      {"tpp_startup_us", a.intercept, "us", "Ping-pong: startup of the least-squares line"},
      {"tpp_per_byte_us", a.slope, "us/byte", "Ping-pong: time per byte of the line"},
      {"tpp2_startup_us", b.intercept, "us", "Ping-pong double: startup of the line"},
      {"tpp2_per_byte_us", b.slope, "us/byte", "Ping-pong double: time per byte of the line"},
      {"bandwidth_mb_s", a.slope > 0 ? 1 / a.slope : 0, "MB/s",
       "Asymptotic bandwidth, 1 / per-byte time"},
      {"m_half_kb", a.slope > 0 ? a.intercept / a.slope / 1000 : 0, "KB",
       "Message size reaching half the asymptotic bandwidth, startup / per-byte time"}};
  out.series.push_back(line_over("pp_fit", "ping-pong, least-squares line", pp, a));
  out.series.push_back(line_over("pp2_fit", "ping-pong double, least-squares line", pp2, b));
  out.series.push_back(std::move(pp));
  out.series.push_back(std::move(pp2));
  return out;
}

// ---- Fig. 2: bisection on p x 1 ---------------------------------------------------------------

struct BisectionParams {
  MachineParams m;
  std::vector<int> processors;
  int message_kb;
};

// Node i sends message_kb to node p - i - 1 (the middle node of an odd p sends nothing).
std::unique_ptr<Model> bisection_point(const BisectionParams& p, Rng, std::size_t point) {
  const int n = p.processors[point];
  const double bytes = 1024.0 * p.message_kb;
  std::vector<Program> programs(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int to = n - i - 1;
    if (to == i) continue;
    programs[static_cast<std::size_t>(i)] = {
        {Op::kPost, 0, 1}, {Op::kSend, to, bytes}, {Op::kWaitRecv, 0, 1}, {Op::kWaitSend, 0, 0}};
  }
  return std::make_unique<ProgramsPoint>(
      p.m, std::vector<int>{n, 1}, std::move(programs),
      std::vector<Scalar>{{"p", static_cast<double>(n), "processors", "Configuration p x 1"}});
}

Result combine_bisection(const BisectionParams& p, const std::vector<PointResult>& partials) {
  Series bw = series("bisection_sim", "simulated", "processors (p x 1)", "processors",
                     "bandwidth over the middle link", "MB/s");
  const double bytes = 1024.0 * p.message_kb;
  double at2 = 0, at6 = 0, at8 = 0, at16 = 0;
  for (const PointResult& r : partials) {
    const double t = time_of(r.result);
    if (std::isnan(t)) continue;
    const int n = p.processors[r.point];
    int crossing = 0;
    for (int i = 0; i < n; ++i) crossing += (i < n / 2) != (n - i - 1 < n / 2) ? 1 : 0;
    const double mb_s = crossing * bytes / t;
    bw.x.push_back(n);
    bw.y.push_back(mb_s);
    if (n == 2) at2 = mb_s;
    if (n == 6) at6 = mb_s;
    if (n == 8) at8 = mb_s;
    if (n == 16) at16 = mb_s;
  }
  Result out;
  out.scalars = {
      {"link_bound_mb_s", 2 * p.m.link_mb_s, "MB/s", "The middle link, both directions"},
      {"bisection_rise_2_to_6", at2 > 0 ? at6 / at2 : 0, "ratio",
       "Bandwidth at p = 6 over p = 2 (3 if it rises linearly)"},
      {"bisection_flat_8_to_16", at8 > 0 ? at16 / at8 : 0, "ratio",
       "Bandwidth at p = 16 over p = 8 (1 if flat)"},
      {"bisection_mb_s_p16", at16, "MB/s", "Bandwidth at p = 16"}};
  out.series.push_back(std::move(bw));
  return out;
}

// ---- Fig. 3, 4, Table 1: h-relations ----------------------------------------------------------

struct BspParams {
  MachineParams m;
  std::vector<int> processors;
  std::vector<int> h_values;
  std::vector<int> naive_h_values;
};

// Points: every h of every configuration, then the naive library's h on the first configuration.
struct BspPoint {
  int p;
  int h;
  bool naive;
};

std::vector<BspPoint> bsp_plan(const BspParams& p) {
  std::vector<BspPoint> out;
  for (const int n : p.processors) {
    paragon::checked_mesh(n);
    for (const int h : p.h_values) out.push_back({n, h, false});
  }
  for (const int h : p.naive_h_values) out.push_back({p.processors.front(), h, true});
  return out;
}

std::unique_ptr<Model> bsp_point(const BspParams& p, Rng rng, std::size_t index) {
  const BspPoint pt = bsp_plan(p)[index];
  std::vector<Program> programs(static_cast<std::size_t>(pt.p));
  const paragon::Packets packets = paragon::random_h_relation(pt.p, pt.h, rng);
  if (pt.naive) {
    paragon::naive_sync(programs, p.m, packets);
  } else {
    paragon::bsp_sync(programs, p.m, packets);
  }
  return std::make_unique<ProgramsPoint>(p.m, paragon::mesh_of(pt.p), std::move(programs),
                                         std::vector<Scalar>{});
}

Result combine_bsp(const BspParams& p, const std::vector<PointResult>& partials) {
  const std::vector<BspPoint> plan = bsp_plan(p);
  Result out;
  Series g_vs_p = series("g_vs_p", "g, fitted to the simulation", "processors", "processors",
                         "g", "us");
  Series l_vs_p = series("L_vs_p", "L, fitted to the simulation", "processors", "processors",
                         "L", "us");
  std::vector<Series> fits;
  double first_g = 0;
  for (const int n : p.processors) {
    const std::string name = paragon::mesh_name(n);
    Series s = series("hrel_" + name, name + " (p = " + std::to_string(n) + "), simulated", "h",
                      "packets", "time", "us");
    for (const PointResult& r : partials) {
      const BspPoint& pt = plan[r.point];
      const double t = time_of(r.result);
      if (pt.naive || pt.p != n || std::isnan(t)) continue;
      s.x.push_back(pt.h);
      s.y.push_back(t);
    }
    if (s.x.size() >= 2) {
      const Line l = fit_line(s.x, s.y);
      out.scalars.push_back({"g_us_" + name, l.slope, "us", "g on " + name + ": the slope"});
      out.scalars.push_back({"L_us_" + name, l.intercept, "us", "L on " + name + ": the offset"});
      g_vs_p.x.push_back(n);
      g_vs_p.y.push_back(l.slope);
      l_vs_p.x.push_back(n);
      l_vs_p.y.push_back(l.intercept);
      fits.push_back(line_over("bsp_model_" + name, name + ": BSP g h + L", s, l));
      if (n == p.processors.front()) {
        first_g = l.slope;
        out.scalars.push_back({"g_us", l.slope});
        out.scalars.push_back({"L_us", l.intercept});
        out.scalars.push_back({"buffering_us_per_packet", p.m.bsp_buffer_us});
        out.scalars.push_back({"network_us_per_packet", l.slope - p.m.bsp_buffer_us});
      }
    }
    out.series.push_back(std::move(s));
  }
  Series naive = series("naive_hrel", "naive library, simulated", "h", "packets", "time", "us");
  for (const PointResult& r : partials) {
    const BspPoint& pt = plan[r.point];
    const double t = time_of(r.result);
    if (!pt.naive || std::isnan(t)) continue;
    naive.x.push_back(pt.h);
    naive.y.push_back(t);
  }
  if (naive.x.size() >= 2) {
    const Line l = fit_line(naive.x, naive.y);
    out.scalars.push_back({"g_naive_us", l.slope});
    fits.push_back(line_over("naive_model", "naive library: g h + L", naive, l));
    if (first_g > 0) {
      out.scalars.push_back(
          {"naive_g_ratio", l.slope / first_g, "ratio", "Naive g over the BSP library's g"});
    }
  }
  out.series.push_back(std::move(naive));
  for (Series& f : fits) out.series.push_back(std::move(f));
  out.series.push_back(std::move(g_vs_p));
  out.series.push_back(std::move(l_vs_p));
  return out;
}

// ---- Fig. 5, Table 2: block permutations ------------------------------------------------------

struct BpramParams {
  MachineParams m;
  std::vector<int> processors;
  std::vector<int> block_bytes;
};

struct BpramPoint {
  int p;
  int bytes;
};

std::vector<BpramPoint> bpram_plan(const BpramParams& p) {
  std::vector<BpramPoint> out;
  for (const int n : p.processors) {
    paragon::checked_mesh(n);
    for (const int b : p.block_bytes) out.push_back({n, b});
  }
  return out;
}

// A random permutation with no fixed point (every node sends to another).
std::vector<int> random_derangement(int p, Rng& rng) {
  std::vector<int> perm(static_cast<std::size_t>(p));
  for (;;) {
    std::iota(perm.begin(), perm.end(), 0);
    for (int i = p - 1; i > 0; --i) {
      std::swap(perm[static_cast<std::size_t>(i)],
                perm[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(i) + 1))]);
    }
    bool fixed = false;
    for (int i = 0; i < p; ++i) fixed = fixed || perm[static_cast<std::size_t>(i)] == i;
    if (!fixed) return perm;
  }
}

std::unique_ptr<Model> bpram_point(const BpramParams& p, Rng rng, std::size_t index) {
  const BpramPoint pt = bpram_plan(p)[index];
  std::vector<Program> programs(static_cast<std::size_t>(pt.p));
  paragon::bpram_step(programs, random_derangement(pt.p, rng),
                      std::vector<double>(static_cast<std::size_t>(pt.p), pt.bytes));
  return std::make_unique<ProgramsPoint>(p.m, paragon::mesh_of(pt.p), std::move(programs),
                                         std::vector<Scalar>{});
}

Result combine_bpram(const BpramParams& p, const std::vector<PointResult>& partials) {
  const std::vector<BpramPoint> plan = bpram_plan(p);
  Result out;
  Series sigma_vs_p = series("sigma_vs_p", "sigma, fitted to the simulation", "processors",
                             "processors", "sigma", "us/byte");
  Series l_vs_p = series("l_vs_p", "l, fitted to the simulation", "processors", "processors",
                         "l", "us");
  std::vector<Series> fits;
  for (const int n : p.processors) {
    const std::string name = paragon::mesh_name(n);
    Series s = series("perm_" + name, name + " (p = " + std::to_string(n) + "), simulated",
                      "block length", "bytes", "time", "us");
    for (const PointResult& r : partials) {
      const double t = time_of(r.result);
      if (plan[r.point].p != n || std::isnan(t)) continue;
      s.x.push_back(plan[r.point].bytes);
      s.y.push_back(t);
    }
    if (s.x.size() >= 2) {
      const Line l = fit_line(s.x, s.y);
      out.scalars.push_back(
          {"sigma_us_per_byte_" + name, l.slope, "us/byte", "sigma on " + name + ": the slope"});
      out.scalars.push_back({"l_us_" + name, l.intercept, "us", "l on " + name + ": the offset"});
      sigma_vs_p.x.push_back(n);
      sigma_vs_p.y.push_back(l.slope);
      l_vs_p.x.push_back(n);
      l_vs_p.y.push_back(l.intercept);
      fits.push_back(line_over("bpram_model_" + name, name + ": BPRAM sigma m + l", s, l));
      if (n == p.processors.front()) {
        out.scalars.push_back({"sigma_us_per_byte", l.slope});
        out.scalars.push_back({"l_us", l.intercept});
      }
    }
    out.series.push_back(std::move(s));
  }
  for (Series& f : fits) out.series.push_back(std::move(f));
  out.series.push_back(std::move(sigma_vs_p));
  out.series.push_back(std::move(l_vs_p));
  return out;
}

ParamSpec processors_spec(std::vector<double> values, const char* description) {
  return list_spec(
      number_param("processors", "Configurations")
          .unit("processors").value(8).range(2, 100).whole()
          .about(description),
      8, std::move(values));
}

std::vector<OutputSpec> pingpong_outputs() {
  return {
      scalar_output("tpp_startup_us", "us", "Ping-pong: startup of the least-squares line"),
      scalar_output("tpp_per_byte_us", "us/byte", "Ping-pong: time per byte of the line"),
      scalar_output("tpp*_startup_us", "us", "Ping-pong double: startup of the line"),
      scalar_output("tpp*_per_byte_us", "us/byte", "Ping-pong double: time per byte of the line"),
      scalar_output("bandwidth_mb_s", "MB/s", "Asymptotic bandwidth, N / per-byte time"),
      scalar_output("m_half_kb", "KB",
                    "Message size reaching half the asymptotic bandwidth, startup / per-byte time"),
      series_output("pp_fit", "us", "time against message size"),
      series_output("pp*_fit", "us", "time against message size"),
      series_output("pp_sim", "us", "time against message size"),
      series_output("pp*_sim", "us", "time against message size"),
  };
}

std::vector<OutputSpec> bisection_outputs() {
  return {
      scalar_output("link_bound_mb_s", "MB/s", "The middle link, both directions"),
      scalar_output("bisection_rise_*_to_*", "ratio",
                    "Bandwidth at p = N over p = N (N if it rises linearly)"),
      scalar_output("bisection_flat_*_to_*", "ratio", "Bandwidth at p = N over p = N (N if flat)"),
      scalar_output("bisection_mb_s_p*", "MB/s", "Bandwidth at p = N"),
      series_output("bisection_sim", "MB/s",
                    "bandwidth over the middle link against processors (p x 1)"),
  };
}

std::vector<OutputSpec> bsp_outputs() {
  return {
      scalar_output("g_us_*x*", "us", "g on 4x2: the slope"),
      scalar_output("L_us_*x*", "us", "L on 4x2: the offset"),
      scalar_output("g_us", "us", "g on the first configuration"),
      scalar_output("L_us", "us", "L on the first configuration"),
      scalar_output("buffering_us_per_packet", "us", "Writing and reading a packet's buffers"),
      scalar_output("network_us_per_packet", "us",
                    "The rest of g: moving the packet through NX and the mesh"),
      scalar_output("g_naive_us", "us", "g of the naive library"),
      scalar_output("naive_g_ratio", "ratio", "Naive g over the BSP library's g"),
      series_output("hrel_*x*", "us", "time against h"),
      series_output("naive_hrel", "us", "time against h"),
      series_output("bsp_model_*x*", "us", "time against h"),
      series_output("naive_model", "us", "time against h"),
      series_output("g_vs_p", "us", "g against processors"),
      series_output("L_vs_p", "us", "L against processors"),
  };
}

std::vector<OutputSpec> bpram_outputs() {
  return {
      scalar_output("sigma_us_per_byte_*x*", "us/byte", "sigma on 4x2: the slope"),
      scalar_output("l_us_*x*", "us", "l on 4x2: the offset"),
      scalar_output("sigma_us_per_byte", "us/byte", "sigma, first config"),
      scalar_output("l_us", "us", "l on the first configuration"),
      series_output("perm_*x*", "us", "time against block length"),
      series_output("bpram_model_*x*", "us", "time against block length"),
      series_output("sigma_vs_p", "us/byte", "sigma against processors"),
      series_output("l_vs_p", "us", "l against processors"),
  };
}

}  // namespace

ModelInfo paragon_pingpong_info() {
  ParamTable<PingPongParams> t = with_machine<PingPongParams>();
  t.add(&PingPongParams::dims,
        list_spec(number_param("dims", "Mesh")
                      .unit("nodes").value(2).range(2, 16).whole()
                      .about("Nodes per dimension of the 2-D mesh; nodes 0 and 1 (neighbours) "
                             "exchange the messages."),
                  2, {4, 2}))
      .add(&PingPongParams::message_bytes,
           list_spec(number_param("message_bytes", "Message sizes")
                         .unit("bytes").value(8192).range(0, 1048576).whole()
                         .about("Bytes per message; one point each."),
                     16, {0, 2048, 4096, 8192, 16384, 32768, 49152, 65536}));
  const auto check = [](const PingPongParams& p) {
    if (p.dims.size() != 2) throw ParamError("dims", "dims: the Paragon's mesh has 2 dimensions");
  };
  return sweep_model_info(
      "paragon_pingpong", "Paragon: ping-pong and ping-pong double under NX",
      "Two neighbouring nodes exchange messages of m bytes, one way at a time (ping-pong) or both "
      "at once (ping-pong double), and the least-squares lines through the times (Fig. 1).",
      kCitation, std::move(t), pingpong_outputs(),
      [](const PingPongParams& p) {
        return std::vector<NetworkMap>{describe_network(KNCube(p.dims, false), "mesh", "mesh")};
      },
      [check](const PingPongParams& p) {
        check(p);
        std::vector<double> w;
        for (const int b : p.message_bytes) w.insert(w.end(), 2, 1.0 + b / 8192.0);
        return w;
      },
      pingpong_point, combine_pingpong);
}

ModelInfo paragon_bisection_info() {
  ParamTable<BisectionParams> t = with_machine<BisectionParams>();
  t.add(&BisectionParams::processors,
        list_spec(number_param("processors", "Configurations (p x 1)")
                      .unit("processors").value(8).range(2, 32).whole()
                      .about("Nodes in a row; one point each."),
                  32, {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}))
      .add(&BisectionParams::message_kb,
           number_param("message_kb", "Message")
               .unit("KB").value(64).range(1, 1024).whole()
               .about("Kilobytes each node sends to its mirror node."));
  return sweep_model_info(
      "paragon_bisection", "Paragon: bandwidth over the middle link of p x 1",
      "On a p x 1 mesh node i sends 64 KB to node p - i - 1; the data crossing the middle link "
      "over the time taken (Fig. 2).",
      kCitation, std::move(t), bisection_outputs(),
      [](const BisectionParams& p) { return paragon::machine(p.processors, true); },
      [](const BisectionParams& p) {
        std::vector<double> w;
        for (const int n : p.processors) w.push_back(n);
        return w;
      },
      bisection_point, combine_bisection);
}

ModelInfo paragon_bsp_info() {
  ParamTable<BspParams> t = with_machine<BspParams>();
  t.add(&BspParams::processors,
        processors_spec({8, 16, 32, 36, 64},
                        "Processors of each mesh configuration (x by y, y the largest divisor "
                        "up to sqrt(p): 8 is 4x2, 32 is 8x4); one curve each."))
      .add(&BspParams::h_values,
           list_spec(number_param("h_values", "h")
                         .unit("packets").value(500).range(0, 20000).whole()
                         .about("Packets each processor sends and receives; one point each."),
                     16, {100, 200, 300, 400, 500, 600, 700, 800, 900, 1000}))
      .add(&BspParams::naive_h_values,
           list_spec(number_param("naive_h_values", "h, naive library")
                         .unit("packets").value(20).range(0, 1000).whole()
                         .about("h of the naive library (each packet its own message) on the "
                                "first configuration."),
                     8, {10, 20, 30, 40}));
  return sweep_model_info(
      "paragon_bsp", "Paragon: h-relations under the BSP library, g and L",
      "Random full h-relations routed by the BSP library on each mesh configuration, and the "
      "least-squares g and L (Fig. 3, 4, Table 1); the naive library on the first.",
      kCitation, std::move(t), bsp_outputs(),
      [](const BspParams& p) { return paragon::machine(p.processors); },
      [](const BspParams& p) {
        std::vector<double> w;
        for (const BspPoint& pt : bsp_plan(p)) {
          w.push_back(pt.p * (pt.naive ? 20.0 * pt.h : pt.h + 200.0 + 20.0 * pt.p));
        }
        return w;
      },
      bsp_point, combine_bsp);
}

ModelInfo paragon_bpram_info() {
  ParamTable<BpramParams> t = with_machine<BpramParams>();
  t.add(&BpramParams::processors,
        processors_spec({8, 16, 32, 36, 64, 100},
                        "Processors of each mesh configuration (x by y, y the largest divisor "
                        "up to sqrt(p)); one curve each."))
      .add(&BpramParams::block_bytes,
           list_spec(number_param("block_bytes", "Block lengths")
                         .unit("bytes").value(16384).range(0, 1048576).whole()
                         .about("Bytes each processor sends; one point each."),
                     16, {0, 8192, 16384, 24576, 32768, 40960, 49152, 57344, 65536}));
  return sweep_model_info(
      "paragon_bpram", "Paragon: block permutations under the BPRAM library, sigma and l",
      "Random full block permutations (every processor sends one block and receives one) on "
      "each mesh configuration, and the least-squares sigma and l (Fig. 5, Table 2).",
      kCitation, std::move(t), bpram_outputs(),
      [](const BpramParams& p) { return paragon::machine(p.processors); },
      [](const BpramParams& p) {
        std::vector<double> w;
        for (const BpramPoint& pt : bpram_plan(p)) w.push_back(pt.p * (1.0 + pt.bytes / 8192.0));
        return w;
      },
      bpram_point, combine_bpram);
}

}  // namespace archex
