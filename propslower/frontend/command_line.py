"""The user's clang command line: its source, its output, and what it means for propslower."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from propslower.diagnostics import Diagnostic, DiagnosticError

_BOTH_TAKE_VALUE = frozenset(
    {"-o", "-I", "-D", "-U", "-include", "-isystem", "-iquote", "-idirafter", "-x"}
    | {"-resource-dir", "-MT"}
)
"""Options the driver and ``-cc1`` both spell with their value as the next argument."""
_TAKES_VALUE = _BOTH_TAKE_VALUE | frozenset(
    {
        "-Xclang",
        "-target",
        "-MF",
        "-MQ",
        "--target",
        "-arch",
        "-Xlinker",
        "-Xpreprocessor",
        "-imacros",
        "-isysroot",
        "--sysroot",
    }
)
_CC1 = "-cc1"
_CC1_TAKES_VALUE = _BOTH_TAKE_VALUE | frozenset(
    {
        "-triple",
        "-aux-triple",
        "-main-file-name",
        "-internal-isystem",
        "-internal-externc-isystem",
        "-mllvm",
        "-target-cpu",
        "-target-feature",
        "-target-abi",
        "-dependency-file",
        "-stack-protector",
        "-mrelocation-model",
        "-pic-level",
        "-ferror-limit",
        "-fmessage-length",
        "-include-pch",
        "-sycl-std",
    }
)
"""``-cc1`` options whose value is the next argument (so it is never taken for the source)."""
_CC1_FOR_LIBCLANG: dict[str, tuple[str, ...]] = {
    "-triple": ("-target",),
    "-internal-isystem": ("-isystem",),
    "-internal-externc-isystem": ("-isystem",),
    "-I": ("-I",),
    "-D": ("-D",),
    "-U": ("-U",),
    "-include": ("-include",),
    "-isystem": ("-isystem",),
    "-iquote": ("-iquote",),
    "-idirafter": ("-idirafter",),
    "-x": ("-x",),
}
"""How libclang (which takes driver arguments) spells a ``-cc1`` option taking a value."""
_CC1_JOINED_FOR_LIBCLANG = ("-I", "-D", "-U", "-std=", "-W")
"""``-cc1`` options with a joined value that the driver spells the same way."""
_SOURCE_SUFFIXES = frozenset({".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".c"})
_FRONT_END_PREFIXES = ("-I", "-D", "-U", "-std=", "-isystem", "-include", "-iquote", "-f", "-W")
_DROPPED_FOR_LIBCLANG = frozenset({"-S", "-c", "-emit-llvm", "-g", "-v"})
_TEXT_FORM = {"-c": "-S", "-emit-llvm-bc": "-emit-llvm"}
"""What makes clang write textual IR instead of bitcode (driver ``-c``, ``-cc1 -emit-llvm-bc``)."""


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

    @property
    def is_cc1(self) -> bool:
        """The front-end form ``clang -cc1 ...`` (clang's own tests, build wrappers)."""
        return _is_cc1(self.arguments)

    def with_output(self, output: str, *, text: bool, extra: Sequence[str] = ()) -> list[str]:
        """The same command writing textual IR to ``output``, with ``extra`` arguments added."""
        head = 2 if self.is_cc1 else 1
        rewritten: list[str] = [*self.arguments[:head], *extra]
        skip = False
        for argument in self.arguments[head:]:
            if skip:
                skip = False
                continue
            if argument == "-o":
                skip = True
                continue
            if argument.startswith("-o") and len(argument) > 2:
                continue
            rewritten.append(_TEXT_FORM.get(argument, argument) if text else argument)
        return [*rewritten, "-o", output]

    def libclang_arguments(self) -> list[str]:
        """The flags that shape the translation unit (defines, includes, language, target)."""
        if self.is_cc1:
            return self._cc1_libclang_arguments()
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

    def _cc1_libclang_arguments(self) -> list[str]:
        """``-cc1`` flags as driver flags: renamed by the table, other ``-f`` flags through
        ``-Xclang`` (``-fsycl-is-device`` is a front-end flag only), the rest dropped."""
        kept: list[str] = []
        arguments = self.arguments[2:]
        index = 0
        while index < len(arguments):
            argument = arguments[index]
            index += 1
            if argument == self.source:
                continue
            if argument in _CC1_TAKES_VALUE:
                value = arguments[index] if index < len(arguments) else None
                index += 1
                spelled = _CC1_FOR_LIBCLANG.get(argument)
                if spelled is not None and value is not None:
                    kept.extend((*spelled, value))
                elif argument == "-sycl-std" and value is not None:
                    kept.extend(("-Xclang", argument, "-Xclang", value))
                continue
            if argument.startswith(_CC1_JOINED_FOR_LIBCLANG):
                kept.append(argument)
            elif argument.startswith(("-f", "-sycl-std=")):
                kept.extend(("-Xclang", argument))
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
    bitcode = _bitcode(arguments, cc1=_is_cc1(arguments))
    output = _output(arguments) or Path(sources[0]).with_suffix(".bc" if bitcode else ".ll").name
    return ClangCommand(tuple(arguments), sources[0], output, bitcode)


def _is_cc1(arguments: Sequence[str]) -> bool:
    return len(arguments) > 1 and arguments[1] == _CC1


def _bitcode(arguments: Sequence[str], *, cc1: bool) -> bool:
    """Whether the command writes bitcode; a command that writes no IR at all is an error."""
    if cc1:
        if "-emit-llvm-bc" in arguments:
            return True
        if "-emit-llvm" in arguments:
            return False
        needed = "propslower cc needs a clang -cc1 command with -emit-llvm or -emit-llvm-bc"
    else:
        if "-emit-llvm" in arguments and {"-S", "-c"} & set(arguments):
            return "-S" not in arguments
        needed = "propslower cc needs a clang command with -S -emit-llvm or -c -emit-llvm"
    raise DiagnosticError(Diagnostic.error(needed))


def _sources(arguments: Sequence[str]) -> list[str]:
    sources: list[str] = []
    skip = False
    takes_value = _CC1_TAKES_VALUE if _is_cc1(arguments) else _TAKES_VALUE
    for argument in arguments[1:]:
        if skip:
            skip = False
            continue
        if argument in takes_value:
            skip = True
            continue
        if not argument.startswith("-") and Path(argument).suffix in _SOURCE_SUFFIXES:
            sources.append(argument)
    return sources


def _output(arguments: Sequence[str]) -> str | None:
    """The last ``-o`` wins, as in clang (``-opaque-pointers`` is ``-o paque-pointers`` to a
    clang without that flag, and a later ``-o -`` overrides it)."""
    output: str | None = None
    for index, argument in enumerate(arguments):
        if argument == "-o" and index + 1 < len(arguments):
            output = arguments[index + 1]
        elif argument.startswith("-o") and len(argument) > 2:
            output = argument[2:]
    return output
