"""Helpers shared by the test packages (import as ``tests.support.<module>``)."""
