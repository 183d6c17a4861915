"""The on-disk cache of the built attribute parser: used when valid, rebuilt when not."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from lark import Lark

from propslower.properties import grammar

TEXT = '[[__sycl_detail__::add_ir_function_attributes("sycl-a", 3)]]'


def _fresh_parser(monkeypatch: pytest.MonkeyPatch, directory: Path) -> Lark:
    monkeypatch.setenv("PROPSLOWER_CACHE_DIR", str(directory))
    grammar.attribute_parser.cache_clear()
    try:
        return grammar.attribute_parser()
    finally:
        grammar.attribute_parser.cache_clear()


def _cache_files(directory: Path) -> list[Path]:
    return sorted(directory.glob("attribute-*.lark-cache"))


def test_a_built_parser_is_saved_and_loaded(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    built = _fresh_parser(monkeypatch, tmp_path)
    [saved] = _cache_files(tmp_path)
    loaded = _fresh_parser(monkeypatch, tmp_path)
    assert loaded.parse(TEXT) == built.parse(TEXT)
    assert _cache_files(tmp_path) == [saved]
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize(
    "content",
    [b"", b"garbage", b"propslower-grammar-cache 1\n" + b"0" * 64 + b"\n\x80\x05junk"],
    ids=["empty", "garbage", "stale key"],
)
def test_a_broken_or_stale_cache_is_rebuilt(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: bytes
) -> None:
    _fresh_parser(monkeypatch, tmp_path)
    [saved] = _cache_files(tmp_path)
    header = saved.read_bytes()[:92]
    saved.write_bytes(content)
    assert _fresh_parser(monkeypatch, tmp_path).parse(TEXT).data == "whole_attribute"
    assert saved.read_bytes()[:92] == header  # and written again


def test_a_cache_with_the_right_key_but_a_corrupt_body_is_rebuilt(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _fresh_parser(monkeypatch, tmp_path)
    [saved] = _cache_files(tmp_path)
    header, _, _ = saved.read_bytes().partition(b"\n\x80")
    saved.write_bytes(header + b"\n\x80\x05truncated")
    assert _fresh_parser(monkeypatch, tmp_path).parse(TEXT).data == "whole_attribute"


def test_an_unwritable_cache_directory_only_costs_the_build(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if os.geteuid() == 0:  # root writes through permissions: /proc refuses even root
        unwritable = Path("/proc/propslower-grammar-cache")
        assert _fresh_parser(monkeypatch, unwritable).parse(TEXT).data == "whole_attribute"
        assert not unwritable.exists()
        return
    tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert _fresh_parser(monkeypatch, tmp_path).parse(TEXT).data == "whole_attribute"
        assert _cache_files(tmp_path) == []
    finally:
        tmp_path.chmod(stat.S_IRWXU)


def test_a_failing_write_only_costs_the_build(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError("read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    assert _fresh_parser(monkeypatch, tmp_path).parse(TEXT).data == "whole_attribute"
    assert _cache_files(tmp_path) == []


def test_a_cache_path_that_cannot_be_a_directory_only_costs_the_build(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    parser = _fresh_parser(monkeypatch, blocker / "cache")
    assert parser.parse(TEXT).data == "whole_attribute"


def test_the_command_runs_with_a_broken_cache(tmp_path: Path) -> None:
    (tmp_path / "cache").write_text("a file where the cache directory should be")
    environment = {**os.environ, "PROPSLOWER_CACHE_DIR": str(tmp_path / "cache")}
    finished = subprocess.run(
        [sys.executable, "-m", "propslower", "parse", TEXT],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert finished.returncode == 0, finished.stderr
    assert '"sycl-a"="3"' in finished.stdout


def test_the_aspect_def_grammar_is_cached_beside_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from propslower.aspects import def_file  # noqa: PLC0415 - the cache directory is set first

    monkeypatch.setenv("PROPSLOWER_CACHE_DIR", str(tmp_path))
    def_file._parser.cache_clear()
    try:
        table = def_file.parse_aspects_def("__SYCL_ASPECT(cpu, 1)\n", "x.def")
        [saved] = sorted(tmp_path.glob("aspects_def-*.lark-cache"))
        def_file._parser.cache_clear()
        again = def_file.parse_aspects_def("__SYCL_ASPECT(cpu, 1)\n", "x.def")
        assert (again.aspects, again.aliases) == (table.aspects, table.aliases)
        assert sorted(tmp_path.glob("*.lark-cache")) == [saved]
    finally:
        def_file._parser.cache_clear()
