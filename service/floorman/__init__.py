"""floorman: the rules authority a card room plugs its dealer terminals into."""

__version__ = "0.1.0"
