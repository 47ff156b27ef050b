/* The Python interface of the compiled middle-game search (see _search.c). */
#include "_search.h"

#define CAPSULE "game.ai._search.Search"

static void search_free(PyObject *capsule) {
    Search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s) {
        free(s->tt);
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

static int weights_arg(Search *s, PyObject *o) {
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
    s->tt_max_mask = size - 1;
    size = size < 4096 ? size : 4096;
    s->tt = calloc((size_t)size, sizeof(Entry));
    s->plies = calloc(2 * MAX_PLY, sizeof(Groups));
    s->chain = calloc(2 * MAX_CHAIN, sizeof(Groups));
    if (!s->tt || !s->plies || !s->chain) {
        free(s->tt);
        free(s->plies);
        free(s->chain);
        free(s);
        return PyErr_NoMemory();
    }
    s->tt_mask = size - 1;
    s->tt_limit = (u64)limit;
    s->tt_gen = 1;
    PyObject *capsule = PyCapsule_New(s, CAPSULE, search_free);
    if (!capsule) {
        free(s->tt);
        free(s->plies);
        free(s->chain);
        free(s);
    }
    return capsule;
}

static PyObject *py_clear(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    Search *s = idle(capsule);
    if (!s) return NULL;
    tt_clear(s);
    Py_RETURN_NONE;
}

static PyObject *py_size(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    Search *s = idle(capsule);
    return s ? PyLong_FromUnsignedLongLong(s->tt_count) : NULL;
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
    for (int i = 0; scores && !s->stopped && i < s->root_turns; i++) {
        PyObject *pair = Py_BuildValue("(ii)", out[2 * i], out[2 * i + 1]);
        if (!pair || PyList_Append(scores, pair) < 0) Py_CLEAR(scores);
        Py_XDECREF(pair);
    }
    free(out);
    if (!scores) return NULL;
    return Py_BuildValue("iiNLO", best_turn, score, scores, s->nodes, s->stopped ? Py_False : Py_True);
}

static PyMethodDef methods[] = {
    {"new", py_new, METH_VARARGS, "new(side, table_limit): a search with an empty table"},
    {"clear", py_clear, METH_VARARGS, "clear(handle): empty the transposition table"},
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

PyMODINIT_FUNC PyInit__search(void) { return PyModule_Create(&module); }
