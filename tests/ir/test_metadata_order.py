import re
import subprocess
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.ir.metadata import MetadataNode
from propslower.ir.metadata_order import llvm_order, references, reorder_like_llvm
from propslower.ir.module import Module
from tests.conftest import require_tool

MODULE = """\
@g = global i32 0, !glob !7

define void @f() !fkind !5 {
  %x = alloca i32, align 4, !ikind !9
  ret void, !other !2
}

declare !dkind !1 void @d()

define void @h() !fkind !8 {
  ret void
}

!named = !{!3, !4}
!second = !{!6}

!0 = !{!"unreferenced"}
!1 = !{i32 1}
!2 = !{i32 2, !1}
!3 = !{!4, !10}
!4 = !{i32 4}
!5 = !{!6, !"five;!3"}
!6 = !{i32 6}
!7 = !{!11}
!8 = distinct !{!8, !6}
!9 = !{i32 9}
!10 = !{i32 10}
!11 = !{i32 11, !12}
!12 = !{i32 12}
"""


def test_references_skip_strings_and_comments() -> None:
    assert list(references('!{!1, !"a !2", !3} ; !4')) == [1, 3]


def test_the_order_is_llvm_slot_order() -> None:
    # globals' attachments, named metadata, then functions (attachments, then instructions),
    # each node before what it refers to; !0 is referenced by nothing
    module = Module.parse(MODULE, "t.ll")
    assert llvm_order(module) == [7, 11, 12, 3, 4, 10, 6, 5, 9, 2, 1, 8]


def definitions(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"!\d+ = ", line)]


def renumbered(lines: list[str]) -> list[str]:
    """``lines`` with every node numbered by its position, as LLVM numbers them."""
    numbers = {line.split(" ", 1)[0]: f"!{i}" for i, line in enumerate(lines)}
    pattern = re.compile(r'"(?:[^"\\]|\\.)*"|!\d+')
    return [pattern.sub(lambda m: numbers.get(m.group(), m.group()), line) for line in lines]


def check_against_opt(text: str, tmp_path: Path) -> None:
    opt = require_tool("opt-15")
    source = tmp_path / "in.ll"
    source.write_text(text)
    expected = definitions(
        subprocess.run([opt, "-S", str(source)], check=True, capture_output=True, text=True).stdout
    )
    module = Module.parse(text, "in.ll")
    reorder_like_llvm(module)
    ours = definitions(module.render())
    kept = ours[: len(expected)]
    assert renumbered(kept) == expected
    assert sorted(ours) == sorted(definitions(text))  # every line kept, as written


def test_a_module_prints_its_definitions_in_opt_15s_order(tmp_path: Path) -> None:
    check_against_opt(MODULE, tmp_path)


def test_a_module_in_llvm_order_is_left_alone() -> None:
    module = Module.parse("!named = !{!0}\n!0 = !{!1}\n!1 = !{i32 1}\n", "t.ll")
    assert reorder_like_llvm(module) is False
    assert module.render() == "!named = !{!0}\n!0 = !{!1}\n!1 = !{i32 1}\n"


def test_a_new_node_lands_where_llvm_numbers_it() -> None:
    text = "define void @k() {\n  ret void\n}\n\n!named = !{!0}\n!0 = !{i32 0}\n!1 = !{i32 1}\n"
    module = Module.parse(text, "t.ll")
    node = module.metadata.add_node(["!1"])
    function = module.function("k")
    assert function is not None
    module.metadata.attach(function, "!kind", node)
    assert reorder_like_llvm(module) is True
    assert definitions(module.render()) == ["!0 = !{i32 0}", "!2 = !{!1}", "!1 = !{i32 1}"]


@st.composite
def modules(draw: st.DrawFn) -> str:
    count = draw(st.integers(1, 9))
    # each node refers only to higher numbers (LLVM makes a uniqued cycle distinct) and has a
    # first operand of its own (LLVM merges nodes of equal content)
    nodes = []
    for number in range(count):
        later = (
            st.integers(number + 1, count - 1).map(lambda n: f"!{n}")
            if number < count - 1
            else st.nothing()
        )
        operands = st.lists(
            st.one_of(
                later,
                st.integers(0, 99).map(lambda n: f"i32 {n}"),
                st.sampled_from(['!"s"', '!"x !1"']),
            ),
            max_size=3,
        )
        items = [f"i32 {1000 + number}", *draw(operands)]
        nodes.append(f"!{number} = !{{{', '.join(items)}}}")
    node = st.integers(0, count - 1).map(lambda n: f"!{n}")
    lines = []
    for index in range(draw(st.integers(0, 2))):
        lines.append(
            f"@g{index} = global i32 0"
            + "".join(f", !k{i} {draw(node)}" for i in range(draw(st.integers(0, 2))))
        )
    for index in range(draw(st.integers(0, 3))):
        attached = "".join(f" !a{i} {draw(node)}" for i in range(draw(st.integers(0, 2))))
        body = "".join(
            f"  %v{i} = alloca i32, !i{i} {draw(node)}\n" for i in range(draw(st.integers(0, 2)))
        )
        lines.append(f"define void @f{index}(){attached} {{\n{body}  ret void\n}}")
    for index in range(draw(st.integers(0, 2))):
        refs = ", ".join(draw(st.lists(node, max_size=3)))
        lines.append(f"!n{index} = !{{{refs}}}")
    return "\n".join([*lines, *draw(st.permutations(nodes))]) + "\n"


@settings(max_examples=40, deadline=None)
@given(modules())
def test_any_module_prints_its_definitions_in_opt_15s_order(text: str) -> None:
    with tempfile.TemporaryDirectory() as directory:
        check_against_opt(text, Path(directory))


def test_new_nodes_are_items_the_lookups_find_after_moving() -> None:
    module = Module.parse("!named = !{!1}\n!0 = !{i32 0}\n!1 = !{!0}\n", "t.ll")
    assert reorder_like_llvm(module) is True
    node = module.metadata_node(0)
    assert isinstance(node, MetadataNode)
    assert node.text.startswith("!0 = ")
