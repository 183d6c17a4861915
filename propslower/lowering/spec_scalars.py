"""A spec's YAML scalar, by its resolved tag, as a property value."""

from __future__ import annotations

from propslower.diagnostics import Span
from propslower.properties.values import (
    BoolValue,
    FloatingValue,
    IntegerValue,
    NoValue,
    PropertyValue,
    StringValue,
)
from propslower.yaml_tags import BOOL_TAG, INT_TAG, NULL_TAG

FLOAT_TAG = "tag:yaml.org,2002:float"


def scalar_value(tag: str, text: str, span: Span) -> PropertyValue:
    """``null`` → no value, YAML integers, booleans and floats as such, anything else a string."""
    try:
        if tag == NULL_TAG:
            return NoValue(span)
        if tag == INT_TAG:
            return IntegerValue(int(text.replace("_", ""), 0), True, span)
        if tag == BOOL_TAG:
            return BoolValue(text.lower() in ("true", "yes", "on"), span)
        if tag == FLOAT_TAG:
            return FloatingValue(float(text.replace("_", "")), False, span)
    except ValueError:
        pass
    return StringValue(text, span)
