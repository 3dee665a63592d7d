# Cython declarations for move.py when the accelerator compiles it (docs/accel.md), as app/play/patch.pxd does for
# the diff: the helpers a move calls inside this module become C calls (cpdef keeps a Python name for the modules
# that import them: game.py). `match_action` and `_own_copy` loop where they used all(<generator>): Cython compiles no
# closure in a C function. Pure Python never reads this file; its hash is part of move's manifest entry.
cimport cython

cdef frozenset _EXACT

cpdef prompt_json(object prompt)

cpdef _without_say(object action)

cpdef copy_state(object state)

cpdef filter_events(object events, object seat)

cpdef match_action(object action, object legal)

cdef _own_copy(object listed)

cdef bint _COMPILED

@cython.locals(out=dict, items=list, i=Py_ssize_t)
cpdef _copied(object value)
