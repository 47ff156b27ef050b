/* The Python interface of the compiled middle-game search (see _search.c). */
#include "_search.h"

#define CAPSULE "game.ai._search.Search"

static void search_free(PyObject *capsule) {
    Search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s) {
        free(s->own.tt); /* NULL in a helper: the table is the helped search's */
        Py_XDECREF(s->helped);
        free(s->plies);
        free(s->chain);
        free(s);
    }
}

/* The handle's search, if it is not searching: it serves one call at a time. */
static Search *idle(PyObject *capsule) {
    Search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s && s->busy) {
        PyErr_SetString(PyExc_RuntimeError,
                        "this search handle is searching already: it serves one call at a time");
        return NULL;
    }
    return s;
}

/* A board from 32 little-endian bytes (any host order). */
static int board_arg(Search *s, PyObject *o, BB *out) {
    char *buf;
    Py_ssize_t len;
    if (!PyBytes_Check(o) || PyBytes_AsStringAndSize(o, &buf, &len) < 0 || len != 8 * W) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a board is 32 bytes");
        return 0;
    }
    for (int i = 0; i < W; i++) {
        out->w[i] = 0;
        for (int j = 7; j >= 0; j--) out->w[i] = out->w[i] << 8 | (unsigned char)buf[8 * i + j];
    }
    if (!bempty(bandn(*out, s->full))) {
        PyErr_SetString(PyExc_ValueError, "a board has tiles off this board");
        return 0;
    }
    return 1;
}

#define PATTERNS "game.ai._search.Patterns"

/* Pattern weights (a capsule from patterns()) for this side, or 7 ints. */
static int weights_arg(Search *s, PyObject *o) {
    s->pat = NULL;
    s->cache.valid = 0; /* it may hold another weights' indices */
    if (PyCapsule_CheckExact(o)) {
        Patterns *p = PyCapsule_GetPointer(o, PATTERNS);
        if (!p) return 0;
        if (p->side != s->n) {
            PyErr_Format(PyExc_ValueError, "the pattern weights were made for side %d, not %d",
                         p->side, s->n);
            return 0;
        }
        s->pat = p;
        return 1;
    }
    PyObject *seq = PySequence_Fast(o, "weights must be a sequence");
    if (!seq) return 0;
    int ok = PySequence_Fast_GET_SIZE(seq) == 7;
    for (Py_ssize_t i = 0; ok && i < 7; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        ok = !PyErr_Occurred() && v > -100000 && v < 100000;
        s->weights[i] = (int)v;
    }
    Py_DECREF(seq);
    if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "weights: 7 ints under 100,000");
    return ok;
}

/* The arguments every search takes, and the search's state set up to run. */
static Search *begin(PyObject *capsule, PyObject *me_arg, PyObject *op_arg, PyObject *weights,
                     long long limit, PyObject *check, BB *me, BB *op) {
    Search *s = idle(capsule);
    if (!s || !board_arg(s, me_arg, me) || !board_arg(s, op_arg, op) || !weights_arg(s, weights))
        return NULL;
    if (!bempty(band(*me, *op))) {
        PyErr_SetString(PyExc_ValueError, "a cell holds tiles of both players");
        return NULL;
    }
    if (!caller_begin(&s->caller, check)) return NULL;
    s->busy = 1;
    s->nodes = 0;
    s->limit = limit;
    s->stopped = s->overflow = 0;
    s->top = 0;
    return s;
}

/* 0 and an exception set if the search failed; 1 otherwise. */
static int end(Search *s) {
    caller_end(&s->caller);
    s->busy = 0;
    if (PyErr_Occurred()) return 0; /* check raised: pass it on */
    if (s->overflow) {
        PyErr_SetString(PyExc_OverflowError, "a position has more turns than the compiled search holds");
        return 0;
    }
    return 1;
}

static void patterns_free(PyObject *capsule) {
    Patterns *p = PyCapsule_GetPointer(capsule, PATTERNS);
    if (p) {
        free(p->copies);
        free(p->table);
        free(p->links);
        free(p);
    }
}

/* patterns(side, stages, [(digits, copies), ...], cells, table, terms): the
 * weights of a pattern evaluation for one side, checked, as a capsule. */
static PyObject *py_patterns(PyObject *Py_UNUSED(self), PyObject *args) {
    int side, stages;
    PyObject *shapes, *terms;
    const char *cells, *table;
    Py_ssize_t cells_len, table_len;
    if (!PyArg_ParseTuple(args, "iiOy#y#O", &side, &stages, &shapes, &cells, &cells_len, &table,
                          &table_len, &terms))
        return NULL;
    Search *geo = calloc(1, sizeof(Search)); /* for the board's shape only */
    if (!geo) return PyErr_NoMemory();
    if (!search_init(geo, side)) {
        free(geo);
        PyErr_SetString(PyExc_ValueError, "the compiled search plays sides 2 to 8");
        return NULL;
    }
    BB full = geo->full;
    int cell_count = geo->cells;
    free(geo);
    Patterns *p = calloc(1, sizeof(Patterns));
    if (!p) return PyErr_NoMemory();
    p->side = side, p->cells = cell_count, p->stages = stages;
    const char *why = NULL;
    PyObject *seq = PySequence_Fast(shapes, "shapes must be a sequence of (digits, copies)");
    long long want_cells = 0;
    if (!seq) goto fail;
    p->shapes = (int)PySequence_Fast_GET_SIZE(seq);
    if (stages < 1 || stages > PAT_MAX_STAGES) why = "stages: 1 to 16";
    else if (p->shapes < 1 || p->shapes > PAT_MAX_SHAPES) why = "shapes: 1 to 4";
    for (int k = 0; !why && k < p->shapes; k++) {
        int d, n;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, k), "ii", &d, &n)) goto fail;
        if (d < 1 || d > PAT_MAX_DIGITS || n < 0 || n > PAT_MAX_COPIES) why = "a shape has 1 to 8 digits and at most 4096 copies";
        else {
            p->digits[k] = d, p->count[k] = n, p->base[k] = p->stage_size;
            p->stage_size += 1ll << (2 * d);
            want_cells += (long long)d * n;
        }
    }
    Py_CLEAR(seq);
    if (!why && cells_len != want_cells) why = "cells: one byte for each digit of each copy";
    if (!why && table_len != 4 * stages * p->stage_size) why = "table: stages x the full tables, 4 bytes each";
    for (Py_ssize_t i = 0; !why && i < cells_len; i++) {
        int b = (unsigned char)cells[i];
        if (b != PAT_OFF && bempty(band(bbit(b), full))) why = "cells: a bit number off this board";
    }
    if (why) {
        PyErr_SetString(PyExc_ValueError, why);
        goto fail;
    }
    seq = PySequence_Fast(terms, "terms must be a sequence");
    if (!seq) goto fail;
    if (PySequence_Fast_GET_SIZE(seq) != (Py_ssize_t)stages * PAT_TERMS) {
        PyErr_SetString(PyExc_ValueError, "terms: 5 for each stage");
        goto fail;
    }
    for (int i = 0; i < stages * PAT_TERMS; i++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (PyErr_Occurred()) goto fail;
        if (v < -1000000 || v > 1000000) {
            PyErr_SetString(PyExc_ValueError, "terms: whole numbers within 1,000,000");
            goto fail;
        }
        p->terms[i / PAT_TERMS][i % PAT_TERMS] = v;
    }
    Py_CLEAR(seq);
    p->copies = malloc((size_t)cells_len + 1);
    p->table = malloc((size_t)table_len);
    if (!p->copies || !p->table) {
        PyErr_NoMemory();
        goto fail;
    }
    memcpy(p->copies, cells, (size_t)cells_len);
    if (!pattern_links(p)) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < table_len / 4; i++) { /* little-endian on any host */
        const unsigned char *b = (const unsigned char *)table + 4 * i;
        int32_t v = (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24);
        if (v < -1000000 || v > 1000000) {
            PyErr_SetString(PyExc_ValueError, "table: whole numbers within 1,000,000");
            goto fail;
        }
        p->table[i] = v;
    }
    PyObject *capsule = PyCapsule_New(p, PATTERNS, patterns_free);
    if (capsule) return capsule;
fail:
    Py_XDECREF(seq);
    free(p->copies);
    free(p->table);
    free(p->links);
    free(p);
    return NULL;
}

static PyObject *py_new(PyObject *Py_UNUSED(self), PyObject *args) {
    int side;
    long long limit;
    if (!PyArg_ParseTuple(args, "iL", &side, &limit)) return NULL;
    if (limit < 1 || limit > (1ll << 26)) {
        PyErr_SetString(PyExc_ValueError, "table_limit must be from 1 to 2**26");
        return NULL;
    }
    Search *s = calloc(1, sizeof(Search));
    if (!s) return PyErr_NoMemory();
    if (!search_init(s, side)) {
        free(s);
        PyErr_SetString(PyExc_ValueError, "the compiled search plays sides 2 to 8");
        return NULL;
    }
    u64 size = 16;
    while (size < 2 * (u64)limit + 2) size <<= 1; /* at most half full: short probes */
    s->t = &s->own;
    s->own.max_mask = size - 1;
    size = size < 4096 ? size : 4096;
    s->own.tt = calloc((size_t)size, sizeof(Entry));
    s->plies = calloc(2 * MAX_PLY, sizeof(Groups));
    s->chain = calloc(2 * MAX_CHAIN, sizeof(Groups));
    if (!s->own.tt || !s->plies || !s->chain) {
        free(s->own.tt);
        free(s->plies);
        free(s->chain);
        free(s);
        return PyErr_NoMemory();
    }
    s->own.mask = size - 1;
    s->own.limit = (u64)limit;
    s->own.gen = 1;
    order_clear(s);
    PyObject *capsule = PyCapsule_New(s, CAPSULE, search_free);
    if (!capsule) {
        free(s->own.tt);
        free(s->plies);
        free(s->chain);
        free(s);
    }
    return capsule;
}

/* helper(handle): a search of the same side, with its own killers and history,
 * that stores in and reads from handle's table, at its full size from now on
 * (a shared table must not move): two threads search one position, each
 * finding the other's results (a "lazy" parallel search). The helped handle
 * is kept alive by the helper. */
static PyObject *py_helper(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    Search *helped = idle(capsule);
    if (!helped) return NULL;
    if (helped->helped) {
        PyErr_SetString(PyExc_ValueError, "a helper's table is another's: help that one");
        return NULL;
    }
    Search *s = calloc(1, sizeof(Search));
    if (!s) return PyErr_NoMemory();
    search_init(s, helped->n);
    s->plies = calloc(2 * MAX_PLY, sizeof(Groups));
    s->chain = calloc(2 * MAX_CHAIN, sizeof(Groups));
    if (!s->plies || !s->chain) {
        free(s->plies);
        free(s->chain);
        free(s);
        return PyErr_NoMemory();
    }
    tt_full(helped);
    s->t = &helped->own;
    s->pvs = helped->pvs, s->killers = helped->killers, s->history = helped->history;
    order_clear(s);
    PyObject *out = PyCapsule_New(s, CAPSULE, search_free);
    if (!out) {
        free(s->plies);
        free(s->chain);
        free(s);
        return NULL;
    }
    Py_INCREF(capsule);
    s->helped = capsule;
    return out;
}

static PyObject *py_clear(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    Search *s = idle(capsule);
    if (!s) return NULL;
    tt_clear(s);
    Py_RETURN_NONE;
}

static PyObject *py_options(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule;
    int pvs, killers, history;
    if (!PyArg_ParseTuple(args, "Oppi", &capsule, &pvs, &killers, &history)) return NULL;
    if (history < 0 || history > 2) {
        PyErr_SetString(PyExc_ValueError, "history is 0 (off), 1 (after size) or 2 (first)");
        return NULL;
    }
    Search *s = idle(capsule);
    if (!s) return NULL;
    s->pvs = pvs, s->killers = killers, s->history = history;
    Py_RETURN_NONE;
}

static PyObject *py_fresh(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    Search *s = idle(capsule);
    if (!s) return NULL;
    order_clear(s);
    Py_RETURN_NONE;
}

static PyObject *py_size(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    Search *s = idle(capsule);
    return s ? PyLong_FromUnsignedLongLong(s->t->count) : NULL;
}

static PyObject *py_negamax(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *me_arg, *op_arg, *weights, *check;
    int mover, depth, alpha, beta, exact;
    long long limit;
    if (!PyArg_ParseTuple(args, "OOOiiiipOLO", &capsule, &me_arg, &op_arg, &mover, &depth, &alpha,
                          &beta, &exact, &weights, &limit, &check))
        return NULL;
    BB me, op;
    Search *s = begin(capsule, me_arg, op_arg, weights, limit, check, &me, &op);
    if (!s) return NULL;
    int score = negamax(s, me, op, mover != 0, depth, alpha, beta, exact);
    if (!end(s)) return NULL;
    return Py_BuildValue("iLO", score, s->nodes, s->stopped ? Py_False : Py_True);
}

static PyObject *py_root(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *me_arg, *op_arg, *weights, *check;
    int mover, depth, exact, mode;
    long long limit;
    if (!PyArg_ParseTuple(args, "OOOiipiOLO", &capsule, &me_arg, &op_arg, &mover, &depth, &exact,
                          &mode, &weights, &limit, &check))
        return NULL;
    if (mode < 0 || mode > 2) {
        PyErr_SetString(PyExc_ValueError, "mode is 0, 1 (all scores) or 2 (ties)");
        return NULL;
    }
    BB me, op;
    Search *s = begin(capsule, me_arg, op_arg, weights, limit, check, &me, &op);
    if (!s) return NULL;
    int *out = malloc(sizeof(int) * 2 * POOL), best_turn = -1;
    int score = out ? root(s, me, op, mover != 0, depth, exact, mode, out, &best_turn) : 0;
    if (!end(s) || !out) {
        free(out);
        return out ? NULL : PyErr_NoMemory();
    }
    PyObject *scores = PyList_New(0);
    for (int i = 0; scores && i < s->root_turns; i++) {
        PyObject *pair = Py_BuildValue("(ii)", out[2 * i], out[2 * i + 1]);
        if (!pair || PyList_Append(scores, pair) < 0) Py_CLEAR(scores);
        Py_XDECREF(pair);
    }
    free(out);
    if (!scores) return NULL;
    return Py_BuildValue("iiNLO", best_turn, score, scores, s->nodes, s->stopped ? Py_False : Py_True);
}

static PyMethodDef methods[] = {
    {"patterns", py_patterns, METH_VARARGS,
     "patterns(side, stages, [(digits, copies)], cells, table, terms): pattern weights for a side"},
    {"new", py_new, METH_VARARGS, "new(side, table_limit): a search with an empty table"},
    {"helper", py_helper, METH_VARARGS,
     "helper(handle): a search sharing handle's table, for another thread"},
    {"clear", py_clear, METH_VARARGS, "clear(handle): empty the transposition table"},
    {"options", py_options, METH_VARARGS,
     "options(handle, pvs, killers, history): principal-variation search, killer turns,"
     " the history's mode (0 off, 1 after size, 2 first)"},
    {"fresh", py_fresh, METH_VARARGS, "fresh(handle): empty the killer turns and the history"},
    {"size", py_size, METH_VARARGS, "size(handle): the entries in the transposition table"},
    {"negamax", py_negamax, METH_VARARGS,
     "negamax(handle, me, op, mover, depth, alpha, beta, exact, weights, limit, check)"
     " -> (score, nodes, finished)"},
    {"root", py_root, METH_VARARGS,
     "root(handle, me, op, mover, depth, exact, mode, weights, limit, check)"
     " -> (best_index, best_score, [(index, score)], nodes, finished)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_search",
    .m_doc = "The middle-game search, compiled (see game/ai/search.py).",
    .m_size = -1,
    .m_methods = methods,
};

/* Bumped whenever a call's arguments change: game/ai/fastsearch.py leaves a
 * build of another interface aside (a checkout pulled and not rebuilt). */
#define SEARCH_INTERFACE 5

PyMODINIT_FUNC PyInit__search(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "INTERFACE", SEARCH_INTERFACE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
