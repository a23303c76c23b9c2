"""`settle --from-json`: earlier `settle --format json` outputs read back and added together, for any
game. Each document is hostile input: read up to `--max-bytes` (a FIFO with no writer reads as
empty, a device that never ends stops at the limit), every record checked to the shape settle
writes (`render.money.sitting_from_json`) and its money consistent, before anything is added; a
document given twice is read once, and two documents holding the same record cannot both count."""
from __future__ import annotations

import json
import os
import stat
from typing import TYPE_CHECKING, Mapping, Sequence

from ..common.findings import Finding, FindingError
from ..common.i18n import N_, gettext
from ..common.json_types import Json
from ..common.os_errors import os_reason
from ..common.yaml_input import read_stdin, special_file
from ..games import registry
from ..results.settle import LeftOut, SettleRun
from .settle import settled_record

if TYPE_CHECKING:
    from ..results.money import SittingMoney


def read_documents(inputs: Sequence[str], max_bytes: int, lang: str, run: SettleRun) -> list[Finding]:
    """Add earlier outputs to `run`: a document given twice (same file or same bytes) is read once,
    with a warning. A document that cannot be added is left out, with its finding in `left_out`
    (and on standard error, by the caller): one that is not a settle output (`not-settle-json`),
    one that shares a record with a document added before it (`overlapping-input`: it would count
    twice), one without meaning digests when there are documents to merge (it cannot be told
    apart). A document left out makes the run's exit code 2; the findings of those left out are
    returned."""
    from ..common.dedupe import ContentSeen, digest, duplicate, file_identity

    files: dict[tuple[int, int], str] = {}
    docs = ContentSeen()
    docs_read: list[tuple[str, dict[str, Json], str]] = []
    refused: list[Finding] = []
    for path in inputs:
        ident = file_identity(path)
        if ident is not None and ident in files:
            run.warnings.append(duplicate(path, files[ident], "document"))
            continue
        try:
            data = read_bounded(path, max_bytes, lang)
            earlier = docs.first(digest(data), path)
            if earlier is not None:
                run.warnings.append(duplicate(path, earlier, "document"))
                continue
            if ident is not None:
                files[ident] = path
            doc, text = read_json_doc(path, data, lang)
        except FindingError as e:
            refused.append(e.finding)
            continue
        docs_read.append((path, doc, text))
    _add(docs_read, refused, lang, run)
    for f in refused:
        run.left_out.append(LeftOut(f.path, f.code, f.line, f.column, f.message(lang)))
    run.read += len(refused)
    if refused:
        run.code = 2
    return refused


def _add(docs_read: Sequence[tuple[str, dict[str, Json], str]], refused: list[Finding], lang: str,
         run: SettleRun) -> None:
    """The documents' records into the run, each record once (`record_keys`); a document that
    lists a record twice, or would count one a document before it holds, is refused whole."""
    from ..common.settle_documents import refusal

    merging = len(docs_read) > 1
    held: dict[tuple[str, str], str] = {}  # each record's keys -> the document holding it
    for path, doc, text in docs_read:
        problem: Finding | None = None
        own: dict[tuple[str, str], int] = {}  # this document's records' keys -> the record's number
        for i, rec in enumerate(doc["records"], start=1):
            if merging and not rec.get("meaning"):
                problem = refusal(path, gettext(lang, "it carries no `meaning` digest (an output of an older tetka), "
                                                      "so it cannot be told apart from the other documents' records: "
                                                      "settle its records again, or give this document alone"),
                                  record=i, text=text)
                break
            keys = record_keys(rec)
            first = next((own[k] for k in keys if k in own), None)
            if first is not None:
                problem = refusal(path, gettext(lang, "it repeats record {first} ({record}): the same record "
                                                      "would count twice").format(
                    first=first, record=doc["records"][first - 1]["path"]), record=i, text=text)
                break
            earlier = next((held[k] for k in keys if k in held), None)
            if earlier is not None:
                problem = Finding("overlapping-input", {"record": rec["path"], "first": earlier}, path=path)
                break
            own.update((k, i) for k in keys)
        if problem is not None:
            refused.append(problem)
            continue
        held.update((k, path) for k in own)
        for rec, money in zip(doc["records"], doc["_money"]):
            run.records.append(settled_record(money, rec.get("digest"), rec.get("meaning")))
        run.left_out.extend(LeftOut(e["path"], e["code"], e.get("line"), e.get("column"), e["message"])
                            for e in doc.get("left_out", []))
        count = doc.get("counts", {}).get("read") if isinstance(doc.get("counts"), dict) else None
        run.read += count if isinstance(count, int) and not isinstance(count, bool) else len(doc["records"])


def record_keys(rec: Mapping[str, Json]) -> tuple[tuple[str, str], ...]:
    """What tells a settled record apart from every other, as far as its document says: its meaning
    digest (the same record however it is written) and its content digest (the same bytes; an
    older tetka's meaning of the same record may differ), else its path (one settle output names
    each file once)."""
    keys = tuple((k, rec[k]) for k in ("meaning", "digest") if isinstance(rec.get(k), str) and rec[k])
    return keys or (("path", str(rec["path"])),)


NOT_A_FILE = N_("not a regular file (a FIFO, device or socket): give a file, or `-` for standard input")


def read_bounded(path: str, max_bytes: int, lang: str) -> bytes:
    """The bytes of a --from-json input, never more than `max_bytes` read (standard input, `-`, is
    read up to the limit); a FIFO, device or socket given by name is refused before it is opened
    (issue 35: a FIFO whose writer never writes would wait forever), and so is a folder
    (FindingError with a `not-settle-json` finding)."""
    from ..common.settle_documents import refusal

    def refuse(why: str) -> FindingError:
        return FindingError(refusal(path, why))

    try:
        if path == "-":
            data = read_stdin(max_bytes + 1)
        else:
            if special_file(path):
                raise refuse(gettext(lang, NOT_A_FILE))
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO put in its place meanwhile opens without waiting
            with os.fdopen(fd, "rb", buffering=0) as fh:
                st = os.fstat(fd)
                if stat.S_ISDIR(st.st_mode):
                    raise refuse(gettext(lang, "a folder"))
                if not stat.S_ISREG(st.st_mode):
                    raise refuse(gettext(lang, NOT_A_FILE))
                if stat.S_ISREG(st.st_mode) and st.st_size > max_bytes:
                    raise refuse(gettext(lang, "larger than --max-bytes ({size} > {limit} bytes)").format(
                        size=st.st_size, limit=max_bytes))
                os.set_blocking(fd, True)
                chunks, size = [], 0
                while size <= max_bytes:
                    chunk = fh.read(min(1 << 20, max_bytes + 1 - size))
                    if not chunk:
                        break
                    chunks.append(chunk)
                    size += len(chunk)
                data = b"".join(chunks)
    except OSError as e:
        raise refuse(os_reason(e, lang)) from None
    if len(data) > max_bytes:
        raise refuse(gettext(lang, "larger than --max-bytes ({limit} bytes)").format(limit=max_bytes))
    return data


def shape_reason(e: BaseException, lang: str) -> str:
    """What is wrong with a record of a --from-json document, in the run's language."""
    from ..common.money_views import ShapeError

    if isinstance(e, ShapeError):
        return e.text(lang)
    if isinstance(e, KeyError) and e.args:
        return gettext(lang, "`{key}` is missing").format(key=e.args[0])
    return gettext(lang, "a value is not of the kind settle writes")


def left_out_of(entry: Json) -> None:
    """A record an earlier output left out, as settle writes it: its path, code and message as
    text, its line and column whole numbers or null (ShapeError when not)."""
    from ..common.money_views import ShapeError, whole_of

    if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in ("path", "code", "message")):
        raise ShapeError("a `left_out` entry must have a path, a code and a message")
    for k, what in (("line", N_("`left_out` line")), ("column", N_("`left_out` column"))):
        if entry.get(k) is not None:
            whole_of(entry[k], what)


def _document(path: str, data: bytes, lang: str) -> tuple[dict[str, Json], str]:
    """The JSON of a document and its text, its top level checked: `records`, `left_out`, `counts`."""
    from ..common.money_views import ShapeError, whole_of
    from ..common.settle_documents import refusal

    text = ""
    try:
        text = data.decode("utf-8")
        doc = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:  # ValueError: a number of 4,300 digits
        why = (gettext(lang, "not UTF-8 text") if isinstance(e, UnicodeDecodeError)
               else gettext(lang, "not valid JSON") if isinstance(e, (json.JSONDecodeError, RecursionError))
               else gettext(lang, "a number longer than any count or amount settle writes"))
        place = (e.lineno, e.colno) if isinstance(e, json.JSONDecodeError) else (None, None)
        raise FindingError(refusal(path, why, line=place[0], column=place[1])) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("records"), list):
        raise FindingError(refusal(path, gettext(lang, "no `records` list")))
    if not isinstance(doc.get("left_out", []), list):
        raise FindingError(refusal(path, gettext(lang, "`left_out` is not a list")))
    try:
        for entry in doc.get("left_out", []):
            left_out_of(entry)
        counts = doc.get("counts", {})
        if not isinstance(counts, dict):
            raise ShapeError("`counts` must be a mapping")
        if "read" in counts:
            whole_of(counts["read"], N_("`counts.read`"))
    except ShapeError as e:
        raise FindingError(refusal(path, shape_reason(e, lang))) from None
    return doc, text


def read_json_doc(path: str, data: bytes, lang: str) -> tuple[dict[str, Json], str]:
    """An earlier `settle --format json` output and its text, every record of it checked (its money
    exact, its names fit to show) and read back (`_money`: each record's settlement); FindingError
    with a `not-settle-json` finding, placed at the fault where it can be, when it is not one."""
    from ..common.settle_documents import refusal

    doc, text = _document(path, data, lang)
    monies = []
    for i, rec in enumerate(doc["records"], start=1):
        try:
            monies.append(_record(rec, lang))
        except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError) as e:
            raise FindingError(refusal(path, shape_reason(e, lang), record=i, text=text)) from None
    doc["_money"] = monies
    return doc, text


def _record(rec: Json, lang: str) -> SittingMoney:
    """One record of a document, read back as its game's settlement and checked as every game's
    sitting must be: one list of distinct names holding every net, fit to show, the nets exact
    and summing to zero (`sitting_from_json` sums them exactly)."""
    from ..common.messages import character_at
    from ..common.money_views import ShapeError, excerpt, money_of
    from ..common.names import bad_character_at
    from ..render.money import sitting_from_json
    from .document_money import check_money

    if isinstance(rec, dict) and "game" in rec and not registry.known(rec["game"]):
        raise ShapeError("`game` must name a game tetka knows")
    words = registry.game_of_doc(rec).words
    money = sitting_from_json(rec, words)
    players = money.players
    nets = {p: money_of(v) for p, v in rec["net"].items()}
    if len(set(players)) != len(players) or set(nets) - set(players):
        raise ShapeError("its players are not one list of distinct names holding every net")
    if not isinstance(rec.get("digest", ""), (str, type(None))):
        raise ShapeError("`digest` must be text")
    if not isinstance(rec.get("meaning", ""), (str, type(None))) or len(rec.get("meaning") or "") > 128:
        raise ShapeError("`meaning` must be a digest's text")
    bad = next(((n, b) for n in players + tuple(nets) if (b := bad_character_at(str(n))) is not None), None)
    if bad is not None:
        raise ShapeError("the player name {name} holds {character}", name=excerpt(bad[0]),
                         character=character_at(*bad[1], lang=lang))
    check_money(money, rec, words.won_by, words.parts_key)
    return money
