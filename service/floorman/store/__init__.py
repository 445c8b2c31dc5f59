"""floorman.store."""
