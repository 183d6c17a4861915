"""``python -m propslower``: the command-line interface."""

import sys

from propslower.cli import main

sys.exit(main())
