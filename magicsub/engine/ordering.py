"""The objects of one zone in timestamp order, kept as a persistent sequence of ids.

A sequence is a tuple of blocks, each a tuple of at most ``2 * BLOCK`` ids, every block sorted
and every id of a block before every id of the next, by a ``key`` (the world gives each id its
object's timestamp, ``state.timestamp``). Removing or adding one id makes a new block and a new
outer tuple: a few hundred pointers for a 10,000-card library, never a sort of the zone, and the
world before the change keeps its own sequence (every other block is shared). So the top card
of a library is found without listing the library (``last``).

>>> key = int
>>> seq = build(["5", "1", "3"], key)
>>> flat(insert(remove(seq, "3", 3, key), "4", 4, key))
['1', '4', '5']
>>> last(seq, 2), last(seq, 9)
(['3', '5'], ['1', '3', '5'])
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from itertools import chain

BLOCK = 64
"""A block is split in two when it grows past twice this many ids."""

Seq = tuple[tuple[str, ...], ...]
Key = Callable[[str], object]


def build(ids: Iterable[str], key: Key) -> Seq:
    """The sequence of ``ids`` sorted by ``key``."""
    ordered = sorted(ids, key=key)
    return tuple(tuple(ordered[i:i + BLOCK]) for i in range(0, len(ordered), BLOCK))


def flat(seq: Seq) -> list[str]:
    """Every id, in order."""
    return list(chain.from_iterable(seq))


def size(seq: Seq) -> int:
    """How many ids the sequence holds."""
    return sum(map(len, seq))


def last(seq: Seq, count: int) -> list[str]:
    """The last ``count`` ids (all when fewer), in order."""
    out: list[str] = []
    for block in reversed(seq):
        if len(out) >= count:
            break
        out[:0] = block
    return out[-count:] if count else []


def _block_of(seq: Seq, value: object, key: Key) -> int:
    """The index of the first block whose last id's key is not below ``value``."""
    return bisect_left(seq, value, key=lambda block: key(block[-1]))


def remove(seq: Seq, oid: str, value: object, key: Key) -> Seq:
    """The sequence without ``oid``, whose key is ``value`` (``key`` gives the keys of the
    others, unchanged). A programming error (AssertionError) when ``oid`` is not there."""
    i = _block_of(seq, value, key)
    block = seq[i] if i < len(seq) else ()
    j = bisect_left(block, value, key=key)
    if j >= len(block) or block[j] != oid:
        raise AssertionError(f"ordering.remove: {oid!r} is not in the sequence")
    if len(block) == 1:
        return seq[:i] + seq[i + 1:]
    return seq[:i] + (block[:j] + block[j + 1:],) + seq[i + 1:]


def insert(seq: Seq, oid: str, value: object, key: Key) -> Seq:
    """The sequence with ``oid``, whose key is ``value``, in its place."""
    if not seq:
        return ((oid,),)
    i = min(_block_of(seq, value, key), len(seq) - 1)
    block = seq[i]
    j = bisect_left(block, value, key=key)
    grown = block[:j] + (oid,) + block[j:]
    if len(grown) > 2 * BLOCK:
        return seq[:i] + (grown[:BLOCK], grown[BLOCK:]) + seq[i + 1:]
    return seq[:i] + (grown,) + seq[i + 1:]
