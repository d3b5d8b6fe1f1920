"""Which abilities trigger when a player leaves the game and their objects leave it (CR 800.4a):
leaves-the-battlefield abilities do (CR 603.6c: "when a phased-in permanent leaves the game
because its owner leaves the game"), looking back in time (CR 603.10a), as do abilities that
trigger on a card leaving a graveyard; "dies" abilities do not (CR 700.4: nothing is put into a
graveyard). Cards: Extractor Demon (leaves the battlefield), Syr Konrad, the Grim (dies, and a
card leaving your graveyard), Zulaport Cutthroat (dies, a creature you control)."""

from __future__ import annotations

import pytest

from magicsub import Game


def _stack(g: Game) -> list[str]:
    return [o.id for o in g.world.stack()]


def _table(leaver: str, watcher: str) -> Game:
    """``watcher`` controls Extractor Demon and Syr Konrad; ``leaver`` owns three creatures on
    the battlefield, one of them phased out, and a creature card in their graveyard."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.add_object("demon", "Extractor Demon", owner=watcher)
    g.add_object("konrad", "Syr Konrad, the Grim", owner=watcher)
    g.add_object("bears", "Runeclaw Bears", owner=leaver)
    g.add_object("angel", "Serra Angel", owner=leaver)
    g.add_object("griffin", "Assault Griffin", owner=leaver)
    g.add_object("specter", "Hypnotic Specter", owner=leaver, zone="graveyard")
    g.apply({"phase_out": "griffin"})
    return g


@pytest.mark.parametrize("leaver, watcher", [("Bianca", "Alex"), ("Alex", "Cho")])
def test_603_6c_800_4a_a_leaving_players_creatures_trigger_others_leaves_the_battlefield(
        leaver, watcher):
    """CR 603.6c with 800.4a: each phased-in creature of the leaving player triggers the
    Demon of another player once (two here); the phased-out Griffin does not (CR 603.6c,
    702.26k). Konrad does not trigger: nothing died (CR 700.4), and the Specter left the
    leaver's graveyard, not Konrad's controller's."""
    g = _table(leaver, watcher)
    steps = g.leave(leaver)
    assert [s.rule for s in steps].count("603.6c") == 2
    assert _stack(g) == ["demon-trigger", "demon-trigger-2"]
    assert [g.obj(t).controller for t in _stack(g)] == [watcher, watcher]
    assert all(g.where(i) == ("outside", "outside") for i in ("bears", "angel", "griffin",
                                                               "specter"))
    other = next(p for p in ("Alex", "Bianca", "Cho") if p not in (leaver, watcher))
    g.resolve("demon-trigger-2", target=other)
    assert len(g.zone("graveyard", other)) == 2 and len(g.zone("library", other)) == 3
    g.resolve("demon-trigger")
    assert g.life(watcher) == 20 and g.life(other) == 20 and _stack(g) == []


def test_700_4_dies_abilities_trigger_on_a_death_but_not_on_a_departure():
    """CR 700.4: a creature put into a graveyard from the battlefield dies: Zulaport Cutthroat
    (a creature its controller controls) and Syr Konrad (another creature) trigger. A creature
    that leaves the game with its owner is not put into a graveyard: neither triggers, even for
    a creature the Cutthroat's controller controlled (Cho stole it)."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.add_object("cutthroat", "Zulaport Cutthroat", owner="Cho")
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Alex")
    g.add_object("griffin", "Assault Griffin", owner="Cho")
    g.add_object("bears", "Runeclaw Bears", owner="Bianca")
    g.apply({"effect": {"control": "bears", "to": "Cho", "until": "end_of_turn"}})
    g.apply({"move": {"object": "griffin", "to": "graveyard"}})
    assert _stack(g) == ["konrad-trigger", "cutthroat-trigger"]
    g.resolve("cutthroat-trigger")
    assert (g.life("Alex"), g.life("Bianca"), g.life("Cho")) == (19, 19, 21)
    g.resolve("konrad-trigger")
    assert (g.life("Alex"), g.life("Bianca"), g.life("Cho")) == (19, 18, 20)
    steps = g.leave("Bianca")
    assert _stack(g) == [] and g.where("bears") == ("outside", "outside")
    assert not [c for s in steps for c in s.changes if "triggers" in c.words()]
    assert (g.life("Alex"), g.life("Cho")) == (19, 20)


def _stolen_demon() -> Game:
    """Cho controls Bianca's Extractor Demon; Bianca has the Bears, the Angel and Syr Konrad,
    and Hypnotic Specter in her graveyard."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.add_object("demon", "Extractor Demon", owner="Bianca")
    g.add_object("bears", "Runeclaw Bears", owner="Bianca")
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Bianca")
    g.add_object("specter", "Hypnotic Specter", owner="Bianca", zone="graveyard")
    g.apply({"effect": {"control": "demon", "to": "Cho", "until": "end_of_turn"}})
    return g


def test_603_10a_a_demon_leaving_with_its_owner_sees_the_others_leave():
    """CR 603.10a: the Demon leaves the game in the same event as its owner's other creatures;
    a leaves-the-battlefield ability looks back in time, so it triggers for each of them (three),
    controlled by Cho, who controlled it (CR 603.3a), and they go on the stack. Not for itself
    ("another creature")."""
    g = _stolen_demon()
    steps = g.leave("Bianca")
    assert _stack(g) == ["demon-trigger", "demon-trigger-2", "demon-trigger-3"]
    assert all(g.obj(t).controller == "Cho" for t in _stack(g))
    texts = [g.obj(t).name for t in _stack(g)]
    assert [t.split(": ")[1].split(" left")[0] for t in texts] == [
        "Runeclaw Bears", "Serra Angel", "Syr Konrad, the Grim"]
    g.resolve("demon-trigger-3", target="Alex")
    assert len(g.zone("graveyard", "Alex")) == 2
    assert "603.3b" in [s.rule for s in steps]
    assert [s.rule for s in steps].count("603.10a") == 3


def test_603_10a_800_4d_the_leaving_players_graveyard_trigger_is_not_put_on_the_stack():
    """CR 603.10a: Bianca's Konrad, leaving in the same event, sees the Specter leave her
    graveyard ("a creature card leaves your graveyard") and triggers; the ability is controlled
    by Bianca, who has left: it is not put on the stack (CR 800.4d)."""
    g = _stolen_demon()
    steps = g.leave("Bianca")
    words = [(s.rule, c.words()) for s in steps for c in s.changes]
    assert any("Hypnotic Specter left your graveyard: triggers" in w for _, w in words)
    assert ("800.4d", "Syr Konrad, the Grim: Hypnotic Specter left your graveyard: removed: "
            "Bianca has left the game (main game)") in words
    assert all(not t.startswith("konrad") for t in _stack(g))


def test_603_10a_looking_back_is_within_one_event_only():
    """CR 603.10a looks back to the moment immediately before the event: a Demon that left the
    battlefield in an earlier event does not see a creature leave later."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.add_object("demon", "Extractor Demon", owner="Alex")
    g.add_object("bears", "Runeclaw Bears", owner="Bianca")
    g.apply({"move": {"object": "demon", "to": "graveyard"}})
    assert _stack(g) == []
    g.apply({"move": {"object": "bears", "to": "exile"}})
    assert _stack(g) == []
