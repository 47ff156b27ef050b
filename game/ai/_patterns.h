/* The pattern evaluation of game/ai/patterns.py, compiled: the same sum of the
 * same weights, position for position (tests/ai/test_patterns.py).
 *
 * A Patterns holds, for one board side, every copy of every shape as the bit
 * numbers of its cells (255 for a cell off the board), and each stage's full
 * weight tables end to end. A copy's cells read as base-4 digits (0 empty, 1
 * the mover's, 2 the opponent's, 3 off the board), digit j worth 4**j, and
 * that number indexes its shape's table. The five terms of evaluate.py the
 * evaluation keeps (flips, places, groups, edge, single) add their weights;
 * the sum, in ten-thousandths of a tile, is floored to hundredths. */
#ifndef MOSAIC_PATTERNS_H
#define MOSAIC_PATTERNS_H
#include <stdint.h>
#include <string.h>

#include "_bits.h"

#define PAT_MAX_SHAPES 4
#define PAT_MAX_STAGES 16
#define PAT_MAX_DIGITS 8
#define PAT_TERMS 5
#define PAT_OFF 255 /* no cell of a board up to side 8 (240 bits) has this number */

typedef struct {
    int side, cells, stages, shapes;
    int digits[PAT_MAX_SHAPES], count[PAT_MAX_SHAPES];
    long long base[PAT_MAX_SHAPES], stage_size;
    uint8_t *copies; /* shape by shape: count[k] copies of digits[k] bit numbers */
    int32_t *table;  /* stages x stage_size */
    long long terms[PAT_MAX_STAGES][PAT_TERMS];
} Patterns;

static inline long long pat_floordiv(long long a, long long b) {
    return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

/* The score of the position (me, op: four words each) for its mover, with
 * `empty` empty cells and the five terms' values. */
static inline int pattern_score(const Patterns *p, const u64 *me, const u64 *op, int empty,
                                const int *terms) {
    uint8_t st[256];
    memset(st, 0, sizeof st);
    for (int i = 0; i < 4; i++) {
        for (u64 m = me[i]; m; m &= m - 1) st[i * 64 + ctz(m)] = 1;
        for (u64 m = op[i]; m; m &= m - 1) st[i * 64 + ctz(m)] = 2;
    }
    st[PAT_OFF] = 3;
    int stage = empty * p->stages / (p->cells + 1);
    const int32_t *row = p->table + stage * p->stage_size;
    const uint8_t *c = p->copies;
    long long total = 0;
    for (int k = 0; k < p->shapes; k++) {
        const int32_t *t = row + p->base[k];
        int d = p->digits[k];
        for (int i = 0; i < p->count[k]; i++, c += d) {
            unsigned index = 0;
            for (int j = d - 1; j >= 0; j--) index = index << 2 | st[c[j]];
            total += t[index];
        }
    }
    for (int j = 0; j < PAT_TERMS; j++) total += p->terms[stage][j] * terms[j];
    return (int)pat_floordiv(total, 100);
}

#endif
