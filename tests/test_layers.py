"""The direction of dependency in app/: every import points down the layers, or stays within its layer, and no
modules import each other in a circle. Read from the source (ast), so an import made inside a function counts like
any other. One made only for type checking (under `if TYPE_CHECKING:`) must not point up a layer either, but it may
name a type of the module that uses this one (the hub a clock keeper is given): nothing runs it, so it makes no
circle.

docs/architecture.md says what each layer is for and how live play tells the layers above it what happened.
"""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "app"

# Lowest first; a module belongs to the first layer one of whose prefixes names it or a package holding it.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("rules", ("app.engine", "app.games")),
    ("support", ("app.accel", "app.config", "app.errors", "app.i18n", "app.observability", "app.web")),
    ("accounts", ("app.db", "app.accounts")),
    ("tables", ("app.lobby",)),
    ("live play", ("app.play",)),
    ("records", ("app.history", "app.replays", "app.tournaments", "app.friends", "app.mail")),
    ("assembly", ("app.main",)),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(APP.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(APP.rglob("*.py"))}


def layer_of(module: str) -> int | None:
    for rank, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return rank
    return None


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside `if TYPE_CHECKING:` blocks."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            inside |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return inside


def imports_of(module: str, path: Path, known: dict[str, Path], typing: bool = True) -> set[str]:
    """The app modules `module` imports (a name imported from a package counts as its submodule when it is one);
    with `typing` False, leaving out those imported only for type checking."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(), str(path))
    skipped = set() if typing else _type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in found if m in known and m != module}


def import_graph(typing: bool = True) -> dict[str, set[str]]:
    known = modules()
    return {m: imports_of(m, p, known, typing) for m, p in known.items()}


def test_every_module_of_app_has_a_layer():
    assert [m for m in modules() if m != "app" and layer_of(m) is None] == []


def test_no_import_points_up_a_layer():
    upward = [f"{m} ({LAYERS[layer_of(m)][0]}) imports {d} ({LAYERS[layer_of(d)][0]})"
              for m, deps in sorted(import_graph().items()) for d in sorted(deps)
              if m != "app" and d != "app" and layer_of(d) > layer_of(m)]
    assert upward == []


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph` as its modules in order (the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                return path[path.index(dep):] + [dep]
            if dep not in state and (cycle := visit(dep)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_no_import_cycle():
    assert find_cycle(import_graph(typing=False)) is None


def test_the_check_sees_a_cycle_and_an_upward_import():
    # The checks themselves, on imports made up for the purpose: a circle of three, and lobby importing live play.
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    assert layer_of("app.play.hub") > layer_of("app.lobby.service") > layer_of("app.engine.kit")
    # What the graph is read from: relative and absolute imports, a module imported by name from its package, and
    # one imported only for type checking, left out of the cycle check alone.
    known = modules()
    store = imports_of("app.play.store", APP / "play" / "store.py", known)
    assert {"app.play.writer", "app.observability", "app.db.models"} <= store
    assert "app.play.hub" in imports_of("app.play.clocks", APP / "play" / "clocks.py", known)
    assert "app.play.hub" not in imports_of("app.play.clocks", APP / "play" / "clocks.py", known, typing=False)
