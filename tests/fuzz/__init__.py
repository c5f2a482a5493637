"""Coverage-guided fuzz targets (`make fuzz`) and their short hypothesis runs
in the suite (tests/test_fuzz_targets.py); see docs/RELIABILITY.md."""
