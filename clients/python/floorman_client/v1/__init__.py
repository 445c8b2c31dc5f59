"""The generated floorman.v1 messages and stubs (``make generate``; do not edit)."""
