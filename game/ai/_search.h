/* The compiled middle-game search's types and entry points, shared by the search
 * (_search.c) and its Python interface (_search_py.c). */
#ifndef MOSAIC_SEARCH_H
#define MOSAIC_SEARCH_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_bits.h"
#include "_caller.h"
#include "_patterns.h"

#define W 4
#define INF 1000000000
#define WIN 1000000
#define TILE 100
#define EXACT 0
#define LOWER 1
#define UPPER 2
#define MAX_GROUPS 128 /* a side-8 board holds at most 73 groups of one colour */
#define MAX_PLY 256
#define MAX_CHAIN 128 /* tiles one flip turn may flip */
#define SEEN_BITS 14
#define SEEN_SIZE (1u << SEEN_BITS)
#define POOL 32768 /* turns held at once along the search's path */

typedef struct { u64 w[W]; } BB;
typedef struct { int n; BB g[MAX_GROUPS], d[MAX_GROUPS]; } Groups;
/* A turn's position after it; size: tiles flipped (0 for a placement); placed:
 * the placement's bit, or FLIPPED, or PASSED; key: its name for the killers and
 * the history (game/ai/ordering.py's key): the placement's bit, or KEYS / 2 and
 * a flip turn's first flipped bit. */
typedef struct { BB me, op; int size, placed, key; } Kid;
#define KEYS 512
#define FLIPPED (-1)
#define PASSED (-2)
typedef struct {
    u64 h1, h2; /* the position's two hashes */
    int32_t depth, score, best;
    uint16_t gen; /* live in the table's current generation; 0 never is */
    uint8_t flag;
} Entry;

/* The transposition table: a search's own, or (a helper's, see
 * _search_py.c's helper) the table of the search it helps, shared between two
 * threads. A shared table is at its full size before they start, so it never
 * moves; its count may lose a race now and then, which the room kept free
 * (a quarter) absorbs. */
typedef struct {
    Entry *tt;
    u64 mask, max_mask, count, limit;
    uint16_t gen;
} Table;

typedef struct {
    int n, stride, cells;
    BB full, edge, nbr[256];
    int weights[7];
    const Patterns *pat; /* the pattern evaluation's weights, or NULL for weights[] */
    PatCache cache;      /* the last leaf pat scored */
    Table own, *t; /* t: own, or the helped search's */
    PyObject *helped; /* a helper's: the helped search's handle, kept alive */
    Groups wm, wo; /* scratch */
    Groups *chain; /* each chain step's groups: MAX_CHAIN pairs */
    Groups *plies; /* each ply's groups: MAX_PLY pairs */
    BB seen_key[SEEN_SIZE];
    uint32_t seen_gen[SEEN_SIZE], sgen;
    unsigned seen_used;
    Kid pool[POOL];
    int order[POOL];
    int top, root_turns;
    long long nodes, limit;
    int stopped, overflow, busy;
    int pvs; /* principal-variation search (Searcher.pvs) */
    int killers, history; /* move ordering (game/ai/ordering.py): on, and the history's mode */
    int killer[MAX_PLY][2]; /* each ply's killer keys, the latest first; -1 none */
    long long hist[KEYS]; /* each key's history */
    long long seen_hist[POOL]; /* each turn's history when its node ordered its turns */
    int chain_first; /* the first flipped bit of the flip turns being listed */
    Caller caller;
} Search;

/* -- 256-bit boards -------------------------------------------------------- */

static inline BB band(BB a, BB b) { for (int i = 0; i < W; i++) a.w[i] &= b.w[i]; return a; }
static inline BB bor(BB a, BB b) { for (int i = 0; i < W; i++) a.w[i] |= b.w[i]; return a; }
static inline BB bxor(BB a, BB b) { for (int i = 0; i < W; i++) a.w[i] ^= b.w[i]; return a; }
static inline BB bandn(BB a, BB b) { for (int i = 0; i < W; i++) a.w[i] &= ~b.w[i]; return a; }
static inline int bempty(BB a) { return !(a.w[0] | a.w[1] | a.w[2] | a.w[3]); }
static inline int beq(BB a, BB b) { return bempty(bxor(a, b)); }
static inline int bpc(BB a) { return pc(a.w[0]) + pc(a.w[1]) + pc(a.w[2]) + pc(a.w[3]); }
static inline int blow(BB a) { /* the lowest bit's index; a is not empty */
    for (int i = 0;; i++)
        if (a.w[i]) return i * 64 + ctz(a.w[i]);
}
static inline BB bbit(int i) { BB r = {{0, 0, 0, 0}}; r.w[i >> 6] = 1ull << (i & 63); return r; }
static inline BB shl(BB a, int k) {
    BB r;
    for (int i = W - 1; i > 0; i--) r.w[i] = a.w[i] << k | a.w[i - 1] >> (64 - k);
    r.w[0] = a.w[0] << k;
    return r;
}
static inline BB shr(BB a, int k) {
    BB r;
    for (int i = 0; i < W - 1; i++) r.w[i] = a.w[i] >> k | a.w[i + 1] << (64 - k);
    r.w[W - 1] = a.w[W - 1] >> k;
    return r;
}
/* The side's geometry into a zeroed Search (0 if the side is not 2 to 8). */
int search_init(Search *s, int side);
void tt_clear(Search *s);
void tt_full(Search *s); /* the table at its full size: it no longer moves */
void order_clear(Search *s);
int negamax(Search *s, BB me, BB op, int mover, int depth, int alpha, int beta, int exact);
int root(Search *s, BB me, BB op, int mover, int depth, int exact, int mode, int *out, int *best_turn);

#endif
