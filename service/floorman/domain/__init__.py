"""floorman.domain."""
