"""member_lines: a member annotation written as text gives what the object path gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.diagnostics import DiagnosticError
from propslower.ir.module import Module
from propslower.lowering.member_lines import annotated_text
from propslower.lowering.members import lower_member
from propslower.lowering.placements import MemberTarget, Placement
from propslower.properties.attribute import PropertyAttribute
from propslower.properties.front import parse_attribute
from propslower.properties.profiles import DESIGN, DPCPP, Profile
from tests.lowering.helpers import verified

PREAMBLE = """\
source_filename = "file.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, float, [2 x i32] }
%struct.PairX = type { i32 }
%"struct.odd name" = type { i32, i32 }

@g = addrspace(1) global %struct.Pair zeroinitializer, align 4
"""

FUNCTION = """
define spir_func void @{name}(ptr addrspace({space}) %p, ptr %q) {{
entry:
{body}  ret void
}}
"""

SIMPLE_BODY = """\
  %field = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 1
  %value = load float, ptr addrspace(1) %field, align 4
  store float %value, ptr addrspace(1) %field, align 4
"""


def _placement(field: int = 1, struct: str = "struct.Pair") -> Placement:
    attribute = parse_attribute('add_ir_member_annotation("foo", "bar", "", 32)').attribute
    assert isinstance(attribute, PropertyAttribute)
    return Placement(MemberTarget(struct, field), attribute.properties)


def _module(bodies: list[str], spaces: list[int] | None = None) -> str:
    spaces = spaces or [1] * len(bodies)
    functions = (
        FUNCTION.format(name=f"f{i}", space=space, body=body)
        for i, (body, space) in enumerate(zip(bodies, spaces, strict=True))
    )
    return PREAMBLE + "".join(functions)


def _lowered(text: str, placement: Placement, profile: Profile, how: str) -> tuple[str, int | str]:
    """The module after ``lower_member`` and its count (or the error), its functions left
    unread (``how == "text"``: the text path), made objects (``"made"``: the object path,
    pinning lines) or objects with their instructions read (``"objects"``: split bodies)."""
    module = Module(text, "m.ll")
    if how != "text":
        for function in module.functions():  # makes every function an object
            if how == "objects":
                function.instructions()
        assert not any(f.unread for f in module.functions_containing("define"))
    try:
        outcome: int | str = lower_member(module, placement, profile)
    except DiagnosticError as error:
        outcome = str(error)
    return module.render(), outcome


def test_a_simple_body_is_annotated_as_text_and_stays_unread() -> None:
    module = Module(_module([SIMPLE_BODY]), "m.ll")
    assert lower_member(module, _placement(), DESIGN) == 1
    assert all(function.unread for function in module.functions_containing("%struct.Pair"))
    text = verified(module)
    assert (
        "  %field.annotated = call ptr addrspace(1) @llvm.ptr.annotation.p1.p0(ptr addrspace(1) "
        "%field, ptr @.str, ptr @.str.1, i32 0, ptr null)\n"
        "  %value = load float, ptr addrspace(1) %field.annotated, align 4\n"
        "  store float %value, ptr addrspace(1) %field.annotated, align 4\n"
    ) in text
    for how in ("made", "objects"):
        assert text == _lowered(_module([SIMPLE_BODY]), _placement(), DESIGN, how)[0]


def test_annotated_text_declines_what_it_does_not_cover() -> None:
    def call(space: int, pointer: str) -> str:
        return f"call ptr @a(ptr {pointer})"

    def text_of(body: str) -> str:
        return FUNCTION.format(name="f", space=1, body=body)

    gep = "  %field = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 1"
    declined = [
        f"{gep}, !dbg !4\n",  # an attachment: the line number comes from it
        f"{gep}\n  %a = call ptr @llvm.ptr.annotation.p1.p0(ptr %field)\n",  # maybe done
        f"{gep}\n  %field.annotated = load i32, ptr %q\n",  # the name is taken
        f"{gep}\n  switch i32 0, label %entry [\n    i32 1, label %entry\n  ]\n",  # not simple
        "  %x = getelementptr inbounds nuw %struct.Pair, ptr %q, i32 0, i32 1\n",  # a flag
        f"{gep}\n    %field= load ptr, ptr %q\n",  # defined twice (not valid IR)
        f"{gep}\n  %field\n    = load ptr, ptr %q\n",
    ]
    for body in declined:
        assert annotated_text(text_of(body), "%struct.Pair", "1", call) is None, body
    body = "  %v = load i32, ptr %q\n"
    none = annotated_text(text_of(body), "%struct.Pair", "1", call)
    assert none == (f"entry:\n{body}  ret void\n}}\n", 0)  # nothing to do, no refusal
    other = annotated_text(text_of(f"{gep}\n"), "%struct.Pair", "0", call)
    assert other is not None and other[1] == 0


CLEAN_GEPS = [
    "  {r} = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 1\n",
    "  {r} = getelementptr %struct.Pair, ptr addrspace(1) %p, i64 0, i32 1\n",
    "  {r} = getelementptr inbounds %struct.Pair, ptr %q, i64 %i, i32 1\n",
    "  {r} = getelementptr inbounds %struct.Pair, ptr %q, i32 0, i32 2, i64 1\n",
    "  {r} = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 0\n",
    '  {r} = getelementptr inbounds %"struct.odd name", ptr %q, i32 0, i32 1\n',
    "  {r} = getelementptr inbounds %struct.Pair, ptr {u}, i32 0, i32 1\n",
]
CLEAN_USES = [
    "  %v{n} = load float, ptr addrspace(1) {u}, align 4\n",
    "  store ptr {u}, ptr %q, align 8\n",
    "  call void @use(ptr {u}, ptr {u})\n",
    '  call void @use(ptr {u}, metadata !"{u}")\n',
    "  ; a comment naming {u}\n",
    "next{n}:\n",
    "  %c{n} = alloca %struct.Pair, align 4\n",
]
OTHER_GEPS = [
    "  {r} = getelementptr inbounds %struct.PairX, ptr %q, i32 0, i32 0\n",
    "  {r} = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 1, !dbg !9\n",
    "  {r} = getelementptr inbounds nuw %struct.Pair, ptr %q, i32 0, i32 1\n",
    "  {r} = getelementptr inbounds %struct.Pair, ptr addrspace(1) @g, i32 0, i32 1\n",
]
OTHER_USES = [
    "    {u} = load ptr, ptr %q, align 8\n",
    "  %d{n} = load %struct.Pair, ptr {u}, align 4\n",
    "  %{u_bare}.annotated{n} = load i32, ptr %q\n",
    "  call void @use(ptr {u},\n      ptr %q)\n",
    "  %w{n} = call ptr @llvm.ptr.annotation.p0.p0(ptr {u}, ptr null, ptr null, i32 0, ptr null)\n",
]
"""Lines the text path declines, or that make it decline the whole function."""
NAMES = st.sampled_from(["%field", "%f.1", "%0", "%x", "%field.annotated"])


@st.composite
def bodies(draw: st.DrawFn) -> str:
    """Bodies of lines the text path covers (about half of them) or of any lines above."""
    clean = draw(st.booleans())
    geps = st.sampled_from(CLEAN_GEPS if clean else CLEAN_GEPS + OTHER_GEPS)
    uses = st.sampled_from(CLEAN_USES if clean else CLEAN_USES + OTHER_USES)
    lines: list[str] = []
    for n in range(draw(st.integers(0, 6))):
        name = draw(NAMES)
        use = draw(NAMES)
        template = draw(geps) if draw(st.booleans()) else draw(uses)
        lines.append(template.format(r=name, u=use, u_bare=use.lstrip("%"), n=n))
    return "".join(lines)


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(bodies(), min_size=1, max_size=3),
    st.lists(st.sampled_from([0, 1]), min_size=3, max_size=3),
    st.sampled_from([("struct.Pair", 1), ("struct.Pair", 0), ("struct.odd name", 1)]),
    st.sampled_from([DESIGN, DPCPP]),
)
def test_the_text_path_gives_what_the_object_path_gives(
    generated: list[str], spaces: list[int], target: tuple[str, int], profile: Profile
) -> None:
    text = _module(generated, spaces[: len(generated)])
    placement = _placement(target[1], target[0])
    by_objects = _lowered(text, placement, profile, "objects")
    assert _lowered(text, placement, profile, "text") == by_objects
    assert _lowered(text, placement, profile, "made") == by_objects
