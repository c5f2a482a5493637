"""Sequence as the mobile app plays it (NATIVE.md §5.3), plus this project's
rulings: a blocked table is a draw, a stuck seat passes, and the commercial
board is an option (RULINGS 14, 15).

The game object is `engine.sequence.game.SEQUENCE`; the registry loads it.
"""
