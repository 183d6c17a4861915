"""Every README command block runs as written and prints what the README shows.

A command block is a fenced block whose first non-blank line starts with ``$ ``. Each
``$ `` line (joined with the lines after it while it ends in ``\\``) is one command; the
lines after it, up to the next ``$ `` line or the end of the block, are its expected output
(stdout and stderr together, as a terminal shows them). The blocks run in README order, in
one scratch directory holding a copy of ``examples/`` (so a block may read what an earlier
one wrote, as a reader following the README would), each command with ``bash -c`` and
``PATH`` led by the venv's ``bin`` (``propslower``, ``python`` and ``pytest`` are the
venv's). Only the output is compared, not the exit status: a README command whose status
matters prints it (``; echo "exit status $?"``), as a reader would see it.

Comparison is exact after three normalisations, and only these:

- trailing blank lines of the expected output are dropped (they separate commands);
- the scratch directory's absolute path is removed from the output (``/tmp/.../x`` -> ``x``);
- Python writes unbuffered (``PYTHONUNBUFFERED=1``), so stdout and stderr interleave in the
  order they are written, as on a terminal.

A block whose fence is preceded by ``<!-- readme-test: skip -->`` is not run (no block is
today). A block that names a tool other than propslower's own Python (``clang-19``,
``llvm-as-15``, or ``dot`` for an ``--graph X.svg``) needs it: ``require_tool`` skips the
block outside CI and fails it inside CI.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import require_tool

REPOSITORY = Path(__file__).resolve().parent.parent
README = REPOSITORY / "README.md"
SKIP_MARK = "<!-- readme-test: skip -->"
TOOLS = ("clang-19", "dot", "llvm-as-15")


@dataclass
class Command:
    """One ``$`` command of a block, the README line it starts on, and its expected output."""

    line: int
    text: str
    expected: list[str] = field(default_factory=list)


@dataclass
class Block:
    """One fenced command block of the README."""

    line: int
    commands: list[Command]
    skipped: bool


def _blocks(text: str) -> list[Block]:
    """The README's fenced blocks that hold ``$`` commands, in order."""
    lines = text.splitlines()
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        if not lines[index].startswith("```"):
            index += 1
            continue
        start = index
        index += 1
        body: list[tuple[int, str]] = []
        while index < len(lines) and not lines[index].startswith("```"):
            body.append((index + 1, lines[index]))
            index += 1
        index += 1
        content = [(number, line) for number, line in body if line.strip()]
        if not content or not content[0][1].startswith("$ "):
            continue
        skipped = start > 0 and lines[start - 1].strip() == SKIP_MARK
        blocks.append(Block(start + 1, _commands(body), skipped))
    return blocks


def _commands(body: list[tuple[int, str]]) -> list[Command]:
    """Split a block's lines into commands (with ``\\`` continuations) and their outputs."""
    commands: list[Command] = []
    continuing = False
    for number, line in body:
        if continuing:
            commands[-1].text += "\n" + line
        elif line.startswith("$ "):
            commands.append(Command(number, line[2:]))
        else:
            commands[-1].expected.append(line)
        continuing = commands[-1].text.endswith("\\") and not commands[-1].expected
    for command in commands:
        while command.expected and not command.expected[-1].strip():
            command.expected.pop()
    return commands


BLOCKS = _blocks(README.read_text(encoding="utf-8"))


def _tools(block: Block) -> list[str]:
    """The external tools the commands of ``block`` run."""
    text = "\n".join(command.text for command in block.commands)
    tools = [tool for tool in TOOLS if re.search(rf"(?<![\w-]){re.escape(tool)}\b", text)]
    if re.search(r"--graph \S+\.svg", text) and "dot" not in tools:
        tools.append("dot")  # aspects --graph X.svg draws with Graphviz
    return tools


@dataclass
class Ran:
    """What one command printed and its exit status."""

    output: list[str]
    status: int


class Runner:
    """Runs the README's blocks in order in one scratch directory, each at most once."""

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        shutil.copytree(
            REPOSITORY / "examples",
            scratch / "examples",
            ignore=shutil.ignore_patterns("__snapshots__", "__pycache__", ".pytest_cache"),
        )
        bin_dir = str(Path(sys.executable).parent)
        self.environment = dict(os.environ)
        self.environment.update(
            PATH=bin_dir + os.pathsep + self.environment.get("PATH", ""),
            PYTHONUNBUFFERED="1",
            LC_ALL="C.UTF-8",
            COLUMNS="80",
        )
        for name in ("NO_COLOR", "FORCE_COLOR", "PYTEST_ADDOPTS", "VIRTUAL_ENV"):
            self.environment.pop(name, None)
        self.results: dict[int, list[Ran]] = {}

    def through(self, position: int) -> list[Ran]:
        """Run every block up to ``position`` not run yet; the results of block ``position``."""
        for earlier in range(position + 1):
            if earlier not in self.results and not BLOCKS[earlier].skipped:
                self.results[earlier] = [self._run(c) for c in BLOCKS[earlier].commands]
        return self.results[position]

    def _run(self, command: Command) -> Ran:
        """Run one command with bash in the scratch directory."""
        finished = subprocess.run(
            ["bash", "-c", command.text],
            cwd=self.scratch,
            env=self.environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
            timeout=300,
        )
        output = finished.stdout.replace(str(self.scratch) + os.sep, "")
        return Ran(output.splitlines(), finished.returncode)


@pytest.fixture(scope="module")
def runner(tmp_path_factory: pytest.TempPathFactory) -> Runner:
    """One scratch directory for all the blocks of this module's run."""
    return Runner(tmp_path_factory.mktemp("readme"))


def test_the_readme_has_command_blocks() -> None:
    assert len(BLOCKS) >= 10
    for block in BLOCKS:
        for command in block.commands:
            assert "..." not in command.text, f"README.md:{command.line}: '...' in a command"


@pytest.mark.parametrize(
    "position", range(len(BLOCKS)), ids=[f"README.md:{block.line}" for block in BLOCKS]
)
def test_readme_block(runner: Runner, position: int) -> None:
    block = BLOCKS[position]
    if block.skipped:
        pytest.skip(f"README.md:{block.line} is marked {SKIP_MARK}")
    for tool in _tools(block):
        require_tool(tool)
    for command, ran in zip(block.commands, runner.through(position), strict=True):
        where = f"README.md:{command.line}: $ {command.text}"
        shown = "\n".join(ran.output)
        assert ran.output == command.expected, f"{where}\nexit status {ran.status}:\n{shown}"


def test_blocks_commands_continuations_outputs_and_skips() -> None:
    text = (
        "```sh\nmake demo\n```\n\n```\n$ a \\\n    b\nout 1\n\n$ c\n```\n"
        f"{SKIP_MARK}\n```\n$ d\n```\n"
    )
    first, second = _blocks(text)
    assert (first.line, first.skipped, second.line, second.skipped) == (5, False, 13, True)
    assert [(c.line, c.text, c.expected) for c in first.commands] == [
        (6, "a \\\n    b", ["out 1"]),
        (10, "c", []),
    ]
    assert _tools(first) == []
