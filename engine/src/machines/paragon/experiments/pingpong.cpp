#include "machines/paragon/experiments/pingpong.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "core/fit.h"
#include "core/param_table.h"
#include "machines/paragon/costs.h"
#include "machines/paragon/library.h"
#include "machines/paragon/machine.h"
#include "machines/paragon/measures.h"
#include "machines/paragon/meshes.h"
#include "machines/paragon/point.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

using paragon::kCitation;
using paragon::line_over;
using paragon::MachineParams;
using paragon::Op;
using paragon::Program;
using paragon::ProgramsPoint;
using paragon::ProgramsTime;
using paragon::with_machine;

// ---- Fig. 1: ping-pong ------------------------------------------------------------------------

constexpr ScalarOutput kTppStartup{"tpp_startup_us", "us",
                                   "Ping-pong: startup of the least-squares line"};
constexpr ScalarOutput kTppPerByte{"tpp_per_byte_us", "us/byte",
                                   "Ping-pong: time per byte of the line"};
constexpr ScalarOutput kTpp2Startup{"tpp2_startup_us", "us",
                                    "Ping-pong double: startup of the line"};
constexpr ScalarOutput kTpp2PerByte{"tpp2_per_byte_us", "us/byte",
                                    "Ping-pong double: time per byte of the line"};
constexpr ScalarOutput kBandwidth{"bandwidth_mb_s", "MB/s",
                                  "Asymptotic bandwidth, 1 / per-byte time"};
constexpr ScalarOutput kMHalf{
    "m_half_kb", "KB",
    "Message size reaching half the asymptotic bandwidth, startup / per-byte time"};
constexpr SeriesOutput kPpFit{"pp_fit", "us", "time against message size"};
constexpr SeriesOutput kPp2Fit{"pp2_fit", "us", "time against message size"};
constexpr SeriesOutput kPpSim{"pp_sim", "us", "time against message size"};
constexpr SeriesOutput kPp2Sim{"pp2_sim", "us", "time against message size"};

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
  return std::make_unique<ProgramsPoint<ProgramsTime>>(paragon::programs_time_record(), p.m,
                                                       p.dims, std::move(programs));
}

Result combine_pingpong(const PingPongParams& p,
                        const std::vector<PointRecord<ProgramsTime>>& points) {
  Series pp = kPpSim("send/receive (ping-pong), simulated", "message size", "bytes", "time");
  Series pp2 = kPp2Sim("send + receive (ping-pong double), simulated", "message size", "bytes",
                       "time");
  for (const PointRecord<ProgramsTime>& r : points) {
    const double t = r.record.time_us;
    const double m = p.message_bytes[r.point / 2];
    Series& s = r.point % 2 == 0 ? pp : pp2;
    s.x.push_back(m);
    s.y.push_back(r.point % 2 == 0 ? t / 2 : t);
  }
  Result out;
  const Line a = fit_line(pp.x, pp.y);
  const Line b = fit_line(pp2.x, pp2.y);
  out.scalars = {kTppStartup(a.intercept),
                 kTppPerByte(a.slope),
                 kTpp2Startup(b.intercept),
                 kTpp2PerByte(b.slope),
                 kBandwidth(a.slope > 0 ? 1 / a.slope : 0),
                 kMHalf(a.slope > 0 ? a.intercept / a.slope / 1000 : 0)};
  out.series.push_back(line_over(kPpFit.name(), "ping-pong, least-squares line", pp, a));
  out.series.push_back(line_over(kPp2Fit.name(), "ping-pong double, least-squares line", pp2, b));
  out.series.push_back(std::move(pp));
  out.series.push_back(std::move(pp2));
  return out;
}


std::vector<OutputSpec> pingpong_outputs() {
  return {kTppStartup, kTppPerByte, kTpp2Startup, kTpp2PerByte, kBandwidth,
          kMHalf,      kPpFit,      kPp2Fit,      kPpSim,       kPp2Sim};
}

}  // namespace

ModelInfo paragon_pingpong_info() {
  ParamTable<PingPongParams> t = with_machine<PingPongParams>();
  t.add(&PingPongParams::dims,
        number_param("dims", "Mesh")
            .unit("nodes").value(2).range(2, 16).whole()
            .about("Nodes per dimension of the 2-D mesh; nodes 0 and 1 (neighbours) "
                   "exchange the messages.")
            .max_items(2).default_list({4, 2}))
      .add(&PingPongParams::message_bytes,
           number_param("message_bytes", "Message sizes")
               .unit("bytes").value(8192).range(0, 1048576).whole()
               .about("Bytes per message; one point each.")
               .max_items(16).default_list({0, 2048, 4096, 8192, 16384, 32768, 49152, 65536}));
  const auto check = [](const PingPongParams& p) {
    if (p.dims.size() != 2) throw ParamError("dims", "dims: the Paragon's mesh has 2 dimensions");
  };
  return model_entry("paragon_pingpong", std::move(t))
      .traces()
      .title("Paragon: ping-pong and ping-pong double under NX")
      .about("Two neighbouring nodes exchange messages of m bytes, one way at a time (ping-pong) "
             "or both at once (ping-pong double), and the least-squares lines through the times "
             "(Fig. 1).")
      .citation(kCitation)
      .outputs(pingpong_outputs())
      .machine([](const PingPongParams& p) {
        return std::vector<NetworkMap>{describe_network(KNCube(p.dims, false), "mesh", "mesh")};
      })
      .sweep(
          [check](const PingPongParams& p) {
            check(p);
            std::vector<double> w;
            for (const int b : p.message_bytes) w.insert(w.end(), 2, 1.0 + b / 8192.0);
            return w;
          },
          pingpong_point, paragon::programs_time_record(), combine_pingpong);
}

}  // namespace archex
