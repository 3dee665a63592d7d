"""The optional compiled accelerator (docs/accel.md).

`make accel` compiles a listed set of hot modules with Cython into build/accel/ (never beside their sources) and
writes a manifest of each source's SHA-256 (`source_hash`: the .py and its .pxd, if any). With BOARDHALL_ACCEL=1,
`install` puts a finder first on sys.meta_path that loads a compiled module instead of its .py only when the .py (and
.pxd) still hash to what it was built from; every
other module, and every edited one, is imported from its .py as usual (one log line names those that fell back).
Without the variable, or without a build, nothing here runs beyond reading the variable.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "build" / "accel"
MANIFEST = "manifest.json"
log = logging.getLogger("app.accel")


def enabled(environ: os._Environ | dict = os.environ) -> bool:
    return environ.get("BOARDHALL_ACCEL", "").strip().lower() in ("1", "true", "yes", "on")


def source_hash(path: Path) -> str:
    """What a compiled module was built from: the SHA-256 of its .py, or, when an augmenting `.pxd` of the same name
    lies beside it (Cython reads it and compiles the module with its declarations: app/play/patch.pxd), of the .py
    followed by the .pxd. So editing, adding or removing the .pxd makes a build stale just as editing the .py does.
    scripts/build_accel.py records this very function's result."""
    digest = hashlib.sha256(path.read_bytes())
    pxd = path.with_suffix(".pxd")
    if pxd.is_file():
        digest.update(b"\0pxd\0")
        digest.update(pxd.read_bytes())
    return digest.hexdigest()


def ext_suffix() -> str:
    """The file ending this interpreter loads extensions under (it names the Python version and the platform)."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


class Finder(importlib.abc.MetaPathFinder):
    """Loads the named modules from their compiled files; declines every other name."""

    def __init__(self, compiled: dict[str, Path], fell_back: list[str]) -> None:
        self.compiled = compiled
        self.fell_back = fell_back

    def find_spec(self, fullname: str, path=None, target=None):  # noqa: ANN001
        so = self.compiled.get(fullname)
        if so is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(so))
        return importlib.util.spec_from_file_location(fullname, str(so), loader=loader)


def check(directory: Path) -> tuple[dict[str, Path], list[str], str]:
    """(usable compiled modules by name, modules that fall back to their .py, why the whole build is unusable or
    "")."""
    try:
        manifest = json.loads((directory / MANIFEST).read_text())
    except FileNotFoundError:
        return {}, [], f"nothing built in {directory} (make accel)"
    except (OSError, ValueError) as exc:
        return {}, [], f"unreadable manifest in {directory}: {exc}"
    modules = manifest.get("modules", {})
    if manifest.get("ext_suffix") != ext_suffix():
        return {}, sorted(modules), f"built for {manifest.get('ext_suffix')}, this Python loads {ext_suffix()}"
    compiled, fell_back = {}, []
    for name, entry in modules.items():
        source, so = ROOT / entry["source"], directory / entry["file"]
        if source.is_file() and so.is_file() and source_hash(source) == entry["sha256"] and name not in sys.modules:
            compiled[name] = so
        else:
            fell_back.append(name)
    return compiled, sorted(fell_back), ""


def install(environ: os._Environ | dict = os.environ) -> Finder | None:
    """Called once from app/__init__.py, before any other module of the app is imported."""
    if not enabled(environ):
        return None
    for finder in sys.meta_path:
        if isinstance(finder, Finder):
            return finder
    directory = Path(environ.get("BOARDHALL_ACCEL_DIR") or DEFAULT_DIR).resolve()
    compiled, fell_back, unusable = check(directory)
    if unusable:
        log.warning("accelerator: %s; running on .py only", unusable)
        return None
    if fell_back:
        log.warning("accelerator: %d modules compiled, %d fell back to .py (source changed since `make accel`): %s",
                    len(compiled), len(fell_back), ", ".join(fell_back))
    else:
        log.info("accelerator: %d modules compiled", len(compiled))
    finder = Finder(compiled, fell_back)
    sys.meta_path.insert(0, finder)
    return finder


def status() -> dict:
    """What is in use, for logs and tests: compiled modules actually imported from their compiled file."""
    finder = next((f for f in sys.meta_path if isinstance(f, Finder)), None)
    if finder is None:
        return {"enabled": False, "loaded": [], "fell_back": []}
    loaded = sorted(name for name, so in finder.compiled.items()
                    if getattr(sys.modules.get(name), "__file__", None) == str(so))
    return {"enabled": True, "loaded": loaded, "fell_back": finder.fell_back}
