"""clang's unknown-attribute warnings from the libclang read, less the attributes we read."""

from pathlib import Path

import pytest

from propslower.aspects.def_file import default_table
from propslower.frontend.attribute_warnings import as_errors, handled_names, silenced
from propslower.frontend.reader import read

from .helpers import EXAMPLES, KERNEL_HEADER

SOURCE = (
    KERNEL_HEADER
    + """
[[sycl::requires(has(aspect::fp16))]] void allowed();
[[sycl::device_has(aspect::fp16)]] void declared();
[[sycl::reqd_work_grop_size(1)]] void misspelt();
[[gnu::hot]] [[vendor::unheard_of]] void foreign();
[[vendor::unheard_of]] void foreign_again();
"""
)


def _warnings(tmp_path: Path, source: str) -> list[tuple[str, int, int]]:
    path = tmp_path / "input.cpp"
    path.write_text(source, encoding="utf-8")
    result = read(path, [f"-I{EXAMPLES}"], features=default_table)
    return [(w.message, w.span.line, w.span.column) for w in result.warnings if w.span is not None]


def test_only_attributes_nobody_reads_are_reported(tmp_path: Path) -> None:
    lines = SOURCE.splitlines()
    misspelt = next(i for i, line in enumerate(lines, 1) if "grop" in line)
    foreign = misspelt + 1
    assert _warnings(tmp_path, SOURCE) == [
        ("unknown attribute 'reqd_work_grop_size' ignored [-Wunknown-attributes]", misspelt, 3),
        ("unknown attribute 'unheard_of' ignored [-Wunknown-attributes]", foreign, 16),
        ("unknown attribute 'unheard_of' ignored [-Wunknown-attributes]", foreign + 1, 3),
    ]


def test_kernel_markers_and_feature_spellings_are_handled() -> None:
    names = handled_names()
    for name in ("sycl_kernel_entry_point", "sycl_external", "requires", "__uses_aspects__"):
        assert name in names
    assert "reqd_work_grop_size" not in names


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["-O0", "-w"], True),
        (["-Wno-unknown-attributes"], True),
        (["-Wno-attributes"], True),
        (["-Wall", "-Werror"], False),
        (["-Wno-unused"], False),
    ],
)
def test_silenced_by_the_users_own_flags(arguments: list[str], expected: bool) -> None:
    assert silenced(arguments) is expected


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["-Werror"], True),
        (["-Werror=unknown-attributes"], True),
        (["-Werror", "-Wno-error=unknown-attributes"], False),
        (["-Wno-error", "-Werror=attributes"], True),
        (["-Werror=unused"], False),
    ],
)
def test_as_errors_follows_the_last_werror_flag(arguments: list[str], expected: bool) -> None:
    assert as_errors(arguments) is expected
