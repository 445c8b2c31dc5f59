"""floorman.app."""
