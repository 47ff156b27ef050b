/* The caller of a compiled search (_endgame.c, _search.c): its interpreter, let
 * go of while the search runs, and its check, asked now and then whether to stop. */
#ifndef MOSAIC_CALLER_H
#define MOSAIC_CALLER_H
#include <Python.h>

typedef struct {
    PyObject *check; /* NULL for none */
    PyThreadState *thread;
} Caller;

/* Takes check (None or a callable: TypeError otherwise, and 0) and lets go of
 * the interpreter; 1 if the search may start. */
static inline int caller_begin(Caller *c, PyObject *check) {
    if (check != Py_None && !PyCallable_Check(check)) {
        PyErr_SetString(PyExc_TypeError, "check must be None or callable");
        return 0;
    }
    c->check = check == Py_None ? NULL : check;
    Py_XINCREF(c->check);
    c->thread = PyEval_SaveThread();
    return 1;
}

/* Should the search stop? Asks the check, and lets Ctrl-C through: signal
 * handlers only run while this thread holds the interpreter. An exception
 * (the check's, or a signal's) also says stop; it stays set for the caller. */
static inline int caller_says_stop(Caller *c) {
    PyEval_RestoreThread(c->thread);
    int stop = PyErr_CheckSignals() < 0;
    if (!stop && c->check) {
        PyObject *r = PyObject_CallNoArgs(c->check);
        stop = r == NULL ? 1 : PyObject_IsTrue(r);
        Py_XDECREF(r);
        if (stop < 0) stop = 1;
    }
    c->thread = PyEval_SaveThread();
    return stop;
}

/* Holds the interpreter again and lets go of the check. */
static inline void caller_end(Caller *c) {
    PyEval_RestoreThread(c->thread);
    Py_CLEAR(c->check);
}

#endif
