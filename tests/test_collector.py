"""``magicsub.engine.collector``: the cyclic garbage collector waits while a request runs (a request
that moves a whole zone makes thousands of records) and is back as it was afterwards, whether
the request succeeded or was refused."""

from __future__ import annotations

import gc

import pytest

from magicsub import Game, RulesError
from magicsub.engine.transaction import Tx


def _game() -> Game:
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 10, "Bianca": 10})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    return g


def test_the_collector_waits_during_a_request_and_is_back_after_it(monkeypatch):
    seen = []
    real_close = Tx.close

    def close(tx):
        seen.append(gc.isenabled())
        real_close(tx)

    monkeypatch.setattr(Tx, "close", close)
    assert gc.isenabled()
    g = _game()
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"resolve": "shahrazad"})
    assert seen and not any(seen)
    assert gc.isenabled()
    with pytest.raises(RulesError):
        g.apply({"resolve": "shahrazad"})  # the stack is empty: refused
    assert gc.isenabled()


def test_a_caller_that_disabled_the_collector_keeps_it_disabled():
    gc.disable()
    try:
        _game().apply({"cast": {"card": "shahrazad", "by": "Alex"}})
        assert not gc.isenabled()
    finally:
        gc.enable()
