"""schemathesis hooks of the API fuzz test (tests/fuzz/), loaded through SCHEMATHESIS_HOOKS.

Random text rarely holds a NUL or an unpaired surrogate, and a field only reaches the event store
or a read model when every other field of its request is valid, so random generation almost never
finds the failures such text caused (PostgreSQL refuses NUL in text and jsonb; a lone surrogate has
no UTF-8 form). Here every generated body, query string and path parameter may have one of its
strings carry such a character, so each operation meets them in otherwise well-formed requests.

A list asked without `page` or `limit` answers every record it holds (the spec's calls); on a stack with
a few seasons of data that is tens of megabytes and seconds per call, and the fuzz calls each list dozens
of times. So every call of a paged list asks for a page: the fuzz's time does not grow with the stack's
data. The unpaged answer is covered by each list's route tests.
"""

from typing import Any

import schemathesis
from hypothesis import strategies as st

# JSON bodies travel as escaped ASCII ("\u0000", "\ud800"), so they can carry lone surrogates;
# a URL or a multipart form cannot (both are UTF-8), so they get NUL only.
BODY_CHARACTERS = ["\x00", "\ud800", "\udfff", "\udc00x"]
URL_CHARACTERS = ["\x00"]

Path = tuple[Any, ...]


def _string_paths(value: Any, path: Path = ()) -> list[Path]:
    if isinstance(value, str):
        return [path]
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in _string_paths(item, (*path, key))]
    if isinstance(value, list):
        return [found for index, item in enumerate(value) for found in _string_paths(item, (*path, index))]
    return []


def _replaced(value: Any, path: Path, text: str) -> Any:
    if not path:
        return text
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, text)}
    copy = list(value)
    copy[head] = _replaced(copy[head], rest, text)
    return copy


def _leaf(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value


def _with_hostile_text(value: Any, characters: list[str]) -> st.SearchStrategy:
    paths = _string_paths(value)
    if not paths:
        return st.just(value)

    def poisoned(choice: tuple[Path, str, bool]) -> Any:
        path, character, keep = choice
        original = _leaf(value, path)
        return _replaced(value, path, f"{original}{character}" if keep else character)

    hostile = st.tuples(st.sampled_from(paths), st.sampled_from(characters), st.booleans()).map(poisoned)
    return st.one_of(st.just(value), hostile)


def _is_json_only(context: Any) -> bool:
    operation = context.operation
    media_types = [item.media_type for item in operation.body.items] if operation is not None and operation.body else []
    return bool(media_types) and all("json" in media_type for media_type in media_types)


@schemathesis.hook
def flatmap_body(context: Any, body: Any) -> st.SearchStrategy:
    return _with_hostile_text(body, BODY_CHARACTERS if _is_json_only(context) else URL_CHARACTERS)


@schemathesis.hook
def flatmap_query(context: Any, query: Any) -> st.SearchStrategy:
    return _with_hostile_text(query, URL_CHARACTERS) if query else st.just(query)


@schemathesis.hook
def flatmap_path_parameters(context: Any, path_parameters: Any) -> st.SearchStrategy:
    return _with_hostile_text(path_parameters, URL_CHARACTERS) if path_parameters else st.just(path_parameters)


def _declares_paging(operation: Any) -> bool:
    return any(parameter.name == "page" for parameter in getattr(operation, "query", None) or [])


@schemathesis.hook
def before_call(context: Any, case: Any, **kwargs: Any) -> None:
    """Asks a paged list for its first page when the case names neither `page` nor `limit` (see above)."""
    if not _declares_paging(case.operation):
        return
    query = case.query if isinstance(case.query, dict) else {}
    if "page" not in query and "limit" not in query:
        case.query = {**query, "page": 1}
