"""Boards and hands as PNG images and compact text, from redacted views only.

Per game (`renderers.sequence`, `renderers.euchre`, `renderers.katan`):
`render_png(view, …)` and `render_text(view, …)`, pure functions of a seat's
view, optional overlay `Spots` (see `renderers.spots`) and seat names. See
docs/rendering.md.
"""
