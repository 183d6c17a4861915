"""fast_init: the same constructor as the dataclass's own, and the class still frozen."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from dataclasses import InitVar, dataclass, field
from typing import Any, ClassVar

import pytest

import propslower
from propslower.frozen import fast_init


@dataclass(frozen=True)
class Plain:
    name: str
    count: int = 3
    tags: tuple[str, ...] = field(default_factory=tuple)
    note: str = field(default="", compare=False)
    kind: ClassVar[str] = "plain"


@dataclass(frozen=True)
class Derived:
    text: str
    lines: list[int] = field(init=False, repr=False, compare=False)
    seen: list[str] = field(init=False, default_factory=list)
    limit: int = field(init=False, default=7)
    flag: bool = field(default=False, kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", [len(part) for part in self.text.split("\n")])


def fast_copy(cls: type[Any]) -> type[Any]:
    """A dataclass subclass of ``cls`` (its own generated __init__), given fast_init."""
    made: type[Any] = fast_init(dataclass(frozen=True)(type(cls.__name__, (cls,), {})))
    return made


@pytest.mark.parametrize(
    ("cls", "args", "kwargs"),
    [
        (Plain, ("a",), {}),
        (Plain, ("a", 5, ("x",)), {"note": "n"}),
        (Plain, (), {"name": "b", "tags": ("t",)}),
        (Derived, ("ab\nc",), {}),
        (Derived, ("x",), {"flag": True}),
    ],
)
def test_same_instances_as_the_dataclass_init(
    cls: type[Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    expected = cls(*args, **kwargs)
    fast = fast_copy(cls)
    actual = fast(*args, **kwargs)
    assert vars(actual) == vars(expected)
    assert list(vars(actual)) == list(vars(expected))
    assert repr(actual) == repr(expected)
    assert inspect.signature(fast.__init__) == inspect.signature(cls.__init__)
    assert fast.__init__.__code__.co_filename == f"<fast_init {cls.__name__}>"


def test_factories_give_each_instance_its_own_value() -> None:
    fast = fast_copy(Derived)
    first, second = fast("a"), fast("b")
    assert first.seen == [] and first.seen is not second.seen
    assert first.limit == 7


def test_the_class_stays_frozen_and_hashable() -> None:
    fast = fast_copy(Plain)
    item = fast("a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.name = "b"
    assert item == fast("a", note="other")
    assert hash(item) == hash(fast("a"))
    assert fast.kind == "plain"


def test_wrong_arguments_fail_as_before() -> None:
    fast = fast_copy(Plain)
    with pytest.raises(TypeError):
        fast()
    with pytest.raises(TypeError):
        fast("a", unknown=1)


@dataclass(frozen=True)
class WithInitVar:
    text: str
    scale: InitVar[int] = 1


@dataclass(frozen=True, slots=True)
class Slotted:
    text: str


@dataclass
class Mutable:
    text: str


@dataclass(frozen=True)
class OwnInit:
    text: str

    def __init__(self, text: str) -> None:
        object.__setattr__(self, "text", text.strip())


@pytest.mark.parametrize("cls", [WithInitVar, Slotted, Mutable, OwnInit, int])
def test_unsupported_classes_are_refused(cls: type[Any]) -> None:
    with pytest.raises(TypeError):
        fast_init(cls)


def fast_classes() -> list[type[Any]]:
    """Every class in the package that ``fast_init`` decorated."""
    found: list[type[Any]] = []
    for module_info in pkgutil.walk_packages(propslower.__path__, "propslower."):
        if module_info.name.endswith("__main__"):
            continue
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            code = getattr(getattr(value, "__init__", None), "__code__", None)
            if (
                isinstance(value, type)
                and code is not None
                and code.co_filename.startswith("<fast_init ")
                and value.__module__ == module.__name__
            ):
                found.append(value)
    return found


def test_package_classes_keep_their_dataclass_signature() -> None:
    classes = fast_classes()
    assert len(classes) >= 20
    for cls in classes:
        plain = dataclasses.make_dataclass(
            cls.__name__,
            [
                (
                    f.name,
                    f.type,
                    field(
                        default=f.default,
                        default_factory=f.default_factory,
                        init=f.init,
                        kw_only=f.kw_only,
                    ),
                )
                for f in dataclasses.fields(cls)
            ],
            frozen=True,
        )
        init: Any = vars(cls)["__init__"]
        assert inspect.signature(init) == inspect.signature(vars(plain)["__init__"]), cls
