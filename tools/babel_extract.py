"""Babel's extraction of tetka's messages: Babel's own Python extractor (the calls of `_`,
`ngettext`, `pgettext`, `tr`, `ntr` and `N_`, see KEYWORDS) plus the help of the command line,
which click takes from a command's docstring and from `help="..."` arguments and which
`cli/language.py: localize` looks up in the catalog (`inspect.cleandoc` of the text).

Named in `babel.cfg` (`[tools.babel_extract:extract_tetka: tetka_cli/**.py]`), so that from the
repository's root

    python -m babel.messages.frontend extract -F babel.cfg -o tetka_cli/locale/tetka.pot \\
        --no-location --no-wrap --omit-header -k ... tetka_cli

gives what `python tools/catalogs.py --update` writes (that script is the way to run it).
"""
from __future__ import annotations

import ast
import inspect
from typing import IO, Any, Collection, Iterator, Mapping

from babel.messages.extract import extract_python

# The translation calls, GNU gettext style: `_:2,2t` is "`_` with two arguments, the second is the
# message" (`_(lang, "Hand")`); `_:1,1t` is a live side's `self._("...")`, bound to a language.
KEYWORDS = (
    "_:1,1t", "_:2,2t",
    "gettext:2", "ngettext:2,3", "pgettext:2c,3",
    "tr:1", "ntr:1,2",  # cli/language.py: in the language of the run under way
    "N_:1,1t", "N_:1,2,2t",  # a message (or a plural pair) looked up later
    "Msg:1,1t", "Msg:1,2c,2t",  # results/words.py: a game's word, looked up when drawn (with its context)
    # The message-carrying exceptions (common/i18n.py: TranslatableError), their message id's place:
    "ShapeError:1", "OptionRefused:2", "LogError:1", "Unsupported:1", "BotSpecError:1",
)

# Calls whose `help=` is the help of the command line (click's commands, options and arguments).
_CLICK_HELP_CALLS = {"option", "argument", "command", "group", "Option", "Argument", "Command", "Group"}
_CLICK_DECORATORS = {"command", "group"}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def help_id(text: str) -> str:
    """The message id of a help text: the text as `inspect.cleandoc` cleans it (as `localize` does)."""
    return inspect.cleandoc(text)


def click_help(source: str) -> Iterator[tuple[int, str]]:
    """(line, message id) of every help text of the command line in a module."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _name(node) in _CLICK_HELP_CALLS:
            for kw in node.keywords:
                if kw.arg in ("help", "short_help") and isinstance(kw.value, ast.Constant) \
                        and isinstance(kw.value.value, str) and kw.value.value.strip():
                    yield kw.value.lineno, help_id(kw.value.value)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                and any(_name(d) in _CLICK_DECORATORS for d in node.decorator_list):
            doc = ast.get_docstring(node, clean=False)
            explicit = any(isinstance(d, ast.Call) and _name(d) in _CLICK_DECORATORS
                           and any(k.arg == "help" for k in d.keywords) for d in node.decorator_list)
            if doc and not explicit:
                yield node.body[0].lineno, help_id(doc)


def calls_in_fstrings(source: str, keywords: Collection[str]) -> Iterator[tuple[int, str, list[str | None]]]:
    """(line, function, arguments) of the translation calls inside f-strings, which Babel's
    extractor sees only on Python 3.12 and later (a string token before): an argument that is not
    a literal is None, as Babel has it."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and _name(call) in keywords and not isinstance(call.func, ast.Call):
                    args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                            for a in call.args]
                    yield call.lineno, _name(call) or "", args


def extract_tetka(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                  options: Mapping[str, Any]) -> Iterator[tuple[int, str | None, Any, list[str]]]:
    """Babel's Python extraction, the calls inside f-strings, then the command line's help (as
    messages of no keyword). A message found twice (Babel on Python 3.12 sees f-strings too) is
    one message of the catalog."""
    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for lineno, name, args in calls_in_fstrings(source, keywords):
        yield lineno, name, args, []
    for lineno, text in click_help(source):
        yield lineno, None, [text], []
