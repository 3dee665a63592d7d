"""The optional compiled accelerator (app/accel.py, docs/accel.md): a compiled module is used only when it is
enabled and its source is the one it was built from; otherwise the .py is imported, and one log line says which
modules fell back. Each check runs in a fresh interpreter, since the finder is installed when `app` is imported.

The build needs Cython and a C compiler (`pip install -e '.[accel]'`); without Cython the tests that need a build are
skipped, and .ci/run installs it and runs this file with the accelerator's step.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = "app.engine.text"  # small, compiled in every build, imported by every game
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]

PROBE = f"""
import json, sys
import {MODULE} as m
import app.accel
from app.engine.text import t
print(json.dumps({{"file": m.__file__, "status": app.accel.status(), "t": repr(t("x", n=1))}}))
"""


def probe(env: dict[str, str]) -> tuple[dict, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("BOARDHALL_ACCEL")}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env={**clean, **env}, capture_output=True,
                          text=True, timeout=120, check=True)
    return json.loads(done.stdout.splitlines()[-1]), done.stderr


@pytest.fixture(scope="module")
def build(tmp_path_factory) -> Path:
    pytest.importorskip("Cython", reason="the accelerator's build needs Cython: pip install -e '.[accel]'")
    out = tmp_path_factory.mktemp("accel")
    subprocess.run([sys.executable, "scripts/build_accel.py", "--modules", MODULE, "--out", str(out)], cwd=ROOT,
                   check=True, capture_output=True, timeout=600)
    return out


def copy_of(build: Path, tmp_path: Path, change) -> Path:  # noqa: ANN001
    out = tmp_path / "accel"
    shutil.copytree(build, out)
    manifest = json.loads((out / "manifest.json").read_text())
    change(manifest)
    (out / "manifest.json").write_text(json.dumps(manifest))
    return out


def test_without_the_variable_every_module_is_imported_from_its_py(build: Path) -> None:
    seen, log = probe({"BOARDHALL_ACCEL_DIR": str(build)})
    assert seen["file"].endswith("app/engine/text.py")
    assert seen["status"]["enabled"] is False and log == ""


def test_a_built_module_whose_source_is_unchanged_is_loaded_compiled(build: Path) -> None:
    seen, log = probe({"BOARDHALL_ACCEL": "1", "BOARDHALL_ACCEL_DIR": str(build)})
    assert seen["file"].startswith(str(build)) and seen["file"].endswith(SUFFIX)
    assert seen["status"]["loaded"] == [MODULE] and seen["status"]["fell_back"] == []
    assert seen["t"] == probe({})[0]["t"]  # and it does what the .py does
    assert "fell back" not in log


def test_a_module_whose_source_changed_since_the_build_falls_back_to_its_py_with_one_log_line(
        build: Path, tmp_path: Path) -> None:
    # The manifest names the hash of the source the build read; a source edited since hashes differently.
    stale = copy_of(build, tmp_path, lambda m: m["modules"][MODULE].update(sha256="0" * 64))
    seen, log = probe({"BOARDHALL_ACCEL": "1", "BOARDHALL_ACCEL_DIR": str(stale)})
    assert seen["file"].endswith("app/engine/text.py")
    assert seen["status"] == {"enabled": True, "loaded": [], "fell_back": [MODULE]}
    lines = [line for line in log.splitlines() if "accelerator" in line]
    assert len(lines) == 1 and MODULE in lines[0] and "fell back" in lines[0]


def test_a_build_for_another_python_is_not_used(build: Path, tmp_path: Path) -> None:
    other = copy_of(build, tmp_path, lambda m: m.update(ext_suffix=".cpython-399-other.so"))
    seen, log = probe({"BOARDHALL_ACCEL": "1", "BOARDHALL_ACCEL_DIR": str(other)})
    assert seen["file"].endswith("app/engine/text.py")
    assert "built for .cpython-399-other.so" in log


def test_enabled_without_a_build_runs_on_py_and_says_so(tmp_path: Path) -> None:
    seen, log = probe({"BOARDHALL_ACCEL": "1", "BOARDHALL_ACCEL_DIR": str(tmp_path / "none")})
    assert seen["file"].endswith("app/engine/text.py")
    assert "nothing built" in log and "make accel" in log


def test_the_build_writes_nothing_beside_the_sources(build: Path) -> None:
    # An extension beside its .py would be imported instead of it by plain Python, edited or not.
    beside = [p for p in (ROOT / "app").rglob("*") if p.suffix in (".so", ".c", ".pyd")]
    assert beside == []


def test_this_session_runs_the_build_when_the_accelerator_is_on() -> None:
    # `make test-accel` sets BOARDHALL_ACCEL=1 after a fresh `make accel`: its tests must run the compiled modules,
    # every one of them current; `make test` runs the .py files only.
    import app.accel
    import app.play.hub  # noqa: F401 - the hub's modules, and the games' through the registry
    from app.engine.registry import load_games

    load_games()
    state = app.accel.status()
    if app.accel.enabled():
        assert state["fell_back"] == [] and len(state["loaded"]) >= 40, state
    else:
        assert state == {"enabled": False, "loaded": [], "fell_back": []}


def test_the_hash_of_a_module_covers_the_pxd_beside_it(tmp_path: Path) -> None:
    # Cython compiles a module with the declarations of an augmenting .pxd of its name (app/play/patch.pxd): the
    # build is of the .py and the .pxd, so the build script records, and the check compares, one hash of both.
    import app.accel
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_accel
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    source = tmp_path / "m.py"
    source.write_text("def f(x):\n    return x\n")
    hashes = [app.accel.source_hash(source)]
    (tmp_path / "m.pxd").write_text("cdef f(x)\n")
    hashes.append(app.accel.source_hash(source))
    (tmp_path / "m.pxd").write_text("cpdef f(x)\n")
    hashes.append(app.accel.source_hash(source))
    assert len(set(hashes)) == 3
    assert build_accel.source_hash(source) == hashes[-1]
    patch = ROOT / "app" / "play" / "patch.py"
    assert patch.with_suffix(".pxd").is_file() and build_accel.source_hash(patch) == app.accel.source_hash(patch)


def test_a_module_whose_pxd_changed_since_the_build_falls_back_to_its_py(tmp_path: Path) -> None:
    # What `check` compares for a module typed by a .pxd: an edit of the .pxd alone makes its build stale.
    import app.accel
    source, pxd = tmp_path / "src" / "m.py", tmp_path / "src" / "m.pxd"
    source.parent.mkdir()
    source.write_text("def f(x):\n    return x\n")
    pxd.write_text("cdef f(x)\n")
    build = tmp_path / "accel"
    (build / "lib").mkdir(parents=True)
    (build / "lib" / ("m" + SUFFIX)).write_bytes(b"")  # `check` looks at the file's presence, never loads it
    entry = {"source": str(source), "sha256": app.accel.source_hash(source), "file": "lib/m" + SUFFIX}
    (build / "manifest.json").write_text(json.dumps({"ext_suffix": SUFFIX, "modules": {"typed_probe_m": entry}}))
    compiled, fell_back, unusable = app.accel.check(build)
    assert list(compiled) == ["typed_probe_m"] and fell_back == [] and unusable == ""
    pxd.write_text("cpdef f(x)\n")
    compiled, fell_back, unusable = app.accel.check(build)
    assert compiled == {} and fell_back == ["typed_probe_m"]
    pxd.unlink()  # a .pxd removed since the build changes the compiled module too
    assert app.accel.check(build)[1] == ["typed_probe_m"]
