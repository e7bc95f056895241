#include "machines/paragon/library.h"

#include <numeric>
#include <stdexcept>
#include <utility>

namespace archex::paragon {

int log2_ceil(int p) {
  int r = 0;
  while ((1 << r) < p) ++r;
  return r;
}

Packets random_h_relation(int p, int h, Rng& rng) {
  Packets out(static_cast<std::size_t>(p));
  std::vector<int> perm(static_cast<std::size_t>(p));
  for (int k = 0; k < h; ++k) {
    std::iota(perm.begin(), perm.end(), 0);
    for (int i = p - 1; i > 0; --i) {
      std::swap(perm[static_cast<std::size_t>(i)],
                perm[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(i) + 1))]);
    }
    for (int i = 0; i < p; ++i) {
      out[static_cast<std::size_t>(i)].push_back(perm[static_cast<std::size_t>(i)]);
    }
  }
  return out;
}

void append_all(std::vector<Program>& programs, Step step) {
  for (Program& program : programs) program.push_back(step);
}

void bsp_sync(std::vector<Program>& programs, const MachineParams& m, const Packets& packets) {
  const std::size_t n = programs.size();
  std::vector<std::vector<double>> count(n, std::vector<double>(n, 0));
  for (std::size_t i = 0; i < n; ++i) {
    for (const int d : packets[i]) ++count[i][static_cast<std::size_t>(d)];
  }
  bsp_sync(programs, m, count);
}

void bsp_sync(std::vector<Program>& programs, const MachineParams& m,
              const std::vector<std::vector<double>>& count) {
  const int p = static_cast<int>(programs.size());
  const auto n = static_cast<std::size_t>(p);
  std::vector<double> sent(n, 0);
  std::vector<double> received(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      sent[i] += count[i][j];
      received[j] += count[i][j];
    }
  }
  const double packet_bytes = m.bsp_packet_bytes + m.bsp_header_bytes;
  for (int i = 0; i < p; ++i) {
    const auto a = static_cast<std::size_t>(i);
    Program& prog = programs[a];
    prog.push_back({Op::kCompute, 0, 0.5 * m.bsp_buffer_us * sent[a]});
    // The sizes: every node's p counts reach every node in ceil(log2 p) rounds.
    for (int r = 0; (1 << r) < p; ++r) {
      prog.push_back({Op::kPost, 0, 1});
      prog.push_back({Op::kSend, (i + (1 << r)) % p, 4.0 * p * (1 << r)});
      prog.push_back({Op::kWaitRecv, 0, 1});
      prog.push_back({Op::kWaitSend, 0, 0});
    }
    prog.push_back({Op::kCompute, 0, m.bsp_alloc_us});
    int incoming = 0;
    for (int k = 1; k < p; ++k) {
      const auto from = static_cast<std::size_t>((i - k + p) % p);
      const auto to = static_cast<std::size_t>((i + k) % p);
      if (count[from][a] > 0) {
        prog.push_back({Op::kPost, 0, 1});
        ++incoming;
      }
      if (count[a][to] > 0) {
        prog.push_back({Op::kSend, static_cast<int>(to), packet_bytes * count[a][to]});
      }
    }
    prog.push_back({Op::kWaitRecv, 0, static_cast<double>(incoming)});
    prog.push_back({Op::kWaitSend, 0, 0});
    prog.push_back({Op::kCompute, 0, 0.5 * m.bsp_buffer_us * received[a]});
  }
  append_all(programs, {Op::kBarrier, 0, 0});
}

void naive_sync(std::vector<Program>& programs, const MachineParams& m, const Packets& packets) {
  const int p = static_cast<int>(programs.size());
  std::vector<int> incoming(static_cast<std::size_t>(p), 0);
  for (int i = 0; i < p; ++i) {
    for (const int d : packets[static_cast<std::size_t>(i)]) {
      if (d != i) ++incoming[static_cast<std::size_t>(d)];
    }
  }
  const double packet_bytes = m.bsp_packet_bytes + m.bsp_header_bytes;
  for (int i = 0; i < p; ++i) {
    const auto a = static_cast<std::size_t>(i);
    Program& prog = programs[a];
    // A receive posted beside each send, so posting overlaps the message processor's work.
    int posted = 0;
    for (const int d : packets[a]) {
      if (posted < incoming[a]) {
        prog.push_back({Op::kPost, 0, 1});
        ++posted;
      }
      if (d != i) prog.push_back({Op::kSend, d, packet_bytes});
    }
    if (posted < incoming[a]) prog.push_back({Op::kPost, 0, static_cast<double>(incoming[a] - posted)});
    prog.push_back({Op::kWaitRecv, 0, static_cast<double>(incoming[a])});
    prog.push_back({Op::kWaitSend, 0, 0});
  }
  append_all(programs, {Op::kBarrier, 0, 0});
}

void bpram_step(std::vector<Program>& programs, const std::vector<int>& dest,
                const std::vector<double>& bytes) {
  const std::size_t p = programs.size();
  std::vector<int> incoming(p, 0);
  for (std::size_t i = 0; i < p; ++i) {
    if (dest[i] >= 0 && dest[i] != static_cast<int>(i)) ++incoming[static_cast<std::size_t>(dest[i])];
  }
  for (std::size_t i = 0; i < p; ++i) {
    if (incoming[i] > 1) throw std::invalid_argument("a BPRAM step is a (partial) permutation");
    Program& prog = programs[i];
    if (incoming[i] > 0) prog.push_back({Op::kPost, 0, 1});
    if (dest[i] >= 0 && dest[i] != static_cast<int>(i)) prog.push_back({Op::kSend, dest[i], bytes[i]});
    if (incoming[i] > 0) prog.push_back({Op::kWaitRecv, 0, 1});
    prog.push_back({Op::kWaitSend, 0, 0});
  }
  append_all(programs, {Op::kBarrier, 0, 0});
}

void bpram_all_to_all(std::vector<Program>& programs,
                      const std::vector<std::vector<double>>& out_bytes) {
  const int p = static_cast<int>(programs.size());
  for (int k = 1; k < p; ++k) {
    std::vector<int> dest(static_cast<std::size_t>(p), -1);
    std::vector<double> bytes(static_cast<std::size_t>(p), 0);
    for (int i = 0; i < p; ++i) {
      const auto a = static_cast<std::size_t>(i);
      const int to = (i + k) % p;
      bytes[a] = out_bytes[a][static_cast<std::size_t>(to)];
      if (bytes[a] > 0) dest[a] = to;
    }
    bpram_step(programs, dest, bytes);
  }
}

double run(Machine& machine, std::vector<Program> programs) {
  const double start = machine.now_us();
  machine.load(std::move(programs));
  while (machine.step()) {
  }
  return machine.now_us() - start;
}

}  // namespace archex::paragon
