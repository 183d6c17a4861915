from __future__ import annotations

from pathlib import Path

import pytest

from propslower.aspects.def_file import default_table, load_table, parse_aspects_def
from propslower.aspects.table import Aspect, AspectAlias, AspectTable
from propslower.diagnostics import DiagnosticError, render_all
from propslower.resources import grammar_dir, grammar_file


def errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(DiagnosticError) as caught:
        parse_aspects_def(text, "a.def")
    result = []
    for diagnostic in caught.value.diagnostics:
        assert diagnostic.span is not None
        result.append((diagnostic.span.line, diagnostic.span.column, diagnostic.message))
    return result


def test_default_table_numbering() -> None:
    table = default_table()
    assert len(table) == 82
    assert [a.value for a in table] == list(range(82))
    assert table.value_of("fp64") == 6
    assert table.value_of("atomic64") == 28
    assert table.name_of(53) == "ext_intel_esimd"
    assert table.name_of(81) == "ext_oneapi_virtual_functions"
    assert table.by_name("host") == Aspect("host", 0, table.by_name("host").deprecated)  # type: ignore[union-attr]
    assert table.by_name("host").deprecated  # type: ignore[union-attr]
    assert table.by_name("cpu").deprecated is None  # type: ignore[union-attr]


def test_aliases_resolve() -> None:
    table = default_table()
    assert table.value_of("usm_system_allocator") == 17
    assert table.value_of("ext_oneapi_interop_memory_import") == 46
    assert table.name_of(17) == "usm_system_allocations"
    assert "usm_system_allocator" in table
    assert "no_such_aspect" not in table
    assert table.describe(6) == "'fp64' (6)"
    assert table.describe(999) == "999"


def test_default_table_loaded_once() -> None:
    assert default_table() is default_table()
    assert load_table(None) is default_table()


def test_grammar_located() -> None:
    assert grammar_file("aspects_def.lark").is_file()
    assert grammar_dir().name == "grammar"


def test_table_rejects_duplicates() -> None:
    with pytest.raises(ValueError):
        AspectTable([Aspect("a", 1), Aspect("b", 1)])
    with pytest.raises(ValueError):
        AspectTable([Aspect("a", 1)], [AspectAlias("b", "c", "")])


def test_def_file_all_forms(tmp_path: Path) -> None:
    text = """// header comment
/* block
   comment */
#ifndef __SYCL_ASPECT_DEPRECATED_ALIAS
#define __SYCL_ASPECT_DEPRECATED_ALIAS(ASPECT, ID, MESSAGE) \\
  __SYCL_ASPECT_DEPRECATED(ASPECT, ID, MESSAGE)
#endif

__SYCL_ASPECT(cpu, 1)
__SYCL_ASPECT_DEPRECATED(host, 0, "say \\"no\\"")
__SYCL_ASPECT(usm_system_allocations, 17)   // trailing comment
__SYCL_ASPECT_DEPRECATED_ALIAS(usm_system_allocator, usm_system_allocations, "use it")
"""
    path = tmp_path / "a.def"
    path.write_text(text)
    table = load_table(str(path))
    assert [(a.name, a.value) for a in table] == [
        ("host", 0),
        ("cpu", 1),
        ("usm_system_allocations", 17),
    ]
    assert table.by_name("host").deprecated == 'say "no"'  # type: ignore[union-attr]
    assert table.aliases == (
        AspectAlias("usm_system_allocator", "usm_system_allocations", "use it"),
    )


def test_empty_def_file() -> None:
    assert len(parse_aspects_def("// nothing\n\n", "a.def")) == 0


def test_syntax_error_position() -> None:
    assert errors("__SYCL_ASPECT(cpu, 1)\n__SYCL_ASPECT(gpu 2)\n") == [
        (2, 19, "unexpected '2'; expected ','")
    ]


def test_unexpected_character_position() -> None:
    assert errors("__SYCL_ASPECT(cpu, -1)") == [(1, 20, "unexpected character '-'")]


def test_unknown_macro() -> None:
    assert errors("\n  __SYCL_ASPECTS(cpu, 1)") == [(2, 3, "unexpected '__SYCL_ASPECTS'")]


def test_truncated_input() -> None:
    ((line, _column, message),) = errors("__SYCL_ASPECT(cpu, 1")
    assert (line, message) == (1, "unexpected end of file in aspect definition")


def test_duplicate_name_and_value_positions() -> None:
    text = (
        "__SYCL_ASPECT(cpu, 1)\n"
        "__SYCL_ASPECT(cpu, 2)\n"
        "__SYCL_ASPECT(gpu, 1)\n"
        '__SYCL_ASPECT_DEPRECATED_ALIAS(cpu, gpu, "x")\n'
        '__SYCL_ASPECT_DEPRECATED_ALIAS(other, missing, "x")\n'
    )
    assert errors(text) == [
        (2, 15, "duplicate aspect name 'cpu'"),
        (3, 20, "duplicate aspect value 1 for 'gpu'"),
        (4, 37, "alias 'cpu' refers to unknown aspect 'gpu'"),
        (5, 39, "alias 'other' refers to unknown aspect 'missing'"),
    ]


def test_duplicate_has_note_and_renders() -> None:
    text = "__SYCL_ASPECT(cpu, 1)\n__SYCL_ASPECT(cpu, 2)\n"
    with pytest.raises(DiagnosticError) as caught:
        parse_aspects_def(text, "a.def")
    rendered = render_all(caught.value.diagnostics, {"a.def": text})
    assert "a.def:2:15: error: duplicate aspect name 'cpu'" in rendered
    assert "a.def:1:15: note: first defined here" in rendered


def test_missing_def_file_is_diagnostic(tmp_path: Path) -> None:
    with pytest.raises(DiagnosticError):
        load_table(str(tmp_path / "absent.def"))
