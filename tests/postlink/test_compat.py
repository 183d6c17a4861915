from __future__ import annotations

from propslower.aspects.def_file import default_table
from propslower.postlink.compat import check_compatibility
from propslower.postlink.device_config import TargetInfo, builtin_config
from propslower.postlink.requirements import Requirements

TABLE = default_table()
CONFIG = builtin_config(TABLE)


def target(name: str) -> TargetInfo:
    found = CONFIG.get(name)
    assert found is not None
    return found


def test_compatible() -> None:
    req = Requirements((5, 6), 16, (64, 4))
    assert check_compatibility(req, target("intel_gpu_pvc"), TABLE) == []


def test_missing_aspect_and_sub_group() -> None:
    req = Requirements((6, 5, 6), 8)
    assert check_compatibility(req, target("intel_gpu_pvc"), TABLE) == [
        "requires sub-group size 8, but target 'intel_gpu_pvc' supports only 16, 32"
    ]
    assert check_compatibility(Requirements((6, 1)), target("intel_gpu_dg1"), TABLE) == [
        "requires aspect 'cpu' (1), which target 'intel_gpu_dg1' does not support",
        "requires aspect 'fp64' (6), which target 'intel_gpu_dg1' does not support",
    ]


def test_open_ended_target_and_internal_aspects() -> None:
    sm80 = target("nvidia_gpu_sm_80")
    assert check_compatibility(Requirements((53,), 32), sm80, TABLE) == []
    assert check_compatibility(Requirements((-1,)), target("intel_gpu_dg1"), TABLE) == []
    # no sub-group sizes listed: unknown, not checked
    assert check_compatibility(Requirements((), 7), target("spir64"), TABLE) == []


def test_unknown_aspect_number_reason() -> None:
    reasons = check_compatibility(Requirements((500,)), TargetInfo("t"), TABLE)
    assert reasons == ["requires aspect 500, which target 't' does not support"]


def test_work_group_limit() -> None:
    req = Requirements(reqd_work_group_size=(64, 32))
    pvc = target("intel_gpu_pvc")
    assert check_compatibility(req, pvc, TABLE) == []
    assert check_compatibility(req, pvc, TABLE, max_work_group_size=2048) == []
    assert check_compatibility(req, pvc, TABLE, max_work_group_size=1024) == [
        "requires work-group size 64x32 (2048 work-items), "
        "above the maximum 1024 of target 'intel_gpu_pvc'"
    ]
