from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.diagnostics import DiagnosticError
from propslower.postlink.propset import (
    PropertyFile,
    PropertySet,
    PropertyType,
    PropertyValue,
    decode_byte_array,
    encode_byte_array,
    read_prop,
    write_prop,
)


def test_byte_array_prefix_and_encoding() -> None:
    # 8-byte LE bit count 32, then 06 00 00 00 (fp64), LSB-first Base64
    assert encode_byte_array((6).to_bytes(4, "little")) == "gAAAAAAAAAgBAAAA"
    assert encode_byte_array(b"") == "AAAAAAAAAAA"
    # "ab": prefix 0x10 (16 bits), then 61 62
    assert encode_byte_array(b"ab") == "QAAAAAAAAAQYiB"
    assert decode_byte_array("QAAAAAAAAAQYiB") == b"ab"


def test_value_constructors() -> None:
    assert PropertyValue.uint32_array([6, 5]).as_bytes == bytes([6, 0, 0, 0, 5, 0, 0, 0])
    assert PropertyValue.uint64_array([1]).as_bytes == bytes([1, 0, 0, 0, 0, 0, 0, 0])
    assert PropertyValue.string("pvc").as_bytes == b"pvc"
    assert PropertyValue.uint32_array([6, 5]).as_uint32_array() == (6, 5)
    with pytest.raises(ValueError):
        PropertyValue.uint32(2**32)
    with pytest.raises(ValueError):
        PropertyValue.byte_array(b"abc").as_uint32_array()
    with pytest.raises(TypeError):
        PropertyValue.uint32(1).as_bytes  # noqa: B018


def test_write_exact_text() -> None:
    sets = [
        PropertySet("SYCL/devicelib req mask", {"DeviceLibReqMask": PropertyValue.uint32(0)}),
        PropertySet(
            "SYCL/device requirements",
            {
                "aspects": PropertyValue.uint32_array([6]),
                "reqd_sub_group_size": PropertyValue.uint32(16),
            },
        ),
    ]
    assert write_prop(sets) == (
        "[SYCL/devicelib req mask]\n"
        "DeviceLibReqMask=1|0\n"
        "[SYCL/device requirements]\n"
        "aspects=2|gAAAAAAAAAgBAAAA\n"
        "reqd_sub_group_size=1|16\n"
    )


def test_read_skips_blank_lines() -> None:
    props = read_prop("[A]\n\nx=1|7\n[B]\ny=2|AAAAAAAAAAA\n", "f.prop")
    assert [s.name for s in props.sets] == ["A", "B"]
    assert props.get("A")["x"] == PropertyValue.uint32(7)  # type: ignore[index]
    assert props.get("B")["y"].type is PropertyType.BYTE_ARRAY  # type: ignore[index]
    assert props.get("C") is None


def read_errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(DiagnosticError) as caught:
        read_prop(text, "f.prop")
    out = []
    for d in caught.value.diagnostics:
        assert d.span is not None and d.span.file == "f.prop"
        out.append((d.span.line, d.span.column, d.message))
    return out


def test_read_errors_positioned() -> None:
    text = (
        "x=1|1\n"  # 1: outside a set
        "[S]\n"
        "noequals\n"  # 3
        "a=9|1\n"  # 4: bad type code
        "b=1|-4\n"  # 5: bad uint32
        "c=1|4294967296\n"  # 6: too big
        "d=2|AA*A\n"  # 7: bad base64 char
        "e=2|AAAA\n"  # 8: shorter than prefix
        "f=2|gAAAAAAAAAA\n"  # 9: prefix says 32 bits, no data
        "g=1|1\n"
        "g=1|2\n"  # 11: duplicate
        "[S]\n"  # 12: duplicate set
        "[broken\n"  # 13
        "h=0|0\n"  # 14: NONE rejected
        "i=x\n"  # 15
    )
    assert [(line, column) for line, column, _ in read_errors(text)] == [
        (1, 1),
        (3, 1),
        (4, 3),
        (5, 5),
        (6, 5),
        (7, 7),
        (8, 5),
        (9, 5),
        (11, 1),
        (12, 2),
        (13, 1),
        (14, 3),
        (15, 3),
    ]


names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_/ 0123456789", min_size=1, max_size=20)
keys = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_0123456789", min_size=1, max_size=20)
values = st.one_of(
    st.integers(0, 2**32 - 1).map(PropertyValue.uint32),
    st.binary(max_size=64).map(PropertyValue.byte_array),
    st.lists(st.integers(0, 2**32 - 1), max_size=8).map(PropertyValue.uint32_array),
    st.lists(st.integers(0, 2**64 - 1), max_size=4).map(PropertyValue.uint64_array),
)
sets = st.dictionaries(
    names.filter(lambda n: n.strip() == n), st.dictionaries(keys, values, max_size=6), max_size=4
)


@given(sets)
def test_round_trip(data: dict[str, dict[str, PropertyValue]]) -> None:
    original = PropertyFile([PropertySet(name, props) for name, props in data.items()])
    text = write_prop(original)
    assert read_prop(text, "f.prop") == original
    assert write_prop(read_prop(text, "f.prop")) == text


@pytest.mark.parametrize(
    ("set_name", "key"),
    [
        ("S", "a=b"),
        ("S", "[k]"),
        ("S", "k\nx"),
        ("S", "k\rx"),
        ("S", "k\0x"),
        ("S", ""),
        ("a\nb", "k"),
    ],
)
def test_names_the_reader_cannot_read_back_are_refused(set_name: str, key: str) -> None:
    prop_set = PropertySet(set_name, {key: PropertyValue.uint32(1)})
    with pytest.raises(ValueError, match="cannot be written"):
        write_prop([prop_set])
