"""Edits of a function definition's header: parameter attributes, attribute-group
references, and the words that say what kind of symbol it is.

``cc`` makes a function clang emitted as ``spir_func`` into a kernel, and the wrapper of a
kernel entry point into the external kernel clang 22 would have generated; both are edits of
the header's words (calling convention, linkage, comdat, alignment), kept here with the other
IR editors.
"""

from __future__ import annotations

import re

from propslower.ir.attributes import Attribute, merge
from propslower.ir.functions import FunctionItem
from propslower.ir.headers import render_parameter

_KERNEL = "spir_kernel"
_FUNCTION_CONVENTION = re.compile(r"\bspir_func\b")
_KERNEL_CONVENTION = re.compile(r"\bspir_kernel\b")
_LOCAL_LINKAGE = re.compile(r"^(define\s+)(?:internal|private)\s+")
_LOCAL_WORD = re.compile(r"\b(?:internal|private)\b")
"""Written in any header with local linkage (without it, no need to parse the header)."""
_LINKAGE = re.compile(
    r"^(define\s+)(?:(?:linkonce_odr|weak_odr|linkonce|weak|internal|private)\s+)"
)
_FUNCTION_ALIGN = re.compile(r"(\)\s+(?:[\w\"=#]+\s+)*?#\d+)\s+align\s+\d+(?=\s|$)")
_COMDAT = re.compile(r"\s+comdat(?:\(\$[^)]*\))?(?=\s|$)")


def make_kernel(function: FunctionItem) -> bool:
    """Give a ``spir_func`` definition the ``spir_kernel`` convention, and a local one
    external linkage (``dso_local``); whether the header changed."""
    header = function.header_text
    if _KERNEL_CONVENTION.search(header) and function.parsed_header.calling_convention == _KERNEL:
        return False  # (without the word, no need to parse the header to know)
    if _FUNCTION_CONVENTION.search(header) is None:
        return False
    header = _FUNCTION_CONVENTION.sub(_KERNEL, header, count=1)
    if _LOCAL_WORD.search(header) and function.parsed_header.linkage in ("internal", "private"):
        external = r"\1" if "dso_local" in header else r"\1dso_local "
        header = _LOCAL_LINKAGE.sub(external, header, count=1)
    function.set_header_text(header)
    return True


def make_external_definition(function: FunctionItem) -> None:
    """External linkage, no comdat and no function alignment (a method's ``align 2``)."""
    header = _COMDAT.sub("", _LINKAGE.sub(r"\1", function.header_text, count=1), count=1)
    header = _FUNCTION_ALIGN.sub(r"\1", header, count=1)
    if header != function.header_text:
        function.set_header_text(header)


def set_parameter_attributes(
    function: FunctionItem, index: int, attributes: list[Attribute]
) -> None:
    """Rewrite parameter ``index`` to carry ``attributes`` (merged with what it has)."""
    parameter = function.parsed_shape.parameters[index]
    merged = merge(parameter.attributes, attributes)
    text = function.header_text
    new = render_parameter(parameter, merged)
    function.set_header_text(f"{text[: parameter.start]}{new}{text[parameter.end :]}")


def replace_parameter_attributes(
    function: FunctionItem, index: int, attributes: list[Attribute]
) -> None:
    """Rewrite parameter ``index`` to carry exactly ``attributes``, in that order."""
    parameter = function.parsed_header.parameters[index]
    text = function.header_text
    new = render_parameter(parameter, attributes)
    function.set_header_text(f"{text[: parameter.start]}{new}{text[parameter.end :]}")


def set_group_refs(function: FunctionItem, group_id: int) -> None:
    """Make ``#group_id`` the function's only attribute-group reference."""
    header = function.parsed_shape
    text = function.header_text
    spans = header.group_ref_spans
    if not spans:
        at = header.attributes_end
        function.set_header_text(f"{text[:at]} #{group_id}{text[at:]}")
        return
    for start, end in reversed(spans[1:]):
        text = text[:start].rstrip(" ") + text[end:]
    start, end = spans[0]
    function.set_header_text(f"{text[:start]}#{group_id}{text[end:]}")
