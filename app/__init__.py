"""Boardhall: an online board-game hall (see README.md and docs/)."""

from . import accel as _accel

_accel.install()  # compiled hot modules, only with BOARDHALL_ACCEL=1 and a matching `make accel` build (docs/accel.md)
