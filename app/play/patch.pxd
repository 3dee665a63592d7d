# Cython declarations for patch.py when the accelerator compiles it (docs/accel.md): an "augmenting .pxd" that types
# the diff's helpers as C functions. Pure Python never reads this file; patch.py stays the only statement of what a
# patch is, and both ways must give the same ops (tests/test_patch.py, tests/test_accel.py). Its hash is part of
# patch's entry in build/accel/manifest.json, so an edit here makes the compiled patch stale like an edit of the .py.
cimport cython

cdef frozenset _LEAVES

cdef bint _same(object a, object b) except -1

@cython.locals(i=Py_ssize_t, changed=list, start=Py_ssize_t, paths=dict)
cpdef _diff(object old, object new, str path, list ops, dict memo)

@cython.locals(seen=tuple, start=Py_ssize_t)
cdef void _shared(object before, object value, str path, list ops, dict memo) except *

@cython.locals(shorter=Py_ssize_t, start=Py_ssize_t, end=Py_ssize_t, removed=Py_ssize_t, added=Py_ssize_t)
cdef void _diff_resized(object old, object new, str path, list ops) except *

cdef dict _PATHS

cdef Py_ssize_t _PATHS_KEPT

cdef dict _paths_of(str path)

cdef str _path_of(dict paths, str path, object key)
