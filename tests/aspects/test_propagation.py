"""Aspect propagation on hand-written modules: shapes of call graphs, types, sets, exclusion."""

from __future__ import annotations

from propslower.aspects.propagation import (
    PropagationResult,
    is_propagated,
    propagate,
    used_aspects,
    write_used_metadata,
)
from propslower.diagnostics import render_all
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.properties.profiles import DESIGN, DPCPP, Profile

FP16, FP64, ATOMIC64, GPU = 5, 6, 28, 2


def fn(name: str, *calls: str, kernel: bool = False, extra: str = "", body: str = "") -> str:
    convention = "spir_kernel" if kernel else "spir_func"
    lines = "".join(f"  call spir_func void @{callee}()\n" for callee in calls)
    return f"define {convention} void @{name}(){extra} {{\nentry:\n{body}{lines}  ret void\n}}\n\n"


def run(
    text: str, profile: Profile = DESIGN, exclude: frozenset[int] = frozenset()
) -> tuple[PropagationResult, str]:
    """Propagate, write, verify with llvmlite, and check a second run changes nothing."""
    module = Module.parse(text, "t.ll")
    result = propagate(module, profile, exclude=exclude)
    write_used_metadata(module, result, profile)
    out = module.render()
    assert verify_text(out, "t.ll") == []
    again = Module.parse(out, "t.ll")
    second = propagate(again, profile, exclude=exclude)
    assert write_used_metadata(again, second, profile) == 0
    assert again.render() == out
    assert is_propagated(Module.parse(out), profile, exclude=exclude)
    return result, out


def used(text: str, name: str, profile: Profile = DESIGN) -> frozenset[int]:
    return used_aspects(Module.parse(text), name, profile)


def test_chain_kernel_f_g() -> None:
    text = (
        fn("k", "f", kernel=True)
        + fn("f", "g", extra=" !intel_allowed_aspects !0")
        + fn("g", extra=" !intel_used_aspects !1")
        + "!0 = !{i32 6}\n!1 = !{i32 5}\n"
    )
    result, out = run(text)
    assert used(out, "k") == used(out, "f") == {FP16, FP64}
    assert used(out, "g") == {FP16}
    assert result.entry_points == ["k"]
    assert result.closure(["k"]) == ["k", "f", "g"]
    [warning] = result.diagnostics
    assert warning.message == (
        "function 'f' uses aspect 'fp16' not listed in its [[sycl::requires()]] attribute"
    )
    assert [n.message for n in warning.notes][:2] == [
        "'f' calls 'g', which uses it",
        "'g' uses aspect 'fp16' through its '!intel_used_aspects' metadata",
    ]
    assert "!intel_used_aspects" in out and not is_propagated(Module.parse(text), DESIGN)


def test_dpcpp_profile_reads_pairs_and_writes_its_kinds() -> None:
    text = (
        fn("k", "f", kernel=True)
        + fn("f", "g", extra=" !sycl_declared_aspects !3")
        + fn("g", extra=" !sycl_used_aspects !2")
        + '!sycl_aspects = !{!0, !1}\n!0 = !{!"fp16", i32 5}\n!1 = !{!"fp64", i32 6}\n'
        + "!2 = !{!0}\n!3 = !{i32 6}\n"
    )
    result, out = run(text, DPCPP)
    assert used(out, "k", DPCPP) == {FP16, FP64}
    [warning] = result.diagnostics
    assert warning.message.endswith("not listed in its 'sycl::device_has' attribute")
    assert warning.notes[0].message == "propagated from call to function 'g'"


def test_diamond_and_every_missing_aspect_in_order() -> None:
    text = (
        fn("k", "a", "b", kernel=True, extra=" !intel_allowed_aspects !0")
        + fn("a", "d")
        + fn("b", "d", extra=" !intel_used_aspects !2")
        + fn("d", extra=" !intel_used_aspects !1")
        + "!0 = !{}\n!1 = !{i32 5}\n!2 = !{i32 28}\n"
    )
    result, out = run(text)
    assert used(out, "k") == {FP16, ATOMIC64}
    messages = [d.message for d in result.diagnostics]
    assert [m.split("'")[3] for m in messages] == ["fp16", "atomic64"]
    fp16_chain = [n.message for n in result.diagnostics[0].notes]
    assert fp16_chain[:2] == ["'k' calls 'a', which uses it", "'a' calls 'd', which uses it"]


def test_direct_and_mutual_recursion_reach_the_fixpoint() -> None:
    text = (
        fn("k", "r", kernel=True)
        + fn("r", "r", "m1")
        + fn("m1", "m2")
        + fn("m2", "m1", "leaf")
        + fn("leaf", extra=" !intel_used_aspects !0")
        + "!0 = !{i32 28}\n"
    )
    _, out = run(text)
    for name in ("k", "r", "m1", "m2", "leaf"):
        assert used(out, name) == {ATOMIC64}


def test_recursive_chain_diagnostic_terminates() -> None:
    text = (
        fn("f", "a", "b", extra=" !intel_allowed_aspects !1")
        + fn("a", "f")
        + fn("b", extra=" !intel_used_aspects !0")
        + "!0 = !{i32 5}\n!1 = !{}\n"
    )
    result, _ = run(text)
    [warning] = result.diagnostics
    assert warning.notes[0].message == "'f' calls 'b', which uses it"


def test_declarations_with_allowed_aspects_and_exported_functions() -> None:
    text = (
        "define spir_func void @ext() #0 {\nentry:\n  call spir_func void @decl()\n"
        "  ret void\n}\n\n"
        "declare !intel_allowed_aspects !0 spir_func void @decl()\n\n"
        + fn("unused", "decl")
        + 'attributes #0 = { "sycl-module-id"="a.cpp" }\n!0 = !{i32 2, i32 6}\n'
    )
    result, out = run(text)
    assert result.entry_points == ["ext"]
    assert used(out, "ext") == used(out, "decl") == used(out, "unused") == {GPU, FP64}
    assert result.diagnostics == []


def test_sycl_external_marker_and_runtime_helpers() -> None:
    text = (
        fn("marked", extra=" #0")
        + fn("_Z3__spirv_helper", extra=" #1")
        + 'attributes #0 = { "sycl-external" }\nattributes #1 = { "sycl-module-id"="a" }\n'
    )
    result, _ = run(text)
    assert result.entry_points == ["marked"]


def test_indirect_call_sets() -> None:
    text = (
        fn("k", kernel=True, extra=" #0")
        + fn("other", kernel=True)
        + fn("virt1", extra=" #1 !intel_used_aspects !0")
        + fn("virt2", extra=" #2 !intel_used_aspects !1")
        + 'attributes #0 = { "calls-indirectly"="set-a,set-b" }\n'
        + 'attributes #1 = { "indirectly-callable"="set-a" }\n'
        + 'attributes #2 = { "indirectly-callable"="set-c" }\n'
        + "!0 = !{i32 5}\n!1 = !{i32 6}\n"
    )
    result, out = run(text)
    assert used(out, "k") == {FP16}
    assert used(out, "other") == frozenset()
    assert result.callees("k") == ["virt1"]


def test_struct_containment_and_globals() -> None:
    text = (
        "%struct.Amx = type { i32 }\n"
        "%struct.Inner = type { [2 x [4 x %struct.Amx]] }\n"
        "%struct.Outer = type { i8, %struct.Inner }\n"
        "%struct.ByPointer = type { ptr }\n"
        "@g = global %struct.Outer zeroinitializer\n\n"
        + fn("uses_outer", body="  %a = alloca %struct.Outer, align 4\n")
        + fn("uses_global", body="  %v = load i8, ptr @g, align 1\n")
        + fn("uses_pointer", body="  %a = alloca %struct.ByPointer, align 8\n")
        + '!sycl_types_that_use_aspects = !{!0}\n!0 = !{!"struct.Amx", i32 58}\n'
    )
    _, out = run(text)
    assert used(out, "uses_outer") == used(out, "uses_global") == {58}
    assert used(out, "uses_pointer") == frozenset()


def test_double_in_arrays_vectors_structs_but_not_pointers() -> None:
    text = (
        "%struct.D = type { i32, [3 x <2 x double>] }\n"
        "%struct.P = type { double* }\n\n"
        + fn("scalar", body="  %x = fadd double 1.0, 2.0\n")
        + fn("array", body="  %a = alloca [4 x double], align 8\n")
        + fn("vector", body="  %a = alloca <2 x double>, align 16\n")
        + fn("struct", body="  %a = alloca %struct.D, align 8\n")
        + fn("pointer", body="  %a = alloca %struct.P, align 8\n  %b = alloca double*, align 8\n")
        + fn("named", body="  %double = alloca i32, align 4\n")
    )
    _, out = run(text)
    for name in ("scalar", "array", "vector", "struct"):
        assert used(out, name) == {FP64}, name
    assert used(out, "pointer") == used(out, "named") == frozenset()


def test_exclusion_keeps_checking_and_declared() -> None:
    text = (
        fn("k", "f", "d", kernel=True, extra=" !intel_allowed_aspects !0")
        + fn("f", body="  %x = fadd double 1.0, 2.0\n")
        + fn("d", extra=" !intel_allowed_aspects !1")
        + "!0 = !{}\n!1 = !{i32 6}\n"
    )
    result, out = run(text, exclude=frozenset({FP64}))
    assert used(out, "f") == frozenset()
    assert used(out, "k") == used(out, "d") == {FP64}  # declared aspects are never excluded
    assert [d.message.split("'")[3] for d in result.diagnostics] == ["fp64"]


def test_debug_locations_in_the_chain() -> None:
    text = (
        fn("f", "g", extra=" !intel_allowed_aspects !0 !dbg !5").replace(
            "call spir_func void @g()", "call spir_func void @g(), !dbg !7"
        )
        + fn("g", extra=" !intel_used_aspects !1 !dbg !6")
        + "!llvm.dbg.cu = !{!2}\n!llvm.module.flags = !{!8}\n"
        + "!0 = !{}\n!1 = !{i32 5}\n"
        + "!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, "
        + "emissionKind: FullDebug)\n"
        + '!3 = !DIFile(filename: "src/a.cpp", directory: "/w")\n'
        + "!4 = !DISubroutineType(types: !{})\n"
        + '!5 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 10, type: !4, '
        + "unit: !2, spFlags: DISPFlagDefinition)\n"
        + '!6 = distinct !DISubprogram(name: "g", scope: !3, file: !3, line: 20, type: !4, '
        + "unit: !2, spFlags: DISPFlagDefinition)\n"
        + "!7 = !DILocation(line: 12, column: 5, scope: !5)\n"
        + '!8 = !{i32 2, !"Debug Info Version", i32 3}\n'
    )
    result, _ = run(text)
    rendered = render_all(result.diagnostics)
    assert rendered.splitlines() == [
        "src/a.cpp:10:1: warning: function 'f' uses aspect 'fp16' not listed in its "
        "[[sycl::requires()]] attribute",
        "src/a.cpp:12:5: note: 'f' calls 'g', which uses it",
        "src/a.cpp:20:1: note: 'g' uses aspect 'fp16' through its '!intel_used_aspects' metadata",
    ]


def test_device_has_property_in_dpcpp() -> None:
    text = (
        fn("k", "g", kernel=True, extra=" #0")
        + fn("g", extra=" !sycl_used_aspects !0")
        + 'attributes #0 = { "sycl-device-has"="6" }\n!0 = !{i32 5}\n'
    )
    result, _ = run(text, DPCPP)
    [warning] = result.diagnostics
    assert warning.message == (
        "function 'k' uses aspect 'fp16' not listed in its 'device_has' property"
    )


def test_unsorted_existing_metadata_is_rewritten_once() -> None:
    text = fn("g", extra=" !intel_used_aspects !0") + "!0 = !{i32 6, i32 5}\n"
    run(text)


def test_uses_aspects_alias_and_instruction_metadata() -> None:
    text = (
        fn("a", extra=" !intel_uses_aspects !0")
        + fn("b", body="  %x = add i32 1, 2, !intel_used_aspects !1\n")
        + "!0 = !{i32 28}\n!1 = !{i32 5}\n"
    )
    _, out = run(text)
    assert used(out, "a") == {ATOMIC64}
    assert used(out, "b") == {FP16}


def test_quoted_struct_names_in_dpcpp_types_metadata() -> None:
    text = (
        '%"class.sycl::_V1::half" = type { i16 }\n\n'
        + fn("h", body='  %a = alloca %"class.sycl::_V1::half", align 2\n')
        + '!sycl_types_that_use_aspects = !{!0}\n!0 = !{!"class.sycl::_V1::half", i32 5}\n'
    )
    _, out = run(text, DPCPP)
    assert used(out, "h", DPCPP) == {FP16}
