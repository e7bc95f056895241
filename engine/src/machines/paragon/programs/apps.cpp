#include "machines/paragon/programs/apps.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "core/param_spec.h"
#include "machines/paragon/library.h"

namespace archex::paragon {

double predict_bsp(const std::vector<Phase>& phases, double g, double L) {
  double t = 0;
  for (const Phase& ph : phases) t += ph.w_us + (ph.sync ? g * ph.h + L : 0);
  return t;
}

double predict_bpram(const std::vector<Phase>& phases, double sigma, double l) {
  double t = 0;
  for (const Phase& ph : phases) t += ph.w_us + (ph.sync ? sigma * ph.bytes + l : 0);
  return t;
}

namespace {

using Matrix = std::vector<std::vector<double>>;

// Builds the programs and the phases together: local work accumulates into the next phase.
class Builder {
 public:
  Builder(const MachineParams& m, int p) : m_(m), p_(p), w_(static_cast<std::size_t>(p), 0) {
    run_.programs.resize(static_cast<std::size_t>(p));
  }

  void compute(int node, double us) {
    if (us <= 0) return;
    run_.programs[static_cast<std::size_t>(node)].push_back({Op::kCompute, 0, us});
    w_[static_cast<std::size_t>(node)] += us;
  }
  void compute_all(double us) {
    for (int i = 0; i < p_; ++i) compute(i, us);
  }

  // A BSP superstep routing count[i][j] packets from i to j.
  void bsp(const Matrix& count) {
    std::vector<double> sent(static_cast<std::size_t>(p_), 0);
    std::vector<double> received(static_cast<std::size_t>(p_), 0);
    for (std::size_t i = 0; i < count.size(); ++i) {
      for (std::size_t j = 0; j < count.size(); ++j) {
        if (i == j) continue;
        sent[i] += count[i][j];
        received[j] += count[i][j];
      }
    }
    const double h = std::max(*std::max_element(sent.begin(), sent.end()),
                              *std::max_element(received.begin(), received.end()));
    bsp_sync(run_.programs, m_, count);
    close({w(), h, 0, true});
  }

  // A BPRAM step: node i sends bytes[i] to dest[i] (nothing when the bytes are 0).
  void bpram(std::vector<int> dest, const std::vector<double>& bytes) {
    double most = 0;
    for (std::size_t i = 0; i < dest.size(); ++i) {
      if (bytes[i] <= 0) dest[i] = -1;
      if (dest[i] >= 0) most = std::max(most, bytes[i]);
    }
    bpram_step(run_.programs, dest, bytes);
    close({w(), 0, most, true});
  }

  AppRun finish() {
    if (w() > 0) close({w(), 0, 0, false});
    return std::move(run_);
  }

  Matrix zeros() const {
    return Matrix(static_cast<std::size_t>(p_), std::vector<double>(static_cast<std::size_t>(p_)));
  }

 private:
  void close(Phase ph) {
    run_.phases.push_back(ph);
    run_.work_us += ph.w_us;
    std::fill(w_.begin(), w_.end(), 0);
  }
  // The most local work any node has done since the last phase.
  double w() const { return *std::max_element(w_.begin(), w_.end()); }

  const MachineParams& m_;
  int p_;
  AppRun run_;
  std::vector<double> w_;
};

}  // namespace

AppRun matrix_multiply(const MachineParams& m, const AppCosts& c, int p, int n, Version v) {
  const int q = static_cast<int>(std::lround(std::cbrt(p)));
  if (q * q * q != p) {
    throw ParamError("processors", "processors: the 3-D matrix multiply needs a cube (8, 27, 64), "
                                   "not " + std::to_string(p));
  }
  const double b = static_cast<double>(n) / q;
  const double block = b * b;
  const auto node = [q](int i, int j, int k) { return i + q * (j + q * k); };
  Builder B(m, p);
  std::vector<int> first(static_cast<std::size_t>(p));
  std::vector<int> second(static_cast<std::size_t>(p));
  for (int a = 0; a < p; ++a) {
    const int i = a % q, j = (a / q) % q, k = a / (q * q);
    first[static_cast<std::size_t>(a)] = node(j, k, i);
    second[static_cast<std::size_t>(a)] = node(k, i, j);
  }
  // The A and B blocks (a double is two BSP packets, 8 bytes in a BPRAM block).
  if (v == Version::kBsp) {
    Matrix count = B.zeros();
    for (int a = 0; a < p; ++a) {
      count[static_cast<std::size_t>(a)][static_cast<std::size_t>(first[static_cast<std::size_t>(a)])] += 2 * block;
      count[static_cast<std::size_t>(a)][static_cast<std::size_t>(second[static_cast<std::size_t>(a)])] += 2 * block;
    }
    B.bsp(count);
  } else {
    const std::vector<double> bytes(static_cast<std::size_t>(p), 8 * block);
    B.bpram(first, bytes);
    B.bpram(second, bytes);
  }
  B.compute_all(2 * b * b * b * c.flop_us);
  // Summing the partial C blocks over k.
  if (v == Version::kBsp) {
    Matrix count = B.zeros();
    for (int a = 0; a < p; ++a) {
      const int i = a % q, j = (a / q) % q, k = a / (q * q);
      for (int kk = 0; kk < q; ++kk) {
        if (kk != k) count[static_cast<std::size_t>(a)][static_cast<std::size_t>(node(i, j, kk))] = 2 * block / q;
      }
    }
    B.bsp(count);
  } else {
    for (int s = 1; s < q; ++s) {
      std::vector<int> dest(static_cast<std::size_t>(p));
      for (int a = 0; a < p; ++a) {
        const int i = a % q, j = (a / q) % q, k = a / (q * q);
        dest[static_cast<std::size_t>(a)] = node(i, j, (k + s) % q);
      }
      B.bpram(dest, std::vector<double>(static_cast<std::size_t>(p), 8 * block / q));
    }
  }
  B.compute_all((q - 1) * block / q * c.flop_us);
  return B.finish();
}

AppRun sample_sort(const MachineParams& m, const AppCosts& c, int p, int keys, Version v,
                   Rng& rng) {
  const int rounds = log2_ceil(p);
  if (v == Version::kBpramButterfly && (1 << rounds) != p) {
    throw ParamError("processors", "processors: the butterfly routing needs a power of 2, not " +
                                       std::to_string(p));
  }
  const auto n = static_cast<std::size_t>(p);
  const int samples = p;  // per processor
  Builder B(m, p);
  B.compute_all(c.key_us * keys * std::log2(std::max(2, keys)));
  // The samples gathered at node 0.
  if (v == Version::kBsp) {
    Matrix count = B.zeros();
    for (std::size_t a = 1; a < n; ++a) count[a][0] = samples;
    B.bsp(count);
  } else {
    for (int r = 0; r < rounds; ++r) {
      std::vector<int> dest(n, -1);
      std::vector<double> bytes(n, 0);
      for (int a = 0; a < p; ++a) {
        if (a % (2 << r) != (1 << r)) continue;
        dest[static_cast<std::size_t>(a)] = a - (1 << r);
        bytes[static_cast<std::size_t>(a)] = 4.0 * samples * std::min(1 << r, p - a);
      }
      B.bpram(dest, bytes);
    }
  }
  const double all = static_cast<double>(samples) * p;
  B.compute(0, c.key_us * all * std::log2(all));
  // The p - 1 splitters sent to every node.
  if (v == Version::kBsp) {
    Matrix count = B.zeros();
    for (std::size_t j = 1; j < n; ++j) count[0][j] = p - 1;
    B.bsp(count);
  } else {
    for (int r = rounds - 1; r >= 0; --r) {
      std::vector<int> dest(n, -1);
      for (int a = 0; a + (1 << r) < p; a += 2 << r) dest[static_cast<std::size_t>(a)] = a + (1 << r);
      B.bpram(dest, std::vector<double>(n, 4.0 * (p - 1)));
    }
  }
  // The keys to their buckets: uniformly random keys, so each goes to a random node.
  Matrix hold = B.zeros();
  for (std::size_t a = 0; a < n; ++a) {
    for (int k = 0; k < keys; ++k) hold[a][rng.below(n)] += 1;
  }
  if (v == Version::kBsp) {
    B.bsp(hold);
  } else if (v == Version::kBpram) {
    for (int s = 1; s < p; ++s) {
      std::vector<int> dest(n);
      std::vector<double> bytes(n);
      for (int a = 0; a < p; ++a) {
        const int to = (a + s) % p;
        dest[static_cast<std::size_t>(a)] = to;
        bytes[static_cast<std::size_t>(a)] = 4 * hold[static_cast<std::size_t>(a)][static_cast<std::size_t>(to)];
      }
      B.bpram(dest, bytes);
    }
  } else {
    // The destination's highest bit first: the held keys are sorted and the buckets are key
    // ranges, so the keys a round sends are one contiguous run (found by one binary search) and
    // no pass splits them; the keys received are merged with those kept, one merge level a
    // round, and after log p rounds the bucket is sorted (the original's p-way merge, as many
    // levels).
    for (int r = 0; r < rounds; ++r) {
      const int bit = 1 << (rounds - 1 - r);
      std::vector<int> dest(n);
      std::vector<double> bytes(n, 0);
      Matrix next = hold;
      for (int a = 0; a < p; ++a) {
        const int partner = a ^ bit;
        dest[static_cast<std::size_t>(a)] = partner;
        for (int d = 0; d < p; ++d) {
          if ((d & bit) == (a & bit)) continue;
          const double moved = hold[static_cast<std::size_t>(a)][static_cast<std::size_t>(d)];
          bytes[static_cast<std::size_t>(a)] += 4 * moved;
          next[static_cast<std::size_t>(a)][static_cast<std::size_t>(d)] -= moved;
          next[static_cast<std::size_t>(partner)][static_cast<std::size_t>(d)] += moved;
        }
      }
      B.bpram(dest, bytes);
      hold = std::move(next);
      B.compute_all(c.key_us * keys);
    }
    return B.finish();
  }
  B.compute_all(c.key_us * keys * std::log2(std::max(2, p)));
  return B.finish();
}

AppRun bitonic_sort(const MachineParams& m, const AppCosts& c, int p, int keys) {
  const int d = log2_ceil(p);
  if ((1 << d) != p) {
    throw ParamError("processors",
                     "processors: bitonic sort needs a power of 2, not " + std::to_string(p));
  }
  Builder B(m, p);
  B.compute_all(c.key_us * keys * std::log2(std::max(2, keys)));
  for (int stage = 1; stage <= d; ++stage) {
    for (int j = stage - 1; j >= 0; --j) {
      Matrix count = B.zeros();
      for (int a = 0; a < p; ++a) {
        count[static_cast<std::size_t>(a)][static_cast<std::size_t>(a ^ (1 << j))] = keys;
      }
      B.bsp(count);
      // Merging the two sorted runs and keeping half.
      B.compute_all(c.key_us * 2 * keys);
    }
  }
  return B.finish();
}

namespace {

// A binary-tree broadcast from `root` over `members` (node ids), one BPRAM step per level: at
// level r every member that has the block sends it to the member 2^r places after it.
void tree_broadcast(Builder& B, int p, const std::vector<int>& members, int root, double bytes) {
  const int k = static_cast<int>(members.size());
  const int start = static_cast<int>(std::find(members.begin(), members.end(), root) -
                                     members.begin());
  for (int r = 0; (1 << r) < k; ++r) {
    std::vector<int> dest(static_cast<std::size_t>(p), -1);
    for (int i = 0; i < (1 << r) && i + (1 << r) < k; ++i) {
      const int from = members[static_cast<std::size_t>((start + i) % k)];
      dest[static_cast<std::size_t>(from)] = members[static_cast<std::size_t>((start + i + (1 << r)) % k)];
    }
    B.bpram(dest, std::vector<double>(static_cast<std::size_t>(p), bytes));
  }
}

// Several broadcasts at once, over disjoint groups, one step per level.
void tree_broadcasts(Builder& B, int p, const std::vector<std::vector<int>>& groups,
                     const std::vector<int>& roots, double bytes) {
  const int k = static_cast<int>(groups.front().size());
  for (int r = 0; (1 << r) < k; ++r) {
    std::vector<int> dest(static_cast<std::size_t>(p), -1);
    for (std::size_t g = 0; g < groups.size(); ++g) {
      const std::vector<int>& members = groups[g];
      const int start = static_cast<int>(
          std::find(members.begin(), members.end(), roots[g]) - members.begin());
      for (int i = 0; i < (1 << r) && i + (1 << r) < k; ++i) {
        dest[static_cast<std::size_t>(members[static_cast<std::size_t>((start + i) % k)])] =
            members[static_cast<std::size_t>((start + i + (1 << r)) % k)];
      }
    }
    B.bpram(dest, std::vector<double>(static_cast<std::size_t>(p), bytes));
  }
}

}  // namespace

AppRun all_pairs_shortest_paths(const MachineParams& m, const AppCosts& c, int p, int n) {
  const int s = static_cast<int>(std::lround(std::sqrt(p)));
  if (s * s != p || (1 << log2_ceil(s)) != s) {
    throw ParamError("processors", "processors: APSP needs a square grid of a power of 2 a side "
                                   "(4, 16, 64), not " + std::to_string(p));
  }
  const double b = static_cast<double>(n) / s;
  const double block_bytes = 4 * b * b;
  const double update = 2 * b * b * b * c.flop_us;
  Builder B(m, p);
  std::vector<int> all(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) all[static_cast<std::size_t>(i)] = i;
  for (int k = 0; k < s; ++k) {
    const int diagonal = k * s + k;
    B.compute(diagonal, update);
    tree_broadcast(B, p, all, diagonal, block_bytes);
    // The row's and column's blocks updated with the closure.
    for (int i = 0; i < s; ++i) {
      if (i == k) continue;
      B.compute(k * s + i, update);
      B.compute(i * s + k, update);
    }
    // Block (i, k) along row i, then block (k, j) along column j.
    std::vector<std::vector<int>> rows, columns;
    std::vector<int> row_roots, column_roots;
    for (int i = 0; i < s; ++i) {
      rows.emplace_back();
      columns.emplace_back();
      for (int j = 0; j < s; ++j) {
        rows.back().push_back(i * s + j);
        columns.back().push_back(j * s + i);
      }
      row_roots.push_back(i * s + k);
      column_roots.push_back(k * s + i);
    }
    tree_broadcasts(B, p, rows, row_roots, block_bytes);
    tree_broadcasts(B, p, columns, column_roots, block_bytes);
    B.compute_all(update);
  }
  return B.finish();
}

}  // namespace archex::paragon
