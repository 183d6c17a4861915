"""The saved-preamble path reads what the plain parse reads, and never a stale or noisy AST."""

from __future__ import annotations

import multiprocessing
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from propslower.diagnostics import DiagnosticError
from propslower.frontend import cindex, preamble
from propslower.frontend.preamble import PreambleCache, blanked, preamble_end
from propslower.frontend.reader import read
from propslower.frontend.records import ReadResult
from propslower.frontend.sycl_compat import compat_layer, layer_directory
from tests.conftest import require_tool

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

PREAMBLES = [
    "#include <a.h>\n|int x;\n",
    "// c\n\n#include <a.h>\n#include <b/c.hpp> // why\n|int x;\n",
    "/* licence\n   text */\n#  include<a.h>\n|int x;\n",
    "#include <a.h>\r\n#include <b.h>\r\n|int x;\r\n",
    '#include <a.h>\n|#include "b.h"\n#include <c.h>\n',
    "#include <a.h>\n|#define X 1\n#include <b.h>\n",
    "#include <a.h>\n|/* a */ int y;\n#include <b.h>\n",
    "#include <a.h>|",
    "|int x;\n#include <a.h>\n",
    '|#include "a.h"\n',
    "|// only comments\n\n",
    "|/* unclosed\n#include <a.h>\n",
    "|",
]
"""Sources with ``|`` where their preamble ends."""


@pytest.mark.parametrize("marked", PREAMBLES)
def test_the_preamble_is_the_leading_angled_includes(marked: str) -> None:
    assert preamble_end(marked.replace("|", "")) == marked.index("|")


LINES = st.sampled_from(
    ["#include <a.h>", "  # include <b/c.h>  // x", "", "// note", "/* one */", "int x;",
     '#include "q.h"', "#define Y", "/* open", "close */"]
)  # fmt: skip


@given(st.lists(LINES, max_size=12), st.sampled_from(["\n", "\r\n"]))
def test_the_preamble_ends_after_an_include_line_and_holds_no_code(
    lines: list[str], newline: str
) -> None:
    text = newline.join(lines)
    end = preamble_end(text)
    if end == 0:
        return
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text[:end], flags=re.DOTALL)
    lines_left = [line.strip() for line in code.splitlines() if line.strip()]
    assert lines_left
    assert all(re.fullmatch(r"#\s*include\s*<[^>]+>", line) for line in lines_left)
    last = text[:end].rstrip("\r\n").rsplit("\n", 1)[-1]
    assert re.fullmatch(r"\s*#\s*include\s*<[^>]+>\s*(//.*)?", last)


@given(st.text(alphabet='#<>a \t\n\r/*"é', max_size=60), st.data())
def test_blanking_keeps_every_position(text: str, data: st.DataObject) -> None:
    end = data.draw(st.integers(0, len(text)))
    result = blanked(text, end)
    assert len(result) == len(text)
    assert result[end:] == text[end:]
    assert [i for i, c in enumerate(result) if c in "\r\n"] == [
        i for i, c in enumerate(text) if c in "\r\n"
    ]
    assert not result[:end].replace("\n", "").replace("\r", "").strip()


@pytest.fixture
def headers(tmp_path: Path) -> Path:
    """A system include directory with the example headers (system: their warnings are off)."""
    include = tmp_path / "include"
    include.mkdir()
    (include / "sycl_props.hpp").write_text((EXAMPLES / "sycl_props.hpp").read_text())
    (include / "extra.hpp").write_text("#pragma once\nstruct A {};\n")
    return include


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """The combined example, including its header as a system header, with one more use."""
    text = (EXAMPLES / "combined.cpp").read_text()
    text = text.replace(
        '#include "sycl_props.hpp"', "#include <sycl_props.hpp>\n#include <extra.hpp>"
    )
    path = tmp_path / "combined.cpp"
    path.write_text(text + "A a;\n")
    return path


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[str]]]:
    """The arguments of every libclang parse the preamble path makes."""
    calls: list[list[str]] = []
    original = cindex.parse

    def spy(path: str, arguments: list[str], unsaved: Any = ()) -> Any:
        calls.append([*arguments, path])
        return original(path, arguments, unsaved)

    monkeypatch.setattr(preamble, "parse", spy)
    yield calls


def _read(source: Path, headers: Path, cache: PreambleCache | None) -> ReadResult:
    return read(source, ["-isystem", str(headers)], preambles=cache)


def _saved(source: Path, headers: Path, tmp_path: Path) -> PreambleCache:
    """A cache under ``tmp_path`` that has seen ``source`` twice: its preamble saved."""
    cache = PreambleCache(tmp_path / "cache")
    for _ in range(2):
        _read(source, headers, cache)
    return cache


def _pch_used(calls: list[list[str]]) -> bool:
    return any("-include-pch" in call for call in calls)


def test_a_preamble_is_saved_on_its_second_sighting_and_read_from_then_on(
    source: Path, headers: Path, tmp_path: Path, parses: list[list[str]]
) -> None:
    cache = PreambleCache(tmp_path / "cache")
    plain = _read(source, headers, None)
    assert plain.records
    first = _read(source, headers, cache)
    assert not _pch_used(parses)  # seen once: the plain parse
    assert [p.suffix for p in cache.directory.iterdir()] == [".seen"]
    second = _read(source, headers, cache)
    assert _pch_used(parses)
    assert {p.suffix for p in cache.directory.iterdir()} == {".seen", ".ast", ".json", ".cpp"}
    parses.clear()
    third = _read(source, headers, cache)
    assert [call[-1] for call in parses] == [str(source)]  # no rebuild
    assert _pch_used(parses)
    assert plain == first == second == third


def test_a_changed_header_is_never_read_from_the_saved_ast(
    source: Path, headers: Path, tmp_path: Path, parses: list[list[str]]
) -> None:
    cache = _saved(source, headers, tmp_path)
    source.write_text(source.read_text() + "B b;\n")
    extra = headers / "extra.hpp"
    extra.write_text(extra.read_text() + "struct B {};\n")
    parses.clear()
    changed = _read(source, headers, cache)  # a stale AST would not know B: an error
    assert changed == _read(source, headers, None)
    assert len([call for call in parses if "-include-pch" not in call]) == 1  # rebuilt


def test_a_header_added_beside_the_ones_read_retires_the_entry(
    source: Path, headers: Path, tmp_path: Path, parses: list[list[str]]
) -> None:
    cache = _saved(source, headers, tmp_path)
    assert str(headers) in next(cache.directory.glob("*.json")).read_text()
    stamp = headers.stat().st_mtime_ns
    (headers / "new.hpp").write_text("")
    os.utime(headers, ns=(stamp + 10**9, stamp + 10**9))
    parses.clear()
    _read(source, headers, cache)
    assert [Path(call[-1]).parent for call in parses] == [cache.directory, source.parent]


def test_a_preamble_that_warns_is_never_saved(tmp_path: Path, parses: list[list[str]]) -> None:
    include = tmp_path / "user"
    include.mkdir()
    (include / "noisy.hpp").write_text("[[vendor::unknown]] int noisy;\n")
    source = tmp_path / "main.cpp"
    source.write_text("#include <noisy.hpp>\nint use() { return noisy; }\n")
    cache = PreambleCache(tmp_path / "cache")
    arguments = ["-I", str(include)]
    plain = read(source, arguments)
    results = [read(source, arguments, preambles=cache) for _ in range(3)]
    assert plain.warnings  # the header's unknown attribute, which an AST would not repeat
    assert all(result == plain for result in results)
    assert not list(cache.directory.glob("*.ast"))
    assert not _pch_used(parses)


def test_an_unwritable_cache_only_costs_the_parse(
    source: Path, headers: Path, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    cache = PreambleCache(blocker / "cache")
    plain = _read(source, headers, None)
    assert all(_read(source, headers, cache) == plain for _ in range(3))


def test_errors_are_the_plain_parse_s(source: Path, headers: Path, tmp_path: Path) -> None:
    cache = _saved(source, headers, tmp_path)
    source.write_text(source.read_text() + "Missing m;\n")
    with pytest.raises(DiagnosticError) as plain:
        _read(source, headers, None)
    with pytest.raises(DiagnosticError) as cached:
        _read(source, headers, cache)
    assert [str(d) for d in cached.value.diagnostics] == [str(d) for d in plain.value.diagnostics]
    assert list(cache.directory.glob("*.ast"))  # the user's error: the preamble stays


def test_a_saved_preamble_that_does_not_load_is_removed(
    source: Path, headers: Path, tmp_path: Path
) -> None:
    plain = _read(source, headers, None)
    cache = _saved(source, headers, tmp_path)
    ast = next(cache.directory.glob("*.ast"))
    stamp = ast.stat()
    ast.write_bytes(b"not an AST file")
    os.utime(ast, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert _read(source, headers, cache) == plain
    assert not ast.exists()
    assert _read(source, headers, cache) == plain  # built again
    assert ast.exists()


def test_only_the_latest_preambles_are_kept(headers: Path, tmp_path: Path) -> None:
    cache = PreambleCache(tmp_path / "cache")
    for number in range(preamble._KEEP + 2):
        source = tmp_path / f"s{number}.cpp"
        source.write_text("#include <extra.hpp>\n" * (number + 1) + "A a;\n")
        for _ in range(2):
            read(source, ["-isystem", str(headers)], preambles=cache)
    assert len(list(cache.directory.glob("*.ast"))) == preamble._KEEP
    assert len(list(cache.directory.glob("*.json"))) == preamble._KEEP


def test_the_compatibility_header_has_one_place_per_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PROPSLOWER_CACHE_DIR", str(tmp_path / "cache"))
    first = layer_directory(tmp_path / "a")
    assert first.is_relative_to(tmp_path / "cache")
    header = compat_layer("clang-19", first).header
    stamp = header.stat().st_mtime_ns
    assert layer_directory(tmp_path / "b") == first
    compat_layer("clang-19", first).write()
    assert header.stat().st_mtime_ns == stamp  # unchanged text: not rewritten
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    monkeypatch.setenv("PROPSLOWER_CACHE_DIR", str(blocker / "cache"))
    assert layer_directory(tmp_path / "c") == tmp_path / "c"


@pytest.fixture(scope="module")
def real_preambles(dpcpp_include: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The real headers' libclang arguments and one cache, its preamble saved."""
    require_tool("clang-19")
    directory = tmp_path_factory.mktemp("real")
    layer = compat_layer("clang-19", layer_directory(directory))
    layer.write()
    arguments = ["-isystem", str(dpcpp_include)]
    arguments += layer.libclang_arguments(arguments)
    cache = PreambleCache(directory / "cache")
    for _ in range(2):  # seen, then saved
        read(EXAMPLES / "dpcpp" / "sycl_external.cpp", arguments, preambles=cache)
    assert list(cache.directory.glob("*.ast"))
    return arguments, cache


REAL = sorted(path.stem for path in (EXAMPLES / "dpcpp").glob("*.cpp"))


@pytest.mark.integration
@pytest.mark.parametrize("program", REAL)
def test_the_real_headers_read_the_same_from_a_saved_preamble(
    real_preambles: Any, parses: list[list[str]], program: str
) -> None:
    arguments, cache = real_preambles
    source = EXAMPLES / "dpcpp" / f"{program}.cpp"
    plain = read(source, arguments)
    assert plain.records or plain.externals or plain.kernels
    cached = read(source, arguments, preambles=cache)
    assert [call[-1] for call in parses] == [str(source)]
    assert _pch_used(parses)
    assert cached == plain


def test_sources_that_differ_in_their_comments_share_one_preamble() -> None:
    first = "// one\n#include <a.h> // why\n\n#  include<b/c.h>\n"
    second = "/* two */\n#include <a.h>\n#include <b/c.h>\n"
    assert (
        preamble.included(first)
        == preamble.included(second)
        == ("#include <a.h>\n#include <b/c.h>\n")
    )


PREAMBLE_LINES = st.sampled_from(
    ["#include <sycl_props.hpp>", "#include <extra.hpp>", "#include <repeat.hpp>", "",
     "// a comment", "/* a\n   block */", "  #  include <extra.hpp>  // again"]
)  # fmt: skip
BODY = (EXAMPLES / "combined.cpp").read_text().split('#include "sycl_props.hpp"\n', 1)[1]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PREAMBLE_LINES, min_size=1, max_size=6), st.sampled_from(["\n", "\r\n"]))
def test_any_preamble_reads_as_the_plain_parse_does(lines: list[str], newline: str) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        include = directory / "include"
        include.mkdir()
        (include / "sycl_props.hpp").write_text((EXAMPLES / "sycl_props.hpp").read_text())
        (include / "extra.hpp").write_text("#pragma once\nstruct A {};\n")
        (include / "repeat.hpp").write_text("extern int repeated;\n")  # no guard
        source = directory / "main.cpp"
        preamble_text = newline.join([*lines, "#include <sycl_props.hpp>", ""])
        source.write_bytes((preamble_text + BODY.replace("\n", newline)).encode())
        arguments = ["-isystem", str(include)]
        cache = PreambleCache(directory / "cache")
        plain = read(source, arguments)
        assert all(read(source, arguments, preambles=cache) == plain for _ in range(3))
        assert list(cache.directory.glob("*.ast"))


def _read_in_child(source: str, include: str, cache: str) -> ReadResult:
    return read(source, ["-isystem", include], preambles=PreambleCache(Path(cache)))


def test_compiles_building_one_preamble_at_once_agree(
    source: Path, headers: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    plain = _read(source, headers, None)
    _read(source, headers, PreambleCache(cache))  # seen: the next two both build it
    context = multiprocessing.get_context("fork")
    with context.Pool(2) as pool:
        results = pool.starmap(_read_in_child, [(str(source), str(headers), str(cache))] * 4)
    assert all(result == plain for result in results)
    assert len(list(cache.glob("*.ast"))) == 1
    assert not list(cache.glob("*.tmp"))


def test_a_save_that_fails_leaves_no_temporary_file(
    source: Path, headers: Path, tmp_path: Path
) -> None:
    cache = PreambleCache(tmp_path / "cache")
    plain = _read(source, headers, cache)  # seen
    seen = next(cache.directory.glob("*.seen"))
    seen.with_suffix(".ast").mkdir()  # the rename onto it fails
    assert _read(source, headers, cache) == plain
    assert not list(cache.directory.glob("*.tmp"))
    assert not list(cache.directory.glob("*.json"))
