"""Benchmarks (run with ``python -m bench.<name>``; see BENCHMARKS.md)."""
