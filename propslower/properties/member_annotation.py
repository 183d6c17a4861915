"""Member annotations: a property list encoded for ``@llvm.ptr.annotation``, and back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.properties.model import PropertyList
from propslower.properties.profiles import PROFILES, MemberEncoding, Profile

Pairs = tuple[tuple[str, str | None], ...]


@dataclass(frozen=True)
class MemberAnnotation:
    """The annotation string, and (``dpcpp``) the name/value pairs of its args struct."""

    string: str
    pairs: Pairs | None = None

    def describe(self) -> str:
        """One line for people: the string, then the args struct when there is one."""
        if self.pairs is None:
            return self.string
        items = ", ".join(
            item for name, value in self.pairs for item in (f'"{name}"', _shown(value))
        )
        return f"{self.string} {{{items}}}"


def _shown(value: str | None) -> str:
    return "null" if value is None else f'"{value}"'


_RESERVED = (",", "=")


def _prefixed_string(profile: Profile, properties: PropertyList) -> MemberAnnotation:
    entries: list[str] = []
    for prop in properties:
        value = prop.ir_value()
        for part, what in ((prop.name, "name"), (value or "", "value")):
            bad = next((c for c in _RESERVED if c in part), None)
            if bad is not None:
                raise DiagnosticError(
                    Diagnostic.error(
                        f"property '{prop.name}' cannot be written as a member annotation in the "
                        f"'{profile.name}' profile: its {what} '{part}' contains '{bad}'; use "
                        f"--profile {_args_struct_profile()}",
                        prop.span,
                    )
                )
        entries.append(prop.name if value is None else f"{prop.name}={value}")
    return MemberAnnotation(profile.member_annotation + ",".join(entries))


def _args_struct_profile() -> str:
    """The first registered profile that writes args structs, which hold any name and value."""
    writers = (p for p in PROFILES.values() if p.member_encoding is MemberEncoding.ARGS_STRUCT)
    return next(writers).name


def _args_struct(profile: Profile, properties: PropertyList) -> MemberAnnotation:
    return MemberAnnotation(profile.member_annotation, properties.ir_pairs())


_ENCODERS: dict[MemberEncoding, Callable[[Profile, PropertyList], MemberAnnotation]] = {
    MemberEncoding.PREFIXED_STRING: _prefixed_string,
    MemberEncoding.ARGS_STRUCT: _args_struct,
}


def encode_member_annotation(profile: Profile, properties: PropertyList) -> MemberAnnotation:
    """Encode ``properties`` as ``profile`` writes member annotations (raises on what cannot be)."""
    return _ENCODERS[profile.member_encoding](profile, properties)


def decode_prefixed_string(string: str, prefix: str = "sycl-properties:") -> Pairs | None:
    """``sycl-properties:foo,bar=32`` → ``(("foo", None), ("bar", "32"))``; None if not one."""
    if not string.startswith(prefix):
        return None
    body = string[len(prefix) :]
    if not body:
        return ()
    pairs: list[tuple[str, str | None]] = []
    for entry in body.split(","):
        name, equals, value = entry.partition("=")
        pairs.append((name, value if equals else None))
    return tuple(pairs)
