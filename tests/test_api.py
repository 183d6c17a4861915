"""The public API: what ``propslower`` exports, spelling-agnostic lookups, raised errors."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import propslower
from propslower import api

REPOSITORY = Path(__file__).resolve().parent.parent
EXAMPLE = REPOSITORY / "examples" / "library.py"


def test_the_package_exports_the_api_and_loads_it_only_when_asked() -> None:
    assert sorted(propslower.__all__) == sorted([*api.__all__, "__version__"])
    for name in api.__all__:
        assert getattr(propslower, name) is getattr(api, name)
    probe = "import sys, propslower; print('propslower.api' in sys.modules)"
    loaded = subprocess.run(
        [sys.executable, "-c", probe], check=False, capture_output=True, text=True
    )
    assert loaded.stdout.strip() == "False"
    with pytest.raises(AttributeError):
        _ = propslower.no_such_name


def test_the_readme_snippet_is_the_checked_example() -> None:
    readme = (REPOSITORY / "README.md").read_text()
    section = readme.split("## The library", 1)[1]
    snippet = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert snippet is not None
    example = EXAMPLE.read_text()
    assert snippet.group(1) == example[example.index("import propslower") :]


def test_the_example_passes_mypy_strict_and_runs() -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(EXAMPLE)],
        check=False,
        capture_output=True,
        text=True,
        cwd=REPOSITORY,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    ran = subprocess.run(
        [sys.executable, str(EXAMPLE)], check=False, capture_output=True, text=True, cwd=REPOSITORY
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[0] == "sycl-host-access read"
    assert "!spirv.Decorations !1 #1" in ran.stdout


def test_profiles_by_name() -> None:
    assert propslower.profile("dpcpp") is propslower.DPCPP
    assert propslower.profile("design") is propslower.DESIGN
    with pytest.raises(propslower.DiagnosticError) as raised:
        propslower.profile("dpc++")
    assert raised.value.render() == (
        "propslower: error: unknown profile 'dpc++' (known: design, dpcpp)\n"
    )


def test_names_are_found_with_or_without_their_sigil() -> None:
    module = propslower.parse_assembly_file(REPOSITORY / "examples" / "ir" / "four_kernels.ll")
    kernel = propslower.get_function(module, "k0")
    assert propslower.get_function(module, "@k0") is kernel
    assert propslower.get_function(module, kernel.key or "") is kernel
    shared = propslower.get_global_variable(module, "@shared")
    assert propslower.get_global_variable(module, "shared") is shared
    node = propslower.get_metadata_node(module, "!10")
    assert propslower.get_metadata_node(module, 10) is node
    assert propslower.get_metadata_node(module, "10") is node
    flags = propslower.get_named_metadata(module, "!llvm.module.flags")
    assert propslower.get_named_metadata(module, "llvm.module.flags") is flags
    for lookup, name in (
        (propslower.get_function, "@k9"),
        (propslower.get_global_variable, "nothing"),
        (propslower.get_named_metadata, "!none"),
    ):
        with pytest.raises(KeyError):
            lookup(module, name)
    with pytest.raises(KeyError):
        propslower.get_metadata_node(module, "!x")


def test_lookups_see_what_a_pass_added() -> None:
    module = propslower.parse_assembly_file(REPOSITORY / "tests" / "spirv" / "inputs" / "opaque.ll")
    assert propslower.map_to_spirv(module) == []
    modes = propslower.get_named_metadata(module, "spirv.ExecutionMode")
    for ref in modes.operands:
        assert propslower.get_metadata_node(module, ref).operands[0] == "ptr @K"
    decorations = propslower.get_global_variable(module, "dm1").parts.attachments
    assert propslower.get_metadata_node(module, dict(decorations)["!spirv.Decorations"])


def test_parse_errors_and_warnings() -> None:
    warnings: list[propslower.Diagnostic] = []
    parsed = propslower.parse_properties(
        'add_ir_function_attributes("a", "b", "a", 1, 2, 1)', warnings=warnings
    )
    assert parsed.properties.names() == ("a", "b")
    assert [w.message for w in warnings] == ["property 'a' is given twice"]
    with pytest.raises(propslower.DiagnosticError) as raised:
        propslower.parse_properties("[[sycl::reqd_sub_group_size(16)]]")
    assert "is not a property list" in raised.value.render()
    size = propslower.parse_attribute("[[sycl::reqd_sub_group_size(16)]]")
    assert isinstance(size, propslower.KernelSizeAttribute) and size.sizes == (16,)


def test_a_module_error_renders_with_the_module_text() -> None:
    with pytest.raises(propslower.DiagnosticError) as raised:
        propslower.parse_assembly("define void @f() {\n", "broken.ll")
    assert raised.value.render().startswith("broken.ll:1:")
    assert "define void @f() {" in raised.value.render()
