"""Hex-lattice topology shared by every Katan map.

Hexes use axial coordinates (q, r) with pointy tops; r grows downwards. A
crossing (a corner) is named by the exact integer sum of the three hex
coordinates that meet there, and an edge by twice its midpoint (the sum of the
two hexes it separates), so neighbouring hexes share crossings and edges by
integer equality, never by floating-point distance.

A map lists its hexes as land or sea. Every corner and side of a listed hex
becomes a crossing or an edge, so the base island (19 land hexes, sea implied)
has 54 crossings and 72 edges, while a Seafarers map that lists its sea hexes
also gets the open-water crossings its ships need. Ids are assigned top to
bottom, left to right, so numbered spots on a picture read naturally.

Everything is computed once per map into tuples of small ints and int
bitmasks (bit i stands for crossing or edge i): the rules only index them.
"""

from collections.abc import Iterable, Mapping

Coord = tuple[int, int]

DIRECTIONS: tuple[Coord, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""E, NE, NW, W, SW, SE: counter-clockwise on screen."""

# Corners clockwise from the top, each as the pair of directions whose hexes meet
# there with the centre hex; sides clockwise from the upper right.
_CORNER_DIRS: tuple[tuple[int, int], ...] = ((2, 1), (1, 0), (0, 5), (5, 4), (4, 3), (3, 2))
_SIDE_DIRS: tuple[int, ...] = (1, 0, 5, 4, 3, 2)


def bits(mask: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _screen_order(key: Coord) -> tuple[int, int]:
    """Sort key top to bottom, then left to right, for any lattice-scaled position."""
    q, r = key
    return (r, 2 * q + r)


class Topology:
    """The crossings, edges and adjacency of one arrangement of land and sea hexes."""

    __slots__ = (
        "coast",
        "coast_rings",
        "edge_end_mask",
        "edge_ends",
        "edge_hexes",
        "edge_key",
        "edge_land",
        "edge_sea",
        "hex_corner_mask",
        "hex_corners",
        "hex_edges",
        "hex_land",
        "hex_neighbours",
        "hexes",
        "index_of_hex",
        "land_nodes",
        "node_adj",
        "node_block_mask",
        "node_edge_mask",
        "node_edges",
        "node_hexes",
        "node_key",
        "node_land",
        "node_nodes",
        "road_edges",
    )

    def __init__(self, hexes: Mapping[Coord, bool]) -> None:
        """`hexes` maps each listed hex to True for land, False for sea."""
        order = sorted(hexes, key=lambda h: (h[1], h[0]))
        self.hexes: tuple[Coord, ...] = tuple(order)
        self.hex_land: tuple[bool, ...] = tuple(hexes[h] for h in order)
        self.index_of_hex: dict[Coord, int] = {h: i for i, h in enumerate(order)}

        corner_keys: dict[int, list[Coord]] = {}
        side_keys: dict[int, list[Coord]] = {}
        for i, (q, r) in enumerate(order):
            corner_keys[i] = [
                (
                    3 * q + DIRECTIONS[a][0] + DIRECTIONS[b][0],
                    3 * r + DIRECTIONS[a][1] + DIRECTIONS[b][1],
                )
                for a, b in _CORNER_DIRS
            ]
            side_keys[i] = [
                (2 * q + DIRECTIONS[d][0], 2 * r + DIRECTIONS[d][1]) for d in _SIDE_DIRS
            ]
        nodes = sorted({k for ks in corner_keys.values() for k in ks}, key=_screen_order)
        edges = sorted({k for ks in side_keys.values() for k in ks}, key=_screen_order)
        node_id = {k: i for i, k in enumerate(nodes)}
        edge_id = {k: i for i, k in enumerate(edges)}
        self.node_key: tuple[Coord, ...] = tuple(nodes)
        self.edge_key: tuple[Coord, ...] = tuple(edges)

        self.hex_corners: tuple[tuple[int, ...], ...] = tuple(
            tuple(node_id[k] for k in corner_keys[i]) for i in range(len(order))
        )
        self.hex_edges: tuple[tuple[int, ...], ...] = tuple(
            tuple(edge_id[k] for k in side_keys[i]) for i in range(len(order))
        )
        self.hex_corner_mask: tuple[int, ...] = tuple(
            sum(1 << n for n in cs) for cs in self.hex_corners
        )
        self.hex_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                self.index_of_hex[(q + dq, r + dr)]
                for dq, dr in DIRECTIONS
                if (q + dq, r + dr) in self.index_of_hex
            )
            for q, r in order
        )

        ends: list[list[int]] = [[] for _ in edges]
        edge_hexes: list[list[int]] = [[] for _ in edges]
        node_hexes: list[list[int]] = [[] for _ in nodes]
        for h in range(len(order)):
            cs = self.hex_corners[h]
            for side, e in enumerate(self.hex_edges[h]):
                edge_hexes[e].append(h)
                # Side k (clockwise from the upper right) joins corners k and k+1.
                a, b = cs[side], cs[(side + 1) % 6]
                if not ends[e]:
                    ends[e] = sorted((a, b))
            for n in cs:
                node_hexes[n].append(h)
        self.edge_ends: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in ends)
        self.edge_hexes: tuple[tuple[int, ...], ...] = tuple(tuple(hs) for hs in edge_hexes)
        self.node_hexes: tuple[tuple[int, ...], ...] = tuple(tuple(hs) for hs in node_hexes)

        node_edges: list[list[int]] = [[] for _ in nodes]
        for e, (a, b) in enumerate(self.edge_ends):
            node_edges[a].append(e)
            node_edges[b].append(e)
        self.node_edges: tuple[tuple[int, ...], ...] = tuple(tuple(es) for es in node_edges)
        self.node_nodes: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.other_end(e, n) for e in es) for n, es in enumerate(self.node_edges)
        )
        self.node_adj: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((1 << e, self.other_end(e, n)) for e in es)
            for n, es in enumerate(self.node_edges)
        )
        self.node_edge_mask: tuple[int, ...] = tuple(sum(1 << e for e in es) for es in node_edges)
        self.node_block_mask: tuple[int, ...] = tuple(
            (1 << n) | sum(1 << m for m in self.node_nodes[n]) for n in range(len(nodes))
        )
        self.edge_end_mask: tuple[int, ...] = tuple((1 << a) | (1 << b) for a, b in self.edge_ends)

        self.node_land: tuple[bool, ...] = tuple(
            any(self.hex_land[h] for h in hs) for hs in self.node_hexes
        )
        self.edge_land: tuple[bool, ...] = tuple(
            any(self.hex_land[h] for h in hs) for hs in self.edge_hexes
        )
        self.edge_sea: tuple[bool, ...] = tuple(
            any(not self.hex_land[h] for h in hs) for hs in self.edge_hexes
        )
        self.land_nodes: int = sum(1 << n for n, land in enumerate(self.node_land) if land)
        self.road_edges: int = sum(1 << e for e, land in enumerate(self.edge_land) if land)
        self.coast: tuple[int, ...] = tuple(
            e for e, hs in enumerate(self.edge_hexes) if sum(1 for h in hs if self.hex_land[h]) == 1
        )
        self.coast_rings: tuple[tuple[int, ...], ...] = self._rings(self.coast)

    @property
    def node_count(self) -> int:
        return len(self.node_key)

    @property
    def edge_count(self) -> int:
        return len(self.edge_key)

    def other_end(self, edge: int, node: int) -> int:
        a, b = self.edge_ends[edge]
        return b if a == node else a

    def edge_between(self, a: int, b: int) -> int | None:
        for e in self.node_edges[a]:
            if self.other_end(e, a) == b:
                return e
        return None

    def _rings(self, coast: Iterable[int]) -> tuple[tuple[int, ...], ...]:
        """The coast as closed rings, each clockwise from its top-left-most edge.

        A crossing touches either none or exactly two coastal edges (of its three
        hexes, a coastal edge separates the odd one out), so following the other
        coastal edge at each crossing traces each island's shore once.
        """
        coastal = set(coast)
        remaining = set(coastal)
        rings = []
        while remaining:
            start = min(remaining, key=lambda e: _screen_order(self.edge_key[e]))
            (land,) = [h for h in self.edge_hexes[start] if self.hex_land[h]]
            side = self.hex_edges[land].index(start)
            here = self.hex_corners[land][(side + 1) % 6]
            ring = [start]
            current = start
            while True:
                (current,) = [e for e in self.node_edges[here] if e in coastal and e != current]
                if current == start:
                    break
                ring.append(current)
                here = self.other_end(current, here)
            remaining.difference_update(ring)
            rings.append(tuple(ring))
        return tuple(rings)
