"""The book's text as a reader sees it: every table renders as a table (no raw "|---|" line), a
page that casts spells says that mana is not modelled, and no page calls Shahrazad
tournament-legal."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.mdit import create_md_parser

from magicsub.engine import datafiles

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))
TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$", re.M)
MANA = "Mana is not modelled"


def _config_format() -> str:
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    return config["sphinx"]["config"].get("nb_render_markdown_format", "commonmark")


def _parser(fmt: str) -> MarkdownIt:
    """A parser like the one myst-nb uses for Markdown of the format ``fmt``."""
    if fmt == "myst":
        return create_md_parser(MdParserConfig(), RendererHTML)
    if fmt == "gfm":
        return MarkdownIt("commonmark").enable("table")
    return MarkdownIt("commonmark")


def _markdown(path: Path):
    """Each piece of Markdown a page shows, with the format it is parsed in."""
    if path.suffix == ".md":
        yield "myst", path.read_text(encoding="utf-8")
        return
    default = _config_format()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            yield "myst", "".join(cell["source"])
        fmt = cell.get("metadata", {}).get("mystnb", {}).get("markdown_format", default)
        for out in cell.get("outputs", []):
            text = out.get("data", {}).get("text/markdown")
            if text:
                yield fmt, "".join(text)


@pytest.mark.parametrize("path", NOTEBOOKS + sorted(BOOK.glob("*.md")),
                         ids=lambda p: p.name)
def test_every_table_renders_as_a_table(path):
    for fmt, text in _markdown(path):
        if not TABLE_RULE.search(text):
            continue
        html = _parser(fmt).render(text)
        raw = TABLE_RULE.findall(re.sub(r"<pre>.*?</pre>", "", html, flags=re.S))
        assert "<table" in html and not raw, (
            f"{path.name}: a table shows as raw text ({fmt} Markdown): {text[:120]!r}")


def test_the_check_sees_a_table_that_would_not_render():
    assert TABLE_RULE.findall(_parser("commonmark").render("| a | b |\n|---|---|\n| 1 | 2 |\n"))
    html = _parser("myst").render("<div>\n\n| a |\n|---|\n</div>\n")
    assert TABLE_RULE.findall(html) or "<table" in html


def _casts(path: Path) -> bool:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return any("(cast: {" in "".join(out.get("data", {}).get("text/plain", ""))
               for cell in cells for out in cell.get("outputs", []))


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if _casts(p)], ids=lambda p: p.name)
def test_a_page_whose_players_cast_spells_says_mana_is_not_modelled(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    first = next(i for i, c in enumerate(cells) if c["cell_type"] == "code"
                 and re.search(r"\b(stepper|compare|side_by_side)\(", "".join(c["source"])))
    notes = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
             and MANA in "".join(c["source"])]
    assert notes and notes[0] < first, f"{path.name}: say '{MANA}' before the first stepper"


def test_no_page_calls_shahrazad_tournament_legal():
    texts = [p.read_text(encoding="utf-8") for p in
             [*NOTEBOOKS, *BOOK.glob("*.md"), *(BOOK / "quizzes").glob("*.yaml"),
              *(ROOT / "magicsub" / "scenarios").glob("*.yaml")]]
    assert not [t for t in texts if re.search(r"tournament[- ]legal", t, re.I)]


# -- Issue 27, item 10: the book's text, class by class ----------------------------------------
# Each test reads what a reader reads (Markdown and explain() cells, the Markdown pages, the
# quizzes, the shipped scenarios' titles and descriptions) and fails when a wrong claim of one
# class comes back anywhere in the book.

SCENARIOS = sorted((ROOT / "magicsub" / "scenarios").glob("*.yaml"))
QUIZ_FILES = sorted((BOOK / "quizzes").glob("*.yaml"))
REFERENCE_PAGES = {"reference_api.ipynb", "reference_performance.ipynb", "reference_cli.ipynb",
                   "reference_scenarios.ipynb", "reference_status.ipynb",
                   "author_walkthrough.ipynb", "using.md", "reference_format.md",
                   "reference_python.md"}
"""Pages about magicsub itself, which may name its public API and its files."""


def _page_prose(path: Path) -> str:
    """The prose of a page: a Markdown page whole, or a notebook's Markdown and explain() cells."""
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells
                       if c["cell_type"] == "markdown" or "explain(" in "".join(c["source"]))


def _quiz_prose(quiz: dict) -> str:
    parts = [quiz.get("question", "")]
    for choice in quiz.get("choices", []):
        parts += [str(choice.get("text", "")), str(choice.get("feedback", ""))]
    disputed = quiz.get("disputed") or {}
    parts.append(str(disputed.get("note", "")))
    parts += [str(r.get("reading", "")) for r in disputed.get("readings", [])]
    return "\n".join(parts)


@cache
def _reader_texts() -> tuple[tuple[str, str], ...]:
    """(where, text) for every piece of prose the book shows a reader (read once a session)."""
    texts = [(p.name, _page_prose(p)) for p in [*NOTEBOOKS, *sorted(BOOK.glob("*.md"))]]
    for path in QUIZ_FILES:
        for quiz in datafiles.load(path):
            texts.append((f"{path.name}:{quiz['id']}", _quiz_prose(quiz)))
    for path in SCENARIOS:
        data = datafiles.load(path)
        texts.append((path.name, f"{data.get('title', '')}\n{data.get('description', '')}"))
    texts += [(name, (ROOT / name).read_text(encoding="utf-8"))
              for name in ("README.md", "CONTRIBUTING.md")]
    return tuple(texts)


def _offending(pattern: str, texts=None) -> list[str]:
    regex = re.compile(pattern, re.I)
    return [f"{where}: {m.group(0)!r}" for where, text in (texts or _reader_texts())
            for m in [regex.search(" ".join(text.split()))] if m]


def _scenario_dicts():
    """(where, scenario mapping) for every shipped scenario and every quiz's inline scenario."""
    for path in SCENARIOS:
        yield path.name, datafiles.load(path)
    for path in QUIZ_FILES:
        for quiz in datafiles.load(path):
            if isinstance(quiz.get("scenario"), dict):
                yield f"{path.name}:{quiz['id']}", quiz["scenario"]


def test_the_history_pages_date_each_change_by_what_the_sources_give():
    """The subgame rules' history: exiled cards go home since 2007 (Gatherer ruling on Shahrazad,
    2007-07-15), the 723 wording was in the Khans of Tarkir rules as 715 (2014), and the
    supplementary-deck wording of 726.2a was in force by Unfinity (2022). No page dates a change
    by the number of the text that shows it ("since 723", "since 2024")."""
    assert not _offending(r"\bsince (?:CR )?(?:723|726|2024)\b"
                          r"|\brules of June 2022, two paragraphs")
    pages = dict(_reader_texts())
    needed = {"history_506_6.ipynb": ["2007-07-15", "this is a change from previous rulings"],
              "reference_history.ipynb": ["2007", "715", "Unfinity"],
              "history_723_same.ipynb": ["715", "2014"],
              "history_723_2.ipynb": ["Unfinity", "715.2a", "100.2d"],
              "history_506_3.ipynb": ["2007-07-13"],
              "history_506_3_2.ipynb": ["2007-07-13"],
              "history_map.md": ["715", "2014"]}
    missing = [(page, words) for page, words in needed.items()
               if not all(w in " ".join(pages[page].split()) for w in words)]
    assert not missing, missing


def test_a_cost_or_choice_left_to_a_departed_player_comes_from_a_card_that_asks_it():
    """CR 800.4f (a cost a departed player would pay) and 800.4g (a choice a departed player
    would make): every `choice` step of the book poses it for a built-in card whose Oracle text
    asks for that cost ("unless that player pays") or that choice ("choice"). Fact or Fiction
    asks nobody to pay and picks its opponent on resolution: it illustrates neither."""
    from magicsub.engine.registry import lookup

    wrong = []
    for where, data in _scenario_dicts():
        names = {o.get("id", o.get("name")): o.get("name") for o in data.get("objects") or []}
        for step in data.get("steps") or []:
            if not isinstance(step, dict) or "choice" not in step:
                continue
            choice = step["choice"]
            if choice.get("kind") == "rule":
                continue
            card = lookup(names.get(choice.get("object"), choice.get("object")) or "")
            text = (card.text or "") if card else ""
            asks = ("unless" in text and "pays" in text) if choice.get("kind") == "cost" \
                else "choice" in text or "choose" in text
            if not asks:
                wrong.append((where, choice))
    assert not wrong, wrong
    assert not _offending(r"Fact or Fiction")
    assert "pile of their choice" in lookup("Fight or Flight").text


def test_the_supplementary_decks_are_those_of_100_2d_and_no_contraption_deck():
    """CR 100.2d: the supplementary decks are Attraction, planar and scheme decks. No page,
    quiz or scenario calls a Contraption deck one, and a Contraption card in the command zone
    stays in the main game when a subgame starts (CR 726.2: "No other cards in a main-game zone
    are moved"), with a note; the trace does not cite 726.2a for it."""
    import magicsub
    from magicsub.engine.objects import SUPPLEMENTARY_DECKS

    assert sorted(SUPPLEMENTARY_DECKS) == ["attraction", "planar", "scheme"]
    assert not _offending(r"contraption")
    result = magicsub.load_scenario(text="""\
title: a Contraption card when a subgame starts
players: [Alex, Bianca]
seed: 1
libraries: {Alex: 8, Bianca: 8}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
  - {id: bomb, name: Bomb Squad, owner: Bianca, zone: command, traditional: false,
     deck: contraption, types: [artifact, contraption]}
steps:
  - cast: {card: shahrazad, by: Alex}
  - resolve: shahrazad
expect:
  - {object: bomb, game: main, zone: command}
  - {trace_lacks: ["726.2a"]}
""").run()
    assert result.failures == []
    assert any("not part of a supplementary deck" in str(c) for s in result.trace
               for c in s.changes)


def test_800_2s_variants_are_the_multiplayer_variants_not_the_casual_ones():
    """CR 800.2: "A single game may use multiple options but only one variant": the variants of
    806-811. The casual variants of section 9 are not limited by it (Planechase and Commander
    combine). The page on 800.2 names the six, and no text calls combining casual variants
    impossible."""
    page = " ".join(_page_prose(BOOK / "leaving_800.ipynb").split())
    for name in ("Free-for-All", "Grand Melee", "Team vs. Team", "Emperor", "Two-Headed Giant",
                 "Alternating Teams"):
        assert name in page, name
    assert not _offending(r"(?:does not|doesn't|cannot|can't) combine|One variant and an option")


def test_shahrazad_is_banned_in_legacy_vintage_and_commander_and_no_judge_exams():
    """Scryfall's legality list for Shahrazad: banned in Legacy, Vintage and Commander. A page
    that calls it banned names all three; no page sends the reader to "judge exams"."""
    assert not _offending(r"judge exams?")
    for where, text in _reader_texts():
        flat = " ".join(text.split())
        for m in re.finditer(r"banned in [^.]*", flat, re.I):
            assert all(f in m.group(0) for f in ("Legacy", "Vintage", "Commander")), (where, m)


def test_a_fan_wiki_or_another_engines_tests_are_no_authority():
    """A ruling comes from the rules or official guidance: a copy of Shahrazad resolves first by
    707.10 and the stack (117.4), not by the wiki; another engine's tests may be named only as a
    cross-check; and no page says what "many judges" do without a source."""
    assert not _offending(r"wiki'?s ruling|wiki (?:says|rules|ruled|spells out)")
    unsourced = r"many judges|most judges|judges would (?:use|do|rule)|judges differ"
    assert not _offending(unsourced)
    traces = [(p.name, p.read_text(encoding="utf-8"))
              for p in sorted((ROOT / "tests" / "golden").glob("*.txt"))]
    assert len(traces) == len(SCENARIOS)
    assert not _offending(unsourced, traces), "a trace note of a shipped scenario"
    for where, text in _reader_texts():
        for sentence in re.split(r"(?<=[.;])\s", " ".join(text.split())):
            if re.search(r"XMage", sentence) and re.search(r"\btests?\b", sentence):
                assert "cross-check" in sentence, (where, sentence)


def test_no_quiz_names_a_turn_by_its_number():
    """The rules give turns no numbers: the numbers on the board are a convention of the book,
    so no quiz's question, choice or feedback may rest on one ("turn 4")."""
    quizzes = [(where, text) for where, text in _reader_texts() if ".yaml:" in where]
    assert quizzes
    assert not _offending(r"\bturn \d+\b(?!\.\d)", quizzes)


def _glossary_entry(term: str) -> str:
    text = (BOOK / "reference_glossary.md").read_text(encoding="utf-8")
    m = re.search(rf"^{re.escape(term)}\n((?:  .*\n)+)", text, re.M)
    assert m, term
    return " ".join(m.group(1).split())


def test_the_glossary_on_vanguards_the_command_zone_and_owners():
    """A vanguard card is a nontraditional card but in no deck (CR 108.2a, 100.2d); the command
    zone holds emblems too (408.2); the owner of a card brought in from outside the game is the
    player who brought it in (108.3)."""
    nontraditional = _glossary_entry("nontraditional card")
    assert "108.2a" in nontraditional and "in no deck" in nontraditional
    assert not re.search(r"supplementary deck, such as[^.]*vanguard", nontraditional)
    supplementary = _glossary_entry("supplementary deck")
    assert "100.2d" in supplementary and "vanguard card is not a deck" in supplementary
    assert "408.2" in _glossary_entry("command zone") and "mblems" in _glossary_entry(
        "command zone")
    assert "its owner is the player who brought it into the game" in _glossary_entry("owner")
    assert "Oblivion Ring is not" in _glossary_entry("exiled until")


def test_pages_keep_the_engines_internals_out():
    """A reader's page speaks of rules and cards, not of magicsub's code: no "splitter", no "gap
    of the engine", no private function called by name (the reference pages may name the
    public API)."""
    pages = [(p.name, _page_prose(p)) for p in [*NOTEBOOKS, *sorted(BOOK.glob("*.md"))]
             if p.name not in REFERENCE_PAGES]
    assert not _offending(r"splitter|gap (?:of|in) the engine|`(?!magicsub\.)[a-z_]+\.[a-z_]+\(",
                          pages)


DISPUTED = re.compile(r"literal reading|other reading", re.I)
OFFICIAL = re.compile(r"official\s+(?:guidance|ruling)|Gatherer\s+ruling", re.I)


@pytest.mark.parametrize("path", NOTEBOOKS + sorted(BOOK.glob("*.md")), ids=lambda p: p.name)
def test_a_page_that_shows_a_disputed_corner_says_whether_official_guidance_exists(path):
    """Issue 27, item 8: a page that puts a literal reading beside another says whether any
    official guidance (a Gatherer ruling, release notes, the Commander rules) speaks to it,
    in its own words (its quizzes say so in their ``official:``)."""
    text = _page_prose(path)
    if DISPUTED.search(text):
        assert OFFICIAL.search(text), (
            f"{path.name} shows a disputed corner ({DISPUTED.search(text).group(0)!r}) but does "
            "not say whether official guidance exists")


def test_the_disputed_corner_check_sees_a_page_that_is_silent(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("The literal reading: the cards stay out. The other reading: they return.\n",
                    encoding="utf-8")
    assert DISPUTED.search(_page_prose(page)) and not OFFICIAL.search(_page_prose(page))
