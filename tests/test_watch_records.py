"""What the trigger watches keep must not outlive what it is about (issue 28, item 1).

Two classes, each checked here with more than one card. First: state kept for "the event being
watched now" is nested, because a watch can move a card itself (a 610.3 return) while the move
that caused it is still being watched; each level keeps its own (the KeyError of issue 28 was
one level ending another's). Second: a record that names an object ends when that object
leaves the place it was made for (CR 400.7: it becomes a new object), whoever can see the move;
else a later object with the same id inherits it: the targets chosen for an ability (CR 603.3d),
the "until" of an Oubliette (CR 702.26b), the link between a card in exile and what exiled it
(CR 610.3, 607.2a). The fuzz test that found them is ``test_fuzz_watches.py``."""

from __future__ import annotations

import pytest

from magicsub import Game, RulesError
from magicsub.engine import triggers
from magicsub.engine.registry import CardDef, register, unregister
from magicsub.engine.transaction import Tx
from magicsub.engine.zones import Zone
from magicsub.rules.phasing import NEVER


def game(*objects, players=("Alex", "Bianca", "Cho")) -> Game:
    g = Game(list(players), seed=1, libraries={p: 5 for p in players})
    for oid, name, owner, zone in objects:
        g.add_object(oid, name, owner=owner, zone=zone)
    return g


def enters_and_exiles(g: Game, source: str, target: str, by: str = "Alex") -> None:
    """``by`` casts ``source``; its enters trigger exiles (or phases out) ``target``."""
    g.apply({"cast": {"card": source, "by": by}})
    g.apply({"resolve": source})
    g.apply({"resolve": {"object": source, "target": target}})


# -- CR 603.3d: targets chosen for an ability that left the stack ------------------------------

@pytest.mark.parametrize("source", ["Banisher Priest", "Oblivion Ring", "Grasp of Fate"])
def test_800_4a_targets_chosen_for_an_ability_that_ceases_to_exist_are_forgotten(source):
    """CR 800.4a: Alex's trigger on the stack, its target chosen (CR 603.3d), ceases to exist as
    Alex leaves the game; nothing remembers its target any more (the original engine kept it)."""
    g = game(("src", source, "Alex", "hand"), ("ox", "Runeclaw Bears", "Cho", "battlefield"))
    g.apply({"cast": {"card": "src", "by": "Alex"}})
    g.apply({"resolve": "src"})
    g.apply({"choose_target": {"ability": "src-trigger", "target": "ox"}})
    assert g.world.main.chosen_targets != ()
    g.apply({"leave": "Alex"})
    assert "src-trigger" not in g.world.objects and g.stack == []
    assert g.world.main.chosen_targets == ()
    assert g.where("ox") == ("main", "battlefield")


def stolen_trigger_then_owner_back() -> Game:
    """Bianca's Bribery puts Alex's Banisher Priest onto the battlefield under her control; she
    targets Cho's Ox with its trigger, then leaves the game: the trigger ceases to exist and the
    Priest is exiled (CR 800.4a). Alex's effect puts the Priest back: a new trigger, Alex's, with
    the id the old one had."""
    g = game(("bribery", "Bribery", "Bianca", "hand"), ("src", "Banisher Priest", "Alex",
                                                        "library"),
             ("ox", "Runeclaw Bears", "Cho", "battlefield"),
             ("bears", "Runeclaw Bears", "Cho", "battlefield"), players=("Bianca", "Alex", "Cho"))
    g.apply({"cast": {"card": "bribery", "by": "Bianca", "target": "Alex"}})
    g.apply({"resolve": {"object": "bribery", "choose": "src"}})
    g.apply({"choose_target": {"ability": "src-trigger", "target": "ox"}})
    steps = g.apply({"leave": "Bianca"})
    assert g.where("src") == ("main", "exile") and g.stack == []
    assert any(c.kind == "cease" and c.obj == "src-trigger" for s in steps for c in s.changes)
    g.apply({"move": {"object": "src", "to": "battlefield"}})
    assert g.stack == ["src"] and g.obj("src").controller == "Alex"
    return g


@pytest.mark.parametrize("target", ["ox", "bears"])
def test_603_3d_a_new_ability_with_an_old_id_starts_with_no_targets(target):
    """CR 603.3d, 400.7: the target Bianca chose was her ability's; Alex chooses his own ability's
    target as he puts it on the stack, the Ox or another. On the original engine the new ability
    inherited the Ox, and Alex's choice was refused ("it is chosen already")."""
    g = stolen_trigger_then_owner_back()
    g.apply({"choose_target": {"ability": "src-trigger", "target": target}})
    g.apply({"resolve": "src"})
    other = "bears" if target == "ox" else "ox"
    assert g.where(target) == ("main", "exile") and g.where(other) == ("main", "battlefield")
    assert [x.card for x in g.world.main.exiled_by] == [target]
    assert g.world.main.chosen_targets == () and g.priority == "Alex"


def test_603_3d_without_a_target_the_new_ability_asks_for_one():
    """CR 603.3d: with no target chosen, resolving Alex's new Priest trigger is refused while a
    legal target exists (the original engine took the inherited Ox as chosen)."""
    g = stolen_trigger_then_owner_back()
    with pytest.raises(RulesError) as err:
        g.apply({"resolve": "src"})
    assert err.value.rule == "603.3d"
    assert g.where("ox") == ("main", "battlefield")


# -- CR 702.26b, 400.7: an Oubliette that left while phased out, and the one that came back -------

@pytest.mark.parametrize("back", ["graveyard", "exile"])
def test_702_26b_400_7_a_returned_oubliette_does_not_end_the_old_ones_duration(back):
    """CR 702.26b: the phased-out Oubliette never left the battlefield in the eyes of the game, so
    the Bears stay phased out; the Oubliette that comes back is a new object (CR 400.7), and its
    leaving does not phase them in (the original engine matched it by id and did)."""
    g = game(("oub", "Oubliette", "Alex", "hand"), ("bears", "Runeclaw Bears", "Cho",
                                                     "battlefield"))
    enters_and_exiles(g, "oub", "bears")
    assert g.obj("bears").phased_out
    g.apply({"phase_out": "oub"})
    g.apply({"move": {"object": "oub", "to": back}})
    assert g.obj("bears").phased_out
    g.apply({"move": {"object": "oub", "to": "battlefield"}})
    steps = g.apply({"move": {"object": "oub", "to": "graveyard"}})
    assert g.obj("bears").phased_out and not g.obj("bears").tapped
    assert "702.26c" not in " ".join(c.words() for s in steps for c in s.changes)
    assert g.obj("bears").phased_until == NEVER


# -- CR 610.3, 607.2a: links between an exiled card and what exiled it ----------------------------

@pytest.mark.parametrize("exiler", ["Oblivion Ring", "Banisher Priest"])
def test_610_3_exiling_a_priest_ends_its_link_and_keeps_only_the_new_one(exiler):
    """CR 610.3: Bianca's Priest exiled Alex's Bears; Alex's ``exiler`` exiles the Priest, whose
    return brings the Bears back while the exile is being made. Only the new link is kept (the
    original engine wrote back the list it read before the move, with the Priest's ended link)."""
    g = game(("priest", "Banisher Priest", "Bianca", "library"),
             ("bears", "Runeclaw Bears", "Alex", "battlefield"),
             ("exiler", exiler, "Alex", "hand"))
    g.apply({"move": {"object": "priest", "to": "battlefield"}})
    g.apply({"resolve": {"object": "priest", "target": "bears"}})
    assert [(x.source, x.card) for x in g.world.main.exiled_by] == [("priest", "bears")]
    enters_and_exiles(g, "exiler", "priest")
    assert g.where("priest") == ("main", "exile")
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").controller == "Alex"
    assert [(x.source, x.card) for x in g.world.main.exiled_by] == [("exiler", "priest")]


@pytest.mark.parametrize("hidden", ["phase_out", "turn_face_down"])
@pytest.mark.parametrize("source", ["Banisher Priest", "Oblivion Ring"])
def test_400_7_a_card_leaving_exile_is_unlinked_while_its_source_watches_nothing(source, hidden):
    """CR 400.7: the exiled Bears leave exile while the ``source`` that exiled them is phased out
    (CR 702.26b) or face down (CR 708.2a) and its abilities look at nothing: the link ends all the
    same (the original engine kept it until the source looked again)."""
    g = game(("src", source, "Alex", "hand"), ("bears", "Runeclaw Bears", "Cho", "battlefield"))
    enters_and_exiles(g, "src", "bears")
    g.apply({hidden: "src"})
    steps = g.apply({"move": {"object": "bears", "to": "graveyard"}})
    assert g.world.main.exiled_by == ()
    assert any("no longer exiled" in c.words() for s in steps for c in s.changes)


@pytest.mark.parametrize("how", ["graveyard", "hand"])
def test_603_10a_708_2a_a_face_down_oblivion_ring_has_no_leaves_the_battlefield_ability(how):
    """CR 603.10a: a leaves-the-battlefield ability looks back at the permanent as it was; a
    face-down Oblivion Ring had no text (CR 708.2a), so nothing triggers and the exiled card stays
    in exile; the link ends. The original engine put the return trigger on the stack."""
    g = game(("oring", "Oblivion Ring", "Alex", "hand"),
             ("bears", "Runeclaw Bears", "Cho", "battlefield"))
    enters_and_exiles(g, "oring", "bears")
    g.apply({"turn_face_down": "oring"})
    steps = g.apply({"move": {"object": "oring", "to": how}})
    assert g.stack == [] and g.world.main.pending == ()
    assert g.where("bears") == ("main", "exile") and g.world.main.exiled_by == ()
    assert "603.10a" in " ".join(c.words() for s in steps for c in s.changes)


def test_610_3_a_face_down_priest_leaving_still_returns_the_card():
    """The contrast (CR 610.3): a Priest's return is no ability but a one-shot effect of the exile
    itself, made when the Priest leaves, face down or not."""
    g = game(("priest", "Banisher Priest", "Alex", "hand"),
             ("bears", "Runeclaw Bears", "Cho", "battlefield"))
    enters_and_exiles(g, "priest", "bears")
    g.apply({"turn_face_down": "priest"})
    g.apply({"move": {"object": "priest", "to": "graveyard"}})
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").controller == "Cho"
    assert g.world.main.exiled_by == ()


def test_610_3_grasp_of_fate_that_exiles_itself_returns_what_it_exiled():
    """CR 610.3 (the literal reading; no ruling speaks of it): Grasp of Fate, given to Bianca after
    its ability triggered, is among what the ability exiles, with Bianca's Bears. It left the
    battlefield in that very event, so the returns are made at once: both come back under their
    owners' control, and no link names an object that is gone."""
    g = game(("grasp", "Grasp of Fate", "Alex", "hand"),
             ("bears", "Runeclaw Bears", "Bianca", "battlefield"))
    g.apply({"cast": {"card": "grasp", "by": "Alex"}})
    g.apply({"resolve": "grasp"})
    g.apply({"effect": {"control": "grasp", "to": "Bianca", "until": "forever"}})
    g.apply({"choose_target": {"ability": "grasp-trigger", "target": "grasp"}})
    steps = g.apply({"resolve": "grasp"})
    assert [s.rule for s in steps].count("610.3") == 1 and "610.3c" in [s.rule for s in steps]
    assert g.where("grasp") == ("main", "battlefield") and g.obj("grasp").controller == "Alex"
    assert g.world.main.exiled_by == ()
    assert "Literal reading" in " ".join(c.words() for s in steps for c in s.changes)


# -- CR 603.7, 400.7: a delayed triggered ability and the object it is about -------------------

def slid(via: str | None) -> tuple[Game, str]:
    """Alex cycles with Astral Slide out; its ability exiles Bianca's Bears, and a delayed
    triggered ability will return them at the next end step. With ``via``, the Bears leave
    exile (to that zone) and are exiled again before then. Return the game and the words of
    the delayed ability's resolution."""
    g = game(("slide", "Astral Slide", "Alex", "battlefield"),
             ("cycler", "Renewed Faith", "Alex", "hand"),
             ("bears", "Runeclaw Bears", "Bianca", "battlefield"), players=("Alex", "Bianca"))
    g.apply({"cycle": {"card": "cycler", "by": "Alex"}})
    g.apply({"resolve": {"object": "slide", "target": "bears"}})
    assert g.where("bears") == ("main", "exile") and len(g.world.delayed) == 1
    if via is not None:
        g.apply({"move": {"object": "bears", "to": via}})
        g.apply({"move": {"object": "bears", "to": "exile"}})
    g.apply({"resolve": "cycler"})
    g.apply({"advance": "end"})
    assert g.stack == ["slide"]
    steps = g.apply({"resolve": "slide"})
    return g, " ".join(c.words() for s in steps for c in s.changes)


def test_603_7_astral_slide_returns_the_card_it_exiled():
    """The contrast: untouched in exile, the Bears return under Bianca's control at the end
    step."""
    g, _ = slid(None)
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").controller == "Bianca"


@pytest.mark.parametrize("via", ["graveyard", "hand", "battlefield"])
def test_400_7_astral_slide_does_not_return_a_card_that_left_exile_and_came_back(via):
    """CR 400.7: the Bears left exile (to their owner's ``via``) and were exiled again: a new
    object, not the card the delayed ability returns; they stay in exile (the original engine
    returned them)."""
    g, words = slid(via)
    assert g.where("bears") == ("main", "exile")
    assert "CR 400.7" in words and "does not return" in words


# -- CR 603.2c: the event being watched, and a move made while watching it -----------------------

MOVER = "Test Mover"


def _mover_watch(tx, gid, source, before, after) -> None:
    """The first time one of Alex's library cards is exiled, move Bianca's top library card to
    her graveyard (a move made while the first one is still being watched)."""
    if before is not None and after is not None and before.zone is Zone.LIBRARY \
            and after.zone is Zone.EXILE and before.owner == "Alex":
        if not tx.world.in_zone(gid, Zone.GRAVEYARD, "Bianca"):
            top = tx.world.in_zone(gid, Zone.LIBRARY, "Bianca")[-1]
            tx.move(top.id, gid, Zone.GRAVEYARD)


@pytest.fixture
def mover():
    register(CardDef(MOVER, ("artifact",), "x", watch=_mover_watch))
    yield
    unregister(MOVER)


def test_603_2c_one_or_more_triggers_once_though_a_watch_moves_a_card_inside_the_event(mover):
    """CR 603.2c: three of Alex's library cards exiled in one event trigger Laelia's "one or more
    cards" ability once, though another permanent's watch moves a card of Bianca's while the
    event is being watched (that move is an event of its own, and ended the outer event's record
    on the original engine: Laelia triggered twice)."""
    g = game(("laelia", "Laelia, the Blade Reforged", "Alex", "battlefield"),
             ("mover", MOVER, "Bianca", "battlefield"), players=("Alex", "Bianca"))
    tx = Tx(g.world, g.edition, g.rng, 0, observers=(triggers.on_move,))
    tx.step("406.3")
    library = [o.id for o in tx.world.in_zone(0, Zone.LIBRARY, "Alex")]
    tx.move_all("Alex", library[:3], 0, Zone.EXILE)
    assert [t.source for t in tx.game(0).pending] == ["laelia"]
    assert len(tx.world.in_zone(0, Zone.GRAVEYARD, "Bianca")) == 1
    assert len(triggers._EVENT) == 0 and len(triggers._MOVING) == 0
