"""Pass pipelines as text: names, typed options, and the mistakes a user makes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.aspects.aspects_pass import AspectsPass
from propslower.diagnostics import DiagnosticError
from propslower.lowering.lower_pass import LowerPass
from propslower.passes import PASSES, create, pass_class
from propslower.pipeline import PassSpec, option_names, parse_pipeline
from propslower.spirv.lower import SpirvPass
from tests.conftest import CliRun

Cli = Callable[..., CliRun]
CHAIN = Path(__file__).resolve().parents[1] / "examples" / "ir" / "chain.ll"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("lower,spirv", [PassSpec("lower", {}), PassSpec("spirv", {})]),
        (" lower ,, spirv ", [PassSpec("lower", {}), PassSpec("spirv", {})]),
        (
            "aspects{exclude-aspects=fp64,fp16 werror=true},spirv",
            [
                PassSpec("aspects", {"exclude-aspects": "fp64,fp16", "werror": "true"}),
                PassSpec("spirv", {}),
            ],
        ),
        (
            "aspects{werror=true,exclude-aspects=fp64}",
            [PassSpec("aspects", {"werror": "true", "exclude-aspects": "fp64"})],
        ),
        ("spirv{}", [PassSpec("spirv", {})]),
    ],
)
def test_pipelines_are_read(text: str, expected: list[PassSpec]) -> None:
    assert parse_pipeline(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the pass pipeline is empty"),
        (",", "the pass pipeline is empty"),
        ("aspects{werror", "cannot read the pass pipeline at column 1"),
        ("spirv,{x=1}", "cannot read the pass pipeline at column 7"),
        ("aspects{werror}", "option 'werror' needs a value"),
    ],
)
def test_unreadable_pipelines_are_one_message(text: str, message: str) -> None:
    with pytest.raises(DiagnosticError, match=message):
        parse_pipeline(text)


def test_options_are_typed_fields_of_the_registered_classes() -> None:
    assert pass_class("aspects") is AspectsPass
    assert pass_class("spirv") is SpirvPass
    assert pass_class("lower") is LowerPass
    assert option_names(AspectsPass) == [
        "exclude-aspects",
        "fixed-targets",
        "aspects-def",
        "werror",
    ]
    assert option_names(SpirvPass) == ["maps", "member-decorations", "record"]
    assert option_names(LowerPass) == ["from-annotations"]
    made = create("aspects", {"exclude-aspects": "fp64, fp16", "werror": "yes"})
    assert made == AspectsPass(exclude_aspects=("fp64", "fp16"), werror=True)
    assert create("lower") == LowerPass(from_annotations=True)
    assert create("spirv", {"maps": "a.yaml,b.yaml"}) == SpirvPass(maps=("a.yaml", "b.yaml"))


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        (
            "aspects",
            {"nosuch": "1"},
            "pass 'aspects' has no option 'nosuch'; its options: "
            "exclude-aspects, fixed-targets, aspects-def, werror",
        ),
        ("aspects", {"werror": "maybe"}, "option 'werror=maybe': expected true or false"),
        ("lower", {"placements": "x"}, "pass 'lower' has no option 'placements'"),
    ],
)
def test_wrong_options_name_the_pass_and_what_it_accepts(
    name: str, options: dict[str, str], message: str
) -> None:
    with pytest.raises(DiagnosticError, match=message):
        create(name, options)


@given(st.text(alphabet="ascpilrvw{}=, -01t", max_size=40))
def test_any_pipeline_text_is_read_or_refused_with_a_diagnostic(text: str) -> None:
    try:
        specs = parse_pipeline(text)
    except DiagnosticError as error:
        assert len(error.diagnostics) == 1
        return
    assert specs
    for spec in specs:
        if spec.name in PASSES:
            try:
                create(spec.name, spec.options)
            except DiagnosticError as error:
                assert error.diagnostics[0].message.startswith("pass '")


def test_run_sets_pass_options_from_the_pipeline(cli: Cli, tmp_path: Path) -> None:
    source = tmp_path / "chain.ll"
    source.write_text(CHAIN.read_text())
    plain = cli("run", "-p", "aspects", str(source))
    assert plain.status == 0 and "warning: function" in plain.stderr
    strict = cli("run", "-p", "aspects{werror=true}", str(source), "-o", str(tmp_path / "o.ll"))
    assert strict.status == 1 and "error: function" in strict.stderr
    assert not (tmp_path / "o.ll").exists()
    wrong = cli("run", "-p", "aspects{exclude-aspects=nosuch}", str(source))
    assert wrong.status == 1 and "--exclude-aspects: unknown aspect 'nosuch'" in wrong.stderr
    usage = cli("run", "-p", "aspects{werror=maybe}", str(source))
    assert usage.status == 2
    assert "pass 'aspects': option 'werror=maybe': expected true or false" in usage.stderr
