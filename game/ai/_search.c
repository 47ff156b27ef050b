/* The middle-game search of game/ai/search.py, compiled: the same tree, far faster.
 *
 * Searcher.negamax and Searcher.root restated in C for boards of side 2 to 8,
 * whose bitboards (the Geometry's layout: rows of stride 2n bits) fit in 256
 * bits, held as four 64-bit words. It must find what the Python search finds,
 * node for node (tests/ai/test_search_compiled.py compares turns, scores and
 * node counts), so it keeps every choice that shapes the tree:
 *   - turns in Board.legal_turns' order (placements by cell, then each flip
 *     turn's end in the order the chain walk lists them), ordered as
 *     search.ordered does (the table's best turn, bigger flips, placements),
 *     and with the options, as ordering.Ordering does (killers, history);
 *   - the learned evaluation of evaluate.py, floor divisions included;
 *   - the transposition table's semantics: keys of the tiles and mover (two
 *     64-bit hashes, as good as exact), one entry per key, overwritten on
 *     store, and cleared whole when it holds table_limit entries, as the dict is.
 * A turn is named by its index in the legal_turns order (the best turn of an
 * entry too), which the Python side maps back to a Turn.
 *
 * Python API (handles are capsules; boards are 32 little-endian bytes):
 *   new(side, table_limit) -> handle
 *   clear(handle)
 *   options(handle, pvs, killers, history): principal-variation search, killer
 *       turns on or off, the history's mode (0 off; game/ai/ordering.py)
 *   fresh(handle): empty the killer turns and the history
 *   size(handle) -> the entries in the table
 *   negamax(handle, me, op, mover, depth, alpha, beta, exact, weights, limit, check)
 *       -> (score, nodes, finished)
 *   root(handle, me, op, mover, depth, exact, lower_mode, weights, limit, check)
 *       -> (best_index, best_score, [(index, score), ...], nodes, finished);
 *       stopped, the pairs and best_index are the turns searched in full
 * weights: the 7 ints of evaluate.Weights; limit: nodes allowed (negative for
 * none); check: None or a callable asked every 256 nodes, a true answer stops.
 * lower_mode: 0 as search.root's default, 1 all_scores, 2 ties. The search lets
 * go of the interpreter; a handle serves one call at a time (RuntimeError).
 */
#include "_search.h"

/* Geometry.dilate: the set and every cell next to it (off-board bits too). */
static inline BB dilate(const Search *s, BB x) {
    int w = s->stride;
    BB r = bor(x, bor(shl(x, 1), shr(x, 1)));
    r = bor(r, bor(shl(x, w), shr(x, w)));
    return bor(r, bor(shl(x, w - 1), shr(x, w - 1)));
}

/* -- the rules (game/rules/movegen.py) ------------------------------------- */

/* The cells next to any of x's: one table row per tile, so a flood fill costs
 * a few words per tile it takes in rather than a whole-board dilation a step. */
static inline BB spread(const Search *s, BB x) {
    BB r = {{0, 0, 0, 0}};
    for (int i = 0; i < W; i++)
        for (u64 m = x.w[i]; m; m &= m - 1) r = bor(r, s->nbr[i * 64 + ctz(m)]);
    return r;
}

/* movegen.groups_of; each group's reach is itself and its neighbours on the
 * board (Python's also holds off-board bits, which no rule reads). */
static void groups_of(const Search *s, BB m, Groups *gs) {
    gs->n = 0;
    while (!bempty(m)) {
        int b = blow(m);
        BB g = bbit(b), d = bor(g, s->nbr[b]), fresh = band(s->nbr[b], m);
        while (!bempty(fresh)) {
            g = bor(g, fresh);
            BB more = spread(s, fresh);
            d = bor(d, more);
            fresh = bandn(band(more, m), g);
        }
        gs->g[gs->n] = g;
        gs->d[gs->n] = d;
        gs->n++;
        m = bandn(m, g);
    }
}

static void touch(const Groups *gs, BB *once, BB *twice) {
    BB o = {{0, 0, 0, 0}}, t = o;
    for (int i = 0; i < gs->n; i++) {
        t = bor(t, band(o, gs->d[i]));
        o = bor(o, gs->d[i]);
    }
    *once = o;
    *twice = t;
}

/* movegen.flippable: flipping t joins the k mover groups it touches (k >= 2
 * needed) and splits its own group into j pieces; it is legal iff j < k. */
static BB flippable(const Search *s, BB cand, const Groups *gm, const Groups *go) {
    BB out = {{0, 0, 0, 0}};
    while (!bempty(cand)) {
        int b = blow(cand);
        BB t = bbit(b);
        cand = bxor(cand, t);
        int k = 0;
        for (int i = 0; i < gm->n; i++)
            if (!bempty(band(gm->d[i], t))) k++;
        if (k < 2) continue;
        BB rest = {{0, 0, 0, 0}};
        for (int i = 0; i < go->n; i++)
            if (!bempty(band(go->g[i], t))) {
                rest = bxor(go->g[i], t);
                break;
            }
        BB pending = band(s->nbr[b], rest);
        int j = 0;
        while (!bempty(pending)) {
            /* grow one piece only until it holds every neighbour still pending */
            BB p = bbit(blow(pending)), front = p;
            while (!bempty(front) && !bempty(bandn(pending, p))) {
                front = bandn(band(spread(s, front), rest), p);
                p = bor(p, front);
            }
            pending = bandn(pending, p);
            if (++j >= k) break;
        }
        if (j < k) out = bor(out, t);
    }
    return out;
}

static BB placements(const Search *s, BB me, BB op, const Groups *gm, const Groups *go) {
    BB once, twice, once_o, twice_o;
    touch(gm, &once, &twice);
    touch(go, &once_o, &twice_o);
    BB empty = bandn(s->full, bor(me, op));
    /* empty & ~twice & (~once | reach(go)) */
    return bandn(empty, bor(twice, bandn(once, once_o)));
}

static int has_turn(Search *s, BB me, BB op) {
    groups_of(s, me, &s->wm);
    groups_of(s, op, &s->wo);
    if (!bempty(placements(s, me, op, &s->wm, &s->wo))) return 1;
    BB once, twice;
    touch(&s->wm, &once, &twice);
    return !bempty(flippable(s, band(op, twice), &s->wm, &s->wo));
}

/* -- the evaluation (game/ai/evaluate.py) ---------------------------------- */

static inline int floordiv(int a, int b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

static int singles(const Groups *gs) {
    int n = 0;
    for (int i = 0; i < gs->n; i++) n += bpc(gs->g[i]) == 1;
    return n;
}

/* evaluate.leaf (or Patterns.leaf, with pattern weights): 1 and the score, or 0 when the mover has no placement and no flip. */
static int leaf(Search *s, BB me, BB op, const Groups *gm, const Groups *go, int *score) {
    BB once_m, twice_m, once_o, twice_o;
    touch(gm, &once_m, &twice_m);
    touch(go, &once_o, &twice_o);
    BB empty = bandn(s->full, bor(me, op));
    int my_places = bpc(bandn(empty, bor(twice_m, bandn(once_m, once_o))));
    int my_flips = bpc(flippable(s, band(op, twice_m), gm, go));
    if (!my_places && !my_flips) return 0;
    int their_places = bpc(bandn(empty, bor(twice_o, bandn(once_o, once_m))));
    int their_flips = bpc(flippable(s, band(me, twice_o), go, gm));
    int flips = my_flips - their_flips, places = my_places - their_places;
    if (s->pat) {
        int terms[PAT_TERMS] = {flips, places, gm->n - go->n,
                                bpc(band(me, s->edge)) - bpc(band(op, s->edge)),
                                singles(gm) - singles(go)};
        *score = pattern_score(s->pat, &s->cache, me.w, op.w, bpc(empty), terms);
        return 1;
    }
    int early = 100 * bpc(empty) / s->cells;
    const int *w = s->weights;
    *score = TILE * (bpc(me) - bpc(op)) + w[0] * flips + w[1] * places + w[2] * (gm->n - go->n) +
             w[3] * (bpc(band(me, s->edge)) - bpc(band(op, s->edge))) +
             w[4] * (singles(gm) - singles(go)) +
             floordiv(w[5] * flips * early + w[6] * places * early, 100);
    return 1;
}

static int final_score(BB me, BB op) {
    int margin = bpc(me) - bpc(op);
    return margin > 0 ? WIN + margin * TILE : margin < 0 ? -WIN + margin * TILE : 0;
}

/* -- the turns (Board.legal_turns) ----------------------------------------- */

static int push_kid(Search *s, BB me, BB op, int size, int placed) {
    if (s->top >= POOL) return s->overflow = 1, 0;
    Kid *k = &s->pool[s->top++];
    k->me = me;
    k->op = op;
    k->size = size;
    k->placed = placed;
    k->key = placed >= 0 ? placed : KEYS / 2 + s->chain_first;
    return 1;
}

/* 1 if the set is new (and now seen), 0 if seen; -1 when the table is full. */
static int seen_add(Search *s, BB set) {
    if (s->seen_used >= SEEN_SIZE / 2) return -1;
    u64 h = (set.w[0] ^ set.w[1] * 0xC2B2AE3D27D4EB4Full ^ set.w[2] * 0x165667B19E3779F9ull ^
             set.w[3] * 0xD6E8FEB86659FD93ull) * 0x9E3779B97F4A7C15ull;
    unsigned i = (unsigned)(h >> (64 - SEEN_BITS));
    while (s->seen_gen[i] == s->sgen) {
        if (beq(s->seen_key[i], set)) return 0;
        i = (i + 1) & (SEEN_SIZE - 1);
    }
    s->seen_gen[i] = s->sgen;
    s->seen_key[i] = set;
    s->seen_used++;
    return 1;
}

/* movegen.flip_one: the groups after the enemy tile on bit b changes sides (the
 * mover's it touches join it; its own group loses it and may fall apart), from
 * the groups before; into *m2 and *o2. */
static void flip_one(Search *s, int b, const Groups *gm, const Groups *go, Groups *m2,
                     Groups *o2) {
    BB t = bbit(b), g_new = t, d_new = bor(t, s->nbr[b]);
    m2->n = 0;
    for (int i = 0; i < gm->n; i++)
        if (bempty(band(gm->d[i], t))) {
            m2->g[m2->n] = gm->g[i], m2->d[m2->n] = gm->d[i], m2->n++;
        } else {
            g_new = bor(g_new, gm->g[i]), d_new = bor(d_new, gm->d[i]);
        }
    m2->g[m2->n] = g_new, m2->d[m2->n] = d_new, m2->n++;
    BB rest = {{0, 0, 0, 0}};
    o2->n = 0;
    for (int i = 0; i < go->n; i++)
        if (bempty(band(go->g[i], t))) o2->g[o2->n] = go->g[i], o2->d[o2->n] = go->d[i], o2->n++;
        else rest = bxor(go->g[i], t);
    Groups *pieces = &s->wm; /* scratch, free while a chain is walked */
    groups_of(s, rest, pieces);
    for (int i = 0; i < pieces->n; i++) o2->g[o2->n] = pieces->g[i], o2->d[o2->n] = pieces->d[i], o2->n++;
}

static inline int bhigh(BB a) { /* the highest bit's index; a is not empty */
    for (int i = W - 1;; i--)
        if (a.w[i]) return i * 64 + msb(a.w[i]);
}

/* movegen._walk from the flipped set `set` (groups gm, go after it, at chain
 * depth lv): every complete chain, each set once. Python walks with a stack,
 * all of a set's new successors marked seen before the last pushed (the
 * highest tile) is walked first: the same order as marking them, then
 * recursing from the highest down. */
static int walk(Search *s, BB me, BB op, BB set, int lv, const Groups *gm, const Groups *go) {
    BB m = bor(me, set), o = bandn(op, set);
    BB next = flippable(s, band(o, dilate(s, set)), gm, go);
    if (bempty(next)) return push_kid(s, m, o, bpc(set), FLIPPED);
    if (lv + 1 >= MAX_CHAIN) return s->overflow = 1, 0;
    BB fresh = {{0, 0, 0, 0}};
    while (!bempty(next)) {
        BB c = bbit(blow(next));
        next = bxor(next, c);
        int added = seen_add(s, bor(set, c));
        if (added < 0) return s->overflow = 1, 0;
        if (added) fresh = bor(fresh, c);
    }
    Groups *m2 = &s->chain[2 * lv + 2], *o2 = &s->chain[2 * lv + 3];
    while (!bempty(fresh)) {
        int b = bhigh(fresh);
        fresh = bxor(fresh, bbit(b));
        flip_one(s, b, gm, go, m2, o2);
        if (!walk(s, me, op, bor(set, bbit(b)), lv + 1, m2, o2)) return 0;
    }
    return 1;
}

/* movegen._chain_ends: each first flip's chains, each set of flipped tiles once
 * across them all. */
static int flip_turns(Search *s, BB me, BB op, BB firsts, const Groups *gm, const Groups *go) {
    if (++s->sgen == 0) {
        memset(s->seen_gen, 0, sizeof s->seen_gen);
        s->sgen = 1;
    }
    s->seen_used = 0;
    while (!bempty(firsts)) {
        int b = blow(firsts);
        BB t = bbit(b);
        firsts = bxor(firsts, t);
        if (seen_add(s, t) < 0) return s->overflow = 1, 0;
        s->chain_first = b;
        flip_one(s, b, gm, go, &s->chain[0], &s->chain[1]);
        if (!walk(s, me, op, t, 0, &s->chain[0], &s->chain[1])) return 0;
    }
    return 1;
}

/* A node's turns onto the pool, in legal_turns' order: 1 done, 0 on overflow. */
static int expand(Search *s, BB me, BB op, const Groups *gm, const Groups *go) {
    BB places = placements(s, me, op, gm, go), once, twice;
    while (!bempty(places)) {
        int b = blow(places);
        BB c = bbit(b);
        places = bxor(places, c);
        if (!push_kid(s, bor(me, c), op, 0, b)) return 0;
    }
    touch(gm, &once, &twice);
    return flip_turns(s, me, op, flippable(s, band(op, twice), gm, go), gm, go);
}

/* Is the turn of index a before b's in the history's order (they are in size
 * order), by the history as its node found it (h, by index)? */
static inline int before(const Search *s, const Kid *kids, const long long *h, int a, int b) {
    if (s->history == 2) return h[a] > h[b];
    return kids[a].size > kids[b].size || (kids[a].size == kids[b].size && h[a] > h[b]);
}

/* The place in ord[from..n) of the first turn in the history's order (stable:
 * the earliest of equals), among those named key (all for key -1). */
static int first_of(const Search *s, int base, int from, int n, int key) {
    const int *ord = &s->order[base];
    const Kid *kids = &s->pool[base];
    int b = -1;
    for (int i = from; i < n; i++)
        if ((key < 0 || kids[ord[i]].key == key) &&
            (b < 0 || (s->history && before(s, kids, &s->seen_hist[base], ord[i], ord[b]))))
            b = i;
    return b;
}

static inline void to_front(int *ord, int front, int i) {
    int k = ord[i];
    memmove(ord + front + 1, ord + front, (size_t)(i - front) * sizeof(int));
    ord[front] = k;
}

/* search.ordered over the turns pool[base..base+n): flips by size (stable),
 * then placements, and the table's best turn (an index) first; below the root
 * (ply >= 0; the root's is -1) Ordering.order's killers next. Returns how many
 * lead; with a history, next_turn orders the rest as the search reaches them. */
static int order_kids(Search *s, int base, int n, int first, int ply) {
    int *ord = &s->order[base], m = 0, front = 0;
    const Kid *kids = &s->pool[base];
    for (int i = 0; i < n; i++)
        if (kids[i].size) {
            int j = m++;
            while (j > 0 && kids[ord[j - 1]].size < kids[i].size) ord[j] = ord[j - 1], j--;
            ord[j] = i;
        }
    for (int i = 0; i < n; i++)
        if (!kids[i].size) ord[m++] = i;
    if (ply >= 0 && s->history) /* the history as it stands now, as Python sorts by it now */
        for (int i = 0; i < n; i++) s->seen_hist[base + i] = s->hist[kids[i].key];
    for (int i = 0; i < n; i++)
        if (ord[i] == first) {
            to_front(ord, front++, i);
            break;
        }
    for (int c = 0; c < (ply >= 0 && s->killers ? 2 : 0); c++) {
        int i = s->killer[ply][c] < 0 ? -1 : first_of(s, base, front, n, s->killer[ply][c]);
        if (i >= 0) to_front(ord, front++, i);
    }
    return front;
}

/* Sorting all of a node's turns by history cost more than the search saved,
 * where a cut-off comes after a few: the first few are picked one by one,
 * then the rest sorted (stably: the order is the same). Returns 1 once sorted. */
#define PICKS 3
static int next_turn(Search *s, int base, int i, int n, int picked) {
    if (picked < PICKS) {
        to_front(&s->order[base], i, first_of(s, base, i, n, -1));
        return 0;
    }
    int *ord = &s->order[base];
    const long long *h = &s->seen_hist[base];
    for (int j = i + 1; j < n; j++) {
        int k = ord[j], t = j;
        while (t > i && before(s, &s->pool[base], h, k, ord[t - 1])) ord[t] = ord[t - 1], t--;
        ord[t] = k;
    }
    return 1;
}

void order_clear(Search *s) {
    memset(s->killer, 0xff, sizeof s->killer); /* every slot -1 */
    memset(s->hist, 0, sizeof s->hist);
}

/* Ordering.cut: the turn named key cut the search off at ply, depth to go. */
static void cut(Search *s, int key, int ply, int depth) {
    if (s->killers && s->killer[ply][0] != key)
        s->killer[ply][1] = s->killer[ply][0], s->killer[ply][0] = key;
    if (s->history) s->hist[key] += depth > 0 ? (long long)depth * depth : 1;
}

/* -- the transposition table: the dict of Searcher.table ------------------- */

/* MurmurHash3's finaliser: every input bit moves every output bit. */
static inline u64 fmix(u64 x) {
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    return x ^ (x >> 33);
}

/* Two independent 64-bit hashes of a position: the first places it, both
 * name it. Two positions that share both would share an entry, one chance in
 * 2**128 a pair: no search meets it, so the table behaves as exactly keyed.
 * (Each word is mixed in whole before the next: a plain multiply-xor chain
 * let a tile swap sides unseen on a word's top bit.) */
static void hash_of(BB me, BB op, int mover, u64 *h1, u64 *h2) {
    u64 a = 0x243F6A8885A308D3ull + (u64)mover, b = 0x13198A2E03707344ull + (u64)mover;
    for (int i = 0; i < W; i++) {
        a = fmix(a ^ me.w[i]), a = fmix(a ^ op.w[i]);
        b = fmix(b + me.w[i]), b = fmix(b + op.w[i]);
    }
    *h1 = a, *h2 = b;
}

/* An entry's fields as read once: a helper's thread may be writing it. */
typedef struct { int32_t depth, score, best; uint8_t flag; } Read;

/* A shared table's entry is written with its second hash cleared first and
 * set last (release), and read between two reads of it (acquire): a reader
 * that saw it change, or cleared, reads no entry. (Two threads writing one
 * empty slot at the same moment may still leave one position's hashes with
 * the other's score: rare enough, and a helped search is timed, not
 * repeatable, anyway.) On one thread these are plain loads and stores. */
static inline u64 h2_of(const Entry *e) { return __atomic_load_n(&e->h2, __ATOMIC_ACQUIRE); }

static Entry *slot_of(const Search *s, u64 h1, u64 h2, int *found, Read *r) {
    const Table *t = s->t;
    for (u64 i = h1 & t->mask;; i = (i + 1) & t->mask) {
        Entry *e = &t->tt[i];
        if (e->gen != t->gen) return *found = 0, e;
        if (e->h1 == h1 && h2_of(e) == h2) {
            Read got = {e->depth, e->score, e->best, e->flag};
            if (h2_of(e) != h2) continue; /* rewritten while read */
            if (r) *r = got;
            return *found = 1, e;
        }
    }
}

static Entry *slot(const Search *s, BB me, BB op, int mover, int *found, Read *r) {
    u64 h1, h2;
    hash_of(me, op, mover, &h1, &h2);
    return slot_of(s, h1, h2, found, r);
}

void tt_clear(Search *s) {
    Table *t = s->t;
    if (++t->gen == 0) { /* 16 bits of generations: start the count again */
        memset(t->tt, 0, (size_t)(t->mask + 1) * sizeof(Entry));
        t->gen = 1;
    }
    t->count = 0;
}

/* The table starts small and doubles as it fills, as a dict does: a search of
 * a few thousand positions touches a few pages, not the whole table. */
static int grow(Table *t) {
    u64 size = 2 * (t->mask + 1);
    Entry *old = t->tt, *tt = calloc((size_t)size, sizeof(Entry));
    if (!tt) return 0; /* stay at this size: the table is cleared before it fills */
    u64 old_size = t->mask + 1;
    t->tt = tt;
    t->mask = size - 1;
    for (u64 i = 0; i < old_size; i++)
        if (old[i].gen == t->gen) {
            u64 j = old[i].h1 & t->mask;
            while (tt[j].gen == t->gen) j = (j + 1) & t->mask;
            tt[j] = old[i];
        }
    free(old);
    return 1;
}

void tt_full(Search *s) {
    while (s->t->mask < s->t->max_mask && grow(s->t)) {}
    s->t->max_mask = s->t->mask; /* short of memory: no moving later either */
}

static void store(Search *s, BB me, BB op, int mover, int depth, int flag, int score, int best,
                  int check_limit) {
    int found;
    Table *t = s->t;
    u64 h1, h2;
    hash_of(me, op, mover, &h1, &h2);
    if (check_limit && t->count >= t->limit) tt_clear(s);
    Entry *e = slot_of(s, h1, h2, &found, NULL);
    if (!found && 2 * (t->count + 1) > t->mask + 1) {
        if (t->mask < t->max_mask) grow(t);
        if (4 * (t->count + 1) > 3 * (t->mask + 1)) tt_clear(s); /* no memory to grow */
        e = slot_of(s, h1, h2, &found, NULL);
    }
    if (!found) t->count++;
    __atomic_store_n(&e->h2, 0, __ATOMIC_RELEASE); /* no reader takes it while written */
    e->h1 = h1;
    e->gen = t->gen;
    e->depth = depth, e->flag = (uint8_t)flag, e->score = score, e->best = best;
    __atomic_store_n(&e->h2, h2, __ATOMIC_RELEASE);
}

/* -- the search (Searcher.negamax) ------------------------------------------ */

static int tick(Search *s) {
    if (s->stopped) return 1;
    s->nodes++;
    if ((s->nodes & 255) == 0 && caller_says_stop(&s->caller)) s->stopped = 1;
    if (s->limit >= 0 && s->nodes > s->limit) s->stopped = 1;
    return s->stopped;
}

#define HALTED(s) ((s)->stopped || (s)->overflow)

/* A node's groups (*gm, *go) from its parent's (pm, po, from the parent's
 * mover's side) and the turn between: a placement extends one group of the
 * parent's mover or starts one (it never joins two), a pass swaps them, and
 * only after a flip turn are they found afresh. Storage: the ply's slots. */
static int groups_at(Search *s, BB me, BB op, int ply, const Groups *pm, const Groups *po, int placed,
                     const Groups **gm, const Groups **go) {
    if (ply >= MAX_PLY) return s->overflow = 1, 0;
    Groups *m = &s->plies[2 * ply], *o = &s->plies[2 * ply + 1];
    if (placed == PASSED) {
        *gm = po, *go = pm;
    } else if (placed >= 0) {
        BB c = bbit(placed);
        o->n = pm->n;
        memcpy(o->g, pm->g, (size_t)pm->n * sizeof(BB));
        memcpy(o->d, pm->d, (size_t)pm->n * sizeof(BB));
        int i = 0;
        while (i < o->n && bempty(band(o->d[i], c))) i++;
        if (i == o->n) o->n++, o->g[i] = c, o->d[i] = c;
        else o->g[i] = bor(o->g[i], c);
        o->d[i] = bor(o->d[i], bor(s->nbr[placed], c));
        *gm = po, *go = o;
    } else {
        groups_of(s, me, m);
        groups_of(s, op, o);
        *gm = m, *go = o;
    }
    return 1;
}

static int node(Search *s, BB me, BB op, int mover, int depth, int alpha, int beta, int exact, int ply,
                const Groups *pm, const Groups *po, int placed) {
    if (tick(s)) return 0;
    int found, first = -1;
    Read e;
    slot(s, me, op, mover, &found, &e);
    if (found) {
        first = e.best;
        if (e.depth >= (exact ? INF : depth)) {
            if (e.flag == EXACT) return e.score;
            if (e.flag == LOWER && e.score >= beta) return e.score;
            if (e.flag == UPPER && e.score <= alpha) return e.score;
        }
    }
    const Groups *gm, *go;
    if (!groups_at(s, me, op, ply, pm, po, placed, &gm, &go)) return 0;
    int value;
    if (depth <= 0 && !exact && leaf(s, me, op, gm, go, &value)) return value;
    int base = s->top;
    if (!expand(s, me, op, gm, go)) return s->top = base, 0;
    int n = s->top - base;
    if (n == 0) {
        if (!has_turn(s, op, me)) return final_score(me, op);
        return -node(s, op, me, !mover, depth, -beta, -alpha, exact, ply + 1, gm, go, PASSED);
    }
    int lead = order_kids(s, base, n, first, ply), sorted = !s->history;
    int alpha0 = alpha, best = -INF, best_turn = -1;
    for (int i = 0; i < n; i++) {
        if (!sorted && i >= lead) sorted = next_turn(s, base, i, n, i - lead);
        int k = s->order[base + i];
        Kid *kid = &s->pool[base + k];
        int score;
        if (s->pvs && i) { /* a null window first; in full only if it may be better */
            score = -node(s, kid->op, kid->me, !mover, depth - 1, -alpha - 1, -alpha, exact, ply + 1,
                          gm, go, kid->placed);
            if (!HALTED(s) && alpha < score && score < beta)
                score = -node(s, kid->op, kid->me, !mover, depth - 1, -beta, -alpha, exact, ply + 1,
                              gm, go, kid->placed);
        } else {
            score = -node(s, kid->op, kid->me, !mover, depth - 1, -beta, -alpha, exact, ply + 1, gm,
                          go, kid->placed);
        }
        if (HALTED(s)) return s->top = base, 0;
        if (score > best) {
            best = score, best_turn = k;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    cut(s, kid->key, ply, depth);
                    break;
                }
            }
        }
    }
    s->top = base;
    int flag = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    store(s, me, op, mover, exact ? INF : depth, flag, best, best_turn, 1);
    return best;
}

int negamax(Search *s, BB me, BB op, int mover, int depth, int alpha, int beta, int exact) {
    return node(s, me, op, mover, depth, alpha, beta, exact, 0, NULL, NULL, FLIPPED);
}

/* Searcher.root: every turn in order, the later ones only shown worse than the
 * best so far (lower_mode 0), each with a full window (1), or one hundredth
 * lower so equal turns get exact scores (2). Scores go to out in search order.
 * Stopped, root_turns and best_turn still tell the turns searched in full:
 * a long turn plays the best of a depth it could not finish. */
int root(Search *s, BB me, BB op, int mover, int depth, int exact, int mode, int *out, int *best_turn) {
    int found, first = -1;
    *best_turn = -1;
    s->root_turns = 0;
    Read e;
    slot(s, me, op, mover, &found, &e);
    if (found) first = e.best;
    const Groups *gm, *go;
    if (!groups_at(s, me, op, 0, NULL, NULL, FLIPPED, &gm, &go)) return 0;
    int base = s->top, alpha = -INF;
    if (!expand(s, me, op, gm, go)) return s->top = base, 0;
    int n = s->top - base;
    if (n == 0 && has_turn(s, op, me)) n = push_kid(s, me, op, 0, PASSED); /* the turn is a pass */
    order_kids(s, base, n, first, -1);
    for (int i = 0; i < n; i++) {
        int k = s->order[base + i];
        Kid *kid = &s->pool[base + k];
        int lower = mode == 1 ? -INF : mode == 2 ? alpha - 1 : alpha;
        int score = -node(s, kid->op, kid->me, !mover, depth - 1, -INF, -lower, exact, 1, gm, go,
                          kid->placed);
        if (HALTED(s)) return s->top = base, 0;
        out[2 * i] = k, out[2 * i + 1] = score;
        s->root_turns = i + 1;
        if (score > alpha) alpha = score, *best_turn = k;
    }
    s->top = base;
    store(s, me, op, mover, exact ? INF : depth, EXACT, alpha, *best_turn, 0);
    return alpha;
}

/* -- the board's shape (game/rules/geometry.py) ----------------------------- */

int search_init(Search *s, int side) {
    if (side < 2 || side > 8) return 0;
    int m = side - 1;
    s->n = side;
    s->stride = 2 * side;
    for (int r = -m; r <= m; r++)
        for (int q = (-m > -m - r ? -m : -m - r); q <= (m < m - r ? m : m - r); q++) {
            s->full = bor(s->full, bbit((r + m) * s->stride + q + m));
            s->cells++;
        }
    for (int b = 0; b < 256; b++) {
        BB bit = bbit(b);
        if (bempty(band(bit, s->full))) continue;
        s->nbr[b] = bandn(band(dilate(s, bit), s->full), bit);
        if (bpc(s->nbr[b]) < 6) s->edge = bor(s->edge, bit);
    }
    return 1;
}
