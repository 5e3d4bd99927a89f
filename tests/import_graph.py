"""The import graph of one package, read as text, and its cycles.

Every `import` and `from ... import` statement of a module counts, wherever it stands: at the top, under
`if TYPE_CHECKING:`, inside a function. A cycle that only the type checker or a late import would follow is still
a cycle in the layering, and a structure checker that reads the imports as text sees it.

`import_graph(package_dir)` maps each module of the package (its dotted name inside the package: "cards",
"sub.mod", "__init__" for the package itself) to the modules of the same package it imports; `cycles(package_dir)`
lists the circles of that graph, empty when the modules are layered. Any package works: the dotted name of the
package is found from the `__init__.py` files above it.
"""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

__all__ = ["cycles", "import_graph", "package_name"]


def package_name(package_dir: Path | str) -> str:
    """The dotted name of the package at `package_dir` (its parents up to the first without `__init__.py`)."""
    path = Path(package_dir).resolve()
    parts = [path.name]
    parent = path.parent
    while (parent / "__init__.py").is_file():
        parts.append(parent.name)
        parent = parent.parent
    return ".".join(reversed(parts))


def _modules(package_dir: Path) -> dict[str, Path]:
    """Every module of the package, by its dotted name inside the package ("__init__" for a package itself)."""
    out: dict[str, Path] = {}
    for path in sorted(package_dir.rglob("*.py")):
        rel = path.relative_to(package_dir).with_suffix("")
        if any(not (package_dir.joinpath(*rel.parts[:i]) / "__init__.py").is_file() for i in range(1, len(rel.parts))):
            continue  # a directory that is not a subpackage
        out[".".join(rel.parts)] = path
    return out


def _imported(tree: ast.AST, here: list[str]) -> list[tuple[str, list[str]]]:
    """Every import of a module as (absolute module name, names taken from it: [] for `import x`). `here` is the
    dotted name of the package the module is in, as parts (for relative imports)."""
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            out.append((name, [alias.name for alias in node.names]))
    return out


def import_graph(package_dir: Path | str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports (itself left out)."""
    package_dir = Path(package_dir)
    root = package_name(package_dir)
    modules = _modules(package_dir)

    def local(absolute: str) -> str | None:
        if absolute == root:
            return "__init__"
        if absolute.startswith(root + "."):
            rel = absolute[len(root) + 1:]
            if rel in modules:
                return rel
            if rel + ".__init__" in modules:
                return rel + ".__init__"
        return None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        parts = name.split(".")
        package_parts = root.split(".") + parts[:-1]
        targets: set[str] = set()
        for absolute, names in _imported(ast.parse(path.read_text(encoding="utf-8"), str(path)), package_parts):
            for item in names:  # `from pkg import mod` imports the module pkg.mod
                sub = local(f"{absolute}.{item}")
                if sub is not None:
                    targets.add(sub)
                    continue
                target = local(absolute)
                if target is not None:
                    targets.add(target)
            if not names:
                target = local(absolute)
                if target is not None:
                    targets.add(target)
        targets.discard(name)
        graph[name] = targets
    return graph


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components (Tarjan), iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[set[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.add(top)
                    if top == node:
                        break
                out.append(component)
    return out


def _path(graph: dict[str, set[str]], start: str, goal: str, within: set[str]) -> list[str]:
    """A shortest path start -> goal inside `within` (breadth first, neighbours in name order)."""
    before: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            break
        for child in sorted(graph[node] & within):
            if child not in before:
                before[child] = node
                queue.append(child)
    path = [goal]
    while (prev := before[path[-1]]) is not None:
        path.append(prev)
    return path[::-1]


def cycles(package_dir: Path | str) -> list[list[str]]:
    """The circles of the package's import graph: for every import a -> b that lies on some circle, a shortest
    circle through it, written [a, b, ..., a] from its smallest module name. Each circle is listed once; the list
    is empty when no module imports, directly or not, a module that imports it back."""
    graph = import_graph(package_dir)
    found: set[tuple[str, ...]] = set()
    for component in _components(graph):
        if len(component) < 2:
            continue
        for a in sorted(component):
            for b in sorted(graph[a] & component):
                ring = [a, *_path(graph, b, a, component)[:-1]]
                first = ring.index(min(ring))
                found.add(tuple(ring[first:] + ring[:first]))
    return [[*ring, ring[0]] for ring in sorted(found)]


if __name__ == "__main__":
    import sys

    for directory in sys.argv[1:]:
        rings = cycles(directory)
        for ring in rings:
            print(f"{directory}: {' -> '.join(ring)}")
        if not rings:
            print(f"{directory}: no import cycle")
