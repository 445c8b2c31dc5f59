"""What a PromQL expression selects: metric names, their label matchers, grouping labels.

A small lexer, enough for the expressions of the deploy kit (alert rules, dashboard queries):
it skips strings, numbers, durations, range and subquery brackets, and tells metric names
from functions, aggregation operators and keywords. PromQL *syntax* is checked by promtool
(``.ci/validate-deploy``); this module only answers "which series does it read".

* :func:`selectors` -> one :class:`Selector` per vector selector (``name{label="v", ...}``).
* :func:`grouping_labels` -> the labels of ``by (...)``, ``without (...)``, ``on (...)``,
  ``ignoring (...)``, ``group_left (...)`` and ``group_right (...)``.
* :func:`substitute_grafana_variables` -> the expression with ``$__rate_interval``,
  ``$__range``, ``$instance`` ... replaced by values Prometheus accepts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

KEYWORDS: Final = frozenset(
    {"and", "or", "unless", "by", "without", "on", "ignoring", "group_left", "group_right",
     "offset", "bool", "atan2", "inf", "nan", "start", "end"}
)  # fmt: skip
AGGREGATIONS: Final = frozenset(
    {"sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values",
     "bottomk", "topk", "quantile", "limitk", "limit_ratio"}
)  # fmt: skip
"""Aggregation operators: ``sum by (x) (...)`` puts a clause between the name and ``(``."""
GROUPING_KEYWORDS: Final = frozenset(
    {"by", "without", "on", "ignoring", "group_left", "group_right"}
)
GRAFANA_DEFAULTS: Final = {
    "__rate_interval": "5m",
    "__interval": "1m",
    "__range": "1h",
    "__range_s": "3600",
}
_IDENTIFIER = re.compile(r"[A-Za-z_:][A-Za-z0-9_:]*")
_NUMBER = re.compile(r"(?:0x[0-9a-fA-F]+|[0-9][0-9A-Za-z.]*(?:[eE][+-]?[0-9]+)?)")
_MATCHER = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=~|!~|!=|=)\s*")
_GRAFANA_VARIABLE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)(?::[a-z]+)?\}?")


class PromQLLexError(ValueError):
    """The expression has an unterminated string or an unbalanced bracket."""


@dataclass(frozen=True)
class Matcher:
    """One label matcher: ``label op value`` with ``op`` in ``= != =~ !~``."""

    label: str
    op: str
    value: str


@dataclass(frozen=True)
class Selector:
    """A vector selector: the metric name and its label matchers."""

    name: str
    matchers: tuple[Matcher, ...] = field(default=())


def substitute_grafana_variables(expr: str, values: Mapping[str, str]) -> str:
    """``expr`` with each ``$name`` / ``${name}`` replaced from ``values`` or, for Grafana's
    built-ins, :data:`GRAFANA_DEFAULTS`.

    Raises:
        KeyError: naming a variable that neither defines.
    """

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in values:
            return values[name]
        return GRAFANA_DEFAULTS[name]

    return _GRAFANA_VARIABLE.sub(replace, expr)


def _string_end(text: str, start: int) -> int:
    """Index just past the string literal opening at ``start``."""
    quote = text[start]
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\\" and quote != "`":
            index += 2
            continue
        if char == quote:
            return index + 1
        index += 1
    raise PromQLLexError(f"unterminated string at {start} in {text!r}")


def _unquote(literal: str) -> str:
    body = literal[1:-1]
    if literal[0] == "`":
        return body
    return re.sub(r"\\(.)", r"\1", body)


def _matchers(text: str, start: int) -> tuple[tuple[Matcher, ...], int]:
    """Parse ``{...}`` opening at ``start``; return the matchers and the index past ``}``."""
    found: list[Matcher] = []
    index = start + 1
    while True:
        while index < len(text) and text[index] in " \t\n,":
            index += 1
        if index >= len(text):
            raise PromQLLexError(f"unterminated '{{' at {start} in {text!r}")
        if text[index] == "}":
            return tuple(found), index + 1
        match = _MATCHER.match(text, index)
        if match is None or index >= len(text) or match.end() >= len(text):
            raise PromQLLexError(f"bad label matcher at {index} in {text!r}")
        value_start = match.end()
        if text[value_start] not in "\"'`":
            raise PromQLLexError(f"label value is not a string at {value_start} in {text!r}")
        value_end = _string_end(text, value_start)
        found.append(Matcher(match.group(1), match.group(2), _unquote(text[value_start:value_end])))
        index = value_end


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index].isspace():
        index += 1
    return index


def _closing(text: str, start: int, opener: str, closer: str) -> int:
    """Index just past the bracket that closes the one at ``start`` (strings skipped)."""
    depth = 0
    index = start
    while index < len(text):
        char = text[index]
        if char in "\"'`":
            index = _string_end(text, index)
            continue
        if char == opener:
            depth += 1
        elif char == closer:
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    raise PromQLLexError(f"unterminated {opener!r} at {start} in {text!r}")


def _scan(expr: str) -> tuple[list[Selector], list[str]]:
    """One pass over ``expr``: its vector selectors and its grouping labels."""
    selectors: list[Selector] = []
    grouping: list[str] = []
    index = depth = 0
    while index < len(expr):
        char = expr[index]
        if char in "\"'`":
            index = _string_end(expr, index)
        elif char == "[":
            index = _closing(expr, index, "[", "]")
        elif char == "{":  # a selector without a name: {__name__="..."}
            matchers, index = _matchers(expr, index)
            names = [m.value for m in matchers if m.label == "__name__" and m.op == "="]
            rest = tuple(m for m in matchers if m.label != "__name__")
            selectors.extend(Selector(name, rest) for name in names)
        elif char.isdigit() or (char == "." and expr[index + 1 : index + 2].isdigit()):
            match = _NUMBER.match(expr, index)
            index = match.end() if match else index + 1
        elif _IDENTIFIER.match(expr, index):
            match = _IDENTIFIER.match(expr, index)
            assert match is not None
            word = match.group(0)
            after = _skip_space(expr, match.end())
            lowered = word.lower()
            if lowered in GROUPING_KEYWORDS and after < len(expr) and expr[after] == "(":
                end = _closing(expr, after, "(", ")")
                grouping.extend(_IDENTIFIER.findall(expr[after + 1 : end - 1]))
                index = end
            elif (
                lowered in KEYWORDS
                or lowered in AGGREGATIONS
                or (after < len(expr) and expr[after] == "(")
            ):
                index = match.end()  # a keyword, a function or an aggregation operator
            elif after < len(expr) and expr[after] == "{":
                matchers, index = _matchers(expr, after)
                selectors.append(Selector(word, matchers))
            else:
                selectors.append(Selector(word))
                index = match.end()
        else:
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth < 0:
                raise PromQLLexError(f"unbalanced ')' at {index} in {expr!r}")
            index += 1
    if depth:
        raise PromQLLexError(f"unterminated '(' in {expr!r}")
    return selectors, grouping


def selectors(expr: str) -> list[Selector]:
    """The vector selectors of ``expr`` in order of appearance.

    Raises:
        PromQLLexError: an unterminated string or bracket.
    """
    return _scan(expr)[0]


def metric_names(expr: str) -> set[str]:
    """The metric names ``expr`` reads."""
    return {selector.name for selector in selectors(expr)}


def grouping_labels(expr: str) -> set[str]:
    """The labels named in ``by``/``without``/``on``/``ignoring``/``group_*`` clauses."""
    return set(_scan(expr)[1])
