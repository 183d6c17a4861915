"""A pytest plugin for IR snapshot tests: one normalised ``.ll`` file per snapshot.

Installed with propslower (entry point ``pytest11``); it needs syrupy, which the ``pytest``
extra installs (``pip install 'propslower[pytest]'``). Without syrupy the plugin defines
the fixture and nothing else: it never stops pytest from starting, and only a test that
asks for ``ll_snapshot`` fails, with one line saying how to install the extra. Use::

    def test_lowering(ll_snapshot):
        assert annotate(module_text) == ll_snapshot

Each assertion is stored as one reviewable ``.ll`` file, normalised by
``propslower.ir_normalise.normalise_ir`` so snapshots change only when the IR does.
"""

from __future__ import annotations

from typing import Any

import pytest

MISSING_SYRUPY = (
    "the ll_snapshot fixture needs syrupy: pip install 'propslower[pytest]' (or syrupy itself)"
)


@pytest.fixture
def ll_snapshot(request: pytest.FixtureRequest) -> Any:
    """A syrupy snapshot that stores IR as normalised ``.ll`` files."""
    try:
        from propslower.ll_snapshot import LLSnapshotExtension  # noqa: PLC0415 (needs syrupy)
    except ImportError:
        pytest.fail(MISSING_SYRUPY, pytrace=False)
    return request.getfixturevalue("snapshot").use_extension(LLSnapshotExtension)
