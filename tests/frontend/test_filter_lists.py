import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.diagnostics import DiagnosticError
from propslower.frontend.filter_lists import filter_rewrites, rewrite_filter_lists
from propslower.frontend.reader import read
from propslower.properties.filter_mark import FILTER_MARK, filter_literal

ATTRIBUTE = "[[__sycl_detail__::add_ir_attributes_function("
AFTER = ', "a", 1)]] void f();\nint after;\n'


def position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of ``offset``."""
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


NAME = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E, blacklist_characters='"\\'))
SEPARATOR = st.sampled_from([",", ", ", ",\n  ", " ,\r\n", ", /* c */ ", ",// c\n"])


@given(st.lists(NAME, min_size=1, max_size=6), st.data())
def test_every_token_after_a_list_keeps_its_line_and_column(
    names: list[str], data: st.DataObject
) -> None:
    separators = [data.draw(SEPARATOR) for _ in names[1:]]
    items = "".join(f'"{name}"{sep}' for name, sep in zip(names, [*separators, ""], strict=True))
    opening = data.draw(st.sampled_from(["{", "{ ", "{\n    "]))
    text = f"{ATTRIBUTE}{opening}{items}}}{AFTER}"
    rewritten = rewrite_filter_lists(text).text
    assert rewritten is not None
    assert rewritten.endswith(AFTER)
    after = len(text) - len(AFTER)
    assert position(rewritten, len(rewritten) - len(AFTER)) == position(text, after)
    assert filter_literal(names) in rewritten
    assert rewritten.startswith(f'{ATTRIBUTE}"{FILTER_MARK}')


def test_a_one_line_list_keeps_its_length() -> None:
    text = f'{ATTRIBUTE}{{"Prop3", "Prop4"}}{AFTER}'
    rewritten = rewrite_filter_lists(text).text
    assert rewritten == f'{ATTRIBUTE}"{FILTER_MARK}Prop3{FILTER_MARK}Prop4"    {AFTER}'


def test_escapes_in_a_name_are_kept_as_written() -> None:
    text = f'{ATTRIBUTE}{{"a\\"b", "c\\x41"}}{AFTER}'
    assert f'"{FILTER_MARK}a\\"b{FILTER_MARK}c\\x41"' in str(rewrite_filter_lists(text).text)


@pytest.mark.parametrize(
    "text",
    [
        f'// {ATTRIBUTE}{{"a"}}{AFTER}',
        f'/* {ATTRIBUTE}{{"a"}} */{AFTER}',
        f'const char *s = "{ATTRIBUTE}{{\\"a\\"}}";\n',
        f'const char *s = R"x({ATTRIBUTE}{{"a"}}{AFTER})x";\n',
        f'{ATTRIBUTE}"a", {{"a"}}{AFTER}',
        f"{ATTRIBUTE}{{}}{AFTER}",
        '[[other({"a"}, "a", 1)]] void g();\n',
        "int x = 1'000'000;\n",
    ],
)
def test_lists_outside_an_attribute_argument_are_left_alone(text: str) -> None:
    assert rewrite_filter_lists(text).text is None


@pytest.mark.parametrize(
    "spelling",
    [
        "add_ir_attributes_global_variable",
        "__add_ir_attributes_kernel_parameter__",
        "add_ir_annotations_member",
    ],
)
def test_every_site_spelling_is_read(spelling: str) -> None:
    text = f'[[__sycl_detail__::{spelling} ( {{"a"}}, "a", 1)]]'
    assert (
        rewrite_filter_lists(text).text
        == f'[[__sycl_detail__::{spelling} ( "{FILTER_MARK}a" , "a", 1)]]'
    )


def test_an_item_that_is_not_a_literal_is_reported_at_its_offset() -> None:
    text = f'{ATTRIBUTE}{{"a", Name}}{AFTER}'
    rewritten = rewrite_filter_lists(text)
    assert rewritten.text is None
    assert rewritten.not_literals == ((text.index("Name"), "add_ir_attributes_function"),)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


LISTED = f'{ATTRIBUTE}{{"a"}}{AFTER}'


def test_the_user_include_tree_is_read_and_system_headers_are_not(tmp_path: Path) -> None:
    source = write(
        tmp_path / "src/main.cpp",
        '#include "near.hpp"\n#include <user.hpp>\n#include <system.hpp>\n' + LISTED,
    )
    near = write(tmp_path / "src/near.hpp", '#include "deeper/far.hpp"\n')
    far = write(tmp_path / "src/deeper/far.hpp", LISTED)
    user = write(tmp_path / "inc/user.hpp", LISTED)
    write(tmp_path / "sys/system.hpp", LISTED)
    arguments = ["clang++", f"-I{tmp_path / 'inc'}", "-isystem", str(tmp_path / "sys")]
    found = filter_rewrites(str(source), arguments)
    assert set(found.texts) == {str(source), str(far), str(user)}
    assert str(near) not in found.texts


def test_rewritten_files_reach_clang_through_an_overlay(tmp_path: Path) -> None:
    source = write(tmp_path / "main.cpp", LISTED)
    found = filter_rewrites(str(source), ["clang++"])
    flag, overlay = found.clang_arguments(tmp_path)
    assert flag == "-ivfsoverlay"
    (root,) = json.loads(Path(overlay).read_text())["roots"]
    assert root["name"] == str(tmp_path)
    (entry,) = root["contents"]
    assert entry["name"] == "main.cpp"
    assert Path(entry["external-contents"]).read_text() == found.texts[str(source)]
    assert filter_rewrites(str(tmp_path / "none.cpp"), []).clang_arguments(tmp_path) == []


def test_libclang_gets_the_source_under_the_name_the_command_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "main.cpp", LISTED)
    found = filter_rewrites("main.cpp", [])
    assert list(found.unsaved("main.cpp")) == ["main.cpp"]


def test_an_item_that_is_not_a_literal_in_a_header_is_an_error_there(tmp_path: Path) -> None:
    source = write(tmp_path / "main.cpp", '#include "bad.hpp"\n')
    header = write(tmp_path / "bad.hpp", f'\n{ATTRIBUTE}{{"a", Name}}{AFTER}')
    with pytest.raises(DiagnosticError) as caught:
        filter_rewrites(str(source), [])
    (error,) = caught.value.diagnostics
    assert error.span is not None
    assert (error.span.file, error.span.line, error.span.column) == (str(header), 2, 53)
    assert "must contain only string literals" in error.message


def test_a_byte_that_is_not_utf8_reaches_libclang_as_written(tmp_path: Path) -> None:
    # the rewritten text holds the byte as a surrogate; libclang gets the bytes back
    source = tmp_path / "main.cpp"
    attribute = f'{ATTRIBUTE}{{"b"}}, "a", "b", 1, 2)]] void f() {{}}\n'
    source.write_bytes(b"// \x80\n" + attribute.encode())
    found = filter_rewrites(str(source), [])
    result = read(str(source), [], found.unsaved(str(source)))
    (record,) = result.records
    assert record.properties.ir_pairs() == (("b", "2"),)
