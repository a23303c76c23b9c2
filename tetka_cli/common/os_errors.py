"""Why the system refused a read or a write, in the user's language: the reason of an OSError by
its errno, worded as the C library words it in English (`strerror`), in Russian from the
catalog. An errno not listed here keeps the system's own wording."""
from __future__ import annotations

import errno as _errno
import os

from .i18n import N_
from .i18n import gettext as _


_REASONS: dict[str, str] = {
    "ENOSPC": N_("No space left on device"),
    "EPIPE": N_("Broken pipe"),
    "EACCES": N_("Permission denied"),
    "EPERM": N_("Operation not permitted"),
    "ENOENT": N_("No such file or directory"),
    "EROFS": N_("Read-only file system"),
    "EISDIR": N_("Is a directory"),
    "ENOTDIR": N_("Not a directory"),
    "EEXIST": N_("File exists"),
    "EIO": N_("Input/output error"),
    "EMFILE": N_("Too many open files"),
    "ENFILE": N_("Too many open files in system"),
    "ENAMETOOLONG": N_("File name too long"),
    "ELOOP": N_("Too many levels of symbolic links"),
    "ENXIO": N_("No such device or address"),
    "ENODEV": N_("No such device"),
    "EDQUOT": N_("Disk quota exceeded"),
    "EFBIG": N_("File too large"),
    "EBUSY": N_("Device or resource busy"),
    "ETXTBSY": N_("Text file busy"),
    "EAGAIN": N_("Resource temporarily unavailable"),
    "EINVAL": N_("Invalid argument"),
    "ESPIPE": N_("Illegal seek"),
    "ECONNRESET": N_("Connection reset by peer"),
    "EBADF": N_("Bad file descriptor"),
}
# By number, for this system (a name the platform lacks is left out).
REASONS: dict[int, str] = {getattr(_errno, name): text for name, text in _REASONS.items() if hasattr(_errno, name)}
# The system's own wording of each, to recognise a reason already turned into text.
_BY_STRERROR: dict[str, int] = {}
for _code in REASONS:
    try:
        _BY_STRERROR.setdefault(os.strerror(_code), _code)
    except ValueError:  # pragma: no cover - an errno the platform cannot word
        pass


def os_reason(e: object, lang: str = "en") -> str:
    """The reason of an OSError (or of anything with `errno`/`strerror`) in `lang`."""
    code = getattr(e, "errno", None)
    if code in REASONS:
        return _(lang, REASONS[code])
    text = getattr(e, "strerror", None) or str(e)
    return reason_text(text, lang)


def reason_text(text: str, lang: str = "en") -> str:
    """A reason already written as text by the system (`No space left on device`), in `lang`;
    a text that is no system reason stays as it is."""
    code = _BY_STRERROR.get(text)
    return _(lang, REASONS[code]) if code is not None else text
