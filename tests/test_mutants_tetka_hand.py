"""Tests that kill mutants of the last mutation run (docs/mutation.md)."""
