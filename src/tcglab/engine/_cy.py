"""What tcglab's modules use of Cython's `cython` module when Cython is not installed.

The compiled build (tools/compile.py) reads a module's `import cython` as C types and
directives (Cython's pure Python mode); as plain Python, with Cython installed, the same
import gives Cython's own stand-ins. This module is the stand-in of the core install,
where Cython is absent: every type is a plain Python type and every directive changes
nothing, so the module runs as ordinary Python.

    try:
        import cython  # the compiled build needs this very line
    except ModuleNotFoundError:
        from tcglab.engine import _cy as cython
"""

from __future__ import annotations

compiled = False

# C types, as the Python values they hold in plain Python.
long = int
ulonglong = int
Py_ssize_t = int
bint = bool


def declare(_type, value):
    """cython.declare(type, value): a C variable in the compiled build; the value here."""
    return value


def locals(**_types):  # Cython's name
    """@cython.locals(name=type, ...): C types of a function's locals; none here."""
    return _unchanged


def returns(_type):
    """@cython.returns(type): a C function's C return type; none here."""
    return _unchanged


def cfunc(function):
    """@cython.cfunc: a C function in the compiled build; a plain function here."""
    return function


def _unchanged(function):
    return function
