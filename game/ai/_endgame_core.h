/* The ending solver's search (see _endgame.c), for boards of up to 64 * BW cells.
 *
 * _endgame.c includes it twice: with BW 1 (a 64-bit word, side 5 and smaller, as
 * fast as plain words: the loops over one word fold away) and with BW 4 (256
 * bits: sides 6 to 8). A board is BW words of cell bits in the Geometry's cell
 * order; F(name) names this width's types and functions. */

typedef struct {
    u64 w[BW];
} F(B);
#define B F(B)

static inline B F(zero)(void) {
    B r;
    memset(&r, 0, sizeof r);
    return r;
}
static inline B F(and)(B a, B b) {
    for (int i = 0; i < BW; i++) a.w[i] &= b.w[i];
    return a;
}
static inline B F(or)(B a, B b) {
    for (int i = 0; i < BW; i++) a.w[i] |= b.w[i];
    return a;
}
static inline B F(xor)(B a, B b) {
    for (int i = 0; i < BW; i++) a.w[i] ^= b.w[i];
    return a;
}
static inline B F(andn)(B a, B b) { /* a and not b */
    for (int i = 0; i < BW; i++) a.w[i] &= ~b.w[i];
    return a;
}
static inline B F(not)(B a) {
    for (int i = 0; i < BW; i++) a.w[i] = ~a.w[i];
    return a;
}
static inline int F(none)(B a) {
    u64 x = 0;
    for (int i = 0; i < BW; i++) x |= a.w[i];
    return x == 0;
}
static inline int F(eq)(B a, B b) {
    u64 x = 0;
    for (int i = 0; i < BW; i++) x |= a.w[i] ^ b.w[i];
    return x == 0;
}
static inline int F(count)(B a) {
    int n = 0;
    for (int i = 0; i < BW; i++) n += pc(a.w[i]);
    return n;
}
static inline B F(bit)(int c) {
    B r = F(zero)();
    r.w[c >> 6] = 1ull << (c & 63);
    return r;
}
/* The lowest cell's bit; a is not empty. */
static inline B F(low)(B a) {
    B r = F(zero)();
    for (int i = 0; i < BW; i++)
        if (a.w[i]) {
            r.w[i] = a.w[i] & (~a.w[i] + 1);
            break;
        }
    return r;
}
static inline int F(first)(B a) { /* the lowest cell; a is not empty */
    for (int i = 0;; i++)
        if (a.w[i]) return i * 64 + ctz(a.w[i]);
}
static inline int F(last)(B a) { /* the highest cell; a is not empty */
    for (int i = BW - 1;; i--)
        if (a.w[i]) return i * 64 + msb(a.w[i]);
}
/* One word times k, as the 64-bit solver always hashed; wider boards mix each
 * word in fully, so that cells in any word reach every bit of the key. */
static inline u64 F(hash)(B a, u64 k) {
    if (BW == 1) return a.w[0] * k;
    u64 h = 0;
    for (int i = 0; i < BW; i++) {
        h = (h ^ a.w[i]) * k;
        h ^= h >> 31;
    }
    return h;
}

typedef struct {
    B me, op, best; /* best: the mover's cells after the best turn found, 0 for none */
    int16_t lo, hi;
    uint32_t effort; /* positions searched to prove it; 0 marks an empty slot */
} F(Entry);

typedef struct {
    B me, op;
    int replies, flip, size, idx;
    uint32_t hist;
    /* a flip's groups after it, in the solver's arena from `groups` (-1: none
     * kept): the mover's (`mine` of them), then the other's (`theirs`) */
    int groups, mine, theirs;
} F(Kid);

typedef struct {
    int n;
    B g[MAX_GROUPS], d[MAX_GROUPS]; /* each group, and it with its neighbours */
} F(Groups);

typedef struct {
    B g;    /* a group; 0 marks an empty slot */
    int t;  /* one of its cells */
    int pieces;  /* how many pieces the group falls into without t */
} F(Split);

typedef struct {
    int cells;
    F(Split) split[SPLIT_SIZE];
    B full, nbr[64 * BW], near_tab[8 * BW][256];
    F(Entry) * tt;
    u64 tt_mask;
    u64 hist_key[HIST_SIZE];
    uint32_t hist_val[HIST_SIZE];
    unsigned hist_used;
    B seen_key[SEEN_SIZE];
    uint32_t seen_gen[SEEN_SIZE], gen;
    unsigned seen_used;
    F(Kid) pool[POOL];
    /* The groups after a placement, for the search of the position it leads to,
     * one slot for each count of empty cells: not on the call stack, which a
     * group set of 256 cells would soon fill. A position writes the slot of its
     * own count just before searching a placement, and nothing below that
     * placement writes it, as every position there has fewer empty cells. The
     * positions after a flip or a pass keep the count and may write the slot,
     * but only while the position before them searches that flip or pass,
     * when it does not need the slot. */
    F(Groups) placed[64 * BW + 1];
    /* The groups after a flip turn, for the search of the position it leads to,
     * by depth (a flip leaves the count of empty cells as it was); deeper
     * searches find their own. */
    F(Groups) flipped[FLIP_DEPTH][2];
    int depth;
    /* The groups each flip turn of the positions on the path leaves (walk). */
    B arena_g[ARENA], arena_d[ARENA];
    int arena_top;
    int top;
    u64 nodes, limit;
    int stopped;  /* the limit, or check, said stop */
    int overflow; /* a position had more turns than the pool holds */
    Caller caller;
} F(Solver);

#define Entry F(Entry)
#define Kid F(Kid)
#define Groups F(Groups)
#define Split F(Split)
#define Solver F(Solver)

static inline B F(near)(const Solver *s, B m) {
    B r = F(zero)();
    for (int w = 0; w < BW; w++) {
        u64 x = m.w[w];
        for (int i = 8 * w; x; i++, x >>= 8) r = F(or)(r, s->near_tab[i][x & 255]);
    }
    return r;
}

static void F(groups_of)(const Solver *s, B m, Groups *gs) {
    gs->n = 0;
    while (!F(none)(m)) {
        B g = F(low)(m), prev;
        do {
            prev = g;
            g = F(and)(F(near)(s, g), m);
        } while (!F(eq)(g, prev));
        gs->g[gs->n] = g;
        gs->d[gs->n] = F(near)(s, g);
        gs->n++;
        m = F(andn)(m, g);
    }
}

/* The groups of m | c, given gs, m's groups: the groups c touches become one
 * with it (no flood: a group's neighbourhood is its parts' together). The order
 * of the groups differs from groups_of's, and nothing depends on it. */
static void F(joined)(const Solver *s, const Groups *gs, B c, Groups *out) {
    B g = c, d = F(or)(s->nbr[F(first)(c)], c);
    out->n = 0;
    for (int i = 0; i < gs->n; i++)
        if (F(none)(F(and)(gs->d[i], c))) {
            out->g[out->n] = gs->g[i];
            out->d[out->n++] = gs->d[i];
        } else {
            g = F(or)(g, gs->g[i]);
            d = F(or)(d, gs->d[i]);
        }
    out->g[out->n] = g;
    out->d[out->n++] = d;
}

/* The groups of m without its tile t, given gs, m's groups: only the group of t
 * is flooded again, in its pieces. */
static int F(pieces)(Solver *s, B g, B t);

static void F(without)(Solver *s, const Groups *gs, B t, Groups *out) {
    out->n = 0;
    B rest = F(zero)();
    for (int i = 0; i < gs->n; i++)
        if (F(none)(F(and)(gs->g[i], t))) {
            out->g[out->n] = gs->g[i];
            out->d[out->n++] = gs->d[i];
        } else {
            rest = F(xor)(gs->g[i], t);
            if (F(pieces)(s, gs->g[i], t) == 1) { /* known, mostly: t was just flippable */
                out->g[out->n] = rest;
                out->d[out->n++] = F(near)(s, rest);
                rest = F(zero)();
            }
        }
    while (!F(none)(rest)) {
        B g = F(low)(rest), prev;
        do {
            prev = g;
            g = F(and)(F(near)(s, g), rest);
        } while (!F(eq)(g, prev));
        out->g[out->n] = g;
        out->d[out->n++] = F(near)(s, g);
        rest = F(andn)(rest, g);
    }
}

static inline void F(touch)(const Groups *gs, B *once, B *twice) {
    B o = F(zero)(), t = F(zero)();
    for (int i = 0; i < gs->n; i++) {
        t = F(or)(t, F(and)(o, gs->d[i]));
        o = F(or)(o, gs->d[i]);
    }
    *once = o;
    *twice = t;
}

static inline B F(reach)(const Groups *gs) {
    B o = F(zero)();
    for (int i = 0; i < gs->n; i++) o = F(or)(o, gs->d[i]);
    return o;
}

/* How many pieces group g falls into without its tile t. A colour's groups
 * change slowly down the search (the other side's placements leave them as
 * they are), so the answers are kept, in a table that forgets on collision. */
static int F(pieces)(Solver *s, B g, B t) {
    int c = F(first)(t);
    u64 h = F(hash)(g, 0x9E3779B97F4A7C15ull) ^ ((u64)(c + 1) * 0xC2B2AE3D27D4EB4Full);
    Split *e = &s->split[(h ^ h >> 29) * 0xBF58476D1CE4E5B9ull >> (64 - SPLIT_BITS)];
    if (e->t == c && F(eq)(e->g, g)) return e->pieces;
    B rest = F(xor)(g, t), pending = F(and)(s->nbr[c], rest);
    int j = 0;
    while (!F(none)(pending)) {
        /* grow one piece only until it holds every neighbour still pending */
        B p = F(low)(pending), prev;
        do {
            prev = p;
            p = F(and)(F(near)(s, p), rest);
        } while (!F(eq)(p, prev) && !F(none)(F(andn)(pending, p)));
        pending = F(andn)(pending, p);
        j++;
    }
    e->g = g;
    e->t = c;
    e->pieces = j;
    return j;
}

/* The enemy tiles of cand that the mover may flip: flipping t joins the k mover
 * groups it touches (k >= 2 needed) and splits its own group into j pieces, and
 * the total must shrink (j < k). */
static B F(flippable)(Solver *s, B cand, const Groups *gm, const Groups *go) {
    B out = F(zero)();
    while (!F(none)(cand)) {
        B t = F(low)(cand);
        cand = F(xor)(cand, t);
        int k = 0;
        for (int i = 0; i < gm->n; i++)
            if (!F(none)(F(and)(gm->d[i], t))) k++;
        if (k < 2) continue;
        B g = F(zero)();
        for (int i = 0; i < go->n; i++)
            if (!F(none)(F(and)(go->g[i], t))) {
                g = go->g[i];
                break;
            }
        if (F(pieces)(s, g, t) < k) out = F(or)(out, t);
    }
    return out;
}

/* The cells the mover may place on: empty, not touching two of its groups, and
 * either touching none of them or next to an enemy group. */
static inline B F(places)(const Solver *s, B me, B op, B once, B twice, B near_op) {
    B empty = F(andn)(s->full, F(or)(me, op));
    return F(and)(F(andn)(empty, twice), F(or)(F(not)(once), near_op));
}

/* Has the mover a turn? gm and go: the groups of me and op. */
static int F(has_turn)(Solver *s, B me, B op, const Groups *gm, const Groups *go) {
    B once, twice;
    F(touch)(gm, &once, &twice);
    if (!F(none)(F(places)(s, me, op, once, twice, F(reach)(go)))) return 1;
    return !F(none)(F(flippable)(s, F(and)(op, twice), gm, go));
}

/* -- sets of tiles flipped so far in this position's chains -------------- */

static void F(seen_reset)(Solver *s) {
    s->gen++;
    s->seen_used = 0;
    if (s->gen == 0) {
        memset(s->seen_gen, 0, sizeof s->seen_gen);
        s->gen = 1;
    }
}

/* 1 if the set is new (and now seen), 0 if seen; -1 when the table is full. */
static int F(seen_add)(Solver *s, B set) {
    if (s->seen_used >= SEEN_SIZE / 2) return -1;
    unsigned i = (unsigned)(F(hash)(set, 0x9E3779B97F4A7C15ull) >> (64 - SEEN_BITS));
    while (s->seen_gen[i] == s->gen) {
        if (F(eq)(s->seen_key[i], set)) return 0;
        i = (i + 1) & (SEEN_SIZE - 1);
    }
    s->seen_gen[i] = s->gen;
    s->seen_key[i] = set;
    s->seen_used++;
    return 1;
}

/* A turn to the pool; a flip's with the groups it leaves (gm, the mover's, and
 * go), kept while the arena has room. */
static int F(push_kid)(Solver *s, B me, B op, int flip, int size, const Groups *gm, const Groups *go) {
    if (s->top >= POOL) {
        s->overflow = 1;
        return 0;
    }
    Kid *k = &s->pool[s->top++];
    k->me = me;
    k->op = op;
    k->flip = flip;
    k->size = size;
    k->groups = -1;
    if (gm && s->arena_top + gm->n + go->n <= ARENA) {
        int a = k->groups = s->arena_top;
        memcpy(s->arena_g + a, gm->g, (size_t)gm->n * sizeof(B));
        memcpy(s->arena_d + a, gm->d, (size_t)gm->n * sizeof(B));
        a += k->mine = gm->n;
        memcpy(s->arena_g + a, go->g, (size_t)go->n * sizeof(B));
        memcpy(s->arena_d + a, go->d, (size_t)go->n * sizeof(B));
        k->theirs = go->n;
        s->arena_top = a + go->n;
    }
    return 1;
}

/* n groups from the arena, from a. */
static void F(unpack)(const Solver *s, int a, int n, Groups *out) {
    out->n = n;
    memcpy(out->g, s->arena_g + a, (size_t)n * sizeof(B));
    memcpy(out->d, s->arena_d + a, (size_t)n * sizeof(B));
}

/* Every complete chain from the flipped set `set`, once per set, in the order
 * the Python solver's walk lists them (the highest tile first). */
static int F(walk)(Solver *s, B me, B op, B set, const Groups *pgm, const Groups *pgo, B c) {
    /* the groups after the chain so far, from those before its last flip c */
    B m = F(or)(me, set), o = F(andn)(op, set);
    Groups gm, go;
    F(joined)(s, pgm, c, &gm);
    F(without)(s, pgo, c, &go);
    B next = F(flippable)(s, F(and)(o, F(near)(s, set)), &gm, &go);
    if (F(none)(next)) return F(push_kid)(s, m, o, 1, F(count)(set), &gm, &go);
    B fresh = F(zero)();
    for (B x = next; !F(none)(x);) {
        B c = F(low)(x);
        x = F(xor)(x, c);
        int added = F(seen_add)(s, F(or)(set, c));
        if (added < 0) {
            s->overflow = 1;
            return 0;
        }
        if (added) fresh = F(or)(fresh, c);
    }
    while (!F(none)(fresh)) {
        B c = F(bit)(F(last)(fresh));
        fresh = F(xor)(fresh, c);
        if (!F(walk)(s, me, op, F(or)(set, c), &gm, &go, c)) return 0;
    }
    return 1;
}

/* Roughly how many replies the opponent (owner of op2) has: its placements plus
 * the mover's tiles that touch two of its groups. */
static int F(replies_of)(const Solver *s, B me2, B op2, const Kid *k) {
    Groups go;
    if (k->groups >= 0)
        F(unpack)(s, k->groups + k->mine, k->theirs, &go);
    else
        F(groups_of)(s, op2, &go);
    B once, twice;
    F(touch)(&go, &once, &twice);
    return F(count)(F(places)(s, op2, me2, once, twice, F(near)(s, me2))) +
           F(count)(F(and)(me2, twice));
}

/* -- history: how often a turn refuted a position ------------------------- */

/* A turn's code: the mover's new tiles (a placement's cell, or the tiles a flip
 * took), tagged for a flip. One word holds it exactly; wider boards hash it. */
static inline u64 F(code)(B me, const Kid *k) {
    B d = F(xor)(k->me, me);
    u64 tag = (u64)k->flip << 63;
    return BW == 1 ? d.w[0] | tag : F(hash)(d, 0xD6E8FEB86659FD93ull) ^ tag;
}

static unsigned F(hist_slot)(const Solver *s, u64 code) {
    unsigned i = (unsigned)((code * 0x9E3779B97F4A7C15ull) >> (64 - HIST_BITS));
    while (s->hist_val[i] && s->hist_key[i] != code) i = (i + 1) & (HIST_SIZE - 1);
    return i;
}

static uint32_t F(hist_get)(const Solver *s, u64 code) { return s->hist_val[F(hist_slot)(s, code)]; }

static void F(hist_bump)(Solver *s, u64 code) {
    unsigned i = F(hist_slot)(s, code);
    if (!s->hist_val[i]) {
        if (s->hist_used >= HIST_SIZE * 3 / 4) { /* start afresh rather than slow down */
            memset(s->hist_val, 0, sizeof s->hist_val);
            s->hist_used = 0;
            i = F(hist_slot)(s, code);
        }
        s->hist_used++;
        s->hist_key[i] = code;
    }
    s->hist_val[i]++;
}

/* -- the table of proved bounds ------------------------------------------- */

static inline Entry *F(bucket)(const Solver *s, B me, B op) {
    u64 h = F(hash)(me, 0x9E3779B97F4A7C15ull) ^ F(hash)(op, 0xC2B2AE3D27D4EB4Full);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return &s->tt[h & s->tt_mask & ~(u64)3];
}

static inline Entry *F(find)(const Solver *s, B me, B op) {
    Entry *b = F(bucket)(s, me, op);
    for (int i = 0; i < 4; i++)
        if (b[i].effort && F(eq)(b[i].me, me) && F(eq)(b[i].op, op)) return b + i;
    return NULL;
}

static void F(store)(Solver *s, B me, B op, int lo, int hi, B best, uint32_t effort) {
    Entry *e = F(find)(s, me, op);
    if (!e) {
        Entry *b = F(bucket)(s, me, op);
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

static int F(out_of_budget)(Solver *s) {
    if (s->stopped) return 1;
    if (s->limit && s->nodes > s->limit) return s->stopped = 1;
    if ((s->nodes & CHECK_EVERY) == 0 && caller_says_stop(&s->caller)) s->stopped = 1;
    return s->stopped;
}

static int F(cmp_kids)(const void *a, const void *b) {
    const Kid *x = a, *y = b;
    if (x->replies != y->replies) return x->replies - y->replies;
    if (x->flip != y->flip) return y->flip - x->flip;
    if (x->size != y->size) return y->size - x->size;
    if (x->hist != y->hist) return x->hist < y->hist ? 1 : -1;
    return x->idx - y->idx;
}

/* The mover's final margin if it lies strictly between alpha and beta, else a
 * bound on the same side (fail-soft). On a stop or an overflow the result is
 * meaningless and nothing more is stored. gme and gop are the groups of me and
 * op where the caller knows them (after a placement or a pass), else NULL. */
static int F(search_at)(Solver *s, B me, B op, int alpha, int beta, const Groups *gme, const Groups *gop);

/* search_at, one deeper (flipped[] is by depth) */
static int F(search)(Solver *s, B me, B op, int alpha, int beta, const Groups *gme, const Groups *gop) {
    s->depth++;
    int v = F(search_at)(s, me, op, alpha, beta, gme, gop);
    s->depth--;
    return v;
}

static int F(search_at)(Solver *s, B me, B op, int alpha, int beta, const Groups *gme, const Groups *gop) {
    s->nodes++;
    if (F(out_of_budget)(s)) return 0;
    Entry *e = F(find)(s, me, op);
    B first = F(zero)();
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
    Groups gm_own, go_own;
    const Groups *gm = gme, *go = gop;
    if (!gm) F(groups_of)(s, me, &gm_own), gm = &gm_own;
    if (!go) F(groups_of)(s, op, &go_own), go = &go_own;
    B once, twice;
    F(touch)(gm, &once, &twice);
    B empty = F(andn)(s->full, F(or)(me, op));

    /* The turns: placements in cell order, then each chain's end. */
    int base = s->top, arena = s->arena_top;
    B places = F(places)(s, me, op, once, twice, F(reach)(go));
    while (!F(none)(places)) {
        B c = F(low)(places);
        places = F(xor)(places, c);
        if (!F(push_kid)(s, F(or)(me, c), op, 0, 1, NULL, NULL)) return 0;
    }
    B firsts = F(flippable)(s, F(and)(op, twice), gm, go);
    F(seen_reset)(s);
    while (!F(none)(firsts)) {
        B t = F(low)(firsts);
        firsts = F(xor)(firsts, t);
        F(seen_add)(s, t);
        if (!F(walk)(s, me, op, t, gm, go, t)) {
            s->top = base;
            s->arena_top = arena;
            return 0;
        }
    }
    int n = s->top - base;
    Kid *kids = &s->pool[base];
    int by_replies = F(count)(empty) >= 2;
    /* A placement leaves the opponent's groups as they are: what they touch is
     * worked out once for all placements, as the Python solver does. */
    B op_once = F(zero)(), op_twice = F(zero)();
    if (by_replies) F(touch)(go, &op_once, &op_twice);
    for (int i = 0; i < n; i++) {
        Kid *k = &kids[i];
        k->idx = i;
        /* The look-up below (enhanced transposition cutoff) reads every turn's
         * bucket: a cache miss each in a table of megabytes, so fetch them now. */
        prefetch(F(bucket)(s, k->op, k->me));
        if (!by_replies)
            k->replies = 0;
        else if (k->flip)
            k->replies = F(replies_of)(s, k->me, k->op, k);
        else
            k->replies = F(count)(F(places)(s, k->op, k->me, op_once, op_twice, F(near)(s, k->me))) +
                         F(count)(F(and)(k->me, op_twice));
        k->hist = F(hist_get)(s, F(code)(me, k));
    }
    qsort(kids, (size_t)n, sizeof(Kid), F(cmp_kids));
    if (!F(none)(first))
        for (int i = 0; i < n; i++)
            if (F(eq)(kids[i].me, first)) {
                Kid k = kids[i];
                memmove(kids + 1, kids, (size_t)i * sizeof(Kid));
                kids[0] = k;
                break;
            }

    int best = -UNKNOWN, cut = 0;
    B best_kid = F(zero)();
    for (int i = 0; i < n; i++) { /* a turn another path already proved good enough */
        Entry *c = F(find)(s, kids[i].op, kids[i].me);
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
            s->arena_top = arena;
            if (!F(has_turn)(s, op, me, go, gm)) return F(count)(me) - F(count)(op);
            best = -F(search)(s, op, me, -beta, -alpha, go, gm);
            if (s->stopped || s->overflow) return 0;
        } else {
            int a = alpha;
            for (int i = 0; i < n; i++) {
                kids = &s->pool[base]; /* the pool does not move, but stay plain */
                int score;
                if (kids[i].flip) {
                    const Groups *ga = NULL, *gb = NULL;
                    if (kids[i].groups >= 0 && s->depth < FLIP_DEPTH) {
                        Groups *f = s->flipped[s->depth];
                        F(unpack)(s, kids[i].groups, kids[i].mine, &f[0]);
                        F(unpack)(s, kids[i].groups + kids[i].mine, kids[i].theirs, &f[1]);
                        ga = &f[1], gb = &f[0];
                    }
                    score = -F(search)(s, kids[i].op, kids[i].me, -beta, -a, ga, gb);
                } else { /* a placement leaves the opponent's groups as they are */
                    Groups *gk = &s->placed[F(count)(empty)];
                    F(joined)(s, gm, F(xor)(kids[i].me, me), gk);
                    score = -F(search)(s, kids[i].op, kids[i].me, -beta, -a, go, gk);
                }
                if (s->stopped || s->overflow) {
                    s->top = base;
                    s->arena_top = arena;
                    return 0;
                }
                if (score > best) {
                    best = score;
                    best_kid = kids[i].me;
                    if (score > a) {
                        a = score;
                        if (a >= beta) {
                            F(hist_bump)(s, F(code)(me, &kids[i]));
                            break;
                        }
                    }
                }
            }
        }
    }
    s->top = base;
    s->arena_top = arena;
    if (best <= alpha) {
        if (best < hi) hi = best;
    } else if (best >= beta) {
        if (best > lo) lo = best;
    } else {
        lo = hi = best;
    }
    u64 effort = (s->nodes - start) + effort0;
    F(store)(s, me, op, lo, hi, best_kid, effort > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)effort);
    return best;
}

/* The solver's geometry from each cell's neighbours (cells <= 64 * BW). */
static void F(init)(Solver *s, int cells) {
    s->cells = cells;
    for (int c = 0; c < cells; c++) s->full = F(or)(s->full, F(bit)(c));
    for (int i = 0; i < 8 * BW; i++)
        for (int v = 0; v < 256; v++) {
            B r = F(zero)();
            for (int b = 0; b < 8; b++)
                if ((v >> b & 1) && i * 8 + b < cells) r = F(or)(r, F(or)(s->nbr[i * 8 + b], F(bit)(i * 8 + b)));
            s->near_tab[i][v] = r;
        }
}

/* -- the width's side of the Python interface (see Ops in _endgame.c) ------ */

/* A solver for `cells` cells (at most 64 * BW) with each cell's neighbours as
 * four words, and a table of 2**bits entries; NULL when out of memory. */
static void *F(make)(const u64 (*nbr)[4], int cells, int bits) {
    Solver *s = calloc(1, sizeof(Solver));
    if (!s) return NULL;
    for (int c = 0; c < cells; c++) memcpy(s->nbr[c].w, nbr[c], sizeof s->nbr[c].w);
    F(init)(s, cells);
    s->tt_mask = (1ull << bits) - 1;
    s->tt = table_alloc(((size_t)1 << bits) * sizeof(Entry));
    if (!s->tt) {
        free(s);
        return NULL;
    }
    return s;
}

static void F(destroy)(void *p) {
    Solver *s = p;
    free(s->tt);
    free(s);
}

static void F(forget)(void *p) {
    Solver *s = p;
    memset(s->tt, 0, (size_t)(s->tt_mask + 1) * sizeof(Entry));
    memset(s->hist_val, 0, sizeof s->hist_val);
    s->hist_used = 0;
}

/* Is (me, op), BW words each, a position on this board? */
static int F(on_board)(const void *p, const u64 *me, const u64 *op) {
    const Solver *s = p;
    for (int i = 0; i < BW; i++)
        if ((me[i] & ~s->full.w[i]) || (op[i] & ~s->full.w[i]) || (me[i] & op[i])) return 0;
    return 1;
}

static Caller *F(caller_of)(void *p) { return &((Solver *)p)->caller; }

/* One probe from words: its value; how it ended goes to nodes, stopped, overflow. */
static int F(probe)(void *p, const u64 *me, const u64 *op, u64 limit, int alpha, int beta,
                    u64 *nodes, int *stopped, int *overflow) {
    Solver *s = p;
    s->nodes = 0;
    s->limit = limit;
    s->stopped = s->overflow = 0;
    s->top = 0;
    s->arena_top = 0;
    s->depth = 0;
    B m, o;
    memcpy(m.w, me, sizeof m.w);
    memcpy(o.w, op, sizeof o.w);
    int value = F(search)(s, m, o, alpha, beta, NULL, NULL);
    *nodes = s->nodes, *stopped = s->stopped, *overflow = s->overflow;
    return value;
}

/* The table's bounds and best turn (BW words) for a position, if it holds them. */
static int F(lookup)(const void *p, const u64 *me, const u64 *op, int *lo, int *hi, u64 *best) {
    B m, o;
    memcpy(m.w, me, sizeof m.w);
    memcpy(o.w, op, sizeof o.w);
    const Entry *e = F(find)(p, m, o);
    if (!e) return 0;
    *lo = e->lo, *hi = e->hi;
    memcpy(best, e->best.w, sizeof e->best.w);
    return 1;
}

static const Ops F(ops) = {BW, F(make), F(destroy), F(forget), F(on_board), F(caller_of), F(probe), F(lookup)};

#undef Entry
#undef Kid
#undef Groups
#undef Split
#undef Solver
#undef B
