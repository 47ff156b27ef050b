/* Perfect play on the side-3 board: the generator behind game/ai/side3.npz.
 *
 * Not part of the game: `python -m tools.side3 build` compiles this with the
 * system's C compiler and runs it, because a pure-Python solve of every
 * position Master can meet would take days. The rules are restated here for 19
 * cells with cell-index bitmasks; the builder checks this program against the
 * Python rules and solver before it trusts a single value.
 *
 * Input on stdin: the 19 cells' neighbours (count, then indices), then the
 * commands, one per line:
 *   value ME OP          the exact value of a position (mover's cells, other's)
 *   turns ME OP          the positions each legal turn leads to, from the mover's side
 *   tree MIN_EMPTY       Master's strategy from the empty board, as both colours:
 *                        lines "ME OP VALUE ANSWERED", then "end COUNT"
 * Values are the mover's final tile margin under best play by both sides.
 *
 * Input is checked before it is used: a number out of range, tiles on a cell
 * twice or neighbours that are not cells, or not mutual, end the program with a
 * message naming the fault on stderr and exit status 2.
 *
 * The table of proved bounds is addressed directly by the position's base-3
 * number (3^19 entries, two bytes each), so it never loses a result.
 *
 * Plain C99 for GCC, Clang and MSVC, as game/ai/_endgame.c.
 */
#if defined(_MSC_VER)
#define _CRT_SECURE_NO_WARNINGS /* scanf: every string is read with a width */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 19
#define ALL ((1u << N) - 1)
#define SIZE 1162261467u /* 3^19 */

#if defined(_MSC_VER) && (defined(_M_IX86) || defined(_M_X64))
#include <intrin.h>
static int popcount(uint32_t x) { return (int)__popcnt(x); }
#elif defined(__GNUC__) || defined(__clang__)
static int popcount(uint32_t x) { return __builtin_popcount(x); }
#else
static int popcount(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
#endif

static inline uint32_t lowest(uint32_t m) { return m & (~m + 1); } /* -m, without MSVC's C4146 */

static uint32_t nbr[N];
static uint32_t near_lo[1024], near_hi[512]; /* closed neighbourhood of a set */
static uint32_t base3_lo[1024], base3_hi[512];
/* Stored as distances from "unknown" (lower -128, upper 127), so that zeroed
 * memory means nothing proved and pages never touched cost nothing. */
static uint8_t *lower_bits, *upper_bits;
#define LOWER(i) ((int)lower_bits[i] - 128)
#define UPPER(i) (127 - (int)upper_bits[i])
#define SET_LOWER(i, v) (lower_bits[i] = (uint8_t)((v) + 128))
#define SET_UPPER(i, v) (upper_bits[i] = (uint8_t)(127 - (v)))
static uint8_t *master_bits, *opponent_bits; /* one bit a position */
static uint32_t *stamp;
static uint32_t generation;
static uint64_t nodes;

/* -- faults ------------------------------------------------------------------ */

static void fail(const char *format, ...) {
    va_list args;
    fflush(stdout);
    fputs("side3_solve: ", stderr);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    exit(2);
}

static void *zeroed(size_t count, size_t size, const char *what) {
    void *p = calloc(count, size);
    if (!p) fail("out of memory for %s (%zu bytes)", what, count * size);
    return p;
}

/* The next number on stdin, from 0 to max; anything else ends the program.
 * what names it in the message, and hint says what it stands for. */
static uint32_t read_number(const char *what, uint32_t max, const char *hint) {
    char token[32];
    if (scanf("%31s", token) != 1) fail("the input ends before %s", what);
    char *end;
    errno = 0;
    unsigned long v = strtoul(token, &end, 10);
    if (token[0] < '0' || token[0] > '9' || *end || errno || v > max)
        fail("%s must be a number from 0 to %u%s, not \"%s\"", what, max, hint, token);
    return (uint32_t)v;
}

#define CELLS_HINT " (a set of the 19 cells)"

/* ME and OP of a command: sets of the 19 cells without a cell in common. */
static void read_position(const char *command, uint32_t *me, uint32_t *op) {
    char what[32];
    snprintf(what, sizeof what, "ME of %s", command);
    *me = read_number(what, ALL, CELLS_HINT);
    snprintf(what, sizeof what, "OP of %s", command);
    *op = read_number(what, ALL, CELLS_HINT);
    if (*me & *op) fail("%s: ME %u and OP %u overlap, but a cell holds one tile at most", command, *me, *op);
}

static void read_neighbours(void) {
    char what[48];
    for (int c = 0; c < N; c++) {
        snprintf(what, sizeof what, "the neighbour count of cell %d", c);
        uint32_t k = read_number(what, N - 1, "");
        for (uint32_t j = 0; j < k; j++) {
            snprintf(what, sizeof what, "a neighbour of cell %d", c);
            uint32_t d = read_number(what, N - 1, " (a cell)");
            if (d == (uint32_t)c) fail("cell %d is given as its own neighbour", c);
            if (nbr[c] >> d & 1) fail("cell %d is given neighbour %u twice", c, d);
            nbr[c] |= 1u << d;
        }
    }
    for (int c = 0; c < N; c++)
        for (int d = 0; d < N; d++)
            if ((nbr[c] >> d & 1) && !(nbr[d] >> c & 1))
                fail("cell %d has neighbour %d, but cell %d does not have neighbour %d", c, d, d, c);
}

/* -- the rules ----------------------------------------------------------------- */

static inline uint32_t near(uint32_t m) { return near_lo[m & 1023] | near_hi[m >> 10]; }

static inline uint32_t index3(uint32_t me, uint32_t op) {
    return base3_lo[me & 1023] + base3_hi[me >> 10] + 2 * (base3_lo[op & 1023] + base3_hi[op >> 10]);
}

static int groups(uint32_t m) {
    int n = 0;
    while (m) {
        uint32_t g = lowest(m), prev;
        do {
            prev = g;
            g = near(g) & m;
        } while (g != prev);
        m &= ~g;
        n++;
    }
    return n;
}

static inline int can_place(uint32_t me, uint32_t op, int c, int gme) {
    uint32_t around = nbr[c];
    if ((around & (me | op)) && !(around & op)) return 0;
    return groups(me | (1u << c)) >= gme;
}

static inline int can_flip(uint32_t me, uint32_t op, uint32_t t, int gme, int gop) {
    int gme2 = groups(me | t);
    if (gme2 >= gme) return 0;
    return gme2 + groups(op & ~t) < gme + gop;
}

typedef struct {
    uint32_t me, op; /* the position after the turn, from the turn's mover's side */
    int size;        /* tiles flipped; 0 for a placement */
} Kid;

/* The turns of every position on the search's path, on the heap: a fixed
 * array per frame (12 KB) would need a deep stack, more than Windows gives a
 * thread. Frames address it by index, since it moves when it grows. */
static Kid *pool;
static size_t pool_top, pool_size;

static void push_kid(uint32_t me, uint32_t op, int size) {
    if (pool_top == pool_size) {
        size_t bigger = pool_size ? 2 * pool_size : 4096;
        Kid *p = realloc(pool, bigger * sizeof(Kid));
        if (!p) fail("out of memory for the turns on the search's path");
        pool = p;
        pool_size = bigger;
    }
    pool[pool_top].me = me;
    pool[pool_top].op = op;
    pool[pool_top].size = size;
    pool_top++;
}

static void chain(uint32_t me, uint32_t op, uint32_t flipped) {
    if (stamp[flipped] == generation) return;
    stamp[flipped] = generation;
    uint32_t m = me | flipped, o = op & ~flipped;
    int gme = groups(m), gop = groups(o), more = 0;
    uint32_t cand = near(flipped) & o;
    while (cand) {
        uint32_t t = lowest(cand);
        cand &= ~t;
        if (can_flip(m, o, t, gme, gop)) {
            more = 1;
            chain(me, op, flipped | t);
        }
    }
    if (!more) push_kid(m, o, popcount(flipped));
}

/* Every legal turn's resulting position, flips first, biggest first, at
 * pool[*base ...]; the caller gives the room back by setting pool_top to *base. */
static int turns(uint32_t me, uint32_t op, size_t *base) {
    int gme = groups(me), gop = groups(op);
    *base = pool_top;
    generation++;
    if (generation == 0) {
        memset(stamp, 0, sizeof(uint32_t) << N);
        generation = 1;
    }
    for (uint32_t rest = op; rest;) {
        uint32_t t = lowest(rest);
        rest &= ~t;
        if (can_flip(me, op, t, gme, gop)) chain(me, op, t);
    }
    Kid *kids = pool + *base;
    int n = (int)(pool_top - *base);
    for (int i = 1; i < n; i++) { /* insertion sort by size, descending */
        Kid k = kids[i];
        int j = i - 1;
        while (j >= 0 && kids[j].size < k.size) {
            kids[j + 1] = kids[j];
            j--;
        }
        kids[j + 1] = k;
    }
    uint32_t empty = ALL & ~(me | op);
    for (int c = 0; c < N; c++)
        if (empty >> c & 1 && can_place(me, op, c, gme)) push_kid(me | (1u << c), op, 0);
    return (int)(pool_top - *base);
}

static int any_turn(uint32_t me, uint32_t op) {
    int gme = groups(me), gop = groups(op);
    uint32_t empty = ALL & ~(me | op);
    for (int c = 0; c < N; c++)
        if (empty >> c & 1 && can_place(me, op, c, gme)) return 1;
    for (uint32_t rest = op; rest;) {
        uint32_t t = lowest(rest);
        rest &= ~t;
        if (can_flip(me, op, t, gme, gop)) return 1;
    }
    return 0;
}

/* -- the solver ------------------------------------------------------------------ */

/* Fail-soft alpha-beta over whole turns with the table of proved bounds. */
static int search(uint32_t me, uint32_t op, int alpha, int beta) {
    nodes++;
    uint32_t i = index3(me, op);
    int lo = LOWER(i), hi = UPPER(i);
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi;
    size_t base;
    int n = turns(me, op, &base), best;
    if (n == 0) {
        if (any_turn(op, me)) {
            best = -search(op, me, -beta, -alpha);
        } else {
            best = popcount(me) - popcount(op);
            SET_LOWER(i, best);
            SET_UPPER(i, best);
            return best;
        }
    } else {
        /* Children already proved bad for the opponent go first. */
        Kid *kids = pool + base;
        for (int a = 1; a < n; a++) {
            Kid k = kids[a];
            int key = UPPER(index3(k.op, k.me)), b = a - 1;
            while (b >= 0 && UPPER(index3(kids[b].op, kids[b].me)) > key) {
                kids[b + 1] = kids[b];
                b--;
            }
            kids[b + 1] = k;
        }
        best = -1000;
        int a = alpha;
        for (int k = 0; k < n; k++) {
            Kid kid = pool[base + k];
            int score = -search(kid.op, kid.me, -beta, -a);
            if (score > best) {
                best = score;
                if (score > a) a = score;
                if (a >= beta) break;
            }
        }
    }
    pool_top = base;
    if (best <= alpha) {
        if (best < UPPER(i)) SET_UPPER(i, best);
    } else if (best >= beta) {
        if (best > LOWER(i)) SET_LOWER(i, best);
    } else {
        SET_LOWER(i, best);
        SET_UPPER(i, best);
    }
    return best;
}

/* The table of bounds, made on the first solve: `turns` alone needs none of it. */
static void ensure_table(void) {
    if (!lower_bits) {
        lower_bits = zeroed(SIZE, 1, "the lower bounds");
        upper_bits = zeroed(SIZE, 1, "the upper bounds");
    }
}

/* The exact value, by null-window probes from a guess (MTD(f)). */
static int solve(uint32_t me, uint32_t op) {
    ensure_table();
    uint32_t i = index3(me, op);
    int lo = -N - 1, hi = N + 1, g = 0;
    if (LOWER(i) > lo) lo = LOWER(i);
    if (UPPER(i) < hi) hi = UPPER(i);
    if (lo == hi) return lo;
    if (g < lo) g = lo;
    if (g > hi) g = hi;
    while (lo < hi) {
        int beta = g == lo ? g + 1 : g;
        g = search(me, op, beta - 1, beta);
        if (g < beta) hi = g;
        else lo = g;
    }
    return lo;
}

static int empties(uint32_t me, uint32_t op) { return N - popcount(me | op); }

/* -- Master's strategy ----------------------------------------------------------- */

static int min_empty;
static uint64_t written;

/* Sets the position's bit; says whether it was set already. */
static int mark(uint8_t *bits, uint32_t me, uint32_t op) {
    uint32_t i = index3(me, op);
    if (bits[i >> 3] >> (i & 7) & 1) return 1;
    bits[i >> 3] |= (uint8_t)(1u << (i & 7));
    return 0;
}

/* One line of the strategy: a position, its value, and whether it is a position
 * Master's turns lead to, with every reply answered (1), or one where Master is
 * to move (0). */
static void record(uint32_t me, uint32_t op, int value, int answered) {
    printf("%u %u %d %d\n", me, op, value, answered);
    written++;
}

static void opponent(uint32_t me, uint32_t op, int value);

/* Master to move: write its value, choose a best turn, then answer every reply. */
static void master(uint32_t me, uint32_t op) {
    if (empties(me, op) < min_empty || mark(master_bits, me, op)) return;
    int v = solve(me, op);
    record(me, op, v, 0);
    size_t base;
    int n = turns(me, op, &base);
    if (n == 0) {
        if (any_turn(op, me)) opponent(op, me, -v); /* Master passes */
        return;
    }
    for (int k = 0; k < n; k++) {
        /* Every turn's value is at most v, so a null window tells which keep it. */
        Kid kid = pool[base + k];
        if (-search(kid.op, kid.me, -v, -v + 1) >= v) {
            pool_top = base;
            opponent(kid.op, kid.me, -v);
            return;
        }
    }
    fail("no turn keeps the value %d of position %u %u", v, me, op);
}

/* The opponent to move, after Master's turn: Master must be ready for every reply. */
static void opponent(uint32_t me, uint32_t op, int value) {
    if (mark(opponent_bits, me, op)) return;
    record(me, op, value, 1);
    size_t base;
    int n = turns(me, op, &base);
    if (n == 0) {
        if (any_turn(op, me)) master(op, me); /* the opponent passes */
        return;
    }
    for (int k = 0; k < n; k++) {
        Kid kid = pool[base + k];
        master(kid.op, kid.me);
    }
    pool_top = base;
}

int main(void) {
    read_neighbours();
    uint32_t p3[N];
    p3[0] = 1;
    for (int c = 1; c < N; c++) p3[c] = p3[c - 1] * 3;
    for (uint32_t m = 0; m < 1024; m++)
        for (int c = 0; c < 10; c++)
            if (m >> c & 1) {
                near_lo[m] |= nbr[c] | (1u << c);
                base3_lo[m] += p3[c];
            }
    for (uint32_t m = 0; m < 512; m++)
        for (int c = 0; c < 9; c++)
            if (m >> c & 1) {
                near_hi[m] |= nbr[c + 10] | (1u << (c + 10));
                base3_hi[m] += p3[c + 10];
            }
    stamp = zeroed((size_t)1 << N, sizeof(uint32_t), "the chains' marks");
    char cmd[16];
    while (scanf("%15s", cmd) == 1) {
        uint32_t me, op;
        if (!strcmp(cmd, "value")) {
            read_position("value", &me, &op);
            printf("%d\n", solve(me, op));
        } else if (!strcmp(cmd, "turns")) {
            read_position("turns", &me, &op);
            size_t base;
            int n = turns(me, op, &base);
            printf("%d", n);
            for (int k = 0; k < n; k++) printf(" %u:%u", pool[base + k].me, pool[base + k].op);
            printf("\n");
            pool_top = base;
        } else if (!strcmp(cmd, "tree")) {
            min_empty = (int)read_number("MIN_EMPTY of tree", N, " (empty cells)");
            ensure_table();
            /* A tree of its own each time: marks left by the last one would hide it. */
            free(master_bits);
            free(opponent_bits);
            master_bits = zeroed(SIZE / 8 + 1, 1, "Master's positions");
            opponent_bits = zeroed(SIZE / 8 + 1, 1, "the opponent's positions");
            written = 0;
            master(0, 0);                /* Master as Red */
            opponent(0, 0, solve(0, 0)); /* Master as Blue */
            printf("end %llu\n", (unsigned long long)written);
            fprintf(stderr, "%llu positions searched\n", (unsigned long long)nodes);
        } else {
            fail("unknown command \"%s\" (value, turns or tree)", cmd);
        }
        fflush(stdout);
    }
    return 0;
}
