"""``check --format json``: the verdict as one JSON object, aspects by name."""

from __future__ import annotations

import json

from propslower.aspects.table import AspectTable
from propslower.postlink.check import CheckResult


def result_json(result: CheckResult, table: AspectTable) -> str:
    """The verdict, requirements and failures of ``result``; an unnamed aspect is its number."""

    def name(value: int) -> str | int:
        return table.name_of(value) or value

    requirements = result.requirements
    document = {
        "kernel": result.kernel,
        "target": result.target,
        "supported": result.supported,
        "requirements": {
            "aspects": [name(value) for value in requirements.aspects],
            "reqd_sub_group_size": requirements.reqd_sub_group_size,
            "reqd_work_group_size": (
                list(requirements.reqd_work_group_size)
                if requirements.reqd_work_group_size is not None
                else None
            ),
        },
        "failures": [
            {
                "reason": failure.reason,
                "aspect": None if failure.aspect is None else name(failure.aspect),
                "chain": list(failure.chain),
                "origin": failure.origin or None,
            }
            for failure in result.failures
        ],
    }
    return json.dumps(document) + "\n"
