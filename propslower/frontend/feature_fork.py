"""``cc`` reads the optional-kernel-feature facts in a forked child while it lowers the records.

Once the reader's walk has its records, the feature read (``feature_graph.read_features``,
0.3 s of ``cc``'s 2.4 s on 3,000 decorated instantiations) needs only the translation unit,
and the lowering until the feature metadata needs only the records and clang's IR.
``read_started`` forks a child that reads the features with the same cursors (its copy of the
parent's memory) and pickles them into a temporary file, while the parent parses and lowers
clang's IR on the other core. ``cc`` asks for the child only when clang has finished and the
process may use more than one core: while clang runs, that core is clang's, and the parent
reads the features as ``reader.read`` does (the real DPC++ headers' translation units). The
parent does not call libclang until it has the answer, and the child calls it from its only
thread. The child costs about 0.1 s of system time (the fork, copied pages): where every core
is busy (a parallel build), that is what it adds.

The child and its answer are ``forked.Forked``'s: on any failure but the read's own
``DiagnosticError`` the parent reads the features itself, which fails as the read always
did; without a usable fork it reads them at once, before the lowering.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from propslower.forked import Forked
from propslower.frontend.feature_model import TableLoader, TranslationUnitFeatures
from propslower.frontend.preamble import PreambleCache
from propslower.frontend.reader import read_records
from propslower.frontend.records import ReadResult
from propslower.ir.nogc import gc_paused


def read_started(
    path: str | Path,
    args: Sequence[str] = (),
    unsaved: Mapping[str, str] | None = None,
    *,
    features: TableLoader | None = None,
    preambles: PreambleCache | None = None,
    fork: bool | Callable[[], bool] = True,
) -> tuple[ReadResult, PendingFeatures]:
    """``reader.read`` with its features still being read, in a child if ``fork`` says so (a
    function is asked once the records are read): the result's ``features`` field is empty,
    ``PendingFeatures.result()`` has them."""
    with gc_paused():
        result, work = read_records(path, args, unsaved, features=features, preambles=preambles)
        if work is None:
            return result, PendingFeatures.done(TranslationUnitFeatures())
        pending = PendingFeatures.start(work, fork=fork() if callable(fork) else fork)
        del work  # unless the parent keeps them for later, the cursors go with the collector off
        return result, pending


class PendingFeatures(Forked[TranslationUnitFeatures]):
    """A translation unit's features: read in a forked child, or already read.

    Until ``close()``, every object of the parent is frozen (``gc.freeze``): the parent
    keeps the cursors for a read of its own, and the collections of its lowering would
    otherwise walk them all, again and again (0.6 s of 3,000 instantiations). Freeing the
    cursors costs 0.07 s there, which ``cc`` spends while the verifier reads its output.
    """

    freezes = True
