"""Benchmarks: ``make bench`` prints figures measured side by side in one run."""
