"""Hand-written call chains for the missing-aspect and check tests."""

from __future__ import annotations


def deep_chain(
    depth: int, kernel_attachments: str = "", leaf: str = "!intel_used_aspects !1"
) -> str:
    """``@k`` → ``@f0`` → … → ``@f<depth-1>``, the last with ``leaf``'s attachments; ``!0`` is
    ``{fp64}`` (for an allowed list on the kernel), ``!1`` is ``{fp16}``."""
    parts = [
        f"define spir_kernel void @k() #0 {kernel_attachments} {{\n"
        "entry:\n  call spir_func void @f0()\n  ret void\n}\n\n"
    ]
    for i in range(depth):
        call = f"  call spir_func void @f{i + 1}()\n" if i < depth - 1 else ""
        attachments = leaf if i == depth - 1 else ""
        parts.append(
            f"define spir_func void @f{i}() {attachments} {{\nentry:\n{call}  ret void\n}}\n\n"
        )
    parts.append(
        'attributes #0 = { "sycl-module-id"="deep.cpp" }\n\n!0 = !{i32 6}\n!1 = !{i32 5}\n'
    )
    return "".join(parts)
