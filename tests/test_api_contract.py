"""The Python API keeps its contract (issue 10): a value of the wrong type is refused with a
``ScenarioError`` naming the argument and what was expected (never a ``KeyError``,
``TypeError`` or ``AttributeError``, never read letter by letter); a well-typed request the
rules do not allow (an unknown player, a subgame that does not exist) is a ``RulesError``
citing its rule; the documented limits (``magicsub.engine.limits``) are refused with the limit
named. Every refused request leaves the game exactly as it was.
"""

from __future__ import annotations

import pytest

import magicsub.game
from magicsub import Game, RulesError, ScenarioError
from magicsub.engine.limits import MAX_LIBRARY, MAX_OBJECTS, MAX_PLAYERS, MAX_SUBGAME_DEPTH

P2 = ["Alex", "Bianca"]


def frozen(g: Game) -> tuple:
    """What a refused request must leave exactly as it was."""
    return g.world, g.trace.initial, len(g.trace), g.rng.getstate()


def assert_unchanged(g: Game, before: tuple) -> None:
    world, initial, n, rng = before
    assert g.world is world
    assert g.trace.initial is initial
    assert len(g.trace) == n
    assert g.rng.getstate() == rng


def refused(error: type, call, *words: str) -> RulesError:
    """``call()`` raises exactly ``error`` whose message holds every one of ``words``."""
    with pytest.raises(RulesError) as e:
        call()
    assert type(e.value) is error, (type(e.value), e.value)
    for word in words:
        assert word in str(e.value), (word, str(e.value))
    return e.value


def small_game() -> Game:
    g = Game(P2, seed=1, libraries={"Alex": 3, "Bianca": 3})
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    return g


# -- Game(...) -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "words"), [
    ("AB", ["players: expected a list of player names (not a string)", "'AB'"]),
    (b"AB", ["players: expected a list of player names (not a string)"]),
    ({"Alex": 1, "Bianca": 2}, ["players: expected a list of player names"]),
    (5, ["players: expected a list of player names, got 5"]),
    (["Alex", 5], ["players[1]: expected a non-empty string, got 5"]),
    (["Alex", ""], ["players[1]: expected a non-empty string, got ''"]),
    (["Alex", None], ["players[1]: expected a non-empty string, got None"]),
    (["Alex", "B\udc80"], ["players[1]: expected Unicode text (a lone surrogate is not)"]),
    (["Alex", "x" * 10_001], ["players[1]: expected at most 10000 characters (MAX_TEXT)"]),
])
def test_players_must_be_a_list_of_names(players, words):
    refused(ScenarioError, lambda: Game(players), *words)


def test_more_players_than_the_limit_are_refused_without_reading_them_all():
    names = [f"P{i}" for i in range(MAX_PLAYERS)]
    assert Game(names).players == tuple(names)
    refused(ScenarioError, lambda: Game(names + ["One more"]),
            f"players: at most {MAX_PLAYERS} (MAX_PLAYERS)")
    endless = (f"P{i}" for i in range(10**12))
    refused(ScenarioError, lambda: Game(endless), "(MAX_PLAYERS)")


@pytest.mark.parametrize(("life", "words"), [
    ({"Alex": "ten"}, ["life['Alex']: expected an integer, got 'ten'"]),
    ({"Alex": True}, ["life['Alex']: expected an integer, got True"]),
    ({"Alex": 10.5}, ["life['Alex']: expected an integer, got 10.5"]),
    ({"Alex": "<script>alert(1)</script>"}, ["life['Alex']: expected an integer"]),
    (5, ["life: expected a mapping of player names to integers, got 5"]),
    ([("Alex", 5)], ["life: expected a mapping of player names to integers"]),
])
def test_life_must_map_players_to_integers(life, words):
    refused(ScenarioError, lambda: Game(P2, life=life), *words)


def test_life_of_an_unknown_player_is_a_rules_error():
    err = refused(RulesError, lambda: Game(P2, life={"Zed": 3}), "unknown player 'Zed' in life")
    assert (err.rule, err.subject) == ("103.4", "Zed")


@pytest.mark.parametrize(("libraries", "words"), [
    ({"Alex": "3"}, ["libraries['Alex']: expected an integer, got '3'"]),
    ({"Alex": True}, ["libraries['Alex']: expected an integer, got True"]),
    ({"Alex": 2.0}, ["libraries['Alex']: expected an integer, got 2.0"]),
    ({"Alex": -1}, ["libraries['Alex']: expected an integer of at least 0, got -1"]),
    ({"Alex": MAX_LIBRARY + 1}, [f"libraries['Alex']: expected at most {MAX_LIBRARY} "
                                 f"(MAX_LIBRARY), got {MAX_LIBRARY + 1}"]),
    ({"Alex": 10**9}, ["(MAX_LIBRARY)"]),
    ([1], ["libraries: expected a mapping of player names to integers, got [1]"]),
    (0, ["libraries: expected a mapping of player names to integers, got 0"]),
])
def test_libraries_must_map_players_to_counts_within_the_limit(libraries, words):
    refused(ScenarioError, lambda: Game(P2, libraries=libraries), *words)


def test_libraries_beyond_the_object_limit_in_all_are_refused_before_any_card_is_made():
    players = [f"P{i}" for i in range(11)]
    total = 11 * MAX_LIBRARY
    assert total > MAX_OBJECTS
    refused(ScenarioError, lambda: Game(players, libraries={p: MAX_LIBRARY for p in players}),
            f"libraries: {total} cards in all", f"at most {MAX_OBJECTS} objects (MAX_OBJECTS)")


def test_a_library_of_exactly_the_limit_is_accepted():
    g = Game(P2, libraries={"Alex": MAX_LIBRARY, "Bianca": 0})
    assert len(g.zone("library", "Alex")) == MAX_LIBRARY and g.zone("library", "Bianca") == []


@pytest.mark.parametrize(("kw", "words"), [
    ({"seed": "x"}, ["seed: expected an integer, got 'x'"]),
    ({"seed": True}, ["seed: expected an integer, got True"]),
    ({"seed": None}, ["seed: expected an integer, got None"]),
    ({"seed": 1.5}, ["seed: expected an integer, got 1.5"]),
    ({"edition": ["726"]}, ["edition: expected a CR edition (726, 723 or 506), got ['726']"]),
    ({"edition": True}, ["edition: expected a CR edition"]),
    ({"variant": 5}, ["variant: expected a non-empty string, got 5"]),
    ({"archenemy": ["Alex"], "variant": "archenemy"},
     ["archenemy: expected a non-empty string, got ['Alex']"]),
])
def test_game_options_of_the_wrong_type(kw, words):
    refused(ScenarioError, lambda: Game(P2, **kw), *words)


def test_an_integer_edition_still_names_the_edition():
    assert Game(P2, edition=723).edition.number == "723"


# -- add_object / add_effect -----------------------------------------------------------------------

@pytest.mark.parametrize(("kw", "words"), [
    ({"types": "creature"}, ["add_object 'c': types: expected a list of card types (not a "
                             "string), got 'creature'"]),
    ({"types": ["creature", 3]}, ["add_object 'c': types[1]: expected a non-empty string"]),
    ({"deck": "sideboard"}, ["add_object 'c': deck: expected one of planar, scheme, attraction, "
                             "contraption, conspiracy, vanguard, got 'sideboard'"]),
    ({"deck": 5}, ["add_object 'c': deck: expected one of planar"]),
    ({"deck": "<img src=x onerror=alert(1)>"}, ["add_object 'c': deck: expected one of"]),
    ({"token": "yes"}, ["add_object 'c': token: expected true or false, got 'yes'"]),
    ({"tapped": 1}, ["add_object 'c': tapped: expected true or false, got 1"]),
    ({"commander": None}, ["add_object 'c': commander: expected true or false, got None"]),
    ({"traditional": "no"}, ["add_object 'c': traditional: expected true or false"]),
    ({"phased_out": 0}, ["add_object 'c': phased_out: expected true or false, got 0"]),
    ({"face_up": "no"}, ["add_object 'c': face_up: expected true or false, got 'no'"]),
    ({"power": "3"}, ["add_object 'c': power: expected an integer, got '3'"]),
    ({"toughness": True}, ["add_object 'c': toughness: expected an integer, got True"]),
    ({"hand_modifier": 1.5, "deck": "vanguard"},
     ["add_object 'c': hand_modifier: expected an integer, got 1.5"]),
    ({"life_modifier": "2"}, ["add_object 'c': life_modifier: expected an integer, got '2'"]),
    ({"name": 5}, ["add_object 'c': name: expected a non-empty string, got 5"]),
    ({"name": ""}, ["add_object 'c': name: expected a non-empty string, got ''"]),
    ({"owner": ["Alex"]}, ["add_object 'c': owner: expected a non-empty string, got ['Alex']"]),
    ({"controller": 5}, ["add_object 'c': controller: expected a non-empty string, got 5"]),
    ({"attached_to": 5}, ["add_object 'c': attached_to: expected a non-empty string, got 5"]),
    ({"game": "one"}, ["expected a game (main, 1, 2, ...), got 'one'"]),
])
def test_add_object_refuses_values_of_the_wrong_type_and_changes_nothing(kw, words):
    g = small_game()
    before = frozen(g)
    args = {"owner": "Alex", **kw}
    refused(ScenarioError, lambda: g.add_object("c", **args), *words)
    assert_unchanged(g, before)
    assert g.obj("c") is None


def test_add_object_in_a_subgame_that_does_not_exist_is_refused():
    g = small_game()
    before = frozen(g)
    err = refused(RulesError, lambda: g.add_object("c", "Grizzly Bears", owner="Alex", game=1),
                  "subgame 1 does not exist", "'c' can be set up only in the main game")
    assert (err.rule, err.subject) == ("726.1", "c")
    assert_unchanged(g, before)


def test_add_object_with_a_zone_that_is_not_a_string_cites_400_1():
    g = small_game()
    before = frozen(g)
    err = refused(RulesError, lambda: g.add_object("c", owner="Alex", zone=["hand"]),
                  "unknown zone ['hand'] (object 'c')")
    assert (err.rule, err.subject) == ("400.1", "c")
    assert_unchanged(g, before)


def test_add_object_beyond_the_object_limit_is_refused(monkeypatch):
    g = small_game()
    monkeypatch.setattr(magicsub.game, "MAX_OBJECTS", 8)
    g.add_object("eighth", owner="Bianca")
    assert len(g.world.objects) == 8
    before = frozen(g)
    refused(ScenarioError, lambda: g.add_object("c", owner="Alex"),
            "add_object 'c': it would be object 9", "at most 8 objects (MAX_OBJECTS)")
    assert_unchanged(g, before)


def test_add_object_quotes_a_long_id_cut_to_length():
    g = small_game()
    long_id = "x" * 5000
    err = refused(ScenarioError, lambda: g.add_object(long_id, owner="Alex", tapped="no"),
                  "... (5002): tapped: expected true or false")
    assert len(str(err)) < 200


@pytest.mark.parametrize(("args", "words"), [
    ((["bears"], "Bianca"), ["add_effect: control: expected a non-empty string, got ['bears']"]),
    (("bears", 5), ["add_effect: to: expected a non-empty string, got 5"]),
    (("bears", "Bianca", 5), ["add_effect: source: expected a non-empty string, got 5"]),
])
def test_add_effect_refuses_values_of_the_wrong_type(args, words):
    g = small_game()
    before = frozen(g)
    refused(ScenarioError, lambda: g.add_effect(*args), *words)
    assert_unchanged(g, before)


# -- questions -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("ask", "rule", "words"), [
    (lambda g: g.life("Zed"), "102.1", ["life: unknown player 'Zed'; the players are "
                                        "['Alex', 'Bianca']"]),
    (lambda g: g.counters("Zed"), "102.1", ["counters: unknown player 'Zed'"]),
    (lambda g: g.in_game("Zed"), "102.1", ["in_game: unknown player 'Zed'"]),
    (lambda g: g.zone("library", "Zed"), "102.1", ["zone: unknown player 'Zed'"]),
    (lambda g: g.in_game("Alex", game=9), "726.1", ["subgame 9 does not exist (subgames so "
                                                    "far: 0)"]),
    (lambda g: g.life("Alex", game=9), "726.1", ["subgame 9 does not exist"]),
    (lambda g: g.counters("Alex", game="2"), "726.1", ["subgame 2 does not exist"]),
    (lambda g: g.zone("library", game=9), "726.1", ["subgame 9 does not exist"]),
    (lambda g: g.zone("nowhere"), "400.1", ["unknown zone 'nowhere'; expected one of library, "
                                            "hand, graveyard, battlefield, stack, exile, "
                                            "command, ante"]),
])
def test_questions_about_what_does_not_exist_are_rules_errors(ask, rule, words):
    g = small_game()
    before = frozen(g)
    err = refused(RulesError, lambda: ask(g), *words)
    assert err.rule == rule
    assert_unchanged(g, before)


@pytest.mark.parametrize(("ask", "words"), [
    (lambda g: g.life(["Alex"]), ["life: player: expected a non-empty string, got ['Alex']"]),
    (lambda g: g.counters(None), ["counters: player: expected a non-empty string, got None"]),
    (lambda g: g.in_game(5), ["in_game: player: expected a non-empty string, got 5"]),
    (lambda g: g.zone(5), ["zone: expected a zone name, got 5"]),
    (lambda g: g.zone("hand", owner=["Alex"]), ["zone: owner: expected a non-empty string"]),
    (lambda g: g.where(["bears"]), ["where: id: expected a non-empty string, got ['bears']"]),
    (lambda g: g.obj(5), ["obj: id: expected a non-empty string, got 5"]),
    (lambda g: g.life("Alex", game="first"), ["expected a game (main, 1, 2, ...), got 'first'"]),
])
def test_questions_with_arguments_of_the_wrong_type(ask, words):
    g = small_game()
    before = frozen(g)
    refused(ScenarioError, lambda: ask(g), *words)
    assert_unchanged(g, before)


def test_a_player_who_left_before_a_subgame_has_no_seat_in_it():
    g = Game(["Alex", "Bianca", "Cho"], seed=2, libraries={p: 10 for p in ("Alex", "Bianca")})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.leave("Cho")
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    assert g.subgames == 1 and g.in_game("Cho", game=1) is False
    assert g.life("Alex", game=1) == 20 and g.counters("Alex", game=1) == {}
    err = refused(RulesError, lambda: g.life("Cho", game=1),
                  "life: Cho has no seat in subgame 1")
    assert (err.rule, err.subject) == ("726.4", "Cho")
    assert g.life("Cho") == 20 and g.in_game("Cho") is False


def test_questions_answer_as_before_for_good_arguments():
    g = small_game()
    assert g.life("Alex") == 20 and g.counters("Bianca") == {} and g.in_game("Alex") is True
    assert g.zone("library", "Alex", game="main") == ["Alex#1", "Alex#2", "Alex#3"]
    assert g.zone("battlefield", owner="Alex") == ["bears"]
    assert g.zone("battlefield", owner="Bianca") == []
    assert g.where("bears") == ("main", "battlefield") and g.where("nope") is None


# -- nested subgames -------------------------------------------------------------------------------

def nested(depth: int) -> tuple[Game, dict[str, int]]:
    """A two-player game ``depth`` subgames deep; each player owns 20 Shahrazads outside it,
    brought in and cast by the active player of each level in turn."""
    g = Game(P2, seed=1, libraries={p: 200 for p in P2})
    for p in P2:
        for i in range(20):
            g.add_object(f"s-{p}-{i}", "Shahrazad", owner=p, zone="outside")
    used = {p: 0 for p in P2}
    for _ in range(depth):
        card = bring_in(g, used)
        g.cast(card, g.active)
        g.resolve(card)
    assert g.subgames == depth
    return g, used


def bring_in(g: Game, used: dict[str, int]) -> str:
    """Go to the main phase of the game in progress; its active player brings a Shahrazad in."""
    if g.current.step != "main" or g.priority != g.active:
        g.advance("main")
    player = g.active
    card = f"s-{player}-{used[player]}"
    used[player] += 1
    g.apply({"bring_in": {"object": card, "to": "hand"}})
    return card


def deepest() -> tuple[Game, str]:
    """A game ``MAX_SUBGAME_DEPTH`` subgames deep, with a Shahrazad in its active player's
    hand."""
    g, used = nested(MAX_SUBGAME_DEPTH)
    return g, bring_in(g, used)


def test_a_shahrazad_that_would_start_a_subgame_beyond_the_limit_cannot_be_cast():
    g, card = deepest()
    assert len(g.world.ancestors(g.world.current)) == MAX_SUBGAME_DEPTH + 1
    before = frozen(g)
    err = refused(RulesError, lambda: g.cast(card, g.active),
                  f"{card!r} would start a subgame {MAX_SUBGAME_DEPTH + 1} levels deep",
                  f"at most {MAX_SUBGAME_DEPTH} levels of nested subgames (MAX_SUBGAME_DEPTH)")
    assert (err.rule, err.subject) == ("726.1", card)
    assert_unchanged(g, before)
    assert g.where(card) == (str(g.world.current), "hand")


def test_a_shahrazad_put_on_the_stack_beyond_the_limit_cannot_resolve_or_be_copied():
    g, card = deepest()
    g.apply({"move": {"object": card, "to": "stack"}})
    assert g.stack == [card]
    before = frozen(g)
    err = refused(RulesError, lambda: g.resolve(card), "(MAX_SUBGAME_DEPTH)")
    assert (err.rule, err.subject) == ("726.1", card)
    assert_unchanged(g, before)
    err = refused(RulesError, lambda: g.apply({"copy": {"spell": card, "by": g.active}}),
                  f"{card}-copy", "(MAX_SUBGAME_DEPTH)")
    assert (err.rule, err.subject) == ("726.1", f"{card}-copy")
    assert_unchanged(g, before)
    assert g.stack == [card] and g.subgames == MAX_SUBGAME_DEPTH


def test_the_subgame_at_the_limit_itself_is_allowed():
    g, used = nested(MAX_SUBGAME_DEPTH - 1)
    card = bring_in(g, used)
    g.cast(card, g.active)
    g.resolve(card)
    assert g.subgames == MAX_SUBGAME_DEPTH



def test_a_request_that_would_make_objects_beyond_the_limit_is_refused(monkeypatch):
    g = small_game()
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    monkeypatch.setattr(magicsub.game, "MAX_OBJECTS", len(g.world.objects))
    before = frozen(g)
    err = refused(RulesError, lambda: g.apply({"create": {
        "id": "myr", "name": "Myr", "controller": "Alex", "zone": "battlefield"}}),
        f"this request would make the game hold {len(g.world.objects) + 1} objects",
        f"at most {len(g.world.objects)} (MAX_OBJECTS)")
    assert err.rule == "109.1"
    assert_unchanged(g, before)
    g.cast("shahrazad", "Alex")  # a request that makes no object is not refused
    assert g.stack == ["shahrazad"]


# -- the steps issue 11 added, with hostile values (review) --------------------------------------

def _issue_11_main() -> Game:
    g = Game(["Alex", "Bianca", "Cho"], seed=4,
             libraries={"Alex": 10, "Bianca": 10, "Cho": 10})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("bears", "Grizzly Bears", owner="Cho")
    g.add_object("ghost", "Grizzly Bears", owner="Bianca", phased_out=True)
    g.add_object("hand1", "Grizzly Bears", owner="Bianca", zone="hand")
    g.add_object("gy", "Grizzly Bears", owner="Bianca", zone="graveyard")
    g.add_object("ms", "Mindslaver", owner="Alex")
    g.add_object("priest", "Banisher Priest", owner="Alex", zone="hand")
    return g


def _issue_11_subgame() -> Game:
    """The same game with Shahrazad's subgame 1 in progress: main-game objects are in a
    discontinued game."""
    g = _issue_11_main()
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"resolve": "shahrazad"})
    g.apply({"advance": "upkeep"})
    return g


def _issue_11_stack() -> Game:
    """The main game with Banisher Priest, a creature spell, on the stack."""
    g = _issue_11_main()
    g.apply({"cast": {"card": "priest", "by": "Alex"}})
    return g


def _issue_11_ended() -> Game:
    g = _issue_11_main()
    g.apply({"win": "Alex"})
    return g


_ISSUE_11_STEPS = {
    "activate": {"object": "ms", "by": "Alex", "target": "Bianca"},
    "choose_target": {"ability": "priest-trigger", "target": "bears"},
    "phase_out": {"object": "bears"},
    "phase_in": {"object": "ghost"},
    "turn_face_down": {"object": "bears"},
    "turn_face_up": {"object": "bears", "by": "Cho"},
    "manifest": {"player": "Alex"},
    "leave": {"player": "Cho", "game": "main"},
    "lose": {"player": "Cho", "game": "main"},
    "concede": {"player": "Cho", "game": "main"},
}
_HOSTILE_VALUES = [None, 5, -1, 99, 1.5, True, [], ["bears"], {}, {"x": 1}, "", "nope",
                   "Ghost Player", "ms", "bears", "priest", "hand1", "gy", "ghost", "shahrazad",
                   "main", "1", "2"]


@pytest.mark.parametrize("setup", [_issue_11_main, _issue_11_stack, _issue_11_subgame,
                                   _issue_11_ended])
@pytest.mark.parametrize("step", sorted(_ISSUE_11_STEPS))
def test_issue_11_steps_with_hostile_values_are_refused_as_rules_errors(step, setup):
    """Each step issue 11 added (and ``game:`` on leave/lose/concede), as a scalar and with each
    field (and an unknown one) replaced by a value of the wrong type, an unknown id or player, an
    object in the wrong zone or game, a game that does not exist -- in the main game, with a
    spell on the stack, in the discontinued main game during a subgame, and in an ended game:
    either it is a legal request, or it is refused with a RulesError (a ScenarioError for a
    malformed one), never another exception, and the refused request leaves the game exactly
    as it was."""
    good = _ISSUE_11_STEPS[step]
    requests = [{step: v} for v in _HOSTILE_VALUES]
    for key in [*good, "extra"]:
        requests += [{step: {**good, key: v}} for v in _HOSTILE_VALUES]
    for request in requests:
        g = setup()
        before = frozen(g)
        try:
            g.apply(request)
        except RulesError:
            assert_unchanged(g, before)
