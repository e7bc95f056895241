#include "machines/multipsi/programs/queens.h"

#include <stdexcept>

namespace archex::fghc {

namespace {

// [1, ..., n], built on this PE.
List range_list(int n, Reducer& r) {
  List l;
  l.len = static_cast<std::int8_t>(n);
  for (int i = 0; i < n; ++i) {
    const auto c = static_cast<std::size_t>(i);
    l.value[c] = static_cast<std::int8_t>(i + 1);
    l.at[c] = static_cast<std::int8_t>(r.pe());
    l.id[c] = r.new_cell();
  }
  return l;
}

List tail(const List& l) {
  List t;
  t.len = static_cast<std::int8_t>(l.len - 1);
  for (int i = 1; i < l.len; ++i) {
    t.value[static_cast<std::size_t>(i - 1)] = l.value[static_cast<std::size_t>(i)];
    t.at[static_cast<std::size_t>(i - 1)] = l.at[static_cast<std::size_t>(i)];
    t.id[static_cast<std::size_t>(i - 1)] = l.id[static_cast<std::size_t>(i)];
  }
  return t;
}

// [value | l], the new cell built on this PE.
List cons(int value, Reducer& r, const List& l) {
  if (l.len >= kMaxCells) throw std::logic_error("list longer than a List holds");
  List c;
  c.len = static_cast<std::int8_t>(l.len + 1);
  c.value[0] = static_cast<std::int8_t>(value);
  c.at[0] = static_cast<std::int8_t>(r.pe());
  c.id[0] = r.new_cell();
  for (int i = 0; i < l.len; ++i) {
    c.value[static_cast<std::size_t>(i + 1)] = l.value[static_cast<std::size_t>(i)];
    c.at[static_cast<std::size_t>(i + 1)] = l.at[static_cast<std::size_t>(i)];
    c.id[static_cast<std::size_t>(i + 1)] = l.id[static_cast<std::size_t>(i)];
  }
  return c;
}

// append(U, C, NN): U's cells are copied (append rebuilds them here), C is shared.
List append(const List& u, const List& c, Reducer& r) {
  List nn = c;
  for (int i = u.len - 1; i >= 0; --i) nn = cons(u.value[static_cast<std::size_t>(i)], r, nn);
  return nn;
}

// Needs every cell of a list argument: a head [P|U] whose U append will walk.
bool need_all(Reducer& r, const Goal& g, int slot) {
  const List& l = g.lists[static_cast<std::size_t>(slot)];
  for (int c = 0; c < l.len; ++c) {
    if (!r.need(slot, c)) return false;
  }
  return true;
}

int cell(const Goal& g, int slot, int c) {
  return g.lists[static_cast<std::size_t>(slot)].value[static_cast<std::size_t>(c)];
}

Goal goal(int pred, int in, int out) {
  Goal g;
  g.pred = static_cast<std::uint8_t>(pred);
  g.in = static_cast<std::int8_t>(in);
  g.out = static_cast<std::int8_t>(out);
  return g;
}

// append(U, C, NN) as a chain of len(U) + 1 reductions; ints[0] = cells left.
constexpr int kAppend = 0;

// The clauses shared by queen_n / queen_1 of both programs once the list is empty:
// queen(_, [_|_], ...) :- I = O (a dead end), queen(_, [], L, I, O) :- I = [L|O] (a solution).
// lists[1] holds C, the candidates tried.
void close_stream(const Goal& g, Reducer& r) {
  if (g.lists[1].len > 0) {
    if (!r.need(1, 0)) return;
  } else {
    r.solution();
  }
  r.bind(g.in);
}

// The := calls of one step of the diagonal check, by outcome.
struct CheckCalls {
  int safe;
  int hit_plus;
  int hit_minus;
};

// One step of c1 / c1_n / c1_1, the walk along the placed queens (ints: T, D; lists[1]: the
// placed queens, walked from cell D - 1): the queen there attacks T on a diagonal (I = O, the
// candidate dies) or the walk goes on with D + 1. False when the walk is past the last queen and
// the caller's leaf clause applies.
bool walk_step(const Goal& g, Reducer& r, CheckCalls calls) {
  const int t = g.ints[0];
  const int d = g.ints[1];
  if (d - 1 >= g.lists[1].len) return false;
  if (!r.need(1, d - 1)) return true;
  const int p = cell(g, 1, d - 1);
  if (t == p + d || t == p - d) {
    r.builtins(t == p + d ? calls.hit_plus : calls.hit_minus);
    r.bind(g.in);
    return true;
  }
  r.builtins(calls.safe);
  Goal next = g;
  next.ints[1] = d + 1;
  r.spawn(next);
  return true;
}

void reduce_append(const Goal& g, Reducer& r) {
  if (g.ints[0] > 0) {
    Goal next = g;
    --next.ints[0];
    r.spawn(next);
  }
}

Goal append_goal(const List& u) {
  Goal a = goal(kAppend, 0, 0);
  a.ints[0] = u.len;
  return a;
}

class Program1 final : public Program {
 public:
  Program1(int queens, int depth) : queens_(queens), depth_(depth) {}

  // t(L, N, Depth) :- queen(L, _, N, Depth).
  Goal initial() const override { return goal(kT, 0, 0); }
  int predicates() const override { return kCount; }
  const char* predicate_name(int pred) const override {
    static const char* const names[] = {"append", "t", "queen", "queen_n", "c1_n", "queen_1", "c1"};
    return names[pred];
  }
  int arity(int pred) const override {
    static const int arities[] = {3, 3, 4, 8, 10, 5, 7};
    return arities[pred];
  }

  void reduce(Goal& g, Reducer& r) const override {
    switch (g.pred) {
      case kAppend:
        reduce_append(g, r);
        break;
      case kT: {
        Goal q = goal(kQueen, r.pe(), r.pe());
        r.spawn(q);
        break;
      }
      case kQueen: {
        // queen_n(Original, [], [], Answer, [], 6, N, Depth): the answer variable is ours.
        Goal q = goal(kQueenN, r.pe(), r.pe());
        q.lists[0] = range_list(queens_, r);
        q.ints[0] = depth_;
        r.spawn(q);
        break;
      }
      case kQueenN:
      case kQueen1:
        reduce_queen(g, r, g.pred == kQueenN);
        break;
      case kC1N:
      case kC1:
        reduce_check(g, r, g.pred == kC1N);
        break;
      default:
        throw std::logic_error("unknown Program 1 predicate");
    }
  }

 private:
  enum { kT = 1, kQueen, kQueenN, kC1N, kQueen1, kC1, kCount };

  // queen_n([P|U], C, L, I, O, PE, N, Depth) :- P1 := next PE |
  //     append(U, C, NN), c1_n(P, 1, NN, L, L, I, X, PE, N, Depth),
  //     alloc(P1)@@queen_n(U, [P|C], L, X, O, P1, N, Depth).
  // queen_1 is the same without the PE arithmetic and the alloc. lists: 0 = [P|U], 1 = C, 2 = L.
  void reduce_queen(const Goal& g, Reducer& r, bool distributed) const {
    const List& list = g.lists[0];
    if (list.len == 0) {
      close_stream(g, r);
      return;
    }
    if (!need_all(r, g, 0)) return;
    const int p = cell(g, 0, 0);
    const List u = tail(list);
    r.spawn(append_goal(u));
    Goal check = goal(distributed ? kC1N : kC1, g.in, r.pe());
    check.ints = {p, 1, g.ints[0]};
    check.lists[0] = append(u, g.lists[1], r);
    check.lists[1] = g.lists[2];
    r.spawn(check);
    Goal next = goal(g.pred, r.pe(), g.out);
    next.ints[0] = g.ints[0];
    next.lists = {u, cons(p, r, g.lists[1]), g.lists[2]};
    if (distributed) {
      r.builtins(1);
      r.alloc((r.pe() + 1) % r.pes(), next);
    } else {
      r.spawn(next);
    }
  }

  // c1_n(T, D, N, [P|R], B, I, O, PE, NN, DX) :- T =\= P + D, T =\= P - D, D1 := D + 1 |
  //     c1_n(T, D1, N, R, B, I, O, PE, NN, DX).
  // ... :- T =:= P + D | I = O.   ... :- T =:= P - D | I = O.
  // c1_n(T, D, N, [], B, I, O, PE, NN, DX) :- DX > 1, DD := DX - 1 |
  //     queen_n(N, [], [T|B], I, O, PE, NN, DD).
  // c1_n(T, D, N, [], B, I, O, PE, NN, 1) :- queen_1(N, [], [T|B], I, O).
  // c1 is the same with queen_1 at every leaf. ints: T, D, DX; lists: 0 = NN, 1 = B (walked
  // from cell D - 1).
  void reduce_check(const Goal& g, Reducer& r, bool distributed) const {
    // Clause 1 calls := once (D1); clauses 2 and 3 compare in their guards.
    if (walk_step(g, r, {1, 0, 0})) return;
    const int t = g.ints[0];
    const List& placed = g.lists[1];
    const int dx = g.ints[2];
    const bool deeper = distributed && dx > 1;
    if (deeper) r.builtins(1);
    Goal q = goal(deeper ? kQueenN : kQueen1, g.in, g.out);
    q.ints[0] = dx - 1;
    q.lists[0] = g.lists[0];
    q.lists[2] = cons(t, r, placed);
    r.spawn(q);
  }

  int queens_;
  int depth_;
};

class Program2 final : public Program {
 public:
  Program2(int queens, int pes, int k) : queens_(queens) {
    long leaves = 1;
    for (int i = 2; i <= queens; ++i) leaves *= i;
    width_ = leaves / queens;
    // cul(K, N, A, B): the lump is A / N / K leaves, at least 1.
    const long per_pe = leaves / pes;
    // Either way two := calls once Leaves >= N: A1 and AA, or A1 in clauses 1 and 3.
    cul_builtins_ = leaves >= pes ? 2 : 0;
    base_ = leaves >= pes && per_pe >= k ? per_pe / k : 1;
  }

  // go8(N, K) :- cul(K, N, Leaves, Base), queen(List, Ans, N, Base, Width, Queens).
  Goal initial() const override { return goal(kGo, 0, 0); }
  int predicates() const override { return kCount; }
  const char* predicate_name(int pred) const override {
    static const char* const names[] = {"append",  "go8",        "cul", "queen",
                                        "queen_n", "send_queen", "c1_1"};
    return names[pred];
  }
  int arity(int pred) const override {
    static const int arities[] = {3, 2, 4, 6, 12, 12, 14};
    return arities[pred];
  }

  void reduce(Goal& g, Reducer& r) const override {
    switch (g.pred) {
      case kAppend:
        reduce_append(g, r);
        break;
      case kGo:
        r.spawn(goal(kCul, r.pe(), r.pe()));
        r.spawn(goal(kQueen, r.pe(), r.pe()));
        break;
      case kCul:
        r.builtins(cul_builtins_);
        break;
      case kQueen: {
        // queen(List, Ans, N, Base, Width, M) :- M1 := M - 1 |
        //     queen_n(1, Base, List, [], [], Ans, [], 6, N, Base, Width, M1).
        r.builtins(1);
        Goal q = goal(kQueenN, r.pe(), r.pe());
        q.ints = {1, static_cast<std::int32_t>(base_), r.pe(), static_cast<std::int32_t>(width_),
                  queens_ - 1};
        q.lists[0] = range_list(queens_, r);
        r.spawn(q);
        break;
      }
      case kQueenN:
        reduce_queen(g, r);
        break;
      case kSendQueen:
        reduce_send(g, r);
        break;
      case kCheck:
        reduce_check(g, r);
        break;
      default:
        throw std::logic_error("unknown Program 2 predicate");
    }
  }

 private:
  enum { kGo = 1, kCul, kQueen, kQueenN, kSendQueen, kCheck, kCount };
  // ints of queen_n and send_queen.
  enum { kSelf, kBorder, kPe, kWidth, kLevel };

  // queen_n(Self, Border, [P|U], ...) :- Self > Border | send_queen(...).
  // queen_n(Self, Border, [P|U], C, L, I, O, PE, N, Base, Width, Level) :-
  //     Self =< Border, S1 := Width + Self |
  //     append(U, C, NN), c1_1(P, 1, NN, L, L, I, X, PE, N, Self, Border, Base, Width, Level),
  //     queen_n(S1, Border, U, [P|C], L, X, O, PE, N, Base, Width, Level).
  // lists: 0 = [P|U], 1 = C, 2 = L.
  void reduce_queen(const Goal& g, Reducer& r) const {
    const List& list = g.lists[0];
    if (list.len == 0) {
      close_stream(g, r);
      return;
    }
    if (!need_all(r, g, 0)) return;
    if (g.ints[kSelf] > g.ints[kBorder]) {
      Goal s = g;
      s.pred = kSendQueen;
      r.spawn(s);
      return;
    }
    r.builtins(1);
    const int p = cell(g, 0, 0);
    const List u = tail(list);
    r.spawn(append_goal(u));
    Goal check = goal(kCheck, g.in, r.pe());
    check.ints = {
        p, 1, g.ints[kPe], g.ints[kSelf], g.ints[kBorder], g.ints[kWidth], g.ints[kLevel]};
    check.lists[0] = append(u, g.lists[1], r);
    check.lists[1] = g.lists[2];
    r.spawn(check);
    Goal next = g;
    next.in = static_cast<std::int8_t>(r.pe());
    next.ints[kSelf] = g.ints[kSelf] + g.ints[kWidth];
    next.lists = {u, cons(p, r, g.lists[1]), g.lists[2]};
    r.spawn(next);
  }

  // send_queen(Self, Border, ..., PE, ...) :- Self > Border, B := Border + Base, P1 := next PE |
  //     send_queen(Self, B, ..., P1, ...).
  // send_queen(Self, Border, ..., PE, ...) :- Self =< Border | alloc(PE)@@queen_n(...).
  void reduce_send(const Goal& g, Reducer& r) const {
    if (g.ints[kSelf] > g.ints[kBorder]) {
      r.builtins(2);
      Goal next = g;
      next.ints[kBorder] = static_cast<std::int32_t>(g.ints[kBorder] + base_);
      next.ints[kPe] = (g.ints[kPe] + 1) % r.pes();
      r.spawn(next);
      return;
    }
    Goal q = g;
    q.pred = kQueenN;
    r.alloc(g.ints[kPe], q);
  }

  // c1_1(T, D, N, [P|R], B, I, O, PE, NN, Self, Border, Base, W, Lev) :-
  //     A1 := P + D, T =\= A1, A2 := P - D, T =\= A2, D1 := D + 1 | c1_1(T, D1, N, R, ...).
  // ... :- A1 := P + D, T =:= A1 | I = O.   ... :- A1 := P - D, T =:= A1 | I = O.
  // c1_1(T, D, N, [], B, ..., W, Lev) :- Lev > 1, WW := W / Lev, LL := Lev - 1 |
  //     queen_n(Self, Border, N, [], [T|B], I, O, PE, NN, Base, WW, LL).
  // c1_1(T, D, N, [], B, ..., W, Lev) :- queen_n(Self, Border, N, [], [T|B], ..., W, 1).
  // ints: T, D, PE, Self, Border, W, Lev; lists: 0 = NN, 1 = B (walked from cell D - 1).
  void reduce_check(const Goal& g, Reducer& r) const {
    // Safe: A1, A2, D1 of clause 1. Hit on P + D: A1 of clause 1, A1 of clause 2. Hit on P - D:
    // A1, A2 of clause 1, A1 of clauses 2 and 3.
    if (walk_step(g, r, {3, 2, 4})) return;
    const int t = g.ints[0];
    const List& placed = g.lists[1];
    const int level = g.ints[6];
    Goal q = goal(kQueenN, g.in, g.out);
    q.ints = {g.ints[3], g.ints[4], g.ints[2], g.ints[5], 1};
    if (level > 1) {
      r.builtins(2);
      q.ints[kWidth] = g.ints[5] / level;
      q.ints[kLevel] = level - 1;
    }
    q.lists[0] = g.lists[0];
    q.lists[2] = cons(t, r, placed);
    r.spawn(q);
  }

  int queens_;
  long width_;
  long base_;
  int cul_builtins_;
};

}  // namespace

std::unique_ptr<Program> make_queens(QueensProgram which, int queens, int pes, int grain) {
  if (queens < 4 || queens > 10) throw std::invalid_argument("queens must be 4 to 10");
  if (pes < 1 || pes > 127) throw std::invalid_argument("pes must be 1 to 127");
  if (grain < 1) throw std::invalid_argument("depth and k must be at least 1");
  if (which == QueensProgram::program1) return std::make_unique<Program1>(queens, grain);
  return std::make_unique<Program2>(queens, pes, grain);
}

}  // namespace archex::fghc
