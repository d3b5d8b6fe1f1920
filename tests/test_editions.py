"""The rule text of each CR edition (726, 723, 506), how 726 numbers map onto the older ones,
and that every citation the engine makes quotes the sentence it means."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tracetools import run_recording

from magicsub import CitationError, Game, RulesError, edition, load_scenario
from magicsub.engine.editions import _WORDING, Citation, Edition, sentences
from magicsub.engine.trace import MoveAll

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "magicsub" / "scenarios"

# Verbatim from the sources (shared/seeds 000, 002, 001).
QUOTES = {
    "726": {
        "726.1": "One card (Shahrazad) allows players to play a Magic subgame.",
        "726.2a": "(Face-up nontraditional cards remain in the main-game command zone.)",
        "726.5": "This includes cards in the subgame’s exile zone and cards that represent "
                 "phased-out permanents as the subgame ends.",
        "726.5c": "At the end of a subgame of a Commander game, each player moves their "
                  "commander from the subgame command zone (if it’s there) to the main-game "
                  "command zone.",
        "726.6": "The existing subgame becomes the main game in relation to the new subgame.",
    },
    "723": {
        "723.2a": "As a subgame of a Planechase game starts, each player moves their planar deck "
                  "from the main-game command zone to the subgame command zone and shuffles it.",
        "723.2d": "As a subgame of an Archenemy game starts, the archenemy moves their scheme "
                  "deck from the main-game command zone to the subgame command zone and "
                  "shuffles it.",
        "723.5": "This includes cards in the subgame’s exile zone.",
        "723.5b": "This is an exception to rule 312.2.",
    },
    "506": {
        "506.3": "To start the subgame, each player removes his or her library from the game "
                 "face down.",
        "506.6": "Instead they remain removed from the game in the main game.",
        "506.7": "In this case, some games will be considered both a main game and a subgame at "
                 "the same time.",
    },
}

PARAGRAPHS = {
    "726": ["1", "1a", "1b", "2", "2a", "2b", "2c", "3", "4", "4a", "4b", "5", "5a", "5b", "5c",
            "6"],
    "723": ["1", "1a", "1b", "2", "2a", "2b", "2c", "2d", "3", "4", "4a", "4b", "5", "5a", "5b",
            "5c", "5d", "6"],
    "506": ["1", "2", "3", "3-2", "4", "5", "5a", "6", "7"],
}


# -- the rule data -------------------------------------------------------------------------------

@pytest.mark.parametrize("number", ["726", "723", "506"])
def test_each_edition_loads_its_own_paragraphs_verbatim_and_the_shared_ones(number):
    ed = edition(number)
    assert ed.number == number and ed.title
    for p in PARAGRAPHS[number]:
        key = f"{number}.{p}"
        assert key in ed.paragraphs and len(ed.paragraphs[key]) > 40, key
    own = sorted(k for k in ed.paragraphs if k.startswith(f"{number}."))
    assert own == sorted(f"{number}.{p}" for p in PARAGRAPHS[number])
    for key, sentence in QUOTES[number].items():
        assert sentence in sentences(ed.paragraphs[key]), (key, sentence)
    assert "800.4a" in ed.paragraphs and "704.5b" in ed.paragraphs
    assert edition(number) is edition(number)


def test_726_5_example_is_kept_verbatim():
    assert edition("726").examples["726.5"] == [
        "If a card was brought into the subgame either from the main game or from outside the "
        "main game, that card will be put into its owner’s main-game library when the subgame "
        "ends."]


def test_unknown_edition_or_paragraph_is_a_rules_error():
    with pytest.raises(RulesError):
        edition("999")
    with pytest.raises(RulesError):
        Edition("2024")
    with pytest.raises(RulesError):
        Game(["Alex", "Bianca"], edition="725")
    with pytest.raises(RulesError) as err:
        edition("726").cite("726.9")
    assert "726.9" in str(err.value)
    with pytest.raises(RulesError):
        edition("506").cite("726.2c")


def test_506_knows_no_commander_variant():
    with pytest.raises(RulesError) as err:
        Game(["Alex", "Bianca"], edition="506", variant="commander")
    assert err.value.rule == "506.1" and err.value.subject == "commander"


# -- number maps ---------------------------------------------------------------------------------

@pytest.mark.parametrize("rule, expected", [
    ("726.1", "506.1"), ("726.1a", "506.1"), ("726.2", "506.3"), ("726.2.first", "506.4"),
    ("726.3", "506.3"), ("726.4", "506.5"), ("726.4a", "506.5a"), ("726.5", "506.6"),
    ("726.5.held", "506.2"), ("726.6", "506.7")])
def test_506_maps_726_numbers(rule, expected):
    assert edition("506").cite(rule).rule == expected


def test_506_maps_726_3_to_the_second_506_3():
    cite = edition("506").cite("726.3", "less than seven cards")
    assert cite.rule == "506.3"
    assert cite.text == ("If a player's deck contains less than seven cards, the player will lose "
                         "the game as soon as it starts, even if he or she mulligans.")


def test_723_maps_scheme_and_planar_decks():
    ed = edition("723")
    assert ed.cite("726.2a.scheme", "moves").rule == "723.2d"
    assert ed.cite("726.5a.scheme", "turned face down").rule == "723.5d"
    assert ed.cite("726.2a.planar", "moves").rule == "723.2a"
    assert ed.cite("726.5a.planar", "turned face down").rule == "723.5a"
    assert ed.cite("726.2c").rule == "723.2c" and ed.cite("726.5.held").rule == "723.5"
    assert edition("726").cite("726.2a.scheme", "moves").rule == "726.2a"


def archenemy(number: str) -> Game:
    g = Game(["Alex", "Bianca"], edition=number, variant="archenemy", seed=2,
             libraries={"Alex": 10, "Bianca": 10})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("plot", "Plots That Span Centuries", owner="Alex", zone="command",
                 traditional=False, deck="scheme", types=["scheme"])
    g.add_object("scheme2", "Nature Shields Its Own", owner="Alex", zone="command",
                 traditional=False, deck="scheme", types=["scheme"])
    g.add_object("naya", "Naya", owner="Bianca", zone="command", traditional=False,
                 deck="planar", types=["plane"])
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    return g


def test_723_archenemy_scheme_deck_moves_and_returns():
    """CR 723.2d and 723.5d: the archenemy's scheme deck goes to the subgame and back; a planar
    deck moves only in a Planechase game (723.2a). A scheme card that left the subgame command
    zone is one of "all cards ... other than those in the subgame command zone" (723.5): it goes
    to the main-game library; under 726.5 (traditional cards only) and 726.5a it goes back to
    its deck instead."""
    g = archenemy("723")
    assert g.where("plot") == ("1", "command") and g.where("scheme2") == ("1", "command")
    assert g.where("naya") == ("main", "command")
    g.advance("main")
    g.apply({"move": {"object": "plot", "to": "exile"}})
    g.win("Alex")
    rules = g.trace.rules()
    assert "723.2d" in rules and "723.5d" in rules and "723.2a" not in rules
    assert g.where("scheme2") == ("main", "command") and g.where("naya") == ("main", "command")
    assert g.where("plot") == ("main", "library")
    new = archenemy("726")
    assert new.where("naya") == ("1", "command")
    new.advance("main")
    new.apply({"move": {"object": "plot", "to": "exile"}})
    new.win("Alex")
    assert new.where("plot") == ("main", "command") and not new.obj("plot").face_up
    assert new.trace.cites("726.5a") and not new.trace.cites("723.5d")


# -- every citation quotes the sentence it means -------------------------------------------------

STEP_CALL = re.compile(r'tx\.step\(\s*"([^"]+)"(?:\s*,\s*"([^"]*)")?\s*[,)]')
EDITION_ONLY = {
    ("726.5", "Cards removed from the game in the subgame"): "506",
    ("726.2", "removes his or her library from the game face down"): "506",
    ("726.2", "trigger on cards being removed from the main game face down"): "506",
    ("726.2", "It becomes that player's deck in the subgame"): "506",
    ("726.3", "will lose the game as soon as it starts"): "506",
}

def literal_citations():
    found = []
    for path in sorted((ROOT / "magicsub").rglob("*.py")):
        for m in STEP_CALL.finditer(path.read_text(encoding="utf-8")):
            found.append((path.name, m.group(1), m.group(2)))
    return found


def the_sentence_with(paragraph: str, match: str) -> str:
    """The one sentence of ``paragraph`` that contains ``match`` (case-insensitive)."""
    found = [s for s in sentences(paragraph) if match.lower() in s.lower()]
    assert len(found) == 1, f"{match!r} is in {len(found)} sentences of {paragraph!r}"
    return found[0]


def test_sentences_splits_a_paragraph_keeping_its_aside():
    assert sentences(edition("726").paragraphs["726.2a"]) == [
        "As a subgame begins, if one or more supplementary decks of nontraditional cards are "
        "being used, each player moves each of their supplementary decks from the main-game "
        "command zone to the subgame command zone and shuffles it.",
        "(Face-up nontraditional cards remain in the main-game command zone.)"]


def test_cite_gives_the_sentence_with_the_phrase_or_the_whole_paragraph_without_one():
    ed = edition("726")
    paragraph = ed.paragraphs["726.1a"]
    assert len(sentences(paragraph)) == 5
    cite = ed.cite("726.1a", "temporarily discontinued")
    assert cite == Citation("726.1a", "The main game is temporarily discontinued while the "
                                      "subgame is in progress.", paragraph)
    assert ed.cite("726.1a", "TEMPORARILY Discontinued").text == cite.text
    assert ed.cite("726.1a").text == paragraph
    with pytest.raises(CitationError) as err:
        ed.cite("726.1a", "no sentence says this")
    assert not isinstance(err.value, RulesError)
    assert (err.value.edition, err.value.rule, err.value.phrase) == (
        "726", "726.1a", "no sentence says this")
    assert "726" in str(err.value) and "no sentence says this" in str(err.value)


def test_every_literal_citation_names_one_sentence_of_its_726_paragraph():
    """Each ``tx.step(rule, phrase)`` in the engine: the rule is in CR 726 (or the one 506-only
    citation is in 506), the phrase is in exactly one sentence of the paragraph and the step
    quotes that sentence, not the paragraph; without a phrase the step quotes the paragraph."""
    calls = literal_citations()
    assert len(calls) > 60
    for file, rule, match in calls:
        ed = edition(EDITION_ONLY.get((rule, match), "726"))
        assert ed.knows(rule), f"{file}: {rule} is unknown to CR {ed.number}"
        cite = ed.cite(rule, match)
        if match is None:
            assert cite.text == cite.paragraph, f"{file}: {rule}"
            continue
        assert cite.text == the_sentence_with(cite.paragraph, match), f"{file}: {rule} {match!r}"
        several = len(sentences(cite.paragraph)) > 1
        assert (cite.text != cite.paragraph) is several, f"{file}: {rule} {match!r}"


def record_scenario_steps(monkeypatch) -> list[tuple]:
    """Run every scenario, recording for each step of each trace the rule and phrase its
    ``tx.step`` call gave. Return ``[(scenario file name, step, (rule, phrase)), ...]``."""
    out = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for s, rule, match in run_recording(load_scenario(path), monkeypatch):
            out.append((path.name, s, (rule, match)))
    return out


def test_each_scenario_step_quotes_the_one_sentence_its_phrase_is_in(monkeypatch):
    """Every step of every scenario quotes exactly the sentence of its paragraph that contains
    the edition's phrase for the engine's (a different text from the paragraph when that has
    several sentences), or the whole paragraph when there is no phrase. No edition falls back
    on the whole paragraph: where an older edition words a step otherwise, ``_WORDING`` says
    how."""
    recorded = record_scenario_steps(monkeypatch)
    assert {s.edition for _, s, _ in recorded} == {"726", "723", "506"}
    for name, step, (rule, match) in recorded:
        where = f"{name} step {step.index} ({step.rule}, {match!r})"
        if match is None:
            assert step.text == step.paragraph, where
            continue
        phrase = edition(step.edition).phrase(rule, match)
        assert step.text == the_sentence_with(step.paragraph, phrase), where
        several = len(sentences(step.paragraph)) > 1
        assert (step.text != step.paragraph) is several, where


@pytest.mark.parametrize("number", ["723", "506"])
def test_each_reworded_phrase_is_needed_and_names_one_sentence(number):
    """Each entry of an older edition's wording map: the engine's phrase names one sentence of the
    726 paragraph and none of this edition's, and this edition's phrase names exactly one."""
    ed, new = edition(number), edition("726")
    for (rule, match), phrase in _WORDING[number].items():
        new_paragraph = new.cite(rule).paragraph
        the_sentence_with(new_paragraph, match)
        paragraph = ed.cite(rule).paragraph
        assert not any(match.lower() in s.lower() for s in sentences(paragraph)), (rule, match)
        assert ed.cite(rule, match).text == the_sentence_with(paragraph, phrase)


def test_each_step_quotes_its_own_paragraph_of_its_scenarios_edition(scenario_runs):
    for name, result in scenario_runs.items():
        for step in result.trace:
            assert step.edition == result.scenario.edition
            ed = edition(step.edition)
            own = [text for key, text in ed.paragraphs.items() if key.split("-")[0] == step.rule]
            assert step.paragraph in own, f"{name} step {step.index} ({step.rule})"


# -- the same situation under each edition -------------------------------------------------------

def exile_in_subgame(number: str) -> Game:
    g = Game(["Alex", "Bianca"], edition=number, seed=1, libraries={"Alex": 10, "Bianca": 10})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    g.advance("main")
    g.apply({"move": {"object": "Alex#4", "to": "exile"}})
    g.win("Bianca")
    return g


def test_exiled_card_stays_exiled_only_under_506():
    """506.6: cards removed from the game in the subgame remain removed in the main game; 723.5
    and 726.5 put them into the main-game library."""
    old = exile_in_subgame("506")
    assert old.where("Alex#4") == ("main", "exile") and len(old.zone("library", "Alex")) == 9
    assert old.trace.cites("506.6") and not old.trace.cites("726.5")
    for number in ("723", "726"):
        g = exile_in_subgame(number)
        assert g.where("Alex#4") == ("main", "library") and len(g.zone("library", "Alex")) == 10
        assert g.trace.cites(f"{number}.5")
    for g in (old, exile_in_subgame("726")):
        assert g.life("Alex") == 10 and g.where("shahrazad") == ("main", "graveyard")


def test_attraction_deck_moves_under_726_not_723():
    """726.2a: every supplementary deck; 723.2a: only planar decks (in a Planechase game)."""
    where = {}
    for number in ("723", "726"):
        g = Game(["Alex", "Bianca"], edition=number, variant="planechase", seed=2,
                 libraries={"Alex": 10, "Bianca": 10})
        g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
        g.add_object("naya", "Naya", owner="Alex", zone="command", traditional=False,
                     deck="planar", types=["plane"])
        g.add_object("carousel", "Carnival Carousel", owner="Bianca", zone="command",
                     traditional=False, deck="attraction", types=["attraction"])
        g.cast("shahrazad", "Alex")
        steps = g.resolve("shahrazad")
        where[number] = (g.where("naya"), g.where("carousel"))
        moved = {oid for s in steps for m in s.changes if isinstance(m, MoveAll)
                 and s.rule.endswith(".2a") for oid in m.ids}
        assert "naya" in moved
    assert where["723"] == (("1", "command"), ("main", "command"))
    assert where["726"] == (("1", "command"), ("1", "command"))


_COMPARES = ("instead", "later", "would", "as CR 726")


@pytest.mark.parametrize("number", ["506", "723"])
def test_a_note_of_an_older_edition_names_726_only_to_compare(number):
    """Under CR 506 and 723 a trace note cites that edition's paragraphs (CR 506.6, 723.3, ...):
    a sentence naming a 726 paragraph compares ("CR 726.2 instead ...", "as CR 726.4b later
    said"); it never gives the 726 number as the rule that applies."""
    from dataclasses import replace
    wrong = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        try:
            result = replace(load_scenario(path), edition=number).run()
        except RulesError:
            continue
        for step in result.trace:
            for note in step.notes:
                for sentence in re.findall(r"[^.;]*CR 726\.\w+[^.;]*", note):
                    if not any(word in sentence for word in _COMPARES):
                        wrong.append(f"{path.stem} step {step.index}: {sentence.strip()}")
    assert not wrong, "\n".join(wrong[:10])
