"""JSON as a type: the one named alias for a value JSON can hold (what a record's schema, a log's
entries and a cache file are made of), so that nothing else needs `Any`."""
from __future__ import annotations

from typing import Any, TypeAlias, Union

JsonValue: TypeAlias = Union[None, bool, int, float, str, list["JsonValue"], dict[str, "JsonValue"]]
# A document read from outside (json.loads, a cache file): its shape unknown until it is checked.
Json: TypeAlias = Any
