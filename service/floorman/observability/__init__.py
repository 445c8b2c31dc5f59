"""floorman.observability."""
