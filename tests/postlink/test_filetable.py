from __future__ import annotations

import pytest

from propslower.diagnostics import DiagnosticError
from propslower.postlink.filetable import FileTable, read_table, row_names, write_table


def test_write_and_read() -> None:
    table = FileTable(rows=[row_names("out", 0, ("Code", "Properties", "Symbols"))])
    text = write_table(table)
    assert text == "[Code|Properties|Symbols]\nout_0.bc|out_0.prop|out_0.sym\n"
    assert read_table(text, "t.table") == table
    assert read_table(text, "t.table").column("Properties") == ["out_0.prop"]


def test_subset_and_target_prop() -> None:
    rows = [row_names("a", n, ("Code", "Properties"), "intel_gpu_pvc") for n in range(2)]
    text = write_table(FileTable(("Code", "Properties"), rows))
    assert text == (
        "[Code|Properties]\na_0.bc|a_0.intel_gpu_pvc.prop\na_1.bc|a_1.intel_gpu_pvc.prop\n"
    )


def test_bad_columns() -> None:
    with pytest.raises(ValueError):
        write_table(FileTable(("Properties", "Code")))
    with pytest.raises(ValueError):
        write_table(FileTable(("Code",), [("a", "b")]))


def test_read_errors_positioned() -> None:
    with pytest.raises(DiagnosticError) as caught:
        read_table("[Code|Props]\n", "t.table")
    assert str(caught.value.diagnostics[0].span) == "t.table:1:1"
    with pytest.raises(DiagnosticError) as caught:
        read_table("[Code|Symbols]\na.bc|a.sym\nb.bc\n", "t.table")
    assert str(caught.value.diagnostics[0].span) == "t.table:3:1"


@pytest.mark.parametrize("cell", ["a|b.ll", "a\nb.ll", "a\rb.ll", ""])
def test_cells_a_table_cannot_hold_are_refused(cell: str) -> None:
    with pytest.raises(ValueError, match="cannot hold"):
        write_table(FileTable(("Code",), [(cell,)]))
