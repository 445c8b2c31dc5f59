"""floorman: the rules authority a card room plugs its dealer terminals into."""

__version__ = "0.1.0"

# The rules core's compiled builds, when `make compiled` made them (floorman/compiled.py).
from floorman import compiled as _compiled

_compiled.install()
