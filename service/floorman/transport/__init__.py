"""floorman.transport."""
