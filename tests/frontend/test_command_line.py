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


CC1 = [
    "clang-19",
    "-cc1",
    "-triple",
    "spir64-unknown-unknown",
    "-fsycl-is-device",
    "-internal-isystem",
    "Inputs",
    "-disable-llvm-passes",
    "-sycl-std=2020",
    "-DX=1",
    "-emit-llvm",
    "-o",
    "-",
    "k.cpp",
]


def test_cc1_form() -> None:
    command = parse_clang_command(CC1)
    assert (command.is_cc1, command.source, command.output, command.bitcode) == (
        True,
        "k.cpp",
        "-",
        False,
    )
    assert command.libclang_arguments() == [
        "-target",
        "spir64-unknown-unknown",
        "-Xclang",
        "-fsycl-is-device",
        "-isystem",
        "Inputs",
        "-Xclang",
        "-sycl-std=2020",
        "-DX=1",
    ]
    # the prelude goes after -cc1, which must stay first; bitcode becomes text for the read
    rewritten = command.with_output("t.ll", text=True, extra=["-DP=1"])
    assert rewritten[:3] == ["clang-19", "-cc1", "-DP=1"]
    assert rewritten[-2:] == ["-o", "t.ll"]


def test_the_last_output_wins() -> None:
    # intel/llvm's member tests pass -opaque-pointers, which a clang without that flag reads
    # as "-o paque-pointers"; their later "-o -" is the output, as in clang
    command = parse_clang_command(
        [
            "clang-19",
            "-cc1",
            "-fsycl-is-device",
            "-emit-llvm",
            "-opaque-pointers",
            "k.cpp",
            "-o",
            "-",
        ]
    )
    assert command.output == "-"
    rewritten = command.with_output("t.ll", text=True)
    assert "-opaque-pointers" not in rewritten
    assert rewritten[-2:] == ["-o", "t.ll"]
    assert (
        parse_clang_command(["clang-19", "-S", "-emit-llvm", "-oa.ll", "k.cpp", "-ob.ll"]).output
        == "b.ll"
    )


def test_cc1_bitcode_is_read_as_text() -> None:
    arguments = [a if a != "-emit-llvm" else "-emit-llvm-bc" for a in CC1]
    command = parse_clang_command(arguments)
    assert command.bitcode
    assert "-emit-llvm" in command.with_output("t.ll", text=True)


def test_cc1_without_ir_output_is_refused() -> None:
    with pytest.raises(DiagnosticError, match="-cc1 command with -emit-llvm or -emit-llvm-bc"):
        parse_clang_command([a for a in CC1 if a != "-emit-llvm"])
