import pytest

from propslower.diagnostics import DiagnosticError
from propslower.frontend.command_line import parse_clang_command


def test_text_output() -> None:
    command = parse_clang_command(
        [
            "clang++-19",
            "-target",
            "spir64-unknown-unknown",
            "-Xclang",
            "-fsycl-is-device",
            "-Iinc",
            "-DX=1",
            "-std=c++17",
            "-S",
            "-emit-llvm",
            "-O0",
            "k.cpp",
            "-o",
            "out.ll",
        ]
    )
    assert (command.source, command.output, command.bitcode) == ("k.cpp", "out.ll", False)
    assert command.libclang_arguments() == [
        "-target",
        "spir64-unknown-unknown",
        "-Xclang",
        "-fsycl-is-device",
        "-Iinc",
        "-DX=1",
        "-std=c++17",
    ]
    assert command.with_output("/tmp/x.ll", text=True, extra=["-DP=1"]) == [
        "clang++-19",
        "-DP=1",
        "-target",
        "spir64-unknown-unknown",
        "-Xclang",
        "-fsycl-is-device",
        "-Iinc",
        "-DX=1",
        "-std=c++17",
        "-S",
        "-emit-llvm",
        "-O0",
        "k.cpp",
        "-o",
        "/tmp/x.ll",
    ]


def test_bitcode_output_defaults_its_name() -> None:
    command = parse_clang_command(["clang-15", "-c", "-emit-llvm", "dir/k.cpp"])
    assert (command.output, command.bitcode) == ("k.bc", True)
    assert command.with_output("t.ll", text=True)[:4] == [
        "clang-15",
        "-S",
        "-emit-llvm",
        "dir/k.cpp",
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ([], "give the clang command after '--'"),
        (["clang", "-S", "-emit-llvm"], "exactly one source file (found: none)"),
        (
            ["clang", "-S", "-emit-llvm", "a.cpp", "b.cpp"],
            "exactly one source file (found: a.cpp, b.cpp)",
        ),
        (["clang", "-c", "a.cpp"], "needs a clang command with -S -emit-llvm or -c -emit-llvm"),
    ],
)
def test_unusable_commands(arguments: list[str], message: str) -> None:
    with pytest.raises(DiagnosticError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_clang_command(arguments)
