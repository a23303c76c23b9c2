"""Every sentence and heading the user reads, in English and Russian."""
from __future__ import annotations

import importlib
import locale
import os
from typing import Any, Callable, Mapping

LANGS = ("en", "ru")

SUITS_RU = {"♠": "пики", "♥": "червы", "♦": "бубны", "♣": "трефы"}


def default_lang() -> str:
    """Russian where the locale is Russian, English elsewhere."""
    for var in ("TETKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        v = os.environ.get(var)
        if v:
            return "ru" if v.lower().startswith("ru") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "ru" if loc.lower().startswith("ru") else "en"


def _names(v: Any) -> str:
    return ", ".join(str(x) for x in v) if isinstance(v, (list, tuple)) else str(v)


_UNREADABLE = {
    "missing": ("no such file", "нет такого файла"),
    "directory": ("is a directory", "это папка, а не файл"),
    "permission": ("permission denied", "нет прав на чтение"),
    "empty": ("the file is empty: there is no record in it", "файл пуст: записи в нём нет"),
    "binary": ("not a text file (it holds NUL bytes)", "это не текстовый файл (в нём есть нулевые байты)"),
    "encoding": ("not UTF-8 text: save the record as UTF-8", "текст не в кодировке UTF-8: сохраните запись в UTF-8"),
    "no-records": ("no *.yaml or *.yml records in this folder", "в папке нет записей *.yaml или *.yml"),
    "os": ("cannot be read", "не читается"),
}

_EXPECTED = {
    "mapping": ("a mapping of keys and values", "словарь «ключ: значение»"),
    "list": ("a list", "список"),
    "text": ("text", "текст"),
    "whole": ("a whole number", "целое число"),
    "positive": ("a whole number of 1 or more", "целое число не меньше 1"),
    "boolean": ("true or false", "true или false"),
    "four names": ("four distinct player names", "четыре разных имени игроков"),
    "card": ("a card such as Q♥", "карта, например Q♥"),
    "cards": ("cards such as `9♦ K♦ Q♦ 10♦` or a list of them", "карты, например `9♦ K♦ Q♦ 10♦`, или их список"),
    "key": ("a plain key", "простой ключ"),
    "required": ("required", "обязательно"),
    "all players": ("a number for every player", "число для каждого игрока"),
    "tricks or marks": ("its tricks or its marks", "взятки или марки"),
    "0 or 1": ("0 or 1", "0 или 1"),
}


def _schema(a: Mapping[str, Any], ru: bool) -> str:
    exp = a.get("expected", "")
    what = a.get("what", "")
    if exp == "required":
        return f"не хватает обязательного ключа `{what}`" if ru else f"`{what}` is required and missing"
    if exp == "all players" and "missing" in a:
        return (f"`{what}`: нет числа для {_names(a['missing'])}" if ru
                else f"`{what}` gives no number for {_names(a['missing'])}")
    if "problem" in a:
        return f"`{what}`: больше четырёх карт" if ru else f"`{what}` has more than four cards"
    e = _EXPECTED.get(exp, (exp, exp))[1 if ru else 0]
    got = f" (got {_names(a['got'])})" if "got" in a and not ru else (f" (дано: {_names(a['got'])})" if "got" in a else "")
    return f"`{what}` должно быть: {e}{got}" if ru else f"`{what}` must be {e}{got}"


def _card_reason(a: Mapping[str, Any], ru: bool) -> str:
    t = a["text"]
    if a.get("latin_t"):
        return (f"{t!r} не карта: латинская T не читается как десятка — на странице она неотличима от "
                "кириллической Т, то есть туза; десятку пишите 10") if ru else (
                f"{t!r} is not a card: a Latin T is not read as ten, since on a page it looks exactly "
                "like the Cyrillic Т, which is the ace; write ten as 10")
    return (f"{t!r} не карта: пишите достоинство и масть слитно, например Q♥, 10♦, qh или Дч" if ru else
            f"{t!r} is not a card: write rank then suit, like Q♥, 10♦, qh or Дч")


def _suit(s: Any, ru: bool) -> str:
    return SUITS_RU.get(str(s), str(s)) if ru else str(s)


_F: dict[str, tuple[Callable[[Mapping[str, Any]], str], Callable[[Mapping[str, Any]], str]]] = {
    "unreadable": (
        lambda a: _UNREADABLE.get(a["reason"], (a["reason"],) * 2)[0] + (f": {a['detail']}" if a.get("detail") else ""),
        lambda a: _UNREADABLE.get(a["reason"], (a["reason"],) * 2)[1] + (f": {a['detail']}" if a.get("detail") else "")),
    "yaml-syntax": (lambda a: f"not valid YAML: {a['problem']}"
                    + (" (a tab: YAML indents with spaces only)" if a.get("tab") else ""),
                    lambda a: f"ошибка YAML: {a['problem']}"
                    + (" (табуляция: отступы в YAML делаются только пробелами)" if a.get("tab") else "")),
    "too-large": (lambda a: f"the file is {a['size']:,} bytes, over the limit of {a['limit']:,} (--max-bytes)",
                  lambda a: f"файл в {a['size']:,} байт больше предела {a['limit']:,} (--max-bytes)"),
    "too-deep": (lambda a: f"nested deeper than {a['limit']} levels: no record is shaped like this",
                 lambda a: f"вложенность глубже {a['limit']} уровней: записи так не выглядят"),
    "yaml-alias": (lambda a: "YAML anchors and aliases are not allowed in a record (write each value out)",
                   lambda a: "якоря и ссылки YAML в записи запрещены (пишите каждое значение полностью)"),
    "yaml-tag": (lambda a: f"the YAML tag {a['tag']!r} is not allowed: records hold plain values only",
                 lambda a: f"тег YAML {a['tag']!r} запрещён: в записи только простые значения"),
    "duplicate-key": (lambda a: f"the key `{a['key']}` appears twice in this mapping (first on line {a['first']})",
                      lambda a: f"ключ `{a['key']}` повторён в этом словаре (впервые в строке {a['first']})"),
    "unknown-key": (lambda a: f"unknown key `{a['key']}` in {a['what']} (known: {', '.join(a['allowed'])})",
                    lambda a: f"неизвестный ключ `{a['key']}` в {a['what']} (допустимы: {', '.join(a['allowed'])})"),
    "schema": (lambda a: _schema(a, False), lambda a: _schema(a, True)),
    "unsupported": (lambda a: f"{a['what']} {a['value']!r} is not supported (this version reads: {_names(a['supported'])})",
                    lambda a: f"{a['what']} {a['value']!r} не поддерживается (поддерживается: {_names(a['supported'])})"),
    "unknown-player": (lambda a: f"{a['name']!r} in `{a['what']}` is not at this table ({_names(a['players'])})",
                       lambda a: f"{a['name']!r} в `{a['what']}` не сидит за этим столом ({_names(a['players'])})"),
    "too-many": (lambda a: f"{a['count']:,} {a['what']}: more than the limit of {a['limit']:,}",
                 lambda a: f"{a['what']}: {a['count']:,}, больше предела {a['limit']:,}"),
    "bad-card": (lambda a: _card_reason(a, False), lambda a: _card_reason(a, True)),
    "duplicate-card": (
        lambda a: (f"{a['card']} is dealt twice (also to {a['in_deal_of']})" if "in_deal_of" in a
                   else f"{a['card']} is played twice in this hand (first in trick {a['first']})"
                   + (f"; missing from the hand: {_names(a['missing'])}" if a.get("missing") else "")),
        lambda a: (f"{a['card']} сдана дважды (ещё и игроку {a['in_deal_of']})" if "in_deal_of" in a
                   else f"{a['card']} сыграна в этой сдаче дважды (впервые во взятке {a['first']})"
                   + (f"; в сдаче нет карты: {_names(a['missing'])}" if a.get("missing") else ""))),
    "short-trick": (lambda a: f"this trick has {a['count']} cards, not 4, and more tricks follow it",
                    lambda a: f"в этой взятке {a['count']} карт(ы), а не 4, хотя за ней идут другие"),
    "incomplete": (lambda a: f"the hand stops after {a['tricks']} complete tricks of 13: only what is known is scored",
                   lambda a: f"сдача записана лишь до {a['tricks']}-й взятки из 13: засчитано только известное"),
    "wrong-turn": (lambda a: f"cards given in the order {_names(a['given'])}; the turn is {_names(a['expected'])}",
                   lambda a: f"карты даны в порядке {_names(a['given'])}; по очереди ходят {_names(a['expected'])}"),
    "deal-mismatch": (
        lambda a: {"count": lambda: f"{a.get('count')} cards dealt, not 13",
                   "played": lambda: f"{a.get('card')} was not dealt to this player" + (f" (dealt to {a['owner']})" if a.get("owner") else ""),
                   "unplayed": lambda: f"dealt but never played: {_names(a.get('cards', []))}"}[a["problem"]](),
        lambda a: {"count": lambda: f"сдано {a.get('count')} карт, а не 13",
                   "played": lambda: f"{a.get('card')} не была сдана этому игроку" + (f" (сдана игроку {a['owner']})" if a.get("owner") else ""),
                   "unplayed": lambda: f"сданы, но не сыграны: {_names(a.get('cards', []))}"}[a["problem"]]()),
    "renonce": (lambda a: f"{{player}} played {a['card']} on a {a['led']} lead while holding {a['held']}",
                lambda a: f"ренонс: {{player}} снёс {a['card']} на ход в {_suit(a['led'], True)}, имея {a['held']}"),
    "marks-differ": (lambda a: f"{{player}}: the table wrote {a['recorded']} marks, the cards give {a['computed']}"
                     + ("" if a.get("complete", True) else " so far"),
                     lambda a: f"{{player}}: за столом записано марок {a['recorded']}, по картам {a['computed']}"
                     + ("" if a.get("complete", True) else " (пока)")),
    "impossible-marks": (
        lambda a: (f"{{player}} has {a['value']} marks: marks cannot be negative" if a["problem"] == "negative"
                   else f"the marks of a hand add up to {a['sum']}, but a hand hands out {a['expected']}"),
        lambda a: (f"у {{player}} {a['value']} марок: отрицательных марок не бывает" if a["problem"] == "negative"
                   else f"марки сдачи в сумме {a['sum']}, а сдатчик раздаёт {a['expected']}")),
    "totals-differ": (lambda a: f"{{player}}: the table's total is {a['recorded']}, the hands add up to {a['computed']}",
                      lambda a: f"{{player}}: за столом итог {a['recorded']}, по сдачам {a['computed']}"),
    "after-robber-end": (lambda a: f"the robber ended with hand {a['ended']} (a total reached {a['target']}): no hand is played after it",
                         lambda a: f"роббер окончен на сдаче {a['ended']} (итог достиг {a['target']}): после этого сдач нет"),
    "wrong-dealer": (lambda a: f"{a['what']} is {a['given']}, but by rotation to the left it is {a['expected']}",
                     lambda a: f"{a['what']}: записан {a['given']}, а по очереди влево сдаёт {a['expected']}"),
    "reseat-too-early": (lambda a: f"a new seating in robber {a['robber_number']}: seats stay fixed for four robbers (allowed before the 5th, 9th, …)",
                         lambda a: f"пересадка в роббере {a['robber_number']}: места меняют только через четыре роббера (перед 5-м, 9-м, …)"),
    "unfinished-robber": (lambda a: f"the robber has not reached {a['target']} (highest total {a['highest']}): it is unfinished",
                          lambda a: f"роббер не дошёл до {a['target']} (наибольший итог {a['highest']}): он не окончен"),
    "no-robbers": (lambda a: "the record has no robbers: nothing to score",
                   lambda a: "в записи нет робберов: считать нечего"),
    "bad-stake": (lambda a: f"bad stake: {a['reason']}", lambda a: f"неверная ставка: {a['reason']}"),
    "name-variant": (lambda a: f"the player {a['name']!r} is also written {_names(a['variants'])}: are they one person?",
                     lambda a: f"игрок {a['name']!r} записан и как {_names(a['variants'])}: это один человек?"),
}


def finding_message(f: Any, lang: str = "en") -> str:
    from .findings import CODES

    # A finding may name its own renderer too: a Terz record's `bad-card` or `renonce` is worded
    # by Terz (its deck, its obligations) though the code is shared with Tetka.
    renderer = CODES[f.code].renderer or f.args.get("renderer")
    if renderer is not None:  # a code that a part of the tool words itself (see findings.Code)
        return importlib.import_module(renderer).finding_message(f, lang)
    text = _F[f.code][1 if lang == "ru" else 0](f.args)
    return text.replace("{player}", f.player or "?")


def finding_line(f: Any, lang: str = "en") -> str:
    """`path:line:col: severity code: message`, the line every finding is shown as."""
    place = f.path or "-"
    if f.line:
        place += f":{f.line}:{f.column or 1}"
    sev = f.severity.value
    if lang == "ru":
        sev = {"error": "ошибка", "warning": "предупреждение"}[sev]
    return f"{place}: {sev} {f.code}: {f.message(lang)}"


# Headings, labels and reasons for marks.
_T: dict[str, tuple[str, str]] = {
    "robber": ("Robber", "Роббер"),
    "hand": ("Hand", "Сдача"),
    "trick": ("Trick", "Взятка"),
    "leader": ("Leader", "Ходит"),
    "winner": ("Winner", "Берёт"),
    "carries": ("Carries", "Во взятке"),
    "counts": ("Tricks", "Взяток"),
    "dealer": ("Dealer", "Сдаёт"),
    "photograph": ("Photograph", "Фотография"),
    "counting_trick": ("counting trick", "счётная взятка"),
    "marks": ("Marks", "Марки"),
    "totals": ("Totals", "Итог"),
    "recorded": ("table", "записано"),
    "finished": ("finished", "окончен"),
    "unfinished": ("unfinished", "не окончен"),
    "net": ("Net", "Итог, деньги"),
    "pays": ("Pays", "Платит"),
    "to": ("To", "Кому"),
    "amount": ("Amount", "Сумма"),
    "player": ("Player", "Игрок"),
    "sittings": ("Sittings", "Вечеров"),
    "robbers": ("Robbers", "Робберов"),
    "lowest": ("Won (lowest)", "Выиграно"),
    "sitting": ("Sitting", "Вечер"),
    "ok": ("ok", "в порядке"),
    "renonce_mark": ("renonce", "ренонс"),
    "incomplete": ("incomplete", "не доиграна"),
    "hand_only": ("marks only", "только марки"),
    "not_replayed": ("not replayed: see the findings", "не разыграна: см. замечания"),
    "after_end": ("after the end", "после конца"),
    "provisional": ("provisional: the robber is unfinished", "предварительно: роббер не окончен"),
    "summary_validate": ("{n} records: {clean} clean, {bad} with errors, {unreadable} unreadable",
                         "записей: {n}; в порядке: {clean}; с ошибками: {bad}; не прочитано: {unreadable}"),
    "summary_settle": ("{read} records read, {settled} settled, {left_out} left out",
                       "прочитано записей: {read}; рассчитано: {settled}; пропущено: {left_out}"),
    "left_out": ("left out", "пропущено"),
    "penalty": ("renonce penalties", "штраф за ренонсы"),
}

_MARK_REASON = {
    "queen": ("{card} in trick {trick}", "{card} во взятке {trick}"),
    "photograph": ("the photograph {card} in trick {trick}", "фотография {card} во взятке {trick}"),
    "counting-trick": ("the counting trick, {trick}", "счётная взятка, {trick}-я"),
    "most-tricks": ("most tricks, {tricks}", "больше всех взяток, {tricks}"),
    "last-trick": ("the last trick, {trick}", "последняя взятка, {trick}-я"),
}


def t(key: str, lang: str = "en", **kw: Any) -> str:
    text = _T[key][1 if lang == "ru" else 0]
    if lang != "ru" and kw.get("n", kw.get("read")) == 1:
        text = text.replace("records", "record", 1)
    return text.format(**kw) if kw else text


def mark_reason(mark: Any, lang: str = "en") -> str:
    tmpl = _MARK_REASON[mark.kind.value][1 if lang == "ru" else 0]
    return tmpl.format(card=mark.card, trick=mark.trick, tricks=mark.tricks)
