"""Issue 27, item 9: the official guidance data (magicsub/rules/rulings.yaml, read by
``magicsub.views.rulings``): well formed, every date a day, every topic a paragraph of the rules
data, no card or ruling twice, every card a real card the book or the engine uses (or one of the
four subgame cards), and every card the book's pages show either in the data or listed below with
the reason it is not."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pagecards import page_cards, scenario_names

from magicsub import cards
from magicsub.engine import datafiles, registry
from magicsub.engine.editions import EDITIONS, edition
from magicsub.views import rulings

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "magicsub" / "rules" / "rulings.yaml"

NOT_HERE = {
    "Extractor Demon": "no Gatherer ruling on its leaves-the-battlefield ability found",
    "Zulaport Cutthroat": "no Gatherer ruling found",
    "Goliath Paladin": "its rulings not read; the page quotes the initiative's rulings from "
                       "Aarakocra Sneak (2022-06-10)",
    "Undercity": "its rulings not read; the page quotes the initiative's rulings from "
                 "Aarakocra Sneak (2022-06-10)",
    "Serra Angel": "no Gatherer ruling",
    "Yargle, Glutton of Urborg": "no Gatherer ruling found",
    "Isamaru, Hound of Konda": "no Gatherer ruling found",
    "Grizzly Bears": "no Gatherer ruling",
    "Runeclaw Bears": "no Gatherer ruling found",
    "Assault Griffin": "no Gatherer ruling",
    "Genesis Chamber": "no Gatherer ruling",
    "Glorious Anthem": "no Gatherer ruling",
    "Fractured Loyalty": "no Gatherer ruling",
    "Blood Tithe": "no Gatherer ruling",
    "Silvercoat Lion": "no Gatherer ruling",
    "Pillarfield Ox": "no Gatherer ruling",
    "Lightning Bolt": "no Gatherer ruling",
    "Shock": "no Gatherer ruling",
    "Opt": "no Gatherer ruling",
    "Forest": "no Gatherer ruling",
    "Island": "no Gatherer ruling",
    "Plains": "no Gatherer ruling",
    "Swamp": "no Gatherer ruling",
    "Mountain": "no Gatherer ruling",
    "Maraxus": "no Gatherer ruling (a vanguard card)",
    "Sisay": "no Gatherer ruling (a vanguard card)",
    "Starke": "no Gatherer ruling (a vanguard card)",
    "Platinum Angel": "its Gatherer rulings could not be read (Abyssal Persecutor's, the same "
                      "class with the roles swapped, are quoted)",
    "Hill Giant": "no Gatherer ruling",
    "Soldier": "a token's name, not a card",
    "Myr": "a token's name, not a card",
    "Laelia, the Blade Reforged": "its Gatherer rulings (2021) could not be read",
    "Curse of Surveillance": "no ruling of it could be found",
    "Naya": "its rulings' dates could not be read; the one on a departed planar controller "
            "repeats CR 311.5 word for word",
    "Tazeem": "its rulings' dates could not be read; the one on a departed planar controller "
              "repeats CR 311.5 word for word",
    "Otaria": "its rulings could not be read",
    "Time Warp": "its rulings could not be read word for word (issue 31; CR 500.7 decides)",
    "Temporal Manipulation": "its rulings could not be read word for word (issue 31)",
    "Final Fortune": "its rulings could not be read word for word (issue 31)",
    "Last Chance": "its rulings could not be read word for word (issue 31)",
    "Meditate": "its rulings could not be read word for word (issue 31; CR 614.10 decides)",
    "Agyrem": "its rulings could not be read",
    "The Fourth Sphere": "its rulings could not be read",
    "Carnival Carousel": "its rulings could not be read",
    "Ferris Wheel": "its rulings could not be read",
    "All in Good Time": "its rulings could not be read",
    "Feed the Machine": "its rulings could not be read",
    "Nothing Can Stop Me Now": "its rulings could not be read",
    "Realms Befitting My Majesty": "its rulings could not be read",
    "The Very Soil Shall Shake": "its rulings could not be read",
    "Hypnotic Specter": "its one ruling (2008-08-01, damage redirected to an opponent) bears on "
                        "nothing the book teaches",
    "Fight or Flight": "its three rulings (2008-08-01) are about the piles and attacking, not "
                       "about the player who chooses",
    "Kaalia of the Vast": "its five rulings (2020-08-07) are about its attack trigger, which the "
                          "engine does not model; one, on an attacked opponent who has left the "
                          "game, would belong on a page where Kaalia attacks",
    "Atraxa, Praetors' Voice": "its rulings are about proliferate",
    "Barren Moor": "its one ruling (cycling is an activated ability) bears on nothing the book "
                   "teaches",
    "Juggernaut": "its one ruling is about attacking each combat",
    "Exalted Angel": "its one ruling is about its lifelink trigger",
    "Hystrodon": "no Gatherer ruling",
    "Chaotic Aether": "its rulings could not be read",
    "Interplanar Tunnel": "its rulings could not be read",
    "Sokenzan": "its rulings could not be read",
    "Advantageous Proclamation": "its rulings are about conspiracies in a draft; no page shows it",
    "Brago's Favor": "its rulings are about conspiracies in a draft; no page shows it",
}
"""Cards the engine knows or the book's scenarios name that have no entry in the data, each with
why: a check of the research (issue 27, item 9), so that a card a page shows cannot be left out
silently."""


def _used_names() -> set[str]:
    cards.load_all()
    return set(registry._CARDS) | scenario_names() | {
        name for names in page_cards().values() for name in names}


def test_the_data_is_well_formed_and_each_date_is_a_day():
    data = rulings.load()
    assert len(data) >= 20
    raw = datafiles.load(DATA)
    assert [entry["card"] for entry in raw] == list(data)
    for entry in data.values():
        assert entry.rulings and entry.read_at.startswith("https://")
        for ruling in entry.rulings:
            assert date.fromisoformat(ruling.date) <= date(2026, 12, 31)
            assert ruling.source == "Gatherer ruling" or ruling.source.startswith(
                "Release notes: ")
            assert ruling.text == " ".join(ruling.text.split()) and ruling.text[-1] in ".)”"


def test_every_topic_is_a_paragraph_of_the_rules_data():
    known = {p for number in EDITIONS for p in edition(number).paragraphs}
    topics = {t for entry in rulings.load().values() for r in entry.rulings for t in r.topics}
    assert topics and topics <= known, topics - known


def test_each_card_has_a_ruling_on_something_the_book_teaches():
    """Rulings on nothing the book teaches are kept only so that a card's list is whole."""
    for entry in rulings.load().values():
        assert any(r.topics for r in entry.rulings), entry.card


def test_no_card_and_no_ruling_twice():
    data = rulings.load()
    for entry in data.values():
        texts = [r.text for r in entry.rulings]
        assert len(set(texts)) == len(texts), entry.card


def test_every_card_is_a_real_card_the_book_uses_or_a_subgame_card():
    used = _used_names() | set(rulings.SUBGAME_CARDS)
    assert set(rulings.load()) <= used, set(rulings.load()) - used


def test_the_four_subgame_cards_are_all_here():
    assert set(rulings.SUBGAME_CARDS) <= set(rulings.load())


def test_every_card_a_page_shows_is_here_or_said_why_not():
    shown = {name for names in page_cards().values() for name in names}
    missing = shown - set(rulings.load()) - set(NOT_HERE)
    assert not missing, f"cards on the book's pages with no rulings and no reason: {missing}"
    assert not set(NOT_HERE) & set(rulings.load())
    assert set(NOT_HERE) <= _used_names(), set(NOT_HERE) - _used_names()


def test_the_subgame_rulings_the_book_relies_on_are_quoted_word_for_word():
    """The rulings the quizzes and corners rest on (issue 27, items 2 and 8)."""
    data = rulings.load()
    assert ("each player shuffles their cards from the subgame to re-form their main-game "
            "library") in data["Tug of War"].rulings[5].text
    assert data["The Countdown Is at One"].rulings[3].text.startswith(
        "After the subgame ends, all players shuffle their cards from the subgame to reform "
        "their main-game libraries")
    assert data["Shahrazad"].rulings[3] == rulings.Ruling(
        "2007-07-15", "Gatherer ruling", ("726.5",),
        "At the end of a subgame, each player puts all cards they own that are in the subgame "
        "into their library in the main game, then shuffles them. This includes cards in the "
        "subgame’s Exile zone.")
    commander = data["Tug of War"].rulings[3]
    assert commander.partial and commander.text.endswith("into the command zone of the main game.")


GOOD = """\
- card: Shahrazad
  read_at: "https://gatherer.wizards.com/x"
  rulings:
    - date: "2004-10-04"
      source: Gatherer ruling
      topics: ["726.3"]
      text: >-
        At the start of the sub-game both players draw their initial hand.
"""


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace('"2004-10-04"', '"2004-13-40"'), r"line 4: no such day: 2004-13-40"),
    (lambda t: t.replace('"2004-10-04"', '"10/4/2004"'), r'line 4: a date is "YYYY-MM-DD"'),
    (lambda t: t.replace('"2004-10-04"', "20041004"), r'line 4: a date is "YYYY-MM-DD"'),
    (lambda t: t.replace("Gatherer ruling", "a judge on a forum"), r"line 5: a source is"),
    (lambda t: t.replace('"726.3"', '"726.99"'), r"line 6: topic 726.99 is not a paragraph"),
    (lambda t: t.replace('["726.3"]', '["726.3", "726.3"]'), r"line 6: a topic is listed twice"),
    (lambda t: t.replace("      topics", "      topic"), r"line 6: unknown key 'topic'"),
    (lambda t: t.replace("  read_at", "  url"), r"line 2: unknown key 'url'"),
    (lambda t: t.replace("https://", "http://"), r"line 2: read_at is an https:// address"),
    (lambda t: t + t, r"line 9: Shahrazad is listed twice"),
    (lambda t: t + t[t.index("    - date"):], r"line 9: Shahrazad has this ruling twice"),
    (lambda t: t[:t.index("  rulings")] + "  rulings: []\n", r"line 3: Shahrazad needs a list"),
    (lambda t: t.replace("      text: >-\n        At", "      note: x\n      tex: >-\n        At"),
     r"line 8: unknown key 'tex'"),
])
def test_a_malformed_entry_is_refused_naming_the_line(edit, message):
    assert rulings.read(GOOD)["Shahrazad"].rulings[0].topics == ("726.3",)
    with pytest.raises(rulings.RulingsError, match=message):
        rulings.read(edit(GOOD), "rulings.yaml")


def test_a_ruling_bears_on_a_rule_and_the_paragraphs_under_it():
    ruling = rulings.Ruling("2004-10-04", "Gatherer ruling", ("726.5c", "800.4a"), "x.")
    for rule in ("726", "726.5", "726.5c", "800.4", "800.4a"):
        assert ruling.bears_on((rule,)), rule
    for rule in ("726.1", "726.5a", "800.4b", "80", "72"):
        assert not ruling.bears_on((rule,)), rule
