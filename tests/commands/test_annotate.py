"""``propslower annotate``: snapshots of the design's examples, round trips, idempotency and error paths."""

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from syrupy.assertion import SnapshotAssertion

from propslower.commands import annotate as annotate_command
from propslower.forked import Forked
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.lowering import member_plans
from propslower.lowering.lower import apply_placements
from propslower.lowering.placements import FunctionTarget, GlobalTarget, ParameterTarget, Placement
from propslower.properties.model import Property, PropertyList
from propslower.properties.profiles import DESIGN
from propslower.properties.values import IntegerValue, NoValue, StringValue
from tests.conftest import CliRun
from tests.profiles import every_profile_name

Cli = Callable[..., CliRun]
INPUTS = Path(__file__).resolve().parent.parent / "inputs"
DESIGN_EXAMPLES = INPUTS / "design_examples"
EXAMPLES = sorted(p.stem for p in DESIGN_EXAMPLES.glob("*.ll"))
ALL_INPUTS = sorted(INPUTS.rglob("*.ll"))


def spec_for(example: str) -> Path:
    return DESIGN_EXAMPLES / f"{example.rsplit('-', 1)[0]}.yaml"


@every_profile_name
@pytest.mark.parametrize("example", EXAMPLES)
def test_design_examples(
    cli: Cli, ll_snapshot: SnapshotAssertion, example: str, profile: str, tmp_path: Path
) -> None:
    out = tmp_path / "out.ll"
    run = cli(
        "annotate",
        str(DESIGN_EXAMPLES / f"{example}.ll"),
        "--props",
        str(spec_for(example)),
        "--profile",
        profile,
        "-o",
        str(out),
    )
    assert (run.status, run.stderr) == (0, "")
    text = out.read_text()
    assert verify_text(text, "out.ll") == []
    assert text == ll_snapshot
    again = cli("annotate", str(out), "--props", str(spec_for(example)), "--profile", profile)
    assert again.stdout == text


@pytest.mark.parametrize("path", ALL_INPUTS, ids=lambda p: str(p.relative_to(INPUTS)))
def test_without_options_the_module_comes_back_byte_identical(cli: Cli, path: Path) -> None:
    run = cli("annotate", str(path), "--no-verify")
    assert run.status == 0
    assert run.stdout == path.read_text()


def test_from_annotations_through_the_cli(cli: Cli) -> None:
    run = cli("annotate", str(INPUTS / "annotate" / "clang16-packs.ll"), "--from-annotations")
    assert run.status == 0, run.stderr
    assert '"sycl-sub-group-size"="32"' in run.stdout
    assert "propslower:" not in run.stdout
    same = cli("run", "-p", "lower", str(INPUTS / "annotate" / "clang16-packs.ll"))
    assert same.stdout == run.stdout


def test_in_place_edit(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "k.ll"
    target.write_text((DESIGN_EXAMPLES / "kernel_function-opaque.ll").read_text())
    assert (
        cli(
            "annotate", str(target), "-i", "--props", str(DESIGN_EXAMPLES / "kernel_function.yaml")
        ).status
        == 0
    )
    assert '"sycl-sub-group-size"="32"' in target.read_text()


def test_failures_leave_the_output_untouched(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "out.ll"
    out.write_text("precious")
    spec = tmp_path / "s.yaml"
    spec.write_text("globals:\n  missing: {a: 1}\n")
    run = cli(
        "annotate", str(DESIGN_EXAMPLES / "global-opaque.ll"), "--props", str(spec), "-o", str(out)
    )
    assert run.status == 1
    assert run.stderr.startswith(f"{spec}:2:3: error: no global variable '@missing' in the module")
    assert out.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.ll", "s.yaml"]


names = st.sampled_from(["sycl-a", "sycl-b", "sycl-c", "k"])
values = st.one_of(st.none(), st.integers(-5, 5), st.sampled_from(["read", "x y", 'q"'])).map(
    lambda v: (
        NoValue() if v is None else (IntegerValue(v) if isinstance(v, int) else StringValue(v))
    )
)
targets = st.sampled_from(
    [GlobalTarget("dm1"), GlobalTarget("plain"), FunctionTarget("_ZTS7Reading")]
)
KERNEL_TARGETS = st.sampled_from(
    [
        ParameterTarget("_ZTS8MyKernel", 0),
        ParameterTarget("_ZTS8MyKernel", 1),
        FunctionTarget("_ZTS5Other"),
    ]
)


def placements_for(
    target_strategy: st.SearchStrategy[object],
) -> st.SearchStrategy[list[Placement]]:
    entry = st.tuples(target_strategy, st.dictionaries(names, values, min_size=1, max_size=3))
    return st.lists(entry, max_size=4).map(
        lambda items: [
            Placement(t, PropertyList(tuple(Property(n, v) for n, v in props.items())))  # type: ignore[arg-type]
            for t, props in items
        ]
    )


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_annotating_twice_equals_annotating_once(data: st.DataObject) -> None:
    for source, strategy in (
        ("global-opaque.ll", targets),
        ("kernel_parameter-opaque.ll", KERNEL_TARGETS),
    ):
        placements = data.draw(placements_for(strategy))
        module = Module.parse((DESIGN_EXAMPLES / source).read_text(), source)
        if apply_placements(module, placements, DESIGN):
            continue
        once = module.render()
        assert verify_text(once, source) == []
        again = Module.parse(once, source)
        assert apply_placements(again, placements, DESIGN) == []
        assert again.render() == once


MEMBER_SPECS = {
    "buffer": '"sycl-buffer-location", 3',
    "mixed": '"sycl-alignment", "sycl-cache-read-hint", "sycl-buffer-location", "sycl-foo", 16, 3, 5, 1',
    "cache": '"sycl-cache-read-hint", 3',
}


def _member_spec(tmp_path: Path, arguments: str) -> Path:
    spec = tmp_path / "member.yaml"
    spec.write_text(
        "members:\n  class.annotated_ptr:\n    0: |\n"
        f"      [[__sycl_detail__::add_ir_member_annotation({arguments})]]\n"
    )
    return spec


@pytest.mark.parametrize("spec", sorted(MEMBER_SPECS))
@every_profile_name
@pytest.mark.parametrize("pointers", ["opaque", "typed"])
def test_annotate_spirv_twice_adds_no_second_member_annotation(
    cli: Cli, tmp_path: Path, spec: str, profile: str, pointers: str
) -> None:
    props = _member_spec(tmp_path, MEMBER_SPECS[spec])
    source = DESIGN_EXAMPLES / f"member-{pointers}.ll"
    args = ("--props", str(props), "--profile", profile, "--spirv")
    first = cli("annotate", str(source), *args)
    assert (first.status, first.stderr) == (0, "")
    assert first.stdout.count("@llvm.ptr.annotation.p") == 2  # the call and its declaration
    (tmp_path / "once.ll").write_text(first.stdout)
    second = cli("annotate", str(tmp_path / "once.ll"), *args)
    assert (second.status, second.stderr, second.stdout) == (0, "", first.stdout)


def test_annotate_spirv_rerun_with_another_value_is_a_conflict(cli: Cli, tmp_path: Path) -> None:
    first = cli(
        "annotate",
        str(DESIGN_EXAMPLES / "member-typed.ll"),
        "--props",
        str(_member_spec(tmp_path, MEMBER_SPECS["buffer"])),
        "--spirv",
    )
    (tmp_path / "once.ll").write_text(first.stdout)
    changed = _member_spec(tmp_path, '"sycl-buffer-location", 4')
    second = cli("annotate", str(tmp_path / "once.ll"), "--props", str(changed), "--spirv")
    assert second.status == 1
    assert "is already annotated with '{5921:3}'" in second.stderr
    assert "'sycl-properties:sycl-buffer-location=4'" in second.stderr


SPEC_CASES = {
    "valid": ("globals:\n  dm1: {sycl-a: 1}\nfunctions:\n  _ZTS7Reading: {sycl-b: x}\n", True),
    "yaml layout": ("globals:\n  dm1:\n    sycl-a: 1\n", True),
    "missing target": ("globals:\n  missing: {a: 1}\n", True),
    "bad yaml": ("globals: [\n", True),
    "bad spec and no module": ("globals: [\n", False),
    "no module": ("globals:\n  dm1: {sycl-a: 1}\n", False),
}
"""A spec, and whether the module exists."""


@pytest.mark.parametrize("case", sorted(SPEC_CASES))
def test_a_spec_read_in_a_child_says_and_writes_what_one_read_inline_does(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    text, module_exists = SPEC_CASES[case]
    spec = tmp_path / "s.yaml"
    spec.write_text(text)
    module = DESIGN_EXAMPLES / "global-opaque.ll" if module_exists else tmp_path / "none.ll"
    started: list[bool] = []
    original = Forked.start

    def start(work: Callable[[], object], *, fork: bool = True) -> Forked[object]:
        started.append(fork)
        pending = original(work, fork=fork)
        assert pending.forked == fork
        return pending

    monkeypatch.setattr(Forked, "start", start)
    monkeypatch.setattr(annotate_command, "several_cores", lambda: True)
    outcomes = []
    for fork_at in (0, 1 << 40):
        monkeypatch.setattr(annotate_command, "_FORK_AT", fork_at)
        run = cli("annotate", str(module), "--props", str(spec))
        outcomes.append(run)
    assert started == [True, False]
    assert outcomes[0] == outcomes[1]
    assert "Traceback" not in outcomes[0].stderr
    assert outcomes[0].status == (0 if case in ("valid", "yaml layout") else 1)
    if case.startswith("bad"):  # the spec's error comes first, the module's is not reached
        assert outcomes[0].stderr.startswith(f"{spec}:")


@pytest.mark.parametrize("verify", [True, False])
def test_member_rows_are_planned_on_the_second_core_only_without_a_verifier_there(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verify: bool
) -> None:
    monkeypatch.setattr(member_plans, "PLAN_AT", 0)
    monkeypatch.setattr(member_plans, "several_cores", lambda: True)
    started: list[object] = []
    original = member_plans.MemberPlans.start

    def start(module: Module, placements: Sequence[Placement]) -> object:
        plans = original(module, placements)
        started.append(plans)
        return plans

    monkeypatch.setattr(member_plans.MemberPlans, "start", start)
    example = DESIGN_EXAMPLES / "member-opaque.ll"
    flags = [] if verify else ["--no-verify"]
    run = cli("annotate", str(example), "--props", str(spec_for("member-opaque")), *flags)
    assert (run.status, run.stderr) == (0, "")
    assert "@llvm.ptr.annotation" in run.stdout
    if verify:
        assert started == []
    else:
        assert len(started) == 1
        assert started[0] is not None
