"""Edition differences are data (DESIGN.md section 3, "Structure"): each ``rules/<edition>.yaml``
has a ``behaviour:`` mapping, checked when the edition loads and read by the engine through the
``Edition`` API (``does``, ``note``, ``moves_deck``, ``deck_rule``)."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

import magicsub
from magicsub.engine.editions import (
    BEHAVIOUR,
    EDITIONS,
    NOTES,
    EditionDataError,
    _load,
    check_behaviour,
    edition,
)

ENGINE = [p for p in sorted(Path(magicsub.__file__).parent.rglob("*.py"))
          if p.name != "editions.py"]


@pytest.mark.parametrize("number", EDITIONS)
def test_every_edition_defines_every_behaviour_key_and_note(number):
    data = _load(f"{number}.yaml")["behaviour"]
    assert set(data) == set(BEHAVIOUR)
    assert set(data["notes"]) == set(NOTES)


@pytest.mark.parametrize("key", [k for k in BEHAVIOUR if k != "notes"] + list(NOTES))
def test_every_behaviour_key_is_used_by_the_engine(key):
    """A key no module reads would be data that decides nothing."""
    used = re.compile(r"""(does|behaviour|note|_note)\((tx, )?["']""" + re.escape(key) + "[\"']")
    direct = {"supplementary_decks": "moves_deck(", "deck_rules": "deck_rule("}
    sources = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE)
    assert used.search(sources) or (key in direct and direct[key] in sources), key


def test_unknown_missing_or_malformed_behaviour_is_a_clear_error():
    good = _load("726.yaml")["behaviour"]
    bad = dict(copy.deepcopy(good), exile_return=True)
    with pytest.raises(EditionDataError, match=r"726\.yaml, behaviour: unknown key 'exile_return'"):
        check_behaviour("726", bad)
    missing = {k: v for k, v in good.items() if k != "exile_returns"}
    with pytest.raises(EditionDataError, match="missing key 'exile_returns'"):
        check_behaviour("726", missing)
    with pytest.raises(EditionDataError, match=r"behaviour\.supplementary_decks: .*'moon'"):
        check_behaviour("726", dict(good, supplementary_decks={"moon": "planechase"}))
    notes = dict(good["notes"], zone="typo")
    with pytest.raises(EditionDataError, match=r"behaviour\.notes"):
        check_behaviour("726", dict(good, notes=notes))


def test_behaviour_says_what_each_editions_text_says():
    """CR 506.6: exiled ("removed from the game") cards "remain removed from the game in the main
    game"; CR 723.2a and 723.2d move planar decks in Planechase and scheme decks in Archenemy;
    CR 726.2a moves each supplementary deck."""
    e506, e723, e726 = edition("506"), edition("723"), edition("726")
    assert "remain removed from the game" in e506.paragraphs["506.6"]
    assert not e506.does("exile_returns") and e723.does("exile_returns") \
        and e726.does("exile_returns")
    assert e723.moves_deck("planar", "planechase") and not e723.moves_deck("planar", None)
    assert e723.moves_deck("scheme", "archenemy") and not e723.moves_deck("attraction", None)
    assert e726.moves_deck("attraction", None) and not e506.moves_deck("planar", "planechase")
    assert e726.deck_rule("726.2a", "planar") == ("726.2a",
                                                   "moves each of their supplementary decks")
    assert e723.deck_rule("726.5a", "scheme") == ("726.5a.scheme", "moves")
    assert e506.note("library") == "CR 506.3: it becomes that player's deck in the subgame."
    assert e726.note("library") is None
    with pytest.raises(KeyError):
        e726.does("notes")
