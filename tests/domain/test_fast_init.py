"""The fast constructors of frozen dataclasses (floorman.domain.fast_init) build exactly what
the dataclasses' own ``__init__`` builds, with the same signature and the same errors."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.domain import model
from floorman.domain.audit import findings
from floorman.domain.engine import types as engine_types
from floorman.domain.fast_init import fast_frozen_init, fast_replace
from floorman.domain.history import phh_model
from floorman.domain.settlement import showdown
from floorman.domain.settlement import types as settlement_types

_MODULES = (model, engine_types, settlement_types, showdown, phh_model, findings)
FAST = sorted(
    {
        value
        for module in _MODULES
        for value in vars(module).values()
        if isinstance(value, type) and "__dataclass_init__" in vars(value)
    },
    key=lambda cls: cls.__qualname__,
)
_VALUES = st.one_of(st.none(), st.integers(), st.text(max_size=3), st.tuples(st.integers()))


def _slots(obj: object) -> list[tuple[str, Any]]:
    return [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj)]  # type: ignore[arg-type]


def _original(cls: type, *args: Any, **kwargs: Any) -> object:
    obj = object.__new__(cls)
    cls.__dataclass_init__(obj, *args, **kwargs)  # type: ignore[attr-defined]
    return obj


def test_the_hot_model_types_have_fast_constructors() -> None:
    """The events, the configuration pieces and the results are decorated."""
    names = {cls.__name__ for cls in FAST}
    assert {"Action", "Deal", "HandConfig", "SeatState", "ForcedBet", "Stakes"} <= names
    assert {"PotShare", "Settlement", "HandResult", "Finding", "PhhHand", "HandAudit"} <= names


@pytest.mark.parametrize("cls", FAST, ids=lambda cls: cls.__qualname__)
def test_signature_is_the_dataclass_one(cls: type) -> None:
    """Same parameters, kinds, defaults and annotations, same qualified name."""
    fast, original = cls.__init__, cls.__dataclass_init__  # type: ignore[attr-defined]
    assert inspect.signature(fast) == inspect.signature(original)
    assert fast.__qualname__ == original.__qualname__


@pytest.mark.parametrize("cls", FAST, ids=lambda cls: cls.__qualname__)
@given(data=st.data())
def test_builds_what_the_dataclass_init_builds(cls: type, data: st.DataObject) -> None:
    """Any arguments (defaults left out at random) give equal fields, the same objects."""
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        has_default = f.default is not dataclasses.MISSING or (
            f.default_factory is not dataclasses.MISSING
        )
        if not has_default or data.draw(st.booleans()):
            kwargs[f.name] = data.draw(_VALUES)
    fast, slow = cls(**kwargs), _original(cls, **kwargs)
    assert _slots(fast) == _slots(slow)
    assert all(getattr(fast, name) is value for name, value in kwargs.items())
    fields = dataclasses.fields(cls)
    if not any(f.kw_only for f in fields):  # every field given by position
        args = [data.draw(_VALUES) for _ in fields]
        assert _slots(cls(*args)) == _slots(_original(cls, *args))
    assert fast == slow and repr(fast) == repr(slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(fast, dataclasses.fields(cls)[0].name, 0)


def _outcome(build: Any) -> object:
    try:
        return repr(build())
    except TypeError as error:
        return ("TypeError", str(error))


@pytest.mark.parametrize("cls", FAST, ids=lambda cls: cls.__qualname__)
def test_bad_calls_raise_the_same_type_errors(cls: type) -> None:
    """No arguments (a missing required one) or an unknown keyword: the same outcome, the
    same TypeError message."""
    for kwargs in ({}, {"no_such_field": 1}, {"no_such_field": 1, "other": 2}):
        fast = _outcome(lambda kwargs=kwargs: cls(**kwargs))
        slow = _outcome(lambda kwargs=kwargs: _original(cls, **kwargs))
        assert fast == slow


def test_default_factories_give_a_fresh_default() -> None:
    """A field with a default factory gets the factory's value when left out."""
    stakes = model.Stakes()
    config = model.HandConfig(game=model.Game.RAZZ, stakes=stakes, seats=())
    assert config.rake == model.RakePolicy()
    assert config == _original(model.HandConfig, game=model.Game.RAZZ, stakes=stakes, seats=())


def test_refuses_what_it_cannot_reproduce() -> None:
    """Not frozen, or with a __post_init__: refused at decoration."""

    @dataclasses.dataclass(slots=True)
    class Loose:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    for cls in (Loose, Checked):
        with pytest.raises(TypeError):
            fast_frozen_init(cls)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Frozen:
    a: int
    b: tuple[int, ...] = ()
    c: list[int] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True, slots=True)
class _Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a")


@given(a=st.integers(), b=st.tuples(st.integers()), new_a=st.integers())
def test_fast_replace_builds_what_dataclasses_replace_builds(a, b, new_a):
    """fast_replace (issue 16 point 3: the table's and the hand's states rebuilt per action)
    keeps every field not named, sets the named ones, keeps the instance frozen; a class with
    a __post_init__ goes through dataclasses.replace (its check still runs); an unknown field
    is a TypeError."""
    obj = _Frozen(a=a, b=b)
    for changes in ({}, {"a": new_a}, {"b": (new_a,), "a": 1}):
        fast = fast_replace(obj, **changes)
        assert type(fast) is _Frozen
        assert _slots(fast) == _slots(dataclasses.replace(obj, **changes))
    assert fast_replace(obj).c is obj.c
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast_replace(obj, a=2).a = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        fast_replace(obj, d=1)
    with pytest.raises(ValueError, match="a"):
        fast_replace(_Checked(1), a=-1)
