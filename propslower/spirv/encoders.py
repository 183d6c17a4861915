"""Value encoders: one pure function per encoding kind, from an IR attribute value to entries."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.spirv.model import Entry, Operand, Rule

_INTEGER = re.compile(r"[+-]?[0-9]+")
UINT32_MAX = 2**32 - 1
INT32_MIN = -(2**31)
INT32_MAX = 2**31 - 1


class EncodingError(ValueError):
    """A value the table cannot encode; the message names the entity, property and value."""


@dataclass(frozen=True)
class EncodeContext:
    """What an encoder may know besides the value: the entity and its other attributes."""

    entity: str
    """The IR name of the global, function, parameter or member (used in messages)."""
    attributes: Mapping[str, str | None] = field(default_factory=dict)
    """The entity's other ``sycl-*`` attributes, for encodings that read them."""
    symbol: str | None = None
    """The bare symbol name host access records (default: ``entity``)."""


Encoder = Callable[[Rule, str | None, EncodeContext], tuple[Entry, ...]]


def _fail(rule: Rule, value: str | None, ctx: EncodeContext, why: str) -> EncodingError:
    shown = "no value" if value is None else f"value '{value}'"
    where = f"property '{rule.property_name}' on '{ctx.entity}'"
    return EncodingError(f"cannot encode {where}: {shown} {why}")


def _entry(rule: Rule, *operands: Operand) -> Entry:
    """An entry for ``rule``: the rule's id first when its target uses one."""
    return operands if rule.id is None else (rule.id, *operands)


def _integer(
    rule: Rule, value: str | None, ctx: EncodeContext, low: int = 0, high: int = UINT32_MAX
) -> int:
    text = (value or "").strip()
    if not _INTEGER.fullmatch(text):
        raise _fail(rule, value, ctx, "is not an integer")
    number = int(text, 10)
    if not low <= number <= high:
        raise _fail(rule, value, ctx, f"is out of range [{low}, {high}]")
    return number


def encode_none(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """No operands; the property must have no value."""
    if value:
        raise _fail(rule, value, ctx, "was given, but the property takes no value")
    return (_entry(rule),)


def encode_integer(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """One unsigned 32-bit decimal integer."""
    return (_entry(rule, _integer(rule, value, ctx)),)


_BOOLEANS = {"": 1, "true": 1, "1": 1, "false": 0, "0": 0}


def encode_boolean(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """``true``/``1``/no value → 1, ``false``/``0`` → 0; anything else is an error."""
    bit = _BOOLEANS.get((value or "").strip())
    if bit is None:
        raise _fail(rule, value, ctx, "is not a boolean (true, false, 1, 0 or no value)")
    return (_entry(rule, bit),)


def encode_boolean_not_false(
    rule: Rule, value: str | None, ctx: EncodeContext
) -> tuple[Entry, ...]:
    """The production rule: 0 only for exactly ``false``, 1 for anything else."""
    del ctx
    return (_entry(rule, 0 if value == "false" else 1),)


def encode_string(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """One string literal; no value is the empty string."""
    del ctx
    return (_entry(rule, value or ""),)


def encode_raw(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """The value copied unconverted: no operand without a value, else one string."""
    del ctx
    return (_entry(rule) if value is None else _entry(rule, value),)


def encode_list(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """A comma list: decimal items become integers, others strings; ``count`` fixes the length."""
    items = [item.strip() for item in (value or "").split(",")]
    if rule.params.count is not None and len(items) != rule.params.count:
        why = f"must have exactly {rule.params.count} comma-separated items"
        raise _fail(rule, value, ctx, why)
    operands = tuple(int(item) if _INTEGER.fullmatch(item) else item for item in items)
    return (_entry(rule, *operands),)


def decode_dims(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[int, ...]:
    """The 1 to 3 positive integers of a ``"a,b,c"`` value, in SYCL order."""
    items = [item.strip() for item in (value or "").split(",")]
    if len(items) > 3:
        raise _fail(rule, value, ctx, "has more than three dimensions")
    bad = next((item for item in items if not item.isdigit() or int(item) < 1), None)
    if bad is not None:
        raise _fail(rule, value, ctx, f"is not a list of positive integers ('{bad}')")
    dims = tuple(int(item) for item in items)
    if max(dims) > UINT32_MAX:
        raise _fail(rule, value, ctx, f"has a dimension above {UINT32_MAX}")
    return dims


def encode_dims3_reversed(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """``"a,b,c"`` in SYCL order → operands reversed (SPIR-V order) and padded with 1 to three."""
    dims = decode_dims(rule, value, ctx)[::-1]
    return (_entry(rule, *dims, *(1,) * (3 - len(dims))),)


def _enum_value(rule: Rule, key: str) -> tuple[Operand, ...] | None:
    found = rule.params.lookup(key)
    if found is not None or not rule.params.accept_numbers or not _INTEGER.fullmatch(key):
        return found
    number = int(key)
    known = {ops[0] for _, ops in rule.params.values if len(ops) == 1}
    return (number,) if number in known else None


def encode_enum(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """A name looked up in ``values``; unknown names are errors, or skipped with ``on_unknown``."""
    key = (value or "").strip()
    operands = _enum_value(rule, key)
    if operands is not None:
        return (_entry(rule, *operands),)
    if rule.params.on_unknown == "skip":
        return ()
    names = ", ".join(name for name, _ in rule.params.values)
    raise _fail(rule, value, ctx, f"is not one of: {names}")


def encode_select_nonzero(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """An integer choosing the ``zero`` or the ``nonzero`` operand list."""
    number = _integer(rule, value, ctx, low=INT32_MIN)
    return (_entry(rule, *(rule.params.nonzero if number else rule.params.zero)),)


def encode_fixed(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """The fixed ``operands``, whatever the value."""
    del value, ctx
    return (_entry(rule, *rule.params.operands),)


def encode_power_of_two(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """A power-of-two integer (alignment); ``auto_base`` also accepts ``0x``/``0o``/``0b``."""
    number = _auto_base(rule, value, ctx) if rule.params.auto_base else _integer(rule, value, ctx)
    if number < 1 or number & (number - 1):
        raise _fail(rule, value, ctx, "is not a power of two")
    return (_entry(rule, number),)


def _auto_base(rule: Rule, value: str | None, ctx: EncodeContext) -> int:
    try:
        return int((value or "").strip(), 0)
    except ValueError:
        raise _fail(rule, value, ctx, "is not an integer") from None


def encode_bitmask(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """Each bit (or field value) the value selects, in table order, expands into its entries;
    bits no row covers are errors."""
    mask = _integer(rule, value, ctx)
    known = 0
    entries: list[Entry] = []
    for bit in rule.params.bits:
        known |= bit.mask
        if bit.fires(mask):
            entries.extend((bit.ref.id, *operands) for operands in bit.operands)
    if mask & ~known:
        raise _fail(rule, value, ctx, f"sets unknown bits {mask & ~known:#x}")
    return tuple(entries)


def decode_nibbles(mask: int) -> tuple[tuple[int, int], ...]:
    """``(nibble, bit)`` for every set bit, lowest nibble first, lowest bit first."""
    return tuple((i // 4, i % 4) for i in range(mask.bit_length()) if mask >> i & 1)


def encode_cache_control(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """Nibble *k* is cache mode *k*, bit *b* of it cache level *b*: entries (id, level, control)."""
    mask = _integer(rule, value, ctx)
    controls = rule.params.controls
    entries: list[Entry] = []
    for mode, level in decode_nibbles(mask):
        if mode >= len(controls):
            raise _fail(rule, value, ctx, f"uses cache mode {mode}, which this property lacks")
        entries.append(_entry(rule, level, controls[mode]))
    return tuple(entries)


def encode_prefetch(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """A cache level → one entry (id, level, ``control``)."""
    return (_entry(rule, _integer(rule, value, ctx), rule.params.control),)


def encode_pipelined(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """v < 0 → enable 1; v = 0 → enable 0; v > 0 → enable 1 and interval v."""
    number = _integer(rule, value, ctx, low=INT32_MIN, high=INT32_MAX)
    enable, interval = rule.params.enable, rule.params.interval
    if enable is None or interval is None:
        raise _fail(rule, value, ctx, "cannot be encoded: the rule lacks 'enable'/'interval'")
    if number <= 0:
        return ((enable.id, int(number < 0)),)
    return ((enable.id, 1), (interval.id, number))


def encode_host_access(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """(access, name): access from the value (or ``value_from``) by ``values``, else ``default``.

    ``ignore_value`` always uses ``default``; the name is ``name_from``'s value or the entity.
    """
    params = rule.params
    access_text = ctx.attributes.get(params.value_from) if params.value_from else value
    access_text = None if params.ignore_value else access_text
    if access_text:
        access = _enum_value(rule, access_text.strip())
        if access is None:
            names = ", ".join(name for name, _ in params.values)
            raise _fail(rule, access_text, ctx, f"is not a host access mode ({names})")
    elif params.default is not None:
        access = (params.default,)
    else:
        raise _fail(rule, value, ctx, "needs a host access mode")
    own_name = ctx.symbol if ctx.symbol is not None else ctx.entity
    name = ctx.attributes.get(params.name_from) if params.name_from else own_name
    if not name:
        raise _fail(rule, value, ctx, f"needs the attribute '{params.name_from}' on the entity")
    return (_entry(rule, *access, name),)


@dataclass(frozen=True)
class EncodingSpec:
    """An encoding: its function, the parameters it reads, and whether it brings its own ids."""

    encode: Encoder
    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    own_ids: bool = False

    @property
    def params(self) -> frozenset[str]:
        return self.required | self.optional


def _spec(
    encode: Encoder, required: str = "", optional: str = "", own_ids: bool = False
) -> EncodingSpec:
    return EncodingSpec(
        encode, frozenset(required.split()), frozenset(optional.split()), own_ids=own_ids
    )


ENCODINGS: dict[str, EncodingSpec] = {
    "none": _spec(encode_none),
    "integer": _spec(encode_integer),
    "boolean": _spec(encode_boolean),
    "boolean_not_false": _spec(encode_boolean_not_false),
    "string": _spec(encode_string),
    "raw": _spec(encode_raw),
    "list": _spec(encode_list, optional="count"),
    "dims3_reversed": _spec(encode_dims3_reversed),
    "enum": _spec(encode_enum, "values", "accept_numbers on_unknown"),
    "select_nonzero": _spec(encode_select_nonzero, "zero nonzero"),
    "fixed": _spec(encode_fixed, "operands"),
    "power_of_two": _spec(encode_power_of_two, optional="auto_base"),
    "bitmask": _spec(encode_bitmask, "bits", own_ids=True),
    "cache_control": _spec(encode_cache_control, "controls"),
    "prefetch": _spec(encode_prefetch, "control"),
    "pipelined": _spec(encode_pipelined, "enable interval", own_ids=True),
    "host_access": _spec(
        encode_host_access, "values", "accept_numbers value_from name_from default ignore_value"
    ),
}
"""Encoding name → its spec; the YAML table's ``encoding`` keys are checked against this."""


def encode(rule: Rule, value: str | None, ctx: EncodeContext) -> tuple[Entry, ...]:
    """Encode ``value`` by ``rule``'s encoding; raises ``EncodingError`` for a bad value."""
    return ENCODINGS[rule.encoding].encode(rule, value, ctx)


SYMBOL = "\0symbol\0"
"""Stands for the entity's symbol in the entries of ``symbol_template``."""
_OTHER_SYMBOL = "\0other symbol\0"


def symbol_template(
    rule: Rule, value: str | None, attributes: Mapping[str, str | None]
) -> tuple[Entry, ...] | None:
    """What ``encode`` gives for an entity with these attributes and any non-empty symbol,
    with ``SYMBOL`` for the symbol, when the encoding uses the symbol only as an operand (host
    access); None for other encodings and for a value that does not encode."""
    if rule.encoding != "host_access":
        return None
    try:
        found = encode(rule, value, EncodeContext(SYMBOL, attributes, symbol=SYMBOL))
        other = encode(rule, value, EncodeContext(SYMBOL, attributes, symbol=_OTHER_SYMBOL))
    except EncodingError:
        return None
    if [len(entry) for entry in found] != [len(entry) for entry in other]:
        return None
    twins = zip(found, other, strict=True)
    pairs = [(a, b) for entry, twin in twins for a, b in zip(entry, twin, strict=True)]
    symbol_only = all((a, b) == (SYMBOL, _OTHER_SYMBOL) or (a == b != SYMBOL) for a, b in pairs)
    return found if symbol_only else None


def encode_or_diagnose(
    rule: Rule, value: str | None, ctx: EncodeContext, span: Span | None = None
) -> tuple[Entry, ...]:
    """Like ``encode``, but a bad value raises a ``DiagnosticError`` positioned at ``span``."""
    try:
        return encode(rule, value, ctx)
    except EncodingError as error:
        raise DiagnosticError(Diagnostic.error(str(error), span)) from None
