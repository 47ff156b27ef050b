/* The pattern evaluation of game/ai/patterns.py, compiled: the same sum of the
 * same weights, position for position (tests/ai/test_patterns.py).
 *
 * A Patterns holds, for one board side, every copy of every shape as the bit
 * numbers of its cells (255 for a cell off the board), and each stage's full
 * weight tables end to end. A copy's cells read as base-4 digits (0 empty, 1
 * the mover's, 2 the opponent's, 3 off the board), digit j worth 4**j, and
 * that number indexes its shape's table. The five terms of evaluate.py the
 * evaluation keeps (flips, places, groups, edge, single) add their weights;
 * the sum, in ten-thousandths of a tile, is floored to hundredths.
 *
 * Reading every copy afresh costs each leaf thousands of loads, yet the
 * search's leaves come one after another from nearby positions (siblings
 * differ by a placement or a flip). So a search keeps the last leaf's copy
 * indices and sum (PatCache), and the next leaf changes only the copies of the
 * cells that differ, through each cell's list of the copies that read it: the
 * same integers summed, so the same score. */
#ifndef MOSAIC_PATTERNS_H
#define MOSAIC_PATTERNS_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_bits.h"

#define PAT_MAX_SHAPES 4
#define PAT_MAX_STAGES 16
#define PAT_MAX_DIGITS 8
#define PAT_MAX_COPIES 4096 /* of one shape */
#define PAT_TERMS 5
#define PAT_OFF 255 /* no cell of a board up to side 8 (240 bits) has this number */
/* More changed cells than this and the leaf reads every copy afresh: on side 8
 * that is some 1,000 look-ups (22 copies a cell, two each), about what reading
 * the whole board costs. Leaves in a row differ in 2 to 10 cells; after a pass
 * every tile's digit changes. */
#define PAT_REFRESH 24

/* A copy that reads a cell: the copy's number (all shapes' copies in order),
 * where its shape's table starts in a stage's row, and the shift of the
 * cell's digit in the copy's index (2j for digit j). */
struct PatLink { uint16_t copy, shift; uint32_t base; };

typedef struct {
    int side, cells, stages, shapes;
    int digits[PAT_MAX_SHAPES], count[PAT_MAX_SHAPES];
    long long base[PAT_MAX_SHAPES], stage_size;
    uint8_t *copies; /* shape by shape: count[k] copies of digits[k] bit numbers */
    int32_t *table;  /* stages x stage_size */
    long long terms[PAT_MAX_STAGES][PAT_TERMS];
    /* The copies that read bit b: links[at[b]] to links[at[b + 1]]. */
    struct PatLink *links;
    int at[257];
} Patterns;

/* The last leaf a search scored: its tiles, stage, every copy's index (all
 * shapes' copies in order) and the sum of their weights at that stage. */
typedef struct {
    int valid, stage;
    long long sum;
    u64 me[4], op[4];
    uint16_t index[PAT_MAX_SHAPES * PAT_MAX_COPIES];
} PatCache;

static inline long long pat_floordiv(long long a, long long b) {
    return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

/* Each cell's list of the copies that read it; 0 when out of memory. */
static inline int pattern_links(Patterns *p) {
    int copy = 0, cells = 0;
    const uint8_t *c = p->copies;
    memset(p->at, 0, sizeof p->at);
    for (int k = 0; k < p->shapes; k++) cells += p->count[k] * p->digits[k];
    for (int i = 0; i < cells; i++)
        if (c[i] != PAT_OFF) p->at[c[i] + 1]++;
    for (int b = 0; b < 256; b++) p->at[b + 1] += p->at[b];
    int fill[256];
    memcpy(fill, p->at, sizeof fill);
    p->links = malloc(sizeof(struct PatLink) * (size_t)(p->at[256] + 1));
    if (!p->links) return 0;
    for (int k = 0; k < p->shapes; k++)
        for (int i = 0; i < p->count[k]; i++, copy++, c += p->digits[k])
            for (int j = 0; j < p->digits[k]; j++)
                if (c[j] != PAT_OFF)
                    p->links[fill[c[j]]++] = (struct PatLink){(uint16_t)copy, (uint16_t)(2 * j), (uint32_t)p->base[k]};
    return 1;
}

/* The sum of the weights of every copy's index at a stage. */
static inline long long pat_total(const Patterns *p, const uint16_t *index, int stage) {
    const int32_t *row = p->table + stage * p->stage_size;
    long long total = 0;
    for (int k = 0; k < p->shapes; k++) {
        const int32_t *t = row + p->base[k];
        for (int i = 0; i < p->count[k]; i++) total += t[*index++];
    }
    return total;
}

/* Every copy's index read afresh from the position. */
static inline void pat_read(const Patterns *p, uint16_t *index, const u64 *me, const u64 *op) {
    uint8_t st[256];
    memset(st, 0, sizeof st);
    for (int i = 0; i < 4; i++) {
        for (u64 m = me[i]; m; m &= m - 1) st[i * 64 + ctz(m)] = 1;
        for (u64 m = op[i]; m; m &= m - 1) st[i * 64 + ctz(m)] = 2;
    }
    st[PAT_OFF] = 3;
    const uint8_t *c = p->copies;
    for (int k = 0; k < p->shapes; k++) {
        int d = p->digits[k];
        for (int i = 0; i < p->count[k]; i++, c += d) {
            unsigned x = 0;
            for (int j = d - 1; j >= 0; j--) x = x << 2 | st[c[j]];
            *index++ = (uint16_t)x;
        }
    }
}

/* The cached leaf's copies turned into the position (me, op), the sum kept
 * up at `row`'s stage (or left alone if row is NULL); 0, with the cache
 * half-changed, when more than PAT_REFRESH cells differ. */
static inline int pat_change(const Patterns *p, PatCache *cache, const u64 *me, const u64 *op,
                             const int32_t *row) {
    long long sum = cache->sum;
    int n = 0;
    for (int w = 0; w < 4; w++)
        for (u64 m = (me[w] ^ cache->me[w]) | (op[w] ^ cache->op[w]); m; m &= m - 1) {
            if (++n > PAT_REFRESH) return 0;
            int b = ctz(m);
            unsigned digit = (unsigned)(me[w] >> b & 1) | (unsigned)(op[w] >> b & 1) << 1;
            b += 64 * w;
            const struct PatLink *link = p->links + p->at[b], *end = p->links + p->at[b + 1];
            if (row) {
                for (; link < end; link++) {
                    uint16_t *x = &cache->index[link->copy];
                    const int32_t *t = row + link->base;
                    sum -= t[*x];
                    *x = (uint16_t)((*x & ~(3u << link->shift)) | digit << link->shift);
                    sum += t[*x];
                }
            } else {
                for (; link < end; link++) {
                    uint16_t *x = &cache->index[link->copy];
                    *x = (uint16_t)((*x & ~(3u << link->shift)) | digit << link->shift);
                }
            }
        }
    cache->sum = sum;
    return 1;
}

/* The score of the position (me, op: four words each) for its mover, with
 * `empty` empty cells and the five terms' values; cache holds the search's last
 * leaf and is left holding this one. */
static inline int pattern_score(const Patterns *p, PatCache *cache, const u64 *me, const u64 *op,
                                int empty, const int *terms) {
    int stage = empty * p->stages / (p->cells + 1);
    const int32_t *row = p->table + stage * p->stage_size;
    int same = cache->valid && stage == cache->stage;
    if (!cache->valid || !pat_change(p, cache, me, op, same ? row : NULL)) {
        pat_read(p, cache->index, me, op);
        cache->sum = pat_total(p, cache->index, stage);
    } else if (!same) {
        cache->sum = pat_total(p, cache->index, stage);
    }
    memcpy(cache->me, me, sizeof cache->me);
    memcpy(cache->op, op, sizeof cache->op);
    cache->stage = stage;
    cache->valid = 1;
    long long total = cache->sum;
    for (int j = 0; j < PAT_TERMS; j++) total += p->terms[stage][j] * terms[j];
    return (int)pat_floordiv(total, 100);
}

#endif
