"""``Tx.aside``: one rule's step in the middle of another's, then the interrupted step goes on
(CR 610.3's return made while CR 800.4a takes a player's objects out one by one)."""

from __future__ import annotations

import pytest

from magicsub import Game
from magicsub.engine.changes import Move, MoveAll, Note
from magicsub.engine.trace import singles


def _tx(game: Game):
    from magicsub.engine.transaction import Tx
    return Tx(game.world, game.edition, game.rng, 0)


def test_aside_records_its_steps_then_reopens_the_interrupted_step():
    """The interrupted step is recorded as it was, the block's steps follow, and what comes
    after the block is a new entry citing the interrupted rule and sentence."""
    tx = _tx(Game(["Alex", "Bianca", "Cho"]))
    tx.step("800.4a", "all objects")
    tx.note("before")
    with tx.aside("610.3", "A second one-shot effect is created immediately after"):
        tx.note("inside")
        tx.step("610.3c", "returns under its owner’s control")
        tx.note("still inside")
    assert tx.rule == "800.4a"
    tx.note("after")
    tx.close()
    got = [(s.rule, [c.text for c in s.changes if isinstance(c, Note)]) for s in tx.steps]
    assert got == [("800.4a", ["before"]), ("610.3", ["inside"]),
                   ("610.3c", ["still inside"]), ("800.4a", ["after"])]
    assert tx.steps[0].text == tx.steps[-1].text


@pytest.mark.parametrize("opened", [False, True])
def test_aside_without_resume_or_open_step_leaves_the_blocks_last_step_open(opened):
    """With ``resume=False``, or when no step was open, nothing is reopened."""
    tx = _tx(Game(["Alex", "Bianca", "Cho"]))
    if opened:
        tx.step("800.4a", "all objects")
    with tx.aside("610.3", "A second one-shot effect", resume=not opened):
        pass
    assert tx.rule == "610.3"


def test_aside_does_not_reopen_when_the_block_raises():
    tx = _tx(Game(["Alex", "Bianca", "Cho"]))
    tx.step("800.4a", "all objects")
    with pytest.raises(ValueError), tx.aside("610.3", "A second one-shot effect"):
        raise ValueError("refused")
    assert tx.rule == "610.3"


def test_800_4a_610_3_return_in_the_middle_then_alexs_other_objects_leave():
    """CR 800.4a / 610.3: Alex concedes owning Banisher Priest (which exiled Cho's Runeclaw
    Bears), Llanowar Elves and a library. The Priest's return gets its own 610.3 and 610.3c
    steps right after the Priest leaves; then CR 800.4a's step goes on with Alex's other
    objects, and the Bears are back under Cho's control."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 2})
    g.add_object("priest", "Banisher Priest", owner="Alex", zone="hand")
    g.add_object("bears", "Runeclaw Bears", owner="Cho", zone="battlefield")
    g.add_object("elf", "Llanowar Elves", owner="Alex", zone="battlefield")
    g.cast("priest", by="Alex")
    g.resolve("priest")
    g.choose_target("priest-trigger", "bears")
    g.resolve("priest")
    steps = g.concede("Alex")
    rules = [s.rule for s in steps]
    assert rules[:5] == ["104.3a", "800.4a", "610.3", "610.3c", "800.4a"]
    assert steps[1].text == steps[4].text
    moved = [[c.obj for c in singles(s.changes) if isinstance(c, Move)] for s in steps[1:5]]
    assert [type(c) for c in steps[4].changes] == [MoveAll]  # Alex's library, at once
    assert moved == [["elf", "priest"], [], ["bears"], ["Alex#1", "Alex#2"]]
    assert g.obj("bears").controller == "Cho" and g.where("bears") == ("main", "battlefield")
    assert [g.where(o) for o in ("priest", "elf", "Alex#1")] == [("outside", "outside")] * 3
    assert not g.in_game("Alex")
    assert g.priority == "Bianca"
