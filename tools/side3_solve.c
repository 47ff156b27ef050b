/* Perfect play on the side-3 board: the generator behind game/ai/side3.npz.
 *
 * Not part of the game: `python -m tools.side3 build` compiles this with the
 * system's C compiler and runs it, because a pure-Python solve of every
 * position Master can meet would take days. The rules are restated here
 * for 19 cells with cell-index bitmasks; the builder checks this program
 * against the Python rules and solver before it trusts a single value.
 *
 * Input on stdin: the 19 cells' neighbours (count, then indices), then the
 * commands, one per line:
 *   value ME OP          the exact value of a position (mover's cells, other's)
 *   turns ME OP          the positions each legal turn leads to, from the mover's side
 *   tree MIN_EMPTY       Master's strategy from the empty board, as both colours:
 *                        lines "ME OP VALUE ANSWERED", then "end COUNT"
 * Values are the mover's final tile margin under best play by both sides.
 *
 * The table of proved bounds is addressed directly by the position's base-3
 * number (3^19 entries, two bytes each), so it never loses a result.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 19
#define ALL ((1u << N) - 1)
#define SIZE 1162261467u /* 3^19 */
#define MAXKIDS 1024

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

static inline uint32_t near(uint32_t m) { return near_lo[m & 1023] | near_hi[m >> 10]; }

static inline uint32_t index3(uint32_t me, uint32_t op) {
    return base3_lo[me & 1023] + base3_hi[me >> 10] + 2 * (base3_lo[op & 1023] + base3_hi[op >> 10]);
}

static int groups(uint32_t m) {
    int n = 0;
    while (m) {
        uint32_t g = m & -m, prev;
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

static void chain(uint32_t me, uint32_t op, uint32_t flipped, Kid *kids, int *n) {
    if (stamp[flipped] == generation) return;
    stamp[flipped] = generation;
    uint32_t m = me | flipped, o = op & ~flipped;
    int gme = groups(m), gop = groups(o), more = 0;
    uint32_t cand = near(flipped) & o;
    while (cand) {
        uint32_t t = cand & -cand;
        cand &= ~t;
        if (can_flip(m, o, t, gme, gop)) {
            more = 1;
            chain(me, op, flipped | t, kids, n);
        }
    }
    if (!more) {
        if (*n >= MAXKIDS) {
            fprintf(stderr, "too many turns\n");
            exit(2);
        }
        kids[*n].me = m;
        kids[*n].op = o;
        kids[*n].size = __builtin_popcount(flipped);
        (*n)++;
    }
}

/* Every legal turn's resulting position, flips first, biggest first. */
static int turns(uint32_t me, uint32_t op, Kid *kids) {
    int n = 0, gme = groups(me), gop = groups(op);
    generation++;
    if (generation == 0) {
        memset(stamp, 0, sizeof(uint32_t) << N);
        generation = 1;
    }
    for (uint32_t rest = op; rest;) {
        uint32_t t = rest & -rest;
        rest &= ~t;
        if (can_flip(me, op, t, gme, gop)) chain(me, op, t, kids, &n);
    }
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
        if (empty >> c & 1 && can_place(me, op, c, gme)) {
            kids[n].me = me | (1u << c);
            kids[n].op = op;
            kids[n].size = 0;
            n++;
        }
    return n;
}

static int any_turn(uint32_t me, uint32_t op) {
    int gme = groups(me), gop = groups(op);
    uint32_t empty = ALL & ~(me | op);
    for (int c = 0; c < N; c++)
        if (empty >> c & 1 && can_place(me, op, c, gme)) return 1;
    for (uint32_t rest = op; rest;) {
        uint32_t t = rest & -rest;
        rest &= ~t;
        if (can_flip(me, op, t, gme, gop)) return 1;
    }
    return 0;
}

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
    Kid kids[MAXKIDS];
    int n = turns(me, op, kids), best;
    if (n == 0) {
        if (any_turn(op, me)) {
            best = -search(op, me, -beta, -alpha);
        } else {
            best = __builtin_popcount(me) - __builtin_popcount(op);
            SET_LOWER(i, best);
            SET_UPPER(i, best);
            return best;
        }
    } else {
        /* Children already proved bad for the opponent go first. */
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
            int score = -search(kids[k].op, kids[k].me, -beta, -a);
            if (score > best) {
                best = score;
                if (score > a) a = score;
                if (a >= beta) break;
            }
        }
    }
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

/* The exact value, by null-window probes from a guess (MTD(f)). */
static int solve(uint32_t me, uint32_t op) {
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

static int empties(uint32_t me, uint32_t op) { return N - __builtin_popcount(me | op); }

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
    Kid kids[MAXKIDS];
    int n = turns(me, op, kids);
    if (n == 0) {
        if (any_turn(op, me)) opponent(op, me, -v); /* Master passes */
        return;
    }
    for (int k = 0; k < n; k++) {
        /* Every turn's value is at most v, so a null window tells which keep it. */
        if (-search(kids[k].op, kids[k].me, -v, -v + 1) >= v) {
            opponent(kids[k].op, kids[k].me, -v);
            return;
        }
    }
    fprintf(stderr, "no turn keeps the value\n");
    exit(3);
}

/* The opponent to move, after Master's turn: Master must be ready for every reply. */
static void opponent(uint32_t me, uint32_t op, int value) {
    if (mark(opponent_bits, me, op)) return;
    record(me, op, value, 1);
    Kid kids[MAXKIDS];
    int n = turns(me, op, kids);
    if (n == 0) {
        if (any_turn(op, me)) master(op, me); /* the opponent passes */
        return;
    }
    for (int k = 0; k < n; k++) master(kids[k].op, kids[k].me);
}

int main(void) {
    for (int c = 0; c < N; c++) {
        int k;
        if (scanf("%d", &k) != 1) return 1;
        for (int j = 0; j < k; j++) {
            int d;
            if (scanf("%d", &d) != 1) return 1;
            nbr[c] |= 1u << d;
        }
    }
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
    lower_bits = calloc(SIZE, 1);
    upper_bits = calloc(SIZE, 1);
    stamp = calloc((size_t)1 << N, sizeof(uint32_t));
    if (!lower_bits || !upper_bits || !stamp) return 1;
    char cmd[16];
    while (scanf("%15s", cmd) == 1) {
        if (!strcmp(cmd, "value")) {
            uint32_t me, op;
            if (scanf("%u %u", &me, &op) != 2) return 1;
            printf("%d\n", solve(me, op));
        } else if (!strcmp(cmd, "turns")) {
            uint32_t me, op;
            if (scanf("%u %u", &me, &op) != 2) return 1;
            Kid kids[MAXKIDS];
            int n = turns(me, op, kids);
            printf("%d", n);
            for (int k = 0; k < n; k++) printf(" %u:%u", kids[k].me, kids[k].op);
            printf("\n");
        } else if (!strcmp(cmd, "tree")) {
            if (scanf("%d", &min_empty) != 1) return 1;
            master_bits = calloc(SIZE / 8 + 1, 1);
            opponent_bits = calloc(SIZE / 8 + 1, 1);
            if (!master_bits || !opponent_bits) return 1;
            master(0, 0);                /* Master as Red */
            opponent(0, 0, solve(0, 0)); /* Master as Blue */
            printf("end %llu\n", (unsigned long long)written);
            fprintf(stderr, "%llu positions searched\n", (unsigned long long)nodes);
        } else {
            fprintf(stderr, "unknown command %s\n", cmd);
            return 1;
        }
        fflush(stdout);
    }
    return 0;
}
