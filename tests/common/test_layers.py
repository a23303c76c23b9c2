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


# The layers, lowest first (docs/architecture.md): a module may import its own layer and those below.
#   common   the shared ground: cards, YAML with its guards, findings, money, atomic writes, ...
#   results  what every command shows, as typed data
#   render   results drawn in every format
#   kit      what the game folders share (readers' base, live, bots' base, ...)
#   games    the contract, the registry, and each game's folder
#   jobs     what the commands run over any game (reading back what a renderer wrote, `settle --from-json`)
#   cli      the commands
LAYERS = ("common", "results", "render", "kit", "games", "jobs", "cli")
ALLOWED = {
    "common": {"common"},
    "results": {"common", "results"},
    "render": {"common", "results", "render"},
    "kit": {"common", "results", "kit"},
    "games": {"common", "results", "kit", "games"},
    "jobs": {"common", "results", "render", "kit", "games", "jobs"},
    "cli": {"common", "results", "render", "kit", "games", "jobs", "cli"},
}


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ALLOWED else None


def a_game_folder(module: str) -> bool:
    """A module of one game's folder (`tetka_cli.games.NAME....`), not the contract or the registry."""
    parts = module.split(".")
    return len(parts) > 3 and parts[1] == "games"


def test_each_layer_imports_only_itself_and_the_layers_below():
    wrong = []
    for m, deps in graph().items():
        mine = layer(m)
        if mine is None:
            continue
        wrong += [f"{m} -> {d}" for d in deps if layer(d) is not None and layer(d) not in ALLOWED[mine]]
    assert wrong == []


def test_no_layer_above_the_games_imports_a_game_folder():
    """Only the registry reaches a game, by entry point: every other layer asks it and uses the contract."""
    wrong = [f"{m} -> {d}" for m, deps in graph().items() if not a_game_folder(m) and not m.startswith(
        "tetka_cli.games.") for d in deps if a_game_folder(d)]
    wrong += [f"{m} -> {d}" for m, deps in graph().items() if m in ("tetka_cli.games.contract", "tetka_cli.games.registry")
              for d in deps if a_game_folder(d)]
    assert wrong == []


def test_a_game_folder_imports_no_other_game():
    wrong = [f"{m} -> {d}" for m, deps in graph().items() if a_game_folder(m) for d in deps
             if a_game_folder(d) and d.split(".")[2] != m.split(".")[2]]
    assert wrong == []
