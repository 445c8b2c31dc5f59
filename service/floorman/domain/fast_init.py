"""A faster ``__init__`` for frozen slotted dataclasses built in hot loops.

A frozen dataclass's generated ``__init__`` sets every field through
``object.__setattr__(self, name, value)``: a generic attribute lookup per field, several times
the cost of the field store itself (an event, a seat or a forced bet is built for every step
of every hand a history reader maps). :func:`fast_frozen_init` replaces it with one that
stores each field through its slot descriptor directly: the same signature (parameter names,
order, keyword-only marks, defaults, annotations, ``__qualname__`` and so the same
``TypeError`` messages), the same default factories, the same resulting instance; the class
stays frozen (assignment after construction still raises ``FrozenInstanceError``).
``tests/domain/test_fast_init.py`` checks every decorated class against the dataclass's own
``__init__`` (kept as ``__dataclass_init__``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_HAS_FACTORY: Any = getattr(dataclasses, "_HAS_DEFAULT_FACTORY", object())
"""The dataclass module's placeholder default of a field with a default factory (its repr,
``<factory>``, shows in the signature as it does for the generated ``__init__``)."""


def fast_frozen_init(cls: type[T]) -> type[T]:
    """Give the frozen, slotted dataclass ``cls`` a faster ``__init__`` (module docstring);
    its own stays available as ``cls.__dataclass_init__``.

    Raises:
        TypeError: ``cls`` is not a frozen slotted dataclass, has a ``__post_init__``, or a
            field left out of ``__init__`` (cases the fast constructor does not reproduce).
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__")
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        raise TypeError(f"{cls.__name__} has a field left out of __init__")
    namespace: dict[str, Any] = {"_HAS_FACTORY": _HAS_FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields:
        name = f.name
        namespace[f"_set_{name}"] = cls.__dict__[name].__set__  # the slot's member descriptor
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{name}"] = f.default
            param = f"{name}=_default_{name}"
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{name}"] = f.default_factory
            param = f"{name}=_HAS_FACTORY"
            body.append(f"    if {name} is _HAS_FACTORY: {name} = _factory_{name}()")
        else:
            param = name
        (keyword if f.kw_only else positional).append(param)
        body.append(f"    _set_{name}(self, {name})")
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({signature}):\n" + "\n".join(body or ["    pass"]) + "\n"
    exec(source, namespace)
    init = namespace["__init__"]
    original = cls.__init__  # type: ignore[misc]
    init.__qualname__ = original.__qualname__
    init.__annotations__ = dict(original.__annotations__)
    init.__doc__ = original.__doc__
    cls.__dataclass_init__ = original  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    return cls


_KEEP: Any = object()
_REPLACERS: dict[type, Any] = {}


def fast_replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, faster for a frozen slotted dataclass with no
    ``__post_init__`` and every field in ``__init__`` (the frozen states of a table and a
    hand, rebuilt a few times per action): a function generated once per class stores each
    field's new or kept value through its slot descriptor, which is what that ``__init__``
    does. Any other dataclass goes through :func:`dataclasses.replace`. An unknown field name
    is a ``TypeError`` either way.
    """
    cls = type(obj)
    replacer = _REPLACERS.get(cls)
    if replacer is None:
        replacer = _REPLACERS[cls] = _replacer(cls)
    return replacer(obj, **changes)  # type: ignore[no-any-return]


def _replacer(cls: type) -> Any:
    params = getattr(cls, "__dataclass_params__", None)
    fields = dataclasses.fields(cls)
    if (
        params is None
        or not params.frozen
        or "__slots__" not in cls.__dict__
        or hasattr(cls, "__post_init__")
        or any(not f.init for f in fields)
    ):
        return dataclasses.replace
    namespace: dict[str, Any] = {"_KEEP": _KEEP, "_new": object.__new__, "_cls": cls}
    body = ["    new = _new(_cls)"]
    for f in fields:
        name = f.name
        namespace[f"_set_{name}"] = cls.__dict__[name].__set__
        body.append(f"    _set_{name}(new, obj.{name} if {name} is _KEEP else {name})")
    keywords = ", ".join(f"{f.name}=_KEEP" for f in fields)
    source = f"def replace(obj, /, *, {keywords}):\n" + "\n".join([*body, "    return new"]) + "\n"
    exec(source, namespace)
    return namespace["replace"]
