"""Benchmarks: scripts that print figures and ratios measured side by side in one run."""
