"""The differential fuzzer: seeded programs in quack's subset, run under CPython and quack in
every tier, mismatches minimized and filed as test programs (docs/fuzzing.md)."""
