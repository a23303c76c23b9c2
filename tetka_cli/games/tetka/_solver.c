/* The compiled core of the Tetka paranoid solver (tetka_cli/games/tetka/solver.py is the reference).

   One search: the value, for player `me`, of a position just after a card is played, as the marks
   `me` still takes from there on, `me` minimising and the other three jointly maximising, with a
   fail-soft alpha-beta window. The same algorithm as the pure-Python `Solver`: a transposition
   table at the start of each trick keyed on the shape of the cards left (who holds each live card,
   suit by suit in rank order, and whether it is a queen or the photograph), the leader, `me`, and
   what the most-tricks mark still depends on; equivalent cards as one move; bounds from the marks
   still live; the last two tricks counted out directly. A node limit stops a search (longjmp back
   to the caller, nothing half-done is stored), so that a search within a budget returns "not
   finished" rather than a wrong value.

   Cards are bits 0..51 of a 64-bit word: bit 13*suit + rank (rank 0 = 2 ... 12 = ace), as
   `Card.index`. Seats 0..3 in table order. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

typedef uint64_t u64;

#define TRICKS 13
#define SUIT_BITS 0x1fffULL
#define QUEENS ((1ULL << 10) | (1ULL << 23) | (1ULL << 36) | (1ULL << 49))

/* How many queens among some cards: four bits added, cheaper than a popcount where the processor
   has none the compiler may assume. */
static int queens_in(u64 x) { return (int)((x >> 10 & 1) + (x >> 23 & 1) + (x >> 36 & 1) + (x >> 49 & 1)); }
static int bit_index(u64 c) { return 63 - __builtin_clzll(c); }
static u64 suit_mask_of(u64 c) { return SUIT_BITS << (13 * (bit_index(c) / 13)); }

/* One entry of the table: 32 bytes, two to a bucket of one 64-byte cache line. */
typedef struct {
    u64 k[3];        /* the shape of the cards left, the four suits' codes packed (shape_key) */
    uint32_t extra;  /* leader, me, the most-tricks key (bits 0..23), the table's generation (24..31) */
    int8_t lo, hi;   /* bounds of the value */
    int8_t move;     /* the best lead found (card index), -1 for none */
    int8_t trick;    /* 0: empty slot */
} Entry;

#define GEN_SHIFT 24

typedef struct {
    PyObject_HEAD
    u64 photo, special;
    int counting, last_mark;
    Entry *tt;
    size_t tt_mask; /* number of entries - 1 (a power of two, even) */
    uint32_t gen;   /* the table's generation, in each entry's `extra`: an entry of another is empty */
    void *raw;          /* the block the table lies in: mapped (`mapped_bytes` long) or calloc'd */
    size_t mapped_bytes; /* 0 when calloc'd */
    u64 nodes, limit;
    int me;
    int light; /* 1: searching the light game, without the most-tricks mark */
    u64 lead; /* the best lead of the last trick-start node searched */
    jmp_buf stop;
} Solver;

static int trick_marks(Solver *s, u64 cards, int trick) {
    int v = queens_in(cards);
    if (cards & s->photo) v++;
    if (trick == s->counting) v++;
    if (s->last_mark && trick == TRICKS) v++;
    return v;
}

static int trick_winner(const u64 *p) {
    u64 led = suit_mask_of(p[0]);
    int win = 0;
    u64 top = p[0];
    for (int i = 1; i < 4; i++)
        if ((p[i] & led) && p[i] > top) { win = i; top = p[i]; }
    return win;
}

static int most(int me, const int *counts, const int *lasts) {
    int c = counts[me], last = lasts[me];
    for (int s = 0; s < 4; s++)
        if (s != me && (counts[s] > c || (counts[s] == c && lasts[s] > last))) return 0;
    return 1;
}

static int start(Solver *s, u64 *h, int leader, int trick, const int *counts, const int *lasts, int alpha, int beta);
static int node(Solver *s, u64 *h, int leader, int trick, u64 *played, int n, const int *counts, const int *lasts,
                int alpha, int beta, u64 first);

static int finish(Solver *s, u64 *h, int leader, int trick, u64 *played, const int *counts, const int *lasts,
                  int alpha, int beta) {
    int w = (leader + trick_winner(played)) & 3;
    int c2[4], l2[4];
    memcpy(c2, counts, sizeof c2);
    memcpy(l2, lasts, sizeof l2);
    c2[w]++;
    l2[w] = trick;
    if (w == s->me) {
        int gain = trick_marks(s, played[0] | played[1] | played[2] | played[3], trick);
        return gain + start(s, h, w, trick + 1, c2, l2, alpha - gain, beta - gain);
    }
    return start(s, h, w, trick + 1, c2, l2, alpha, beta);
}

/* The exact value of the last two tricks: at most sixteen ways to play trick 12, then 13 is forced. */
static int final_marks(Solver *s, int w12, int w13, u64 cards13, const int *counts, const int *lasts) {
    int me = s->me, v = 0;
    if (w13 == me) v += trick_marks(s, cards13, TRICKS);
    int c[4], la[4];
    memcpy(c, counts, sizeof c);
    memcpy(la, lasts, sizeof la);
    c[w12]++;
    la[w12] = TRICKS - 1;
    c[w13]++;
    la[w13] = TRICKS;
    return s->light ? v : v + most(me, c, la);
}

static int options(u64 hand, u64 led, u64 *out) {
    u64 follow = hand & led;
    u64 rest = follow ? follow : hand;
    u64 low = rest & (~rest + 1);
    out[0] = low;
    if (rest ^ low) { out[1] = rest ^ low; return 2; }
    return 1;
}

static int last_two(Solver *s, const u64 *h, int leader, const int *counts, const int *lasts) {
    s->nodes++;
    int seats[4];
    for (int i = 0; i < 4; i++) seats[i] = (leader + i) & 3;
    int me = s->me;
    u64 hh[4];
    for (int i = 0; i < 4; i++) hh[i] = h[seats[i]];
    u64 o0[2], o1[2], o2[2], o3[2];
    int n0 = options(hh[0], ~0ULL, o0);
    int best0 = -1000;
    for (int i0 = 0; i0 < n0; i0++) {
        u64 a = o0[i0], led = suit_mask_of(a);
        int n1 = options(hh[1], led, o1), best1 = -1000;
        for (int i1 = 0; i1 < n1; i1++) {
            u64 b = o1[i1];
            int n2 = options(hh[2], led, o2), best2 = -1000;
            for (int i2 = 0; i2 < n2; i2++) {
                u64 c = o2[i2];
                int n3 = options(hh[3], led, o3), best3 = -1000;
                for (int i3 = 0; i3 < n3; i3++) {
                    u64 d = o3[i3];
                    u64 p[4] = {a, b, c, d};
                    int win = trick_winner(p);
                    int v = seats[win] == me ? trick_marks(s, a | b | c | d, TRICKS - 1) : 0;
                    u64 rest[4] = {hh[0] ^ a, hh[1] ^ b, hh[2] ^ c, hh[3] ^ d};
                    u64 first = rest[win], led13 = suit_mask_of(first), top = first;
                    int w13 = win;
                    for (int k = 1; k < 4; k++) {
                        int j = (win + k) & 3;
                        u64 x = rest[j];
                        if ((x & led13) && x > top) { w13 = j; top = x; }
                    }
                    v += final_marks(s, seats[win], seats[w13], rest[0] | rest[1] | rest[2] | rest[3], counts, lasts);
                    if (best3 == -1000 || (seats[3] == me ? v < best3 : v > best3)) best3 = v;
                }
                if (best2 == -1000 || (seats[2] == me ? best3 < best2 : best3 > best2)) best2 = best3;
            }
            if (best1 == -1000 || (seats[1] == me ? best2 < best1 : best2 > best1)) best1 = best2;
        }
        if (best0 == -1000 || (seats[0] == me ? best1 < best0 : best1 > best0)) best0 = best1;
    }
    return best0;
}

/* One suit of the cards left as the play sees it: who holds each live card (two bits each, lowest
   first), how many there are, and which of them is the queen and which the photograph (15: not
   live); which ranks they are no longer matters, only their order. 38 bits. */
static u64 suit_code(u64 h0, u64 h1, u64 h2, u64 live, u64 queen, u64 photo) {
    u64 code = 0, j = 0, qi = 15, pi = 15;
    while (live) {
        u64 c = live & (~live + 1);
        live ^= c;
        u64 x = (c & h0) ? 0 : (c & h1) ? 1 : (c & h2) ? 2 : 3;
        if (c == queen) qi = j;
        if (c == photo) pi = j;
        code |= x << (2 * j);
        j++;
    }
    return code | j << 26 | qi << 30 | pi << 34;
}

/* The four suits' codes (38 bits each) packed into three words. */
static void pack_key(const u64 *c, u64 *k) {
    k[0] = c[0] | c[1] << 38;
    k[1] = c[1] >> 26 | c[2] << 12 | c[3] << 50;
    k[2] = c[3] >> 14;
}

/* The key of a trick start, card by card: on every processor, and the reference of the one below. */
static void shape_key_by_cards(u64 photo, const u64 *h, u64 *k) {
    u64 live = h[0] | h[1] | h[2] | h[3], c[4];
    for (int q = 0; q < 4; q++) {
        u64 seg = SUIT_BITS << (13 * q);
        c[q] = suit_code(h[0] & seg, h[1] & seg, h[2] & seg, live & seg, QUEENS & seg, photo & seg);
    }
    pack_key(c, k);
}

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define SHAPE_KEY_BMI2 1
/* The same key with the processor's bit gather and scatter (BMI2's pext and pdep) where it has
   them, as x86-64 processors have since 2013-2015 (checked once, when the module is loaded): each
   of seats 1-3's cards of a suit gathered into the order of the suit's live cards, spread two bits
   apart and added times the seat (seat 0 adds nothing: exactly one seat holds each live card, so
   nothing carries); the queen's and the photograph's place is the count of live cards below them.
   The same bits as `suit_code`, without its loop over the cards. */
__attribute__((target("bmi2,popcnt"))) static void shape_key_bmi2(u64 photo, const u64 *h, u64 *k) {
    u64 live = h[0] | h[1] | h[2] | h[3], c[4];
    for (int q = 0; q < 4; q++) {
        int shift = 13 * q;
        u64 l = live >> shift & SUIT_BITS;
        u64 code = _pdep_u64(_pext_u64(h[1] >> shift, l), 0x5555555ULL)
                 + 2 * _pdep_u64(_pext_u64(h[2] >> shift, l), 0x5555555ULL)
                 + 3 * _pdep_u64(_pext_u64(h[3] >> shift, l), 0x5555555ULL);
        u64 queen = QUEENS >> shift & l, ph = photo >> shift & l;
        u64 qi = queen ? (u64)__builtin_popcountll(l & (queen - 1)) : 15;
        u64 pi = ph ? (u64)__builtin_popcountll(l & (ph - 1)) : 15;
        c[q] = code | (u64)__builtin_popcountll(l) << 26 | qi << 30 | pi << 34;
    }
    pack_key(c, k);
}
static int has_bmi2; /* set when the module is loaded */
#endif

/* The key of a trick start: the shape of the cards left, the four suits' codes packed. */
static void shape_key(Solver *s, const u64 *h, u64 *k) {
#ifdef SHAPE_KEY_BMI2
    if (has_bmi2) {
        shape_key_bmi2(s->photo, h, k);
        return;
    }
#endif
    shape_key_by_cards(s->photo, h, k);
}

/* The bucket of a key: the index of its first slot (even). */
static size_t slot_of(Solver *s, const u64 *k, uint32_t extra) {
    u64 x = k[0] * 0x9E3779B97F4A7C15ULL;
    x ^= (k[1] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    x ^= (k[2] + 0x8CB92BA72F3D8DD7ULL) * 0x165667B19E3779F9ULL;
    x ^= (u64)extra * 0xFF51AFD7ED558CCDULL;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 32;
    return (size_t)x & s->tt_mask & ~(size_t)1;
}

static int filled(const Solver *s, const Entry *e) { return e->trick && e->extra >> GEN_SHIFT == s->gen; }

static Entry *probe(Solver *s, size_t i, const u64 *k, uint32_t extra) {
    uint32_t tagged = extra | s->gen << GEN_SHIFT;
    for (size_t j = i; j < i + 2; j++) {
        Entry *e = &s->tt[j];
        if (e->trick && e->extra == tagged && e->k[0] == k[0] && e->k[1] == k[1] && e->k[2] == k[2])
            return e;
    }
    return NULL;
}

static void store(Solver *s, size_t i, const u64 *k, uint32_t extra, int trick, int lo, int hi, int move) {
    Entry *e = probe(s, i, k, extra);
    if (!e) { /* slot i keeps the earlier trick (the costlier search), slot i+1 takes the rest */
        Entry *a = &s->tt[i];
        e = (!filled(s, a) || trick <= a->trick) ? a : &s->tt[i + 1];
    }
    memcpy(e->k, k, sizeof e->k);
    e->extra = extra | s->gen << GEN_SHIFT;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    e->move = (int8_t)move;
    e->trick = (int8_t)trick;
}

/* Whether P, not leading, can duck every trick from here on: in each suit, his j-th lowest card is
   below the others' j-th lowest (each trick of a suit P does not lead takes at least one of their
   cards, the lowest they have left is at least their j-th lowest, and P plays his lowest and
   discards his highest). Then P never wins a trick, so never leads. */
static int ducks_every_trick(u64 mine, u64 theirs) {
    for (int q = 0; q < 4; q++) {
        u64 seg = SUIT_BITS << (13 * q);
        u64 p = mine & seg, o = theirs & seg;
        while (p && o) {
            u64 a = p & (~p + 1), b = o & (~o + 1);
            if (a > b) return 0;
            p ^= a;
            o ^= b;
        }
    }
    return 1;
}

/* What the most-tricks mark still depends on, while it is open: for each other seat, its lead over
   P in tricks (d = its count - P's), and, only when they are level, whether its latest trick came
   after P's. Nothing else of the counts and lasts can change who ends with most tricks: a seat more
   than `left` tricks behind P can never reach him (code 31); a seat not level with P can draw level
   only by winning a trick more than P from here, and then the later of their last tricks is one
   still to come. The counts among the other three, and the order of their last tricks, do not matter. */
static uint32_t most_race(int me, int left, const int *counts, const int *lasts) {
    uint32_t key = 2;
    int shift = 2;
    for (int q = 0; q < 4; q++) {
        if (q == me) continue;
        int d = counts[q] - counts[me];
        uint32_t code;
        if (d < -left) code = 31;
        else if (d == 0) code = lasts[q] > lasts[me] ? 30 : 14;
        else code = (uint32_t)(d + 14); /* 1..27 */
        key |= code << shift;
        shift += 5;
    }
    return key;
}

/* The search of the game without the most-tricks mark (the light game) from a trick start, the
   mode put back afterwards. */
static int light(Solver *s, u64 *h, int leader, int trick, const int *counts, const int *lasts, int alpha, int beta) {
    int was = s->light;
    s->light = 1;
    int v = start(s, h, leader, trick, counts, lasts, alpha, beta);
    s->light = was;
    return v;
}

/* Whether the most-tricks mark is settled at the start of `trick`: 1 when nobody can catch P any
   more, 0 when P can no longer reach the most, -1 while it is open. */
static int most_settled(int me, int trick, const int *counts) {
    int left = TRICKS + 1 - trick, mine = counts[me], rival = 0;
    for (int q = 0; q < 4; q++)
        if (q != me && counts[q] > rival) rival = counts[q];
    if (mine + left < rival) return 0;
    if (mine > rival + left) return 1;
    return -1;
}

/* An upper bound of the marks P still takes from a trick start, before any search: every mark still
   live (queens and the photograph not yet taken, the counting trick if still to come, the last
   trick's, most tricks in the full game while it is open), or, when P can win no trick more (he
   does not lead and can duck every trick to come, or he leads and can lead a card someone must go
   over and then duck every trick), only most tricks, and only if the others can all stay under his
   count (0 in the light game). */
/* Whether a lead of `c` by P surely loses the trick: another seat holds cards of its suit, all
   above it, so must go over it. */
static int must_be_overtaken(const u64 *h, int me, u64 c) {
    u64 seg = suit_mask_of(c);
    for (int q = 1; q < 4; q++) {
        u64 xs = h[(me + q) & 3] & seg;
        if (xs && (xs & (~xs + 1)) > c) return 1;
    }
    return 0;
}

/* Whether P, on lead, can win no trick more: he leads a card someone must go over, and then
   ducks every trick with the rest of his cards against all of theirs. */
static int exits_then_ducks(const u64 *h, int me) {
    u64 mine = h[me], theirs = h[(me + 1) & 3] | h[(me + 2) & 3] | h[(me + 3) & 3], rest = mine;
    while (rest) {
        u64 c = rest & (~rest + 1);
        rest ^= c;
        if (must_be_overtaken(h, me, c) && ducks_every_trick(mine ^ c, theirs)) return 1;
    }
    return 0;
}

static int ceiling(Solver *s, const u64 *h, int leader, int trick, const int *counts, const int *lasts) {
    int me = s->me;
    u64 live = h[0] | h[1] | h[2] | h[3];
    int high = queens_in(live) + !s->light;
    if (live & s->photo) high++;
    if (s->counting >= trick) high++;
    if (s->last_mark) high++;
    if (!high) return 0;
    if (leader == me ? !exits_then_ducks(h, me) : !ducks_every_trick(h[me], live & ~h[me])) return high;
    if (s->light) return 0;
    int left = TRICKS + 1 - trick, mine = counts[me], room = 0;
    for (int q = 0; q < 4; q++) {
        if (q == me) continue;
        if (counts[q] > mine || (counts[q] == mine && lasts[q] > lasts[me])) return 0;
        if (counts[q] < mine) room += mine - 1 - counts[q];
    }
    return room >= left;
}

/* The full game while most tricks is open: its value V lies between the light game's value V0
   and V0 + 1 (the mark is one mark, taken or not). Ask the light game whether V0 < a (then V <=
   a: a fail-low bound) and whether V0 >= b (then V >= b); else narrow [lo, hi] and return
   NO_CUT, for the full search to tell V0 from V0 + 1. */
#define NO_CUT (-1000)
static int most_apart(Solver *s, u64 *h, int leader, int trick, const int *counts, const int *lasts, int a, int b,
                      int *lo, int *hi) {
    int v = light(s, h, leader, trick, counts, lasts, a - 1, a);
    if (v < a) {
        if (v + 1 < *hi) *hi = v + 1;
        return *hi;
    }
    if (v > *lo) *lo = v;
    if (*lo >= b) return *lo;
    v = light(s, h, leader, trick, counts, lasts, b - 1, b);
    if (v >= b) {
        if (v > *lo) *lo = v;
        return *lo;
    }
    if (v + 1 < *hi) *hi = v + 1;
    return *lo == *hi ? *lo : NO_CUT;
}

/* The start of a trick: bounds, the transposition table, then the search. In the full game a
   settled most-tricks mark makes it the light game (plus the mark when P has it), so the table
   keeps one entry for every history of trick counts; while it is open, the light game is asked
   first (most_apart). */
static int start(Solver *s, u64 *h, int leader, int trick, const int *counts, const int *lasts, int alpha, int beta) {
    int me = s->me;
    if (trick > TRICKS) return s->light ? 0 : most(me, counts, lasts);
    uint32_t race = 0; /* the light game's key */
    if (!s->light) {
        int settled = most_settled(me, trick, counts);
        if (settled >= 0)
            return settled + light(s, h, leader, trick, counts, lasts, alpha - settled, beta - settled);
        race = most_race(me, TRICKS + 1 - trick, counts, lasts);
    }
    int low = 0, high = ceiling(s, h, leader, trick, counts, lasts);
    if (high <= alpha || high == 0) return high;
    if (low >= beta) return low;
    if (trick == TRICKS) { /* one card each: play is forced */
        s->nodes++;
        u64 p[4] = {h[leader], h[(leader + 1) & 3], h[(leader + 2) & 3], h[(leader + 3) & 3]};
        u64 hh[4] = {0, 0, 0, 0};
        return finish(s, hh, leader, trick, p, counts, lasts, alpha, beta);
    }
    if (trick == TRICKS - 1) /* two cards each: counting it out is cheaper than a probe of the table */
        return last_two(s, h, leader, counts, lasts);
    u64 k[3];
    shape_key(s, h, k);
    uint32_t extra = (uint32_t)leader | (uint32_t)me << 2 | race << 4;
    size_t i = slot_of(s, k, extra);
    Entry *e = probe(s, i, k, extra);
    int lo = low, hi = high, move = -1;
    if (e) {
        if (e->lo >= beta || e->lo == e->hi) return e->lo;
        if (e->hi <= alpha) return e->hi;
        if (e->lo > lo) lo = e->lo;
        if (e->hi < hi) hi = e->hi;
        move = e->move;
    }
    int a = alpha > lo - 1 ? alpha : lo - 1;
    int b = beta < hi + 1 ? beta : hi + 1;
    if (!s->light) {
        int v = most_apart(s, h, leader, trick, counts, lasts, a, b, &lo, &hi);
        if (v != NO_CUT) {
            store(s, i, k, extra, trick, lo, hi, move);
            return v;
        }
        a = alpha > lo - 1 ? alpha : lo - 1;
        b = beta < hi + 1 ? beta : hi + 1;
    }
    u64 played[4];
    int v = node(s, h, leader, trick, played, 0, counts, lasts, a, b, move >= 0 ? 1ULL << move : 0);
    if (v <= a) {
        if (v < hi) hi = v;
    } else if (v >= b) {
        if (v > lo) lo = v;
    } else {
        lo = hi = v;
    }
    store(s, i, k, extra, trick, lo, hi, bit_index(s->lead));
    return v;
}

/* Sort by keys, a smaller key first (the keys are sorted along, in place). */
static void sort_by(u64 *reps, int m, int64_t *kk) {
    for (int i = 1; i < m; i++) {
        u64 c = reps[i];
        int64_t x = kk[i];
        int j = i - 1;
        while (j >= 0 && kk[j] > x) { reps[j + 1] = reps[j]; kk[j + 1] = kk[j]; j--; }
        reps[j + 1] = c;
        kk[j + 1] = x;
    }
}

/* (not special, -c): marked cards first, then the highest. */
static void marked_high_first(Solver *s, u64 *reps, int m) {
    int64_t key[13];
    for (int i = 0; i < m; i++) key[i] = ((reps[i] & s->special) ? 0 : 64) - bit_index(reps[i]);
    sort_by(reps, m, key);
}

static int node(Solver *s, u64 *h, int leader, int trick, u64 *played, int n, const int *counts, const int *lasts,
                int alpha, int beta, u64 first) {
    if (++s->nodes > s->limit) longjmp(s->stop, 1);
    int me = s->me;
    int seat = (leader + n) & 3;
    u64 hand = h[seat];
    u64 special = s->special;
    u64 live = h[0] | h[1] | h[2] | h[3];
    u64 legal, top = 0;
    int winner = -1, following = 0;
    if (n) {
        u64 c0 = played[0], led = suit_mask_of(c0);
        int win = 0;
        top = c0;
        live |= c0;
        for (int i = 1; i < n; i++) {
            u64 c = played[i];
            live |= c;
            if ((c & led) && c > top) { win = i; top = c; }
        }
        winner = (leader + win) & 3;
        legal = hand & led;
        following = legal != 0;
        if (!following) legal = hand;
    } else {
        legal = hand;
    }
    u64 reps[13];
    int m = 0;
    u64 prev = 0, rest = legal;
    while (rest) {
        u64 c = rest & (~rest + 1);
        rest ^= c;
        if (!(prev && suit_mask_of(prev) == suit_mask_of(c) && !((prev | c) & special) && !(live & (c - (prev << 1)))))
            reps[m++] = c;
        prev = c;
    }
    if (m > 1) {
        if (seat == me) {
            if (following) { /* duck with the highest card that ducks, else go over as low as can be; last to
                                play and unable to duck, shed his highest unmarked card */
                u64 t[13];
                int j = 0;
                for (int i = m - 1; i >= 0; i--)
                    if (reps[i] < top) t[j++] = reps[i];
                if (!j && n == 3) {
                    int64_t key[13];
                    for (int i = 0; i < m; i++) key[i] = ((reps[i] & special) ? 64 : 0) - bit_index(reps[i]);
                    sort_by(reps, m, key);
                } else {
                    for (int i = 0; i < m; i++)
                        if (reps[i] > top) t[j++] = reps[i];
                    memcpy(reps, t, sizeof t); /* all 13: a fixed size is copied inline */
                }
            } else if (n) {
                marked_high_first(s, reps, m);
            } else { /* his lead: first a card someone must go over, the highest first; then one someone
                        can go over, the highest first; then the rest, lowest first */
                int64_t key[13];
                u64 theirs = live & ~hand;
                for (int i = 0; i < m; i++) {
                    int x = bit_index(reps[i]), r = x % 13;
                    int k = must_be_overtaken(h, me, reps[i]) ? -r
                          : (theirs & suit_mask_of(reps[i]) & ~((reps[i] << 1) - 1)) ? 100 - r : 200 + r;
                    key[i] = (int64_t)k * 4 + x / 13;
                }
                sort_by(reps, m, key);
            }
        } else if (n && winner == me) { /* keep the trick his, and load it */
            if (following) {
                u64 t[13];
                int j = 0;
                for (int i = 0; i < m; i++)
                    if (reps[i] < top) t[j++] = reps[i];
                marked_high_first(s, t, j);
                for (int i = 0; i < m; i++)
                    if (reps[i] > top) t[j++] = reps[i];
                memcpy(reps, t, sizeof t); /* all 13: a fixed size is copied inline */
            } else {
                marked_high_first(s, reps, m);
            }
        } else if (n && !following) { /* shed high cards, keep the marked ones for later */
            int64_t key[13];
            for (int i = 0; i < m; i++) key[i] = ((reps[i] & special) ? 64 : 0) - bit_index(reps[i]);
            sort_by(reps, m, key);
        } else if (!n) { /* their lead: first a card under his lowest of its suit (he must go over it), highest
                               first; then his other suits, high first; the suits he is void in last, low first */
            int64_t key[13];
            for (int i = 0; i < m; i++) {
                int x = bit_index(reps[i]), r = x % 13;
                u64 pm = h[me] & suit_mask_of(reps[i]);
                int forces = pm && reps[i] < (pm & (~pm + 1));
                key[i] = (forces ? -r : pm ? 1000 - r : 2000 + r) * 4 + x / 13;
            }
            sort_by(reps, m, key);
        }
        if (first && reps[0] != first) {
            for (int i = 1; i < m; i++)
                if (reps[i] == first) {
                    memmove(reps + 1, reps, sizeof(u64) * (size_t)i);
                    reps[0] = first;
                    break;
                }
        }
    }
    int best;
    u64 move = 0; /* set by the first card tried: every value beats the starting best */
    if (seat == me) {
        best = 99;
        for (int i = 0; i < m; i++) {
            u64 c = reps[i];
            h[seat] = hand ^ c;
            played[n] = c;
            int v = n == 3 ? finish(s, h, leader, trick, played, counts, lasts, alpha, beta)
                           : node(s, h, leader, trick, played, n + 1, counts, lasts, alpha, beta, 0);
            if (v < best) {
                best = v;
                move = c;
                if (v < beta) {
                    beta = v;
                    if (alpha >= beta) break;
                }
            }
        }
    } else {
        best = -1;
        for (int i = 0; i < m; i++) {
            u64 c = reps[i];
            h[seat] = hand ^ c;
            played[n] = c;
            int v = n == 3 ? finish(s, h, leader, trick, played, counts, lasts, alpha, beta)
                           : node(s, h, leader, trick, played, n + 1, counts, lasts, alpha, beta, 0);
            if (v > best) {
                best = v;
                move = c;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta) break;
                }
            }
        }
    }
    h[seat] = hand;
    if (!n) s->lead = move;
    return best;
}

/* ---- the Python face ------------------------------------------------------------------------- */

static int read_u64s(PyObject *seq, u64 *out, int want_min, int want_max, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n < want_min || n > want_max) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %d to %d items expected", what, want_min, want_max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) { Py_DECREF(fast); return -1; }
    }
    Py_DECREF(fast);
    return (int)n;
}

static int read_ints4(PyObject *seq, int *out, const char *what) {
    u64 tmp[4];
    if (read_u64s(seq, tmp, 4, 4, what) < 0) return -1;
    for (int i = 0; i < 4; i++) {
        if (tmp[i] > TRICKS) { PyErr_Format(PyExc_ValueError, "%s: 0..13 expected", what); return -1; }
        out[i] = (int)tmp[i];
    }
    return 0;
}

/* value_after(hands, leader, trick, played, counts, lasts, card, me, alpha, beta, limit)
   -> the value (fail-soft outside (alpha, beta)), or None when the node limit stopped it. */
static PyObject *Solver_value_after(Solver *s, PyObject *args) {
    PyObject *hands_o, *played_o, *counts_o, *lasts_o;
    int leader, trick, me, alpha, beta;
    unsigned long long card, limit;
    if (!PyArg_ParseTuple(args, "OiiOOOKiiiK", &hands_o, &leader, &trick, &played_o, &counts_o, &lasts_o, &card,
                          &me, &alpha, &beta, &limit))
        return NULL;
    u64 h[4], played[4];
    int counts[4], lasts[4];
    if (read_u64s(hands_o, h, 4, 4, "hands") < 0) return NULL;
    int n = read_u64s(played_o, played, 0, 3, "played");
    if (n < 0 || read_ints4(counts_o, counts, "counts") < 0 || read_ints4(lasts_o, lasts, "lasts") < 0) return NULL;
    if (leader < 0 || leader > 3 || me < 0 || me > 3 || trick < 1 || trick > TRICKS) {
        PyErr_SetString(PyExc_ValueError, "leader and me are seats 0..3, trick 1..13");
        return NULL;
    }
    int seat = (leader + n) & 3;
    if (!card || (card & (card - 1)) || !(h[seat] & card)) {
        PyErr_SetString(PyExc_ValueError, "card must be one card of the hand of the seat to play");
        return NULL;
    }
    h[seat] ^= card;
    played[n] = card;
    s->me = me;
    s->light = 0;
    s->limit = limit > UINT64_MAX - s->nodes ? UINT64_MAX : s->nodes + limit;
    volatile int v = 0;
    if (setjmp(s->stop)) {
        s->limit = UINT64_MAX;
        Py_RETURN_NONE;
    }
    if (n + 1 < 4)
        v = node(s, h, leader, trick, played, n + 1, counts, lasts, alpha, beta, 0);
    else
        v = finish(s, h, leader, trick, played, counts, lasts, alpha, beta);
    s->limit = UINT64_MAX;
    return PyLong_FromLong(v);
}

static PyObject *Solver_get_nodes(Solver *s, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(s->nodes);
}

/* The table. A large one is mapped from the system and asked for in huge pages where the system
   gives them (Linux's madvise): nearly every probe of it misses the processor's caches, and with
   small pages each miss also misses the page table's cache. Its pages are zero and come only when
   first touched, as with calloc, so a short search does not pay for the whole table.

   A table is not given back when its solver goes (one per hand: zeroing 48 MiB again each time
   was a fifth of the CPU of a short hand): the last one is kept and the next solver of its size
   takes it with the next generation, which empties every entry of the one before; only after 255
   generations is it zeroed. */
#define HUGE_PAGE ((size_t)2 << 20)
#define LAST_GEN 255
static struct {
    Entry *tt;
    void *raw;
    size_t mapped_bytes, n;
    uint32_t gen;
} spare;

static Entry *new_table(Solver *s, size_t n) {
    size_t bytes = n * sizeof(Entry);
    s->raw = NULL;
    s->mapped_bytes = 0;
    s->gen = 1;
    if (spare.tt && spare.n == n) {
        Entry *tt = spare.tt;
        s->raw = spare.raw;
        s->mapped_bytes = spare.mapped_bytes;
        s->gen = spare.gen + 1;
        spare.tt = NULL;
        if (s->gen > LAST_GEN) {
            memset(tt, 0, bytes);
            s->gen = 1;
        }
        return tt;
    }
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
    if (bytes >= 2 * HUGE_PAGE) {
        size_t whole = bytes + HUGE_PAGE;
        void *p = mmap(NULL, whole, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            char *start = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
            madvise(start, bytes, MADV_HUGEPAGE);
            s->raw = p;
            s->mapped_bytes = whole;
            return (Entry *)start;
        }
    }
#endif
    s->raw = calloc(n + 2, sizeof(Entry)); /* two entries more: room to align the buckets to 64 bytes */
    if (!s->raw) return NULL;
    return (Entry *)(((uintptr_t)s->raw + 63) & ~(uintptr_t)63);
}

static void release(void *raw, size_t mapped_bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
    if (mapped_bytes) {
        munmap(raw, mapped_bytes);
        return;
    }
#endif
    (void)mapped_bytes;
    free(raw);
}

static void free_table(Solver *s) {
    if (!s->tt) return;
    if (spare.tt) release(spare.raw, spare.mapped_bytes);
    spare.tt = s->tt;
    spare.raw = s->raw;
    spare.mapped_bytes = s->mapped_bytes;
    spare.n = s->tt_mask + 1;
    spare.gen = s->gen;
    s->tt = NULL;
    s->raw = NULL;
}

static int Solver_init(Solver *s, PyObject *args, PyObject *kw) {
    static char *names[] = {"photograph", "counting_trick", "last_trick_mark", "table_bits", NULL};
    unsigned long long photo;
    int counting, last_mark = 0, bits = 20;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Ki|pi", names, &photo, &counting, &last_mark, &bits)) return -1;
    if (bits < 4 || bits > 28) {
        PyErr_SetString(PyExc_ValueError, "table_bits: 4..28");
        return -1;
    }
    s->photo = photo;
    s->special = QUEENS | photo;
    s->counting = counting;
    s->last_mark = last_mark;
    s->nodes = 0;
    s->limit = UINT64_MAX;
    free_table(s);
    s->tt_mask = ((size_t)1 << bits) - 1;
    s->tt = new_table(s, (size_t)1 << bits);
    if (!s->tt) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Solver_dealloc(Solver *s) {
    free_table(s);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyMethodDef Solver_methods[] = {
    {"value_after", (PyCFunction)Solver_value_after, METH_VARARGS,
     "value_after(hands, leader, trick, played, counts, lasts, card, me, alpha, beta, limit): the marks `me` "
     "still takes after the seat to play plays `card` (fail-soft outside (alpha, beta)); None when more than "
     "`limit` nodes would be needed."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Solver_getset[] = {
    {"nodes", (getter)Solver_get_nodes, NULL, "nodes searched so far", NULL}, {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tetka_cli.games.tetka._solver.Core",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The compiled search of one deal: Core(photograph, counting_trick, last_trick_mark=False, table_bits=20)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

/* shape_key(photograph, hands, by_cards=False) -> the key of a trick start as three ints: the way
   the search works it out (by_cards: card by card, whatever the processor has), for the tests that
   compare the two ways with each other and with the pure solver's. */
static PyObject *module_shape_key(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *names[] = {"photograph", "hands", "by_cards", NULL};
    unsigned long long photo;
    PyObject *hands_o;
    int by_cards = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "KO|p", names, &photo, &hands_o, &by_cards)) return NULL;
    u64 h[4], k[3];
    if (read_u64s(hands_o, h, 4, 4, "hands") < 0) return NULL;
    if ((h[0] | h[1] | h[2] | h[3]) >> 52 || (h[0] & h[1]) || (h[0] & h[2]) || (h[0] & h[3]) || (h[1] & h[2]) ||
        (h[1] & h[3]) || (h[2] & h[3]) || (photo & (photo - 1)) || photo >> 52) {
        PyErr_SetString(PyExc_ValueError, "hands: four disjoint sets of cards 0..51; photograph: one card");
        return NULL;
    }
    if (by_cards) {
        shape_key_by_cards(photo, h, k);
    } else {
        Solver s;
        s.photo = photo;
        shape_key(&s, h, k);
    }
    return Py_BuildValue("(KKK)", (unsigned long long)k[0], (unsigned long long)k[1], (unsigned long long)k[2]);
}

static PyMethodDef module_methods[] = {
    {"shape_key", (PyCFunction)(void (*)(void))module_shape_key, METH_VARARGS | METH_KEYWORDS,
     "shape_key(photograph, hands, by_cards=False): the table key of a trick start, as the search works it out"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_solver", "The compiled core of the Tetka solver.", -1,
                                    module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__solver(void) {
#ifdef SHAPE_KEY_BMI2
    __builtin_cpu_init();
    has_bmi2 = __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
#endif
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
#ifdef SHAPE_KEY_BMI2
    int fast = has_bmi2;
#else
    int fast = 0;
#endif
    if (PyModule_AddIntConstant(m, "SHAPE_KEY_BMI2", fast) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
