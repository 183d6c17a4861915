"""Function bodies in system headers are read once something read refers to them."""

from __future__ import annotations

from pathlib import Path

from propslower.frontend.reader import read
from tests.frontend.helpers import pairs

HEADER = """\
template <int N> struct Box {
  [[__sycl_detail__::add_ir_annotations_member("sycl-alignment", N)]] int *p;
};
inline int deep() { Box<8> b{}; return *b.p; }
inline int middle() { return deep(); }
inline int unused() { Box<16> b{}; return *b.p; }
"""
SOURCE = "#include <lib.h>\nint use() { return middle(); }\n"


def test_reached_bodies_are_read_and_the_others_are_not(tmp_path: Path) -> None:
    system = tmp_path / "system"
    system.mkdir()
    (system / "lib.h").write_text(HEADER)
    source = tmp_path / "use.cpp"
    source.write_text(SOURCE)
    found = pairs(read(source, ["-isystem", str(system)]))
    assert found[("member", "Box<8>::p", None)] == (("sycl-alignment", "8"),)
    # unused() is not reached: clang emits nothing for it, so nothing of it is read
    assert ("member", "Box<16>::p", None) not in found
    as_user_header = pairs(read(source, [f"-I{system}"]))
    assert ("member", "Box<16>::p", None) in as_user_header
