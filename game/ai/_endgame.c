/* The ending solver of game/ai/endgame.py, compiled: the same search, about 30 times faster.
 *
 * Pure Python proves about 40,000 positions a second; a side-5 ending with 16
 * empty cells needs about two million, so Master could only settle it exactly
 * on the player's time. This module restates the solver in C for boards of
 * every side the game offers, with cells as bits in the Geometry's cell order:
 * one 64-bit word up to 64 cells (side 5 and smaller), two up to 128 (sides 6
 * and 7), four up to 256 (side 8); the search itself is _endgame_core.h, built
 * once for each width. It searches the positions the Python solver searches,
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
 *   new(neighbours, table_bits) -> handle (1 to 256 cells)
 *   clear(handle)
 *   probe(handle, me, op, alpha, beta, node_limit, check) -> (value, nodes, finished)
 *       alpha < beta (ValueError otherwise); check is None or a callable,
 *       called every 1,024 positions; a true answer (or the node limit, 0 for
 *       none) stops the probe: finished is then False. An exception from check,
 *       or a signal's (Ctrl-C), is raised.
 *   lookup(handle, me, op) -> (lower, upper, best) or None; best is the mover's
 *       cells after the table's best turn, 0 for none.
 * me and op are ints from 0 to 2**cells - 1, node_limit from 0 to 2**64 - 1
 * (ValueError otherwise).
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

#if defined(__linux__)
#include <sys/mman.h>
#endif

/* n zeroed bytes for the table of proved bounds, NULL when out of memory. A
 * search reads it at random, a page apart each time: where Linux offers huge
 * pages (2 MB), the table asks for them, so that the processor's map of pages
 * holds the whole table instead of missing at nearly every look-up. */
static void *table_alloc(size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *p = NULL;
    if (n >= (1u << 21) && posix_memalign(&p, 1u << 21, n) == 0) {
        madvise(p, n, MADV_HUGEPAGE);
        memset(p, 0, n);
        return p;
    }
#endif
    return calloc(1, n);
}

#define UNKNOWN 30000 /* a bound nothing has proved yet */
#define WINDOW (UNKNOWN - 1) /* windows are clamped to +-this; every value lies well inside */
#define MAX_GROUPS 128 /* a side-8 board holds at most 73 groups of one colour */
#define SEEN_BITS 13
#define SEEN_SIZE (1u << SEEN_BITS)
#define HIST_BITS 16
#define HIST_SIZE (1u << HIST_BITS)
#define POOL 65536 /* turns held at once along the search's path */
#define CHECK_EVERY 1023
#define MAX_CELLS 256
#define SPLIT_BITS 14 /* the table of how groups split (see pieces) */
#define SPLIT_SIZE (1u << SPLIT_BITS)
#define FLIP_DEPTH 64 /* the depth below which a flip's groups are found again */
#define ARENA 32768 /* groups kept for the flip turns along the path */

#if defined(__GNUC__) || defined(__clang__)
#define prefetch(p) __builtin_prefetch(p)
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#define prefetch(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
#define prefetch(p) ((void)(p))
#endif

/* What each board width offers the Python side: a solver behind a void pointer,
 * positions as words (as many as the width, lowest first). */
typedef struct {
    int words;
    void *(*make)(const u64 (*nbr)[4], int cells, int bits);
    void (*destroy)(void *s);
    void (*forget)(void *s);
    int (*on_board)(const void *s, const u64 *me, const u64 *op);
    Caller *(*caller)(void *s);
    int (*probe)(void *s, const u64 *me, const u64 *op, u64 limit, int alpha, int beta, u64 *nodes,
                 int *stopped, int *overflow);
    int (*lookup)(const void *s, const u64 *me, const u64 *op, int *lo, int *hi, u64 *best);
} Ops;

/* The search for one word (up to 64 cells: side 5 and smaller), two (128: sides
 * 6 and 7) and four (256: side 8). */
#define BW 1
#define F(name) name##_1
#include "_endgame_core.h"
#undef F
#undef BW
#define BW 2
#define F(name) name##_2
#include "_endgame_core.h"
#undef F
#undef BW
#define BW 4
#define F(name) name##_4
#include "_endgame_core.h"
#undef F
#undef BW

/* -- the Python side -------------------------------------------------------- */

#define CAPSULE "game.ai._endgame.Solver"

/* A handle: the solver, the width it was made for, and whether it searches. */
typedef struct {
    const Ops *ops;
    void *solver;
    /* A probe is under way. Set and read only while holding the interpreter, so
     * no lock is needed: the search's state (pool, seen sets, counters) is one
     * per handle, and two searches at once would tear it apart. */
    int busy;
} Handle;

static void handle_free(PyObject *capsule) {
    Handle *h = PyCapsule_GetPointer(capsule, CAPSULE);
    if (!h) return;
    h->ops->destroy(h->solver);
    free(h);
}

/* The handle, if it is not searching: it serves one probe at a time. */
static Handle *idle_handle(PyObject *capsule) {
    Handle *h = PyCapsule_GetPointer(capsule, CAPSULE);
    if (h && h->busy) {
        PyErr_SetString(PyExc_RuntimeError,
                        "this solver handle is searching already (a probe from another thread, "
                        "or a call from its own check): it serves one probe at a time");
        return NULL;
    }
    return h;
}

/* An int argument as a Python int (a new reference), or NULL with TypeError. */
static PyObject *int_arg(PyObject *o, const char *name) {
    if (!PyIndex_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", name, Py_TYPE(o)->tp_name);
        return NULL;
    }
    return PyNumber_Index(o);
}

/* An int argument as n 64-bit words, lowest first. The "K" format would take it
 * modulo 2**64, so that 2**64 + 1 quietly became position 1: refuse it instead,
 * by name. */
static int words_arg(PyObject *o, const char *name, u64 *out, int n) {
    PyObject *v = int_arg(o, name);
    if (!v) return 0;
    int sign = PyObject_RichCompareBool(v, Py_False, Py_LT); /* False is 0 */
    if (sign != 0) {
        if (sign > 0) PyErr_Format(PyExc_ValueError, "%s is negative: it must be from 0 to 2**%d - 1", name, 64 * n);
        Py_DECREF(v);
        return 0;
    }
    PyObject *shift = PyLong_FromLong(64);
    for (int i = 0; v && shift && i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLongMask(v);
        PyObject *rest = PyErr_Occurred() ? NULL : PyNumber_Rshift(v, shift);
        Py_DECREF(v);
        v = rest;
    }
    Py_XDECREF(shift);
    if (!v) return 0;
    int more = PyObject_IsTrue(v);
    Py_DECREF(v);
    if (more) {
        if (more > 0) PyErr_Format(PyExc_ValueError, "%s is past %d bits: it must be from 0 to 2**%d - 1", name, 64 * n, 64 * n);
        return 0;
    }
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

/* n words as a Python int. */
static PyObject *words_int(const u64 *w, int n) {
    PyObject *r = PyLong_FromUnsignedLongLong(w[n - 1]), *shift = PyLong_FromLong(64);
    for (int i = n - 2; r && shift && i >= 0; i--) {
        PyObject *up = PyNumber_Lshift(r, shift), *word = PyLong_FromUnsignedLongLong(w[i]);
        PyObject *sum = up && word ? PyNumber_Or(up, word) : NULL;
        Py_XDECREF(up);
        Py_XDECREF(word);
        Py_DECREF(r);
        r = sum;
    }
    Py_XDECREF(shift);
    if (!shift) Py_CLEAR(r);
    return r;
}

static PyObject *py_new(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *neighbours;
    int bits;
    if (!PyArg_ParseTuple(args, "Oi", &neighbours, &bits)) return NULL;
    PyObject *seq = PySequence_Fast(neighbours, "neighbours must be a sequence");
    if (!seq) return NULL;
    Py_ssize_t cells = PySequence_Fast_GET_SIZE(seq);
    if (cells < 1 || cells > MAX_CELLS || bits < 4 || bits > 30) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "the compiled solver takes 1 to 256 cells, 2^4 to 2^30 entries");
        return NULL;
    }
    /* Each cell's neighbours as words, checked, before any solver is made. */
    u64 nbr[MAX_CELLS][4];
    memset(nbr, 0, sizeof nbr);
    for (Py_ssize_t c = 0; c < cells; c++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, c), "a cell's neighbours");
        if (!row) {
            Py_DECREF(seq);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(row); i++) {
            long j = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, i));
            if (j < 0 || j >= cells) {
                Py_DECREF(row);
                Py_DECREF(seq);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a neighbour is not a cell");
                return NULL;
            }
            nbr[c][j >> 6] |= 1ull << (j & 63);
        }
        Py_DECREF(row);
    }
    Py_DECREF(seq);
    Handle *h = calloc(1, sizeof(Handle));
    if (!h) return PyErr_NoMemory();
    h->ops = cells <= 64 ? &ops_1 : cells <= 128 ? &ops_2 : &ops_4;
    h->solver = h->ops->make((const u64(*)[4])nbr, (int)cells, bits);
    if (!h->solver) {
        free(h);
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(h, CAPSULE, handle_free);
    if (!capsule) {
        h->ops->destroy(h->solver);
        free(h);
    }
    return capsule;
}

static PyObject *py_clear(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    Handle *h = idle_handle(capsule);
    if (!h) return NULL;
    h->ops->forget(h->solver);
    Py_RETURN_NONE;
}

/* The position (me, op) as words of the handle's width, on its board. */
static int position_args(Handle *h, PyObject *me_arg, PyObject *op_arg, u64 *me, u64 *op) {
    int n = h->ops->words;
    if (!words_arg(me_arg, "me", me, n) || !words_arg(op_arg, "op", op, n)) return 0;
    if (!h->ops->on_board(h->solver, me, op)) {
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
    Handle *h = idle_handle(capsule);
    u64 me[4] = {0}, op[4] = {0}, limit = 0;
    int a = 0, b = 0;
    if (!h || !position_args(h, me_arg, op_arg, me, op) || !window_args(alpha_arg, beta_arg, &a, &b) ||
        !words_arg(limit_arg, "node_limit", &limit, 1))
        return NULL;
    Caller *caller = h->ops->caller(h->solver);
    if (!caller_begin(caller, check)) return NULL;
    h->busy = 1;
    int stopped, overflow;
    u64 nodes;
    int value = h->ops->probe(h->solver, me, op, limit, a, b, &nodes, &stopped, &overflow);
    caller_end(caller);
    h->busy = 0;
    if (PyErr_Occurred()) return NULL; /* check raised: pass it on */
    if (overflow) {
        PyErr_SetString(PyExc_OverflowError, "a position has more turns than the compiled solver holds");
        return NULL;
    }
    return Py_BuildValue("iKO", value, (unsigned long long)nodes, stopped ? Py_False : Py_True);
}

static PyObject *py_lookup(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *me_arg, *op_arg;
    if (!PyArg_ParseTuple(args, "OOO", &capsule, &me_arg, &op_arg)) return NULL;
    /* Idle only: a search in another thread writes the table without a lock. */
    Handle *h = idle_handle(capsule);
    u64 me[4] = {0}, op[4] = {0};
    if (!h || !position_args(h, me_arg, op_arg, me, op)) return NULL;
    int lo, hi;
    u64 best[4] = {0};
    if (!h->ops->lookup(h->solver, me, op, &lo, &hi, best)) Py_RETURN_NONE;
    PyObject *b = words_int(best, h->ops->words);
    if (!b) return NULL;
    return Py_BuildValue("iiN", lo, hi, b);
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
