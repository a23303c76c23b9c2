"""The layers of the tool, as docs/architecture.md draws them: no module imports, even inside a
function, a module that imports it back (no import circle), and the commands know no game."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tetka_cli"


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: pathlib.Path) -> set[str]:
    """Every tetka_cli module this file imports, at the top or inside a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("tetka_cli"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("tetka_cli"):
                continue
            for a in node.names:  # `from . import views` names a module; `from .x import f` a name
                sub = f"{target}.{a.name}"
                found.add(sub if (PACKAGE.parent / (sub.replace(".", "/") + ".py")).exists() else target)
    return found


def graph() -> dict[str, set[str]]:
    mods = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {m: {i for i in imports(p) if i in mods and i != m} for m, p in mods.items()}


def test_no_module_imports_one_that_imports_it_back():
    g = graph()
    # A package's __init__ that imports nothing is no edge; look for any cycle among modules.
    state: dict[str, int] = {}
    cycles = []

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(g[m]):
            if state.get(n) == 1:
                cycles.append(path[path.index(n):] + [n] if n in path else [m, n])
            elif n not in state:
                visit(n, path + [n])
        state[m] = 2

    for m in sorted(g):
        if m not in state:
            visit(m, [m])
    assert cycles == []


def test_the_commands_import_no_game():
    g = graph()
    for m, deps in g.items():
        if m.startswith("tetka_cli.cli"):
            assert not [d for d in deps if d.startswith(("tetka_cli.games.tetka", "tetka_cli.games.terz"))], m


def test_the_shared_ground_imports_no_game():
    g = graph()
    for m, deps in g.items():
        if m.startswith("tetka_cli.common"):
            assert not [d for d in deps if d.startswith(("tetka_cli.games", "tetka_cli.cli"))], m
