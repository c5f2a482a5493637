"""Katan, the island trading game: board geometry, rules, views, wire format and AI.

The hot paths (legal moves, applying a move, copying a state) work on plain
ints, bitmasks and flat lists so that search and self-play stay fast; pydantic
appears only at the boundary (options).
"""
