"""Seafarers' boards: the eleven maps as data files, their loader, and the
per-seed deal into a public `Board` and the hidden piles (docs/seafarers.md).

The rules of play (ships, the pirate, gold, the scenarios) are the rule
set's; this package fixes only what lies on the table before the first move.
"""
