"""Argument types checked before a request is built: a wrong type is a ``TypeError`` naming
the method and the parameter (``evaluate_hand(): cards must be a list of str or a str, not
int``), never a protobuf error deep inside the message constructor.

:func:`checked` reads a function's annotations (its type hints) and checks each argument
against them: ``int`` (never ``bool``), ``float`` (an ``int`` too), ``str``, ``bytes``,
``bool``, ``None``, unions, protobuf message classes, ``Sequence[X]`` / ``Mapping[K, V]``
(their items too) and ``Iterable[X]`` (its items when it is a list or a tuple: a generator is
not consumed). Values are checked, not converted: ranges and enum names stay the
service's (and :mod:`floorman_client.messages`') to judge.
"""

from __future__ import annotations

import collections.abc as abc
import functools
import inspect
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_NAMES = {int: "int", float: "float", str: "str", bytes: "bytes", bool: "bool"}


def _describe(hint: Any, *, article: bool = True) -> str:
    """``hint`` in words: ``"a list of str or a str"``."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [
            _describe(a, article=article) for a in typing.get_args(hint) if a is not type(None)
        ]
        if type(None) in typing.get_args(hint):
            parts.append("None")
        return " or ".join(parts)
    if origin in (abc.Sequence, abc.Iterable, list, tuple):
        (item, *_rest) = typing.get_args(hint) or (Any,)
        return f"{'a ' if article else ''}list of {_describe(item, article=False)}"
    if origin in (abc.Mapping, dict):
        key, value = typing.get_args(hint) or (Any, Any)
        words = f"mapping of {_describe(key, article=False)} to {_describe(value, article=False)}"
        return f"a {words}" if article else words
    if hint is Any:
        return "any value"
    name = _NAMES.get(hint) or getattr(hint, "__name__", str(hint))
    if not article:
        return name
    return f"an {name}" if name[0].lower() in "aeiou" else f"a {name}"


def _fits(value: Any, hint: Any) -> bool:
    """True when ``value`` matches the type hint ``hint`` (module docstring)."""
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, arg) for arg in typing.get_args(hint))
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if origin in (abc.Mapping, dict):
        if not isinstance(value, abc.Mapping):
            return False
        key, item = typing.get_args(hint) or (Any, Any)
        return all(_fits(k, key) and _fits(v, item) for k, v in value.items())
    if origin in (abc.Sequence, abc.Iterable, list, tuple):
        if isinstance(value, (str, bytes)) or not isinstance(value, abc.Iterable):
            return False
        if origin is abc.Iterable and not isinstance(value, (list, tuple)):
            return True  # a generator: read later, not consumed here
        (item, *_rest) = typing.get_args(hint) or (Any,)
        return isinstance(value, abc.Sequence) and all(_fits(v, item) for v in value)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a hint this checker does not read (a TypeVar, a Callable): not checked


def checked(function: F) -> F:
    """Wrap ``function`` so that every argument is checked against its annotation first.

    Raises (from the wrapped function):
        TypeError: ``"<name>(): <parameter> must be <type in words>, not <actual type>"``.
    """
    signature = inspect.signature(function)
    hints = typing.get_type_hints(function, globalns=_globals(function))
    hints.pop("return", None)

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"{function.__name__}(): {error}") from None
        for name, value in bound.arguments.items():
            hint = hints.get(name)
            if hint is None or name == "self":
                continue
            if signature.parameters[name].kind is inspect.Parameter.VAR_KEYWORD:
                continue
            if not _fits(value, hint):
                raise TypeError(
                    f"{function.__name__}(): {name} must be {_describe(hint)}, "
                    f"not {type(value).__name__}"
                )
        return function(*args, **kwargs)

    return typing.cast(F, wrapper)


def _globals(function: Callable[..., Any]) -> dict[str, Any]:
    """The namespace the annotations of ``function`` are resolved in (its module's)."""
    module = inspect.getmodule(function)
    return dict(vars(module)) if module is not None else {}


def check_methods(cls: type) -> type:
    """Class decorator: :func:`checked` on every public method of ``cls``."""
    for name, member in list(vars(cls).items()):
        if not name.startswith("_") and inspect.isfunction(member):
            setattr(cls, name, checked(member))
    return cls
