/* The ending solver of game/ai/endgame.py, compiled: the same search, about 30 times faster.
 *
 * Pure Python proves about 40,000 positions a second; a side-5 ending with 16
 * empty cells needs about two million, so Master could only settle it exactly
 * on the player's time. This module restates the solver in C for boards of up
 * to 64 cells (side 5 and smaller), with cells as bits of a 64-bit word in the
 * Geometry's cell order. It searches the positions the Python solver searches,
 * in the same order (tests/ai/test_endgame_compiled.py checks the counts; they
 * differ only where a full bucket of the table below gives up an entry), so everything docs/ai-endings.md says of the algorithm holds here:
 * fail-soft null-window alpha-beta over whole turns, a table of proved bounds
 * kept between solves, the table's best turn first, then the fewest replies
 * left to the opponent, flips before placements, bigger flips first, history;
 * an enhanced transposition cutoff before any turn is searched.
 *
 * Where it differs: the table is a fixed array of four-entry buckets (a full
 * bucket gives up the entry proved with the least work) instead of a dict that
 * is halved when full. Only proved bounds ever go in, as in Python, so a solve
 * stopped by its deadline leaves nothing false behind.
 *
 * The module is optional: setup.py builds it where a C compiler is at hand,
 * and game/ai/endgame.py falls back on the Python solver where it is not.
 *
 * Python API (handles are capsules; positions are (mover's cells, other's)):
 *   new(neighbours, table_bits) -> handle
 *   clear(handle)
 *   probe(handle, me, op, alpha, beta, node_limit, check) -> (value, nodes, finished)
 *       alpha < beta (ValueError otherwise); check is None or a callable,
 *       called every 1,024 positions; a true answer (or the node limit, 0 for
 *       none) stops the probe: finished is then False. An exception from check,
 *       or a signal's (Ctrl-C), is raised.
 *   lookup(handle, me, op) -> (lower, upper, best) or None; best is the mover's
 *       cells after the table's best turn, 0 for none.
 * me, op and node_limit are ints from 0 to 2**64 - 1 (ValueError otherwise).
 *
 * A probe lets go of the interpreter while it searches, so other threads run;
 * a handle serves one probe at a time: a call on a handle that is searching
 * (from another thread, or from its own check) raises RuntimeError.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_bits.h"
#include "_caller.h"

#define UNKNOWN 30000 /* a bound nothing has proved yet */
#define WINDOW (UNKNOWN - 1) /* windows are clamped to +-this; every value lies well inside */
#define MAX_GROUPS 64
#define SEEN_BITS 13
#define SEEN_SIZE (1u << SEEN_BITS)
#define HIST_BITS 16
#define HIST_SIZE (1u << HIST_BITS)
#define POOL 65536 /* turns held at once along the search's path */
#define CHECK_EVERY 1023

#if defined(__GNUC__) || defined(__clang__)
#define prefetch(p) __builtin_prefetch(p)
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#define prefetch(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
#define prefetch(p) ((void)(p))
#endif

typedef struct {
    u64 me, op, best; /* best: the mover's cells after the best turn found, 0 for none */
    int16_t lo, hi;
    uint32_t effort; /* positions searched to prove it; 0 marks an empty slot */
} Entry;

typedef struct {
    u64 me, op;
    int replies, flip, size, idx;
    uint32_t hist;
} Kid;

typedef struct {
    int n;
    u64 g[MAX_GROUPS], d[MAX_GROUPS]; /* each group, and it with its neighbours */
} Groups;

typedef struct {
    int cells;
    u64 full, nbr[64], near_tab[8][256];
    Entry *tt;
    u64 tt_mask;
    u64 hist_key[HIST_SIZE];
    uint32_t hist_val[HIST_SIZE];
    unsigned hist_used;
    u64 seen_key[SEEN_SIZE];
    uint32_t seen_gen[SEEN_SIZE], gen;
    unsigned seen_used;
    Kid pool[POOL];
    int top;
    u64 nodes, limit;
    int stopped;    /* the limit, or check, said stop */
    int overflow;   /* a position had more turns than the pool holds */
    Caller caller;
    /* A probe is under way. Set and read only while holding the interpreter, so
     * no lock is needed: the search's state (pool, seen sets, counters) is one
     * per handle, and two searches at once would tear it apart. */
    int busy;
} Solver;

static inline u64 near(const Solver *s, u64 m) {
    u64 r = 0;
    for (int i = 0; m; i++, m >>= 8) r |= s->near_tab[i][m & 255];
    return r;
}

static void groups_of(const Solver *s, u64 m, Groups *gs) {
    gs->n = 0;
    while (m) {
        u64 g = m & (~m + 1), prev;
        do {
            prev = g;
            g = near(s, g) & m;
        } while (g != prev);
        gs->g[gs->n] = g;
        gs->d[gs->n] = near(s, g);
        gs->n++;
        m &= ~g;
    }
}

static inline void touch(const Groups *gs, u64 *once, u64 *twice) {
    u64 o = 0, t = 0;
    for (int i = 0; i < gs->n; i++) {
        t |= o & gs->d[i];
        o |= gs->d[i];
    }
    *once = o;
    *twice = t;
}

static inline u64 reach(const Groups *gs) {
    u64 o = 0;
    for (int i = 0; i < gs->n; i++) o |= gs->d[i];
    return o;
}

/* The enemy tiles of cand that the mover may flip: flipping t joins the k mover
 * groups it touches (k >= 2 needed) and splits its own group into j pieces, and
 * the total must shrink (j < k). */
static u64 flippable(const Solver *s, u64 cand, const Groups *gm, const Groups *go) {
    u64 out = 0;
    while (cand) {
        u64 t = cand & (~cand + 1);
        cand ^= t;
        int k = 0;
        for (int i = 0; i < gm->n; i++)
            if (gm->d[i] & t) k++;
        if (k < 2) continue;
        u64 g = 0;
        for (int i = 0; i < go->n; i++)
            if (go->g[i] & t) {
                g = go->g[i];
                break;
            }
        u64 rest = g ^ t, pending = s->nbr[ctz(t)] & rest;
        int j = 0;
        while (pending) {
            /* grow one piece only until it holds every neighbour still pending */
            u64 p = pending & (~pending + 1), prev;
            do {
                prev = p;
                p = near(s, p) & rest;
            } while (p != prev && (pending & ~p));
            pending &= ~p;
            if (++j >= k) break;
        }
        if (j < k) out |= t;
    }
    return out;
}

static int has_turn(const Solver *s, u64 me, u64 op) {
    Groups gm, go;
    groups_of(s, me, &gm);
    groups_of(s, op, &go);
    u64 once, twice;
    touch(&gm, &once, &twice);
    if (s->full & ~(me | op) & ~twice & (~once | reach(&go))) return 1;
    return flippable(s, op & twice, &gm, &go) != 0;
}

/* -- sets of tiles flipped so far in this position's chains -------------- */

static void seen_reset(Solver *s) {
    s->gen++;
    s->seen_used = 0;
    if (s->gen == 0) {
        memset(s->seen_gen, 0, sizeof s->seen_gen);
        s->gen = 1;
    }
}

/* 1 if the set is new (and now seen), 0 if seen; -1 when the table is full. */
static int seen_add(Solver *s, u64 set) {
    if (s->seen_used >= SEEN_SIZE / 2) return -1;
    unsigned i = (unsigned)((set * 0x9E3779B97F4A7C15ull) >> (64 - SEEN_BITS));
    while (s->seen_gen[i] == s->gen) {
        if (s->seen_key[i] == set) return 0;
        i = (i + 1) & (SEEN_SIZE - 1);
    }
    s->seen_gen[i] = s->gen;
    s->seen_key[i] = set;
    s->seen_used++;
    return 1;
}

static int push_kid(Solver *s, u64 me, u64 op, int flip, int size) {
    if (s->top >= POOL) {
        s->overflow = 1;
        return 0;
    }
    Kid *k = &s->pool[s->top++];
    k->me = me;
    k->op = op;
    k->flip = flip;
    k->size = size;
    return 1;
}

/* Every complete chain from the flipped set `set`, once per set, in the order
 * the Python solver's walk lists them (the highest tile first). */
static int walk(Solver *s, u64 me, u64 op, u64 set) {
    u64 m = me | set, o = op & ~set;
    Groups gm, go;
    groups_of(s, m, &gm);
    groups_of(s, o, &go);
    u64 next = flippable(s, o & near(s, set), &gm, &go);
    if (!next) return push_kid(s, m, o, 1, pc(set));
    u64 fresh = 0;
    for (u64 x = next; x;) {
        u64 c = x & (~x + 1);
        x ^= c;
        int added = seen_add(s, set | c);
        if (added < 0) {
            s->overflow = 1;
            return 0;
        }
        if (added) fresh |= c;
    }
    while (fresh) {
        u64 c = 1ull << msb(fresh);
        fresh ^= c;
        if (!walk(s, me, op, set | c)) return 0;
    }
    return 1;
}

/* Roughly how many replies the opponent (owner of op2) has: its placements plus
 * the mover's tiles that touch two of its groups. */
static int replies_of(const Solver *s, u64 me2, u64 op2) {
    Groups go;
    groups_of(s, op2, &go);
    u64 once, twice;
    touch(&go, &once, &twice);
    u64 empty = s->full & ~(me2 | op2);
    return pc(empty & ~twice & (~once | near(s, me2))) + pc(me2 & twice);
}

/* -- history: how often a turn refuted a position ------------------------- */

#define CODE(me, k) (((k)->me ^ (me)) | ((u64)(k)->flip << 63))

static unsigned hist_slot(const Solver *s, u64 code) {
    unsigned i = (unsigned)((code * 0x9E3779B97F4A7C15ull) >> (64 - HIST_BITS));
    while (s->hist_val[i] && s->hist_key[i] != code) i = (i + 1) & (HIST_SIZE - 1);
    return i;
}

static uint32_t hist_get(const Solver *s, u64 code) { return s->hist_val[hist_slot(s, code)]; }

static void hist_bump(Solver *s, u64 code) {
    unsigned i = hist_slot(s, code);
    if (!s->hist_val[i]) {
        if (s->hist_used >= HIST_SIZE * 3 / 4) { /* start afresh rather than slow down */
            memset(s->hist_val, 0, sizeof s->hist_val);
            s->hist_used = 0;
            i = hist_slot(s, code);
        }
        s->hist_used++;
        s->hist_key[i] = code;
    }
    s->hist_val[i]++;
}

/* -- the table of proved bounds ------------------------------------------- */

static inline Entry *bucket(const Solver *s, u64 me, u64 op) {
    u64 h = (me * 0x9E3779B97F4A7C15ull) ^ (op * 0xC2B2AE3D27D4EB4Full);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return &s->tt[h & s->tt_mask & ~(u64)3];
}

static inline Entry *find(const Solver *s, u64 me, u64 op) {
    Entry *b = bucket(s, me, op);
    for (int i = 0; i < 4; i++)
        if (b[i].effort && b[i].me == me && b[i].op == op) return b + i;
    return NULL;
}

static void store(Solver *s, u64 me, u64 op, int lo, int hi, u64 best, uint32_t effort) {
    Entry *e = find(s, me, op);
    if (!e) {
        Entry *b = bucket(s, me, op);
        e = b;
        for (int i = 1; i < 4; i++)
            if (b[i].effort < e->effort) e = b + i;
    }
    e->me = me;
    e->op = op;
    e->best = best;
    e->lo = (int16_t)lo;
    e->hi = (int16_t)hi;
    e->effort = effort ? effort : 1;
}

/* -- the search ------------------------------------------------------------ */

static int out_of_budget(Solver *s) {
    if (s->stopped) return 1;
    if (s->limit && s->nodes > s->limit) return s->stopped = 1;
    if ((s->nodes & CHECK_EVERY) == 0 && caller_says_stop(&s->caller)) s->stopped = 1;
    return s->stopped;
}

static int cmp_kids(const void *a, const void *b) {
    const Kid *x = a, *y = b;
    if (x->replies != y->replies) return x->replies - y->replies;
    if (x->flip != y->flip) return y->flip - x->flip;
    if (x->size != y->size) return y->size - x->size;
    if (x->hist != y->hist) return x->hist < y->hist ? 1 : -1;
    return x->idx - y->idx;
}

/* The mover's final margin if it lies strictly between alpha and beta, else a
 * bound on the same side (fail-soft). On a stop or an overflow the result is
 * meaningless and nothing more is stored. */
static int search(Solver *s, u64 me, u64 op, int alpha, int beta) {
    s->nodes++;
    if (out_of_budget(s)) return 0;
    Entry *e = find(s, me, op);
    u64 first = 0;
    int lo = -UNKNOWN, hi = UNKNOWN;
    uint32_t effort0 = 0;
    if (e) {
        if (e->lo >= beta) return e->lo;
        if (e->hi <= alpha) return e->hi;
        if (e->lo == e->hi) return e->lo;
        if (e->lo > alpha) alpha = e->lo;
        if (e->hi < beta) beta = e->hi;
        first = e->best;
        lo = e->lo;
        hi = e->hi;
        effort0 = e->effort;
    }
    u64 start = s->nodes;
    Groups gm, go;
    groups_of(s, me, &gm);
    groups_of(s, op, &go);
    u64 once, twice;
    touch(&gm, &once, &twice);
    u64 empty = s->full & ~(me | op);

    /* The turns: placements in cell order, then each chain's end. */
    int base = s->top;
    u64 places = empty & ~twice & (~once | reach(&go));
    while (places) {
        u64 c = places & (~places + 1);
        places ^= c;
        if (!push_kid(s, me | c, op, 0, 1)) return 0;
    }
    u64 firsts = flippable(s, op & twice, &gm, &go);
    seen_reset(s);
    while (firsts) {
        u64 t = firsts & (~firsts + 1);
        firsts ^= t;
        seen_add(s, t);
        if (!walk(s, me, op, t)) {
            s->top = base;
            return 0;
        }
    }
    int n = s->top - base;
    Kid *kids = &s->pool[base];
    int by_replies = pc(empty) >= 2;
    /* A placement leaves the opponent's groups as they are: what they touch is
     * worked out once for all placements, as the Python solver does. */
    u64 op_once = 0, op_twice = 0;
    if (by_replies) touch(&go, &op_once, &op_twice);
    for (int i = 0; i < n; i++) {
        Kid *k = &kids[i];
        k->idx = i;
        /* The look-up below (enhanced transposition cutoff) reads every turn's
         * bucket: a cache miss each in a table of megabytes, so fetch them now. */
        prefetch(bucket(s, k->op, k->me));
        if (!by_replies)
            k->replies = 0;
        else if (k->flip)
            k->replies = replies_of(s, k->me, k->op);
        else
            k->replies = pc(s->full & ~(k->me | k->op) & ~op_twice & (~op_once | near(s, k->me))) +
                         pc(k->me & op_twice);
        k->hist = hist_get(s, CODE(me, k));
    }
    qsort(kids, (size_t)n, sizeof(Kid), cmp_kids);
    if (first)
        for (int i = 0; i < n; i++)
            if (kids[i].me == first) {
                Kid k = kids[i];
                memmove(kids + 1, kids, (size_t)i * sizeof(Kid));
                kids[0] = k;
                break;
            }

    int best = -UNKNOWN, cut = 0;
    u64 best_kid = 0;
    for (int i = 0; i < n; i++) { /* a turn another path already proved good enough */
        Entry *c = find(s, kids[i].op, kids[i].me);
        if (c && -c->hi >= beta) {
            best = -c->hi;
            best_kid = kids[i].me;
            cut = 1;
            break;
        }
    }
    if (!cut) {
        if (n == 0) {
            s->top = base;
            if (!has_turn(s, op, me)) return pc(me) - pc(op);
            best = -search(s, op, me, -beta, -alpha);
            if (s->stopped || s->overflow) return 0;
        } else {
            int a = alpha;
            for (int i = 0; i < n; i++) {
                kids = &s->pool[base]; /* the pool does not move, but stay plain */
                int score = -search(s, kids[i].op, kids[i].me, -beta, -a);
                if (s->stopped || s->overflow) {
                    s->top = base;
                    return 0;
                }
                if (score > best) {
                    best = score;
                    best_kid = kids[i].me;
                    if (score > a) {
                        a = score;
                        if (a >= beta) {
                            hist_bump(s, CODE(me, &kids[i]));
                            break;
                        }
                    }
                }
            }
        }
    }
    s->top = base;
    if (best <= alpha) {
        if (best < hi) hi = best;
    } else if (best >= beta) {
        if (best > lo) lo = best;
    } else {
        lo = hi = best;
    }
    u64 effort = (s->nodes - start) + effort0;
    store(s, me, op, lo, hi, best_kid, effort > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)effort);
    return best;
}

/* -- the Python side -------------------------------------------------------- */

#define CAPSULE "game.ai._endgame.Solver"

static void solver_free(PyObject *capsule) {
    Solver *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s) {
        free(s->tt);
        free(s);
    }
}

/* The handle's solver, if it is not searching: it serves one probe at a time. */
static Solver *idle_solver(PyObject *capsule) {
    Solver *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s && s->busy) {
        PyErr_SetString(PyExc_RuntimeError,
                        "this solver handle is searching already (a probe from another thread, "
                        "or a call from its own check): it serves one probe at a time");
        return NULL;
    }
    return s;
}

/* An int argument as a Python int (a new reference), or NULL with TypeError. */
static PyObject *int_arg(PyObject *o, const char *name) {
    if (!PyIndex_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", name, Py_TYPE(o)->tp_name);
        return NULL;
    }
    return PyNumber_Index(o);
}

/* An int argument as a 64-bit word. The "K" format would take it modulo 2**64,
 * so that 2**64 + 1 quietly became position 1: refuse it instead, by name. */
static int word_arg(PyObject *o, const char *name, u64 *out) {
    PyObject *n = int_arg(o, name);
    if (!n) return 0;
    int sign;
    long long signed_value = PyLong_AsLongLongAndOverflow(n, &sign);
    unsigned long long v = 0;
    if (!PyErr_Occurred() && sign >= 0 && (sign > 0 || signed_value >= 0)) {
        v = PyLong_AsUnsignedLongLong(n);
        if (PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s is past 64 bits: it must be from 0 to 2**64 - 1", name);
        }
    } else if (!PyErr_Occurred()) {
        PyErr_Format(PyExc_ValueError, "%s is negative: it must be from 0 to 2**64 - 1", name);
    }
    Py_DECREF(n);
    if (PyErr_Occurred()) return 0;
    *out = (u64)v;
    return 1;
}

/* The window as the search takes it. Any ints with alpha < beta will do: every
 * value lies far inside the table's range, so clamping them into it (keeping
 * alpha < beta) asks the same question. An empty window is refused: clamped
 * into a one-value window, it stored bounds no search had proved. */
static int window_args(PyObject *alpha_arg, PyObject *beta_arg, int *a, int *b) {
    PyObject *alpha = int_arg(alpha_arg, "alpha");
    if (!alpha) return 0;
    PyObject *beta = int_arg(beta_arg, "beta");
    if (!beta) {
        Py_DECREF(alpha);
        return 0;
    }
    int empty = PyObject_RichCompareBool(alpha, beta, Py_GE), ok = 0;
    if (empty > 0) {
        PyErr_Format(PyExc_ValueError, "an empty window: alpha (%S) must be below beta (%S)", alpha, beta);
    } else if (empty == 0) {
        int sa, sb;
        long long x = PyLong_AsLongLongAndOverflow(alpha, &sa);
        long long y = PyLong_AsLongLongAndOverflow(beta, &sb);
        if (!PyErr_Occurred()) {
            *a = sa < 0 || x < -WINDOW ? -WINDOW : sa > 0 || x > WINDOW - 1 ? WINDOW - 1 : (int)x;
            *b = sb < 0 || y < -WINDOW + 1 ? -WINDOW + 1 : sb > 0 || y > WINDOW ? WINDOW : (int)y;
            ok = 1;
        }
    }
    Py_DECREF(alpha);
    Py_DECREF(beta);
    return ok;
}

static PyObject *py_new(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *neighbours;
    int bits;
    if (!PyArg_ParseTuple(args, "Oi", &neighbours, &bits)) return NULL;
    PyObject *seq = PySequence_Fast(neighbours, "neighbours must be a sequence");
    if (!seq) return NULL;
    Py_ssize_t cells = PySequence_Fast_GET_SIZE(seq);
    if (cells < 1 || cells > 64 || bits < 4 || bits > 30) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "the compiled solver takes 1 to 64 cells, 2^4 to 2^30 entries");
        return NULL;
    }
    Solver *s = calloc(1, sizeof(Solver));
    if (!s) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    s->cells = (int)cells;
    s->full = cells == 64 ? ~0ull : ((1ull << cells) - 1);
    for (Py_ssize_t c = 0; c < cells; c++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, c), "a cell's neighbours");
        if (!row) {
            free(s);
            Py_DECREF(seq);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(row); i++) {
            long j = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, i));
            if (j < 0 || j >= cells) {
                Py_DECREF(row);
                Py_DECREF(seq);
                free(s);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a neighbour is not a cell");
                return NULL;
            }
            s->nbr[c] |= 1ull << j;
        }
        Py_DECREF(row);
    }
    Py_DECREF(seq);
    for (int i = 0; i < 8; i++)
        for (int v = 0; v < 256; v++) {
            u64 r = 0;
            for (int b = 0; b < 8; b++)
                if ((v >> b & 1) && i * 8 + b < cells) r |= s->nbr[i * 8 + b] | 1ull << (i * 8 + b);
            s->near_tab[i][v] = r;
        }
    s->tt_mask = (1ull << bits) - 1;
    s->tt = calloc((size_t)1 << bits, sizeof(Entry));
    if (!s->tt) {
        free(s);
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(s, CAPSULE, solver_free);
    if (!capsule) {
        free(s->tt);
        free(s);
    }
    return capsule;
}

static PyObject *py_clear(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    Solver *s = idle_solver(capsule);
    if (!s) return NULL;
    memset(s->tt, 0, (size_t)(s->tt_mask + 1) * sizeof(Entry));
    memset(s->hist_val, 0, sizeof s->hist_val);
    s->hist_used = 0;
    Py_RETURN_NONE;
}

static int position_args(Solver *s, PyObject *me_arg, PyObject *op_arg, u64 *me, u64 *op) {
    if (!word_arg(me_arg, "me", me) || !word_arg(op_arg, "op", op)) return 0;
    if ((*me & ~s->full) || (*op & ~s->full) || (*me & *op)) {
        PyErr_SetString(PyExc_ValueError, "not a position on this board");
        return 0;
    }
    return 1;
}

static PyObject *py_probe(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *me_arg, *op_arg, *alpha_arg, *beta_arg, *limit_arg, *check;
    if (!PyArg_ParseTuple(args, "OOOOOOO", &capsule, &me_arg, &op_arg, &alpha_arg, &beta_arg,
                          &limit_arg, &check))
        return NULL;
    Solver *s = idle_solver(capsule);
    u64 me, op, limit;
    int a, b;
    if (!s || !position_args(s, me_arg, op_arg, &me, &op) || !window_args(alpha_arg, beta_arg, &a, &b) ||
        !word_arg(limit_arg, "node_limit", &limit))
        return NULL;
    if (!caller_begin(&s->caller, check)) return NULL;
    s->busy = 1;
    s->nodes = 0;
    s->limit = limit;
    s->stopped = s->overflow = 0;
    s->top = 0;
    int value = search(s, me, op, a, b);
    caller_end(&s->caller);
    s->busy = 0;
    if (PyErr_Occurred()) return NULL; /* check raised: pass it on */
    if (s->overflow) {
        PyErr_SetString(PyExc_OverflowError, "a position has more turns than the compiled solver holds");
        return NULL;
    }
    return Py_BuildValue("iKO", value, (unsigned long long)s->nodes, s->stopped ? Py_False : Py_True);
}

static PyObject *py_lookup(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *me_arg, *op_arg;
    if (!PyArg_ParseTuple(args, "OOO", &capsule, &me_arg, &op_arg)) return NULL;
    /* Idle only: a search in another thread writes the table without a lock. */
    Solver *s = idle_solver(capsule);
    u64 me, op;
    if (!s || !position_args(s, me_arg, op_arg, &me, &op)) return NULL;
    Entry *e = find(s, me, op);
    if (!e) Py_RETURN_NONE;
    return Py_BuildValue("iiK", (int)e->lo, (int)e->hi, (unsigned long long)e->best);
}

static PyMethodDef methods[] = {
    {"new", py_new, METH_VARARGS, "new(neighbours, table_bits): a solver with an empty table"},
    {"clear", py_clear, METH_VARARGS, "clear(handle): forget every proved bound"},
    {"probe", py_probe, METH_VARARGS,
     "probe(handle, me, op, alpha, beta, node_limit, check) -> (value, nodes, finished)"},
    {"lookup", py_lookup, METH_VARARGS, "lookup(handle, me, op) -> (lower, upper, best) or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_endgame",
    .m_doc = "The ending solver, compiled (see game/ai/endgame.py).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__endgame(void) { return PyModule_Create(&module); }
