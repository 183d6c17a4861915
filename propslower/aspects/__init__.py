"""Aspect metadata: the aspect table, reading and writing lists, propagation and its warnings."""
