"""Whether an image's or kernel's requirements fit a target, with readable reasons when not."""

from __future__ import annotations

import math

from propslower.aspects.table import AspectTable
from propslower.postlink.device_config import TargetInfo
from propslower.postlink.requirements import Requirements


def check_compatibility(
    requirements: Requirements,
    target: TargetInfo,
    table: AspectTable,
    max_work_group_size: int | None = None,
) -> list[str]:
    """The failed requirements (empty when compatible).

    * aspects: each must be listed, unless the target ``may_support_other_aspects``;
    * reqd sub-group size: must be listed, unless the target lists no sizes (unknown);
    * reqd work-group size: checked only against ``max_work_group_size`` when given
      (the product of the dims), as the design's portable check; the table has no limit.
    """
    reasons = [_aspect_reason(value, target, table) for value in _missing(requirements, target)]
    reasons.extend(_sub_group_reasons(requirements, target))
    reasons.extend(_work_group_reasons(requirements, target, max_work_group_size))
    return reasons


def _missing(requirements: Requirements, target: TargetInfo) -> list[int]:
    if target.may_support_other_aspects:
        return []
    supported = set(target.aspects)
    return sorted({v for v in requirements.aspects if v >= 0 and v not in supported})


def _aspect_reason(value: int, target: TargetInfo, table: AspectTable) -> str:
    return f"requires aspect {table.describe(value)}, which target '{target.name}' does not support"


def _sub_group_reasons(requirements: Requirements, target: TargetInfo) -> list[str]:
    size = requirements.reqd_sub_group_size
    if size is None or not target.sub_group_sizes or size in target.sub_group_sizes:
        return []
    supported = ", ".join(str(s) for s in target.sub_group_sizes)
    return [f"requires sub-group size {size}, but target '{target.name}' supports only {supported}"]


def _work_group_reasons(
    requirements: Requirements, target: TargetInfo, limit: int | None
) -> list[str]:
    dims = requirements.reqd_work_group_size
    if dims is None or limit is None:
        return []
    total = math.prod(dims)
    if total <= limit:
        return []
    shape = "x".join(str(d) for d in dims)
    return [
        f"requires work-group size {shape} ({total} work-items), "
        f"above the maximum {limit} of target '{target.name}'"
    ]
