"""Build the optional compiled accelerator (`make accel`, docs/accel.md): Cython compiles the modules listed in
GROUPS, unchanged .py files (typed by an augmenting .pxd beside one where there is one: app/play/patch.pxd), into
build/accel/ and writes build/accel/manifest.json with each source's SHA-256 (app/accel.py's `source_hash`, which
covers the .pxd too), which app/accel.py checks before using a compiled module. Needs Cython (`pip install -e '.[accel]'`) and a C
compiler. A module whose source still hashes to its manifest entry is not rebuilt.

    .venv/bin/python scripts/build_accel.py [--jobs N] [--groups hub,games] [--out build/accel]
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES_WITH_RULES = ("goldrush", "river", "goldwest")  # Istanbul's and Jambo's rules.py define pydantic models with validators
GAME_MODULES = ("view", "scoring", "turn", "steps", "state")

# Modules left out, and why (measured in bench/README.md, issue 33): app/engine/kit.py (its plain part is plain.py,
# compiled) and game.py, the rules.py of Istanbul and Jambo define pydantic models with validators, which refuse
# Cython's function objects;
# app/play/writer.py runs as `python -m app.play.writer`, which needs a code object; routes.py is FastAPI's
# (signatures read by inspection) and off the move path.
GROUPS: dict[str, list[str]] = {
    "hub": ["app.play.hub", "app.play.patch", "app.play.clocks", "app.play.store", "app.play.runtime",
            "app.play.trail", "app.play.broker", "app.play.sockets", "app.play.notices", "app.play.messages",
            "app.engine.undo", "app.engine.text", "app.engine.move", "app.engine.memo", "app.engine.plain",
            "app.play.turnstats", "app.lobby.timing", "app.play.wsprotocol"],
    "games": [],
}
for _game in ("goldrush", "river", "goldwest", "istanbul", "jambo"):
    for _part in GAME_MODULES + (("rules",) if _game in GAMES_WITH_RULES else ()):
        _steps = ROOT / "app" / "games" / _game / "steps"
        if _part == "steps" and _steps.is_dir():  # a package: each of its modules but __init__
            GROUPS["games"] += [f"app.games.{_game}.steps.{p.stem}" for p in sorted(_steps.glob("*.py"))
                                if p.stem != "__init__"]
        else:
            GROUPS["games"].append(f"app.games.{_game}.{_part}")
GROUPS["games"].append("app.engine.steps")
# The race micro-game's rules (its options model has no validator): compiled like the real games' rules, so that its
# figure (bench/bench_move_cost.py) measures the platform's part of a move as the real games' figures do.
GROUPS["games"].append("app.games.race.rules")

DIRECTIVES = {"language_level": 3}
# -w: the generated C's warnings are Cython's own, not ours to act on; -g0: no debug information (a fifth of the
# size, a quarter less compile time; Python's own flags still give -O3).
CFLAGS = ["-w", "-g0"]


def _accel_rule():  # noqa: ANN202
    """app/accel.py, read by path: its `source_hash` is the one rule of what a build is of (the .py and its .pxd),
    shared with the check at import. Importing the `app` package instead would install the finder."""
    spec = importlib.util.spec_from_file_location("_boardhall_accel_rule", ROOT / "app" / "accel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


source_hash = _accel_rule().source_hash


def source_of(name: str) -> Path:
    return ROOT / (name.replace(".", "/") + ".py")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="compilers run at once")
    parser.add_argument("--groups", default=",".join(GROUPS), help=f"comma-separated, of: {', '.join(GROUPS)}")
    parser.add_argument("--modules", help="comma-separated module names instead of the groups (tests build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "accel")
    parser.add_argument("--directive", action="append", default=[], metavar="NAME=VALUE",
                        help="another Cython directive, for measuring (e.g. binding=False)")
    args = parser.parse_args()
    directives = dict(DIRECTIVES)
    for item in args.directive:
        key, _, value = item.partition("=")
        directives[key] = {"True": True, "False": False}.get(value, value)
    try:
        import Cython
        from Cython.Build import cythonize
    except ImportError:
        sys.exit("Cython is not installed: pip install -e '.[accel]' (the accelerator is optional; see docs/accel.md)")
    from setuptools import Distribution, Extension

    if args.modules:
        names = [n.strip() for n in args.modules.split(",")]
    else:
        names = [n for g in args.groups.split(",") for n in GROUPS[g.strip()]]
    out = args.out.resolve()
    manifest_path = out / "manifest.json"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    old: dict = {}
    if manifest_path.is_file():
        old = json.loads(manifest_path.read_text())
        if (old.get("ext_suffix"), old.get("cython"), old.get("directives"), old.get("cflags")) != (
                suffix, Cython.__version__, directives, CFLAGS):
            old = {}  # another Python or Cython built these: start again
    modules: dict[str, dict] = {}
    todo = []
    for name in names:
        source = source_of(name)
        digest = source_hash(source)  # hashed before compiling: an edit made during the build makes the entry stale,
        rel_so = name.replace(".", "/") + suffix  # never wrong
        entry = {"source": str(source.relative_to(ROOT)), "sha256": digest, "file": "lib/" + rel_so}
        modules[name] = entry
        previous = old.get("modules", {}).get(name)
        if previous != entry or not (out / entry["file"]).is_file():
            todo.append(name)
    started = time.monotonic()
    if todo:
        print(f"accel: compiling {len(todo)} of {len(names)} modules with Cython {Cython.__version__}, "
              f"{args.jobs} jobs", flush=True)
        extensions = [Extension(name, [str(source_of(name).relative_to(ROOT))], extra_compile_args=CFLAGS)
                      for name in todo]
        os.chdir(ROOT)  # the generated C and the build stay under `out`; the sources are only read
        extensions = cythonize(extensions, build_dir=str(out / "c"), compiler_directives=directives,
                               nthreads=args.jobs, force=True, quiet=True)
        dist = Distribution({"name": "boardhall-accel", "ext_modules": extensions})
        build = dist.get_command_obj("build_ext")
        build.build_lib = str(out / "lib")
        build.build_temp = str(out / "tmp")
        build.parallel = args.jobs
        build.inplace = False
        dist.run_command("build_ext")
        shutil.rmtree(out / "tmp", ignore_errors=True)
    for name, entry in list(modules.items()):
        if not (out / entry["file"]).is_file():
            sys.exit(f"accel: {name} was not built")
    manifest = {"ext_suffix": suffix, "cython": Cython.__version__, "directives": directives, "cflags": CFLAGS,
                "modules": modules}
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    print(f"accel: {len(modules)} modules ready in {out} ({len(todo)} compiled in {time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
