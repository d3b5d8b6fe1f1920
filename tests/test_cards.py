"""One place per card (issue 11, "First, make room"): every card the engine knows lives in its own
module of ``magicsub.cards``, and the rules core (resolution, triggers, combat, turns, priority,
subgame, leaving) names no card and no card's behaviour: it only consults the registry."""

from __future__ import annotations

import importlib
import io
import pathlib
import pkgutil
import re
import tokenize

import pytest

import magicsub
import magicsub.cards as cards
from magicsub.engine import registry, resolution, triggers
from magicsub.engine.errors import RulesError
from magicsub.engine.registry import CardDef, Subgame, lookup, register
from magicsub.engine.transaction import Tx
from magicsub.engine.zones import Zone

ROOT = pathlib.Path(magicsub.__file__).parent
CORE = ("engine/resolution", "engine/triggers", "engine/combat", "engine/turns", "engine/priority",
        "rules/subgame", "rules/leaving")
"""The rules core: no card name and no card behaviour in any of these modules."""
DOCSTRINGS_MAY_NAME = {"rules/subgame": {"Shahrazad"}, "rules/leaving": {"Shahrazad"}}
"""Docstrings that may name a card because the rule they paraphrase does: CR 726.1 "One card
(Shahrazad) allows players to play a Magic subgame"."""
CORE_ABILITIES = {"cycling_draw"}
"""Ability behaviours the core itself creates (cycling's "Draw a card", CR 702.29a)."""
VANILLA = "magicsub.cards.vanilla"


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(cards.__path__)
                  if not m.name.startswith("_"))


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _behaviours() -> set[str]:
    found = {c.behaviour for c in registry.BUILTIN.values() if c.behaviour}
    found |= {k for c in registry.BUILTIN.values() for k in c.abilities}
    return found - CORE_ABILITIES


def _mentions(source: str, words: set[str], *, docstrings_may: set[str] = frozenset()
              ) -> list[tuple[int, str]]:
    """(line, word) for each word of ``words`` that a name, a string or a comment of ``source``
    contains (as a whole word, any case). Docstrings may contain ``docstrings_may`` (any case)."""
    hits = []
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    for i, tok in enumerate(tokens):
        if tok.type not in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT):
            continue
        prev = next((t for t in reversed(tokens[:i]) if t.type not in (
            tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT)),
            None)
        docstring = tok.type == tokenize.STRING and tok.string.startswith('"""') and (
            prev is None or prev.string == ":")
        for word in words:
            if docstring and word.lower() in {w.lower() for w in docstrings_may}:
                continue
            if re.search(rf"(?<![a-z0-9_]){re.escape(word.lower())}(?![a-z0-9_])",
                         tok.string.lower()):
                hits.append((tok.start[0], word))
    return hits


def test_load_all_imports_every_card_module():
    """``load_all`` imports each module of the package, sorted, and registers its cards."""
    assert cards.load_all() == tuple(_modules())
    assert "shahrazad" in _modules() and "vanilla" in _modules()


def test_every_card_comes_from_its_own_module():
    """Each registered card was registered by the module named after it (``syr_konrad`` for
    "Syr Konrad, the Grim"), or by ``vanilla``; each module registers exactly the card its name
    says (vanilla: the cards its docstring lists)."""
    cards.load_all()
    by_module: dict[str, list[str]] = {}
    for name in registry.BUILTIN:
        by_module.setdefault(registry.origin(name), []).append(name)
    assert set(by_module) <= {f"magicsub.cards.{m}" for m in _modules()}
    for module, names in sorted(by_module.items()):
        if module == VANILLA:
            doc = importlib.import_module(module).__doc__
            assert all(n in doc for n in names), (module, names)
            assert all(lookup(n).resolve is None and lookup(n).watch is None
                       and not lookup(n).abilities and not lookup(n).events for n in names)
            continue
        short = module.rsplit(".", 1)[1]
        assert len(names) == 1, f"{module} registers {names}: one card per module"
        slug = _slug(names[0])
        assert slug == short or slug.startswith(short + "_"), (module, names[0])
    for short in _modules():
        assert f"magicsub.cards.{short}" in by_module, f"{short}.py registers no card"


EXPECTED = {
    "Shahrazad": ("shahrazad", None), "Fork": ("fork", "spell"),
    "Living Wish": ("living_wish", None), "Syr Konrad, the Grim": ("syr_konrad", None),
    "Mind Control": ("mind_control", "creature"), "Act of Treason": ("act_of_treason", "creature"),
    "Bribery": ("bribery", "opponent"), "Genesis Chamber": ("genesis_chamber", None),
    "Astral Slide": ("astral_slide", None), "Hypnotic Specter": ("hypnotic_specter", None),
    "Serra Angel": ("vanilla", None), "Runeclaw Bears": ("vanilla", None),
    "Assault Griffin": ("vanilla", None), "Grizzly Bears": ("vanilla", None),
    "Myr": ("vanilla", None),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_moved_cards_keep_their_module_and_target(name):
    """The cards that lived in ``cards/__init__.py``, ``resolution.py`` and ``triggers.py``
    before issue 11 each come from their module, with the target kind CR 601.2c checks."""
    module, target = EXPECTED[name]
    assert registry.origin(name) == f"magicsub.cards.{module}"
    assert lookup(name).target == target


def test_oracle_text_and_printed_facts():
    """Every card has its Oracle text (a vanilla creature with no keyword has none), its types
    are known, and a creature has power and toughness."""
    for name, card in registry.BUILTIN.items():
        vanilla = registry.origin(name) == VANILLA and not card.keywords
        assert card.text.strip() or vanilla, f"{name} has no Oracle text"
        assert set(card.types) <= registry.KNOWN_TYPES, name
        if "creature" in card.types:
            assert card.power is not None and card.toughness is not None, name
        if card.target is not None:
            assert card.target in resolution.target_kinds(), (name, card.target)
    assert lookup("Shahrazad").starts_subgame and lookup("Shahrazad").subgame.after is not None
    assert sorted(n for n, c in registry.BUILTIN.items() if c.starts_subgame) == [
        "Enter the Dungeon", "Shahrazad", "The Countdown Is at One", "Tug of War"]


@pytest.mark.parametrize("module", CORE)
def test_core_names_no_card_and_no_behaviour(module):
    """The rules core consults the registry; it names no card and no card behaviour (in code,
    strings or comments; docstrings only where the rule itself names the card)."""
    path = ROOT / f"{module}.py"
    cards.load_all()
    words = set(registry.BUILTIN) | _behaviours()
    hits = _mentions(path.read_text(encoding="utf-8"), words,
                     docstrings_may=DOCSTRINGS_MAY_NAME.get(module, set()))
    assert hits == [], f"{module}.py names cards or behaviours: {hits}"


def test_the_scan_catches_a_card_name():
    """The scan itself: a card name in code, in a comment or in a string is found; in an
    exempted docstring it is not."""
    src = ('"""Module, Shahrazad."""\n\ndef f(x):\n    """A Mind Control."""\n'
           '    # Fork it\n    return x == "syr_konrad" or konrad_damage\n')
    words = {"Shahrazad", "Mind Control", "Fork", "syr_konrad", "konrad_damage"}
    assert _mentions(src, words, docstrings_may={"Shahrazad", "Mind Control"}) == [
        (5, "Fork"), (6, "syr_konrad"), (6, "konrad_damage")]
    assert (1, "Shahrazad") in _mentions(src, words)


def test_register_refuses_a_second_card_of_one_name():
    """A card name is registered once: a second definition (even an identical one) is a
    programming error naming the module that registered it first."""
    with pytest.raises(ValueError, match=r"'Fork' is registered twice \(first by "
                                         r"magicsub\.cards\.fork\)"):
        register(CardDef("Fork", ("instant",), "Copy target instant or sorcery spell."))
    assert registry.origin("Fork") == "magicsub.cards.fork"


def test_register_refuses_bad_definitions():
    """A second resolver for one ability behaviour, an unknown card event, a finish on a card
    that starts no subgame: each refused, and nothing is registered."""
    before = dict(registry.BUILTIN)
    with pytest.raises(ValueError, match="'konrad_damage' is registered twice"):
        register(CardDef("Test Card A", ("creature",), "x", 1, 1,
                         abilities={"konrad_damage": lambda *a: None}))
    with pytest.raises(ValueError, match="unknown card event 'attacks'"):
        register(CardDef("Test Card B", ("creature",), "x", 1, 1,
                         events={"attacks": lambda *a: None}))
    with pytest.raises(ValueError, match="the winner keeps only cards that were set aside"):
        register(CardDef("Test Card C", ("sorcery",), "x", subgame=Subgame(keeps=1)))
    with pytest.raises(ValueError, match="starting life is a whole number from 1"):
        register(CardDef("Test Card D", ("sorcery",), "x", subgame=Subgame(life=0)))
    with pytest.raises(ValueError, match="it has no resolve of its own"):
        register(CardDef("Test Card E", ("sorcery",), "x", resolve=lambda *a: None,
                         subgame=Subgame()))
    assert dict(registry.BUILTIN) == before


def _tx(game: magicsub.Game) -> Tx:
    return Tx(game.world, game.edition, game.rng, 0, observers=(triggers.on_move,))


def test_an_unknown_ability_behaviour_is_refused():
    """CR 603.3: a triggered ability goes on the stack and resolves by its behaviour's resolver;
    firing one whose behaviour no card registered is refused clearly (ValueError), before any
    trigger is recorded; so is an unknown target kind."""
    game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 3, "Bianca": 3})
    game.add_object("konrad", "Syr Konrad, the Grim", owner="Alex")
    tx = _tx(game)
    with pytest.raises(ValueError, match="no resolver is registered for the ability behaviour "
                                         "'no_such_ability'"):
        triggers.fire(tx, 0, tx.obj("konrad"), "Syr Konrad: ?", "no_such_ability")
    assert tx.game(0).pending == ()
    with pytest.raises(ValueError, match="unknown target kind 'planet'"):
        resolution.check_target(tx, 0, "planet", "Alex", "konrad")


def test_check_target_keeps_601_2c_messages():
    """CR 601.2c through the generic checker: the messages of each kind."""
    game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 3, "Bianca": 3})
    game.add_object("bears", "Grizzly Bears", owner="Bianca")
    game.add_object("slide", "Astral Slide", owner="Alex")
    tx = _tx(game)
    resolution.check_target(tx, 0, "creature", "Alex", "bears")
    resolution.check_target(tx, 0, "opponent", "Alex", "Bianca")
    for kind, target, message in (
            ("creature", "slide", "Astral Slide [slide] is not a creature on the battlefield of "
                                  "the main game"),
            ("opponent", "Alex", "Alex is not an opponent of Alex in the main game"),
            ("spell", "bears", "Grizzly Bears [bears] is not an instant or sorcery spell on the "
                               "stack of the main game"),
            ("spell", "nothing", "there is no object 'nothing' to target")):
        with pytest.raises(RulesError) as err:
            resolution.check_target(tx, 0, kind, "Alex", target)
        assert err.value.rule == "601.2c" and message in str(err.value), (kind, str(err.value))


def test_watchers_are_followed_within_one_request():
    """CR 603.2 / 603.6c: within one request (one Tx), a Syr Konrad that enters the
    battlefield sees the next death, and one that has left sees none: the per-request index of
    watchers follows every move."""
    game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 3, "Bianca": 3})
    game.add_object("konrad", "Syr Konrad, the Grim", owner="Alex", zone="hand")
    game.add_object("bears", "Grizzly Bears", owner="Bianca")
    game.add_object("griffin", "Assault Griffin", owner="Bianca")
    tx = _tx(game)
    tx.step("111.2")
    tx.move("griffin", 0, Zone.EXILE)
    assert tx.game(0).pending == ()
    tx.move("konrad", 0, Zone.BATTLEFIELD, controller="Alex")
    tx.move("bears", 0, Zone.GRAVEYARD)
    assert [(t.source, t.behaviour) for t in tx.game(0).pending] == [("konrad",
                                                                        "konrad_damage")]
    tx.move("konrad", 0, Zone.EXILE)
    tx.move("bears", 0, Zone.HAND)
    tx.move("griffin", 0, Zone.GRAVEYARD)
    assert len(tx.game(0).pending) == 1


def test_act_of_treason_grants_haste_through_its_card():
    """CR 508.1a / 702.10: "It gains haste until end of turn" comes from the card's ``grants``,
    not from a name in combat.py."""
    from magicsub.engine.combat import keywords

    game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 3, "Bianca": 3})
    game.add_object("bears", "Grizzly Bears", owner="Bianca")
    game.add_object("angel", "Serra Angel", owner="Alex")
    game.add_object("treason", "Act of Treason", owner="Alex", zone="hand")
    assert keywords(game.world, game.world.obj("angel")) == {"flying", "vigilance"}
    assert lookup("Act of Treason").grants == ("haste",)
    game.apply({"cast": {"card": "treason", "by": "Alex", "target": "bears"}})
    game.apply({"resolve": "treason"})
    assert game.world.obj("bears").controller == "Alex"
    assert keywords(game.world, game.world.obj("bears")) == {"haste"}
