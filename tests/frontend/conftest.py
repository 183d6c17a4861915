"""Front-end fixtures: the real DPC++ headers (downloaded once, cached outside the tree)."""

from tests.dpcpp_headers import dpcpp_include

__all__ = ["dpcpp_include"]
