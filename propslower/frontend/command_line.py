"""The user's clang command line: its source, its output, and what it means for propslower."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from propslower.diagnostics import Diagnostic, DiagnosticError

_TAKES_VALUE = frozenset(
    {
        "-o",
        "-I",
        "-D",
        "-U",
        "-include",
        "-isystem",
        "-iquote",
        "-idirafter",
        "-x",
        "-Xclang",
        "-target",
        "-MF",
        "-MT",
        "-MQ",
        "-resource-dir",
        "--target",
        "-arch",
        "-Xlinker",
        "-Xpreprocessor",
        "-imacros",
        "-isysroot",
        "--sysroot",
    }
)
_SOURCE_SUFFIXES = frozenset({".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".c"})
_FRONT_END_PREFIXES = ("-I", "-D", "-U", "-std=", "-isystem", "-include", "-iquote", "-f", "-W")
_DROPPED_FOR_LIBCLANG = frozenset({"-S", "-c", "-emit-llvm", "-g", "-v"})


@dataclass(frozen=True)
class ClangCommand:
    """A clang invocation that produces LLVM IR for one source file."""

    arguments: tuple[str, ...]
    source: str
    output: str
    bitcode: bool
    """``-c -emit-llvm`` (bitcode) rather than ``-S -emit-llvm`` (text)."""

    @property
    def compiler(self) -> str:
        return self.arguments[0]

    def with_output(self, output: str, *, text: bool, extra: Sequence[str] = ()) -> list[str]:
        """The same command writing textual IR to ``output``, with ``extra`` arguments added."""
        rewritten: list[str] = [self.compiler, *extra]
        skip = False
        for argument in self.arguments[1:]:
            if skip:
                skip = False
                continue
            if argument == "-o":
                skip = True
                continue
            if argument.startswith("-o") and len(argument) > 2:
                continue
            rewritten.append("-S" if text and argument == "-c" else argument)
        return [*rewritten, "-o", output]

    def libclang_arguments(self) -> list[str]:
        """The flags that shape the translation unit (defines, includes, language, target)."""
        kept: list[str] = []
        arguments = self.arguments[1:]
        index = 0
        while index < len(arguments):
            argument = arguments[index]
            value = arguments[index + 1] if index + 1 < len(arguments) else None
            index += 1
            if argument == self.source or argument in _DROPPED_FOR_LIBCLANG:
                continue
            if argument in _TAKES_VALUE:
                index += 1
                if argument != "-o" and value is not None:
                    kept.extend((argument, value))
                continue
            if argument.startswith(_FRONT_END_PREFIXES) or argument.startswith("--target="):
                kept.append(argument)
        return kept


def parse_clang_command(arguments: Sequence[str]) -> ClangCommand:
    """Understand ``clang++ ... -S|-c -emit-llvm [-o OUT] FILE.cpp``; anything else is an error."""
    if not arguments:
        raise DiagnosticError(Diagnostic.error("give the clang command after '--'"))
    sources = _sources(arguments)
    if len(sources) != 1:
        found = ", ".join(sources) if sources else "none"
        raise DiagnosticError(
            Diagnostic.error(
                f"the clang command must compile exactly one source file (found: {found})"
            )
        )
    if "-emit-llvm" not in arguments or not ({"-S", "-c"} & set(arguments)):
        raise DiagnosticError(
            Diagnostic.error(
                "propslower cc needs a clang command with -S -emit-llvm or -c -emit-llvm"
            )
        )
    bitcode = "-S" not in arguments
    output = _output(arguments) or Path(sources[0]).with_suffix(".bc" if bitcode else ".ll").name
    return ClangCommand(tuple(arguments), sources[0], output, bitcode)


def _sources(arguments: Sequence[str]) -> list[str]:
    sources: list[str] = []
    skip = False
    for argument in arguments[1:]:
        if skip:
            skip = False
            continue
        if argument in _TAKES_VALUE:
            skip = True
            continue
        if not argument.startswith("-") and Path(argument).suffix in _SOURCE_SUFFIXES:
            sources.append(argument)
    return sources


def _output(arguments: Sequence[str]) -> str | None:
    for index, argument in enumerate(arguments):
        if argument == "-o" and index + 1 < len(arguments):
            return arguments[index + 1]
        if argument.startswith("-o") and len(argument) > 2:
            return argument[2:]
    return None
