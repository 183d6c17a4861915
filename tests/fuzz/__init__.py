"""Fuzzing harness: seed corpus, mutators, oracle, campaign and the CI budget tests."""
