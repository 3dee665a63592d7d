"""Race: the benchmark micro-game (registered only with BOARDHALL_BENCH_GAMES=1)."""

from app.engine import register

from .rules import Race

GAME = register(Race())
