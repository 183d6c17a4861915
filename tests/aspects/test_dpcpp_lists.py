"""The dpcpp profile writes DPC++'s pass's lists: its order, its walk, conditional calls,
virtual calls, fixed targets (facts from intel/llvm's PropagateAspectsUsage tests)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from propslower.aspects import dpcpp_lists
from propslower.aspects.llvm_sets import SmallSet
from propslower.aspects.propagation import is_propagated, propagate, write_used_metadata
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.properties.profiles import DESIGN, DPCPP, Profile
from tests.conftest import REPOSITORY
from tests.ir.helpers import ALL_INPUTS, read_input

TYPES = (
    "%A = type { i32 }\n%B = type { i32 }\n%C = type { i32 }\n%D = type { i32 }\n"
    "%E = type { i32 }\n%fn = type { ptr addrspace(4) }\n\n"
)
TABLE = (
    "!sycl_types_that_use_aspects = !{!0, !1, !2, !3, !4}\n"
    '!0 = !{!"A", i32 1}\n!1 = !{!"B", i32 2}\n!2 = !{!"C", i32 3}\n!3 = !{!"D", i32 4}\n'
    '!4 = !{!"E", i32 5}\n!sycl_aspects = !{!5}\n!5 = !{!"fp64", i32 6}\n'
)
CONDITIONAL = 'attributes #9 = { "sycl-call-if-on-device-conditionally"="true" }\n'


def define(name: str, *lines: str, kernel: bool = False, attrs: str = "") -> str:
    convention = "spir_kernel" if kernel else "spir_func"
    body = "".join(f"  {line}\n" for line in lines)
    return f"define {convention} void @{name}(){attrs} {{\n{body}  ret void\n}}\n\n"


def uses(name: str) -> str:
    return f"%{name.lower()} = alloca %{name}"


def call(name: str) -> str:
    return f"call spir_func void @{name}()"


def run(text: str, profile: Profile = DPCPP, **options: object) -> str:
    module = Module.parse(text, "t.ll")
    result = propagate(module, profile, **options)  # type: ignore[arg-type]
    write_used_metadata(module, result, profile)
    out = module.render()
    assert verify_text(out, "t.ll") == []
    assert is_propagated(Module.parse(out), profile, **options)  # type: ignore[arg-type]
    return out


def attached(out: str, function: str, kind: str) -> str | None:
    """The text of the node ``function`` has under ``kind``, references resolved."""
    header = next(
        line
        for line in out.splitlines()
        if line.startswith(("define", "declare")) and f"@{function}(" in line
    )
    match = re.search(rf"!{kind} (!\d+)", header)
    return None if match is None else resolve(out, match.group(1))


def resolve(out: str, ref: str) -> str:
    body = re.search(rf"^{ref} = (.*)$", out, re.MULTILINE)
    assert body is not None
    return re.sub(r"!\d+", lambda m: resolve(out, m.group()), body.group(1))


def test_small_set_keeps_insertion_order_up_to_four_then_sorts() -> None:
    values = SmallSet([3, 1, 2])
    assert list(values) == [3, 1, 2]
    values.update([0, 2])
    assert list(values) == [3, 1, 2, 0]
    values.add(-1)
    assert list(values) == [-1, 0, 1, 2, 3]
    assert SmallSet([1, 2]) == SmallSet([2, 1])


def test_own_aspects_first_then_callees_in_call_order() -> None:
    # propagate-aspects-from-function-with-sycl-detail-3: K calls F1 (A) and F2 (B, own list)
    text = (
        TYPES
        + define("k", call("f1"), call("f2"), kernel=True)
        + define("f1", uses("A"))
        + define("f2", uses("B"), attrs=" !sycl_used_aspects !6")
        + TABLE
        + "!6 = !{i32 0}\n"
    )
    out = run(text)
    assert attached(out, "k", "sycl_used_aspects") == "!{i32 1, i32 2, i32 0}"
    assert attached(out, "f2", "sycl_used_aspects") == "!{i32 2, i32 0}"
    assert "!{i32 0, i32 1, i32 2}" not in out


def test_callers_own_aspect_comes_before_its_callees() -> None:
    text = TYPES + define("k", uses("B"), call("f"), kernel=True) + define("f", uses("A")) + TABLE
    assert attached(run(text), "k", "sycl_used_aspects") == "!{i32 2, i32 1}"


def test_more_than_four_aspects_are_written_ascending() -> None:
    lines = [uses(n) for n in ("E", "D", "C", "B", "A")]
    out = run(TYPES + define("k", *lines, kernel=True) + TABLE)
    assert attached(out, "k", "sycl_used_aspects") == "!{i32 1, i32 2, i32 3, i32 4, i32 5}"


def test_design_profile_keeps_every_list_ascending() -> None:
    text = TYPES + define("k", uses("B"), call("f"), kernel=True) + define("f", uses("A")) + TABLE
    out = run(text.replace("sycl_types", "intel_types"), DESIGN)
    assert attached(out, "k", "intel_used_aspects") == "!{i32 1, i32 2}"


def test_a_function_no_entry_point_reaches_keeps_its_own_aspects() -> None:
    text = TYPES + define("lonely", uses("A"), call("f")) + define("f", uses("B")) + TABLE
    out = run(text)
    assert attached(out, "lonely", "sycl_used_aspects") == "!{i32 1}"
    design = run(text, DESIGN)
    assert attached(design, "lonely", "intel_used_aspects") == "!{i32 1, i32 2}"


def test_identical_lists_share_one_node() -> None:
    text = TYPES + define("k", call("f"), kernel=True) + define("f", uses("A")) + TABLE
    out = run(text)
    assert out.count("= !{i32 1}") == 1


def test_every_entry_point_gets_fixed_targets() -> None:
    # sycl-fixed-targets.ll: names in order, !{} without the option
    text = define("k", kernel=True) + define("f") + TABLE
    assert attached(run(text), "k", "sycl_fixed_targets") == "!{}"
    assert attached(run(text, fixed_targets=[0, 1, 2]), "k", "sycl_fixed_targets") == (
        "!{i32 0, i32 1, i32 2}"
    )
    assert attached(run(text), "f", "sycl_fixed_targets") is None
    assert "sycl_fixed_targets" not in run(text, DESIGN, fixed_targets=[1])


VIRTUAL = (
    'attributes #1 = { "indirectly-callable"="setA" }\n'
    'attributes #2 = { "indirectly-callable"="setB" }\n'
    'attributes #3 = { "calls-indirectly"="setA,setB" }\n'
    'attributes #4 = { "virtual-call" }\n'
)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("  call void %f() #4\n", "!{i32 1, i32 2}"),
        ('  call void %f() "virtual-call"\n', "!{i32 1, i32 2}"),
        ("  call void %f()\n", None),
        ("", None),
    ],
)
def test_indirect_sets_count_only_for_a_virtual_call(body: str, expected: str | None) -> None:
    # VirtualFunctions/virtual-functions-2: the kernel makes the call marked "virtual-call"
    text = (
        TYPES
        + "define spir_func void @va() #1 {\n  %a = alloca %A\n  ret void\n}\n\n"
        + "define spir_func void @vb() #2 {\n  %b = alloca %B\n  ret void\n}\n\n"
        + f"define spir_kernel void @k(ptr %f) #3 {{\n{body}  ret void\n}}\n\n"
        + VIRTUAL
        + TABLE
    )
    assert attached(run(text), "k", "sycl_used_aspects") == expected
    design = run(text.replace("sycl_types", "intel_types"), DESIGN)
    assert attached(design, "k", "intel_used_aspects") == "!{i32 1, i32 2}"


def cond_call(helper: str, target: str, *conditions: int) -> str:
    args = "".join(f", i32 {c}" for c in conditions)
    return f"call spir_func void @{helper}(ptr @{target}, ptr %agg{args})"


def helper(name: str) -> str:
    return f"declare spir_func void @{name}(ptr, ptr, i32, i32) #9\n\n"


def test_conditionally_called_aspects_go_to_their_own_list() -> None:
    # conditional-aspects-1: K -> F1 (A), F2 (B) -> CF1 -> F3 (C, double)
    text = (
        TYPES
        + define("k", call("f1"), call("f2"), kernel=True)
        + define("f1", uses("A"))
        + define("f2", uses("B"), "%agg = alloca %fn", cond_call("cf1", "f3", 0, 0))
        + define("f3", uses("C"), "%d = alloca double")
        + helper("cf1")
        + CONDITIONAL
        + TABLE
    )
    out = run(text)
    pair = "!{!{!{i32 0}, !{i32 3, i32 6}}}"
    assert attached(out, "k", "sycl_used_aspects") == "!{i32 1, i32 2}"
    assert attached(out, "k", "sycl_conditionally_used_aspects") == pair
    assert attached(out, "f2", "sycl_used_aspects") == "!{i32 2}"
    assert attached(out, "f3", "sycl_used_aspects") is None
    assert attached(out, "f3", "sycl_conditionally_used_aspects") == pair
    assert "declare !sycl_conditionally_used_aspects" in out
    assert out.index("!sycl_used_aspects") < out.index("!sycl_conditionally_used_aspects")


def test_nested_conditions_accumulate_along_the_path() -> None:
    # conditional-aspects-4: conditions {1, 2} then {1, 2, 3, 4}; {1, 2} is the used node
    text = (
        TYPES
        + define("k", call("f1"), call("f2"), kernel=True)
        + define("f1", uses("A"))
        + define("f2", uses("B"), "%agg = alloca %fn", cond_call("cf1", "f3", 1, 2))
        + define("f3", uses("C"), "%agg = alloca %fn", cond_call("cf2", "f4", 3, 4))
        + define("f4", uses("D"))
        + helper("cf1")
        + helper("cf2")
        + CONDITIONAL
        + TABLE
    )
    out = run(text)
    inner = "!{!{i32 1, i32 2, i32 3, i32 4}, !{i32 4}}"
    assert attached(out, "k", "sycl_conditionally_used_aspects") == (
        f"!{{!{{!{{i32 1, i32 2}}, !{{i32 3, i32 4}}}}, {inner}}}"
    )
    assert attached(out, "f4", "sycl_conditionally_used_aspects") == f"!{{{inner}}}"
    assert out.count("= !{i32 1, i32 2}") == 1


def test_new_nodes_are_numbered_as_llvm_prints_them() -> None:
    # a node before its operands, functions in module order
    text = (
        TYPES
        + define("k", "%agg = alloca %fn", cond_call("cf1", "f1", 0, 0), kernel=True)
        + define("f1", uses("A"))
        + helper("cf1")
        + CONDITIONAL
        + TABLE
    )
    out = run(text)
    assert re.search(
        r"^!6 = !\{!7\}\n!7 = !\{!8, !9\}\n!8 = !\{i32 0\}\n!9 = !\{i32 1\}$", out, re.M
    )


@given(st.lists(st.lists(st.integers(0, 9), max_size=8), max_size=4))
def test_small_set_update_is_adding_in_turn(batches: list[list[int]]) -> None:
    updated, added = SmallSet(), SmallSet()
    for batch in batches:
        updated.update(batch)
        for value in batch:
            added.add(value)
        assert list(updated) == list(added)
        assert len(updated) == len(added)
    updated.update(updated)
    assert list(updated) == list(added)


_CALL_PIECES = st.sampled_from(
    ["(", ")", "[", "]", "{", "}", "<", ">", '"', ";", "\n", ",", " ", "i32 1", "ptr %p", "^", "@f"]
)


@settings(max_examples=1000)
@given(st.lists(_CALL_PIECES, max_size=20).map(lambda pieces: "(" + "".join(pieces)))
@example('(ptr addrspace(1) %p, i32 "a\nb")\n')
@example("(i32 1 ; c)\n, i32 2)\n")
def test_call_arguments_by_line_are_the_general_lexing(text: str) -> None:
    dpcpp_lists._CALL_LINES.clear()
    for _ in range(2):  # lexed, then known
        assert dpcpp_lists._call_arguments(text, 0) == dpcpp_lists._lex_call(text, 0)
        shifted = "  call void @g" + text
        assert dpcpp_lists._call_arguments(shifted, 14) == dpcpp_lists._lex_call(shifted, 14)


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_call_arguments_of_real_inputs(name: str) -> None:
    text = read_input(name)
    for match in re.finditer(r"call[^\n]*?@[-\w$.]+\(", text):
        at = match.end() - 1
        assert dpcpp_lists._call_arguments(text, at) == dpcpp_lists._lex_call(text, at)


_WALKED = sorted((REPOSITORY / "tests" / "lit" / "aspects" / "Inputs").glob("*.ll"))


@pytest.mark.parametrize("path", _WALKED, ids=lambda path: path.name)
def test_declared_sets_are_walked_only_when_one_holds_an_aspect(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [path.read_text(encoding="utf-8")]
    texts.append(texts[0].replace("!sycl_declared_aspects", "!sycl_declared_aspects_not"))

    def written(text: str) -> str:
        module = Module.parse(text, path.name)
        write_used_metadata(module, propagate(module, DPCPP), DPCPP)
        return module.render()

    fast = [written(text) for text in texts]
    monkeypatch.setattr(dpcpp_lists, "_holds_any", lambda _sets: True)
    assert fast == [written(text) for text in texts]
