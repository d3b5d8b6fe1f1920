"""Issue 27, item 9: the "Official guidance" box (``magicsub.book.guidance``) quotes each card's
Gatherer rulings with date and source, escapes every word, renders as one block of HTML in the
book (MyST) and in JupyterLab (CommonMark), and stands on every page that shows a card with
official rulings."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.mdit import create_md_parser
from pagecards import BOOK, guidance_calls, page_cards

from magicsub import book
from magicsub.views import rulelinks, rulings

NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))
WITHOUT_A_BOX: dict[str, str] = {}
"""Pages that show a card with official rulings but need no box, each with why (none so far)."""


def test_the_box_quotes_each_ruling_with_its_date_and_source():
    box = book.guidance("Shahrazad", "Tug of War", rules=("726.5",))
    html = box._repr_markdown_()
    assert html.startswith('<div class="admonition ms-guidance" role="note" '
                           'aria-label="Official guidance"><p class="admonition-title">'
                           "Official guidance</p>") and html.endswith("</div>")
    assert ("<li><q>At the end of a subgame, each player puts all cards they own that are in the "
            "subgame into their library in the main game, then shuffles them. This includes "
            "cards in the subgame’s Exile zone.</q> (Gatherer ruling, 2007-07-15)</li>") in html
    assert "3 other rulings of Shahrazad bear on other points." in html
    assert "into the command zone of the main game. …</q> (Gatherer ruling, 2022-10-07)" in html
    assert repr(box) == ("Official guidance on CR 726.5:\n"
                         "- Shahrazad: Gatherer ruling 2007-07-15 (+3 on other points)\n"
                         "- Tug of War: Gatherer ruling 2022-10-07 ×2 (+8 on other points)")


def _unlinked(html: str) -> str:
    """The box's HTML with its rule links taken back to their numbers."""
    return re.sub(r'<a class="ms-cr" href="[^"]*" title="[^"]*">([^<]*)</a>', r"\1", html)


def test_without_rules_the_box_quotes_every_ruling_and_a_note_apart():
    html = book.guidance("Shahrazad")._repr_markdown_()
    assert html.count("<li>") == len(rulings.of("Shahrazad").rulings) == 4
    assert ("<q>You randomly chose which player chooses to go first or draw first.</q> "
            "(Gatherer ruling, 2004-10-04)<br><em>CR 726.2 now reads") in _unlinked(html)
    assert "other points" not in html


def test_a_card_with_no_ruling_on_those_rules_says_so():
    box = book.guidance("Shahrazad", "Syr Konrad, the Grim", rules=("726.5",))
    assert ("<p><strong>Syr Konrad, the Grim</strong>: no ruling on CR 726.5. (2 other rulings "
            "of Syr Konrad, the Grim bear on other points.)</p>") in _unlinked(
                box._repr_markdown_())
    assert repr(box).endswith("- Syr Konrad, the Grim: none on CR 726.5 (+2 on other points)")


def test_every_rule_number_in_a_box_links_to_its_paragraph():
    """The box is HTML, which the book's rule-link extension leaves alone: it links its rule
    numbers itself, with the paragraph as hover title, like the rest of the page's text."""
    html = book.guidance("Shahrazad", rules=("726.2", "726.5"))._repr_markdown_()
    assert 'href="reference_rules.html#cr-726-2" title="726.2. As the subgame starts' in html
    assert 'href="reference_rules.html#cr-726-5" title="726.5. At the end of a subgame' in html
    assert not rulelinks.rule_spans(re.sub(r"<a [^>]*>[^<]*</a>|<[^>]+>", " ", html))


@pytest.mark.parametrize("cards, rules, message", [
    ((), None, "names one or more cards"),
    (("Shahrazad", "Shahrazad"), None, "names a card twice"),
    (("Serra Angel",), None, "no official ruling of 'Serra Angel' is in magicsub/rules/"),
    (("Shahrazad", "Syr Konrad, the Grim"), ("800.4n",),
     "no ruling of Shahrazad, Syr Konrad, the Grim in magicsub/rules/rulings.yaml bears on CR "
     "800.4n"),
])
def test_a_box_with_nothing_to_show_is_refused(cards, rules, message):
    with pytest.raises(book.PageError, match=message):
        book.guidance(*cards, rules=rules)


def test_every_name_and_word_is_escaped(monkeypatch):
    text = """\
- card: "<b>Evil</b> & Co"
  read_at: "https://example.org/x"
  rulings:
    - date: "2004-10-04"
      source: Gatherer ruling
      topics: ["726.5"]
      note: "<i>note</i>"
      text: "A <script>alert(1)</script> & “quote”."
"""
    monkeypatch.setattr(rulings, "load", lambda: rulings.read(text))
    html = book.guidance("<b>Evil</b> & Co")._repr_markdown_()
    assert "<script>" not in html and "<b>Evil" not in html and "<i>note" not in html
    assert ("<strong>&lt;b&gt;Evil&lt;/b&gt; &amp; Co</strong>" in html
            and "A &lt;script&gt;alert(1)&lt;/script&gt; &amp; “quote”." in html
            and "<em>&lt;i&gt;note&lt;/i&gt;</em>" in html)


def _myst() -> MarkdownIt:
    return create_md_parser(MdParserConfig(), RendererHTML)


@pytest.mark.parametrize("parser", [_myst, lambda: MarkdownIt("commonmark")],
                         ids=["myst (the book)", "commonmark (JupyterLab)"])
def test_the_box_is_one_block_of_html_in_the_book_and_in_jupyterlab(parser):
    """The book renders a cell's Markdown as MyST (``nb_render_markdown_format: myst``), the
    notebook viewers as CommonMark: both must pass the box through as it is, not as text."""
    html = book.guidance("Shahrazad", "Tug of War", rules=("726.5",))._repr_markdown_()
    tokens = parser().parse(html)
    assert [t.type for t in tokens] == ["html_block"]
    assert parser().render(html).strip() == html


def _cards_with_rulings(path: Path) -> set[str]:
    return set(page_cards()[path.name]) & set(rulings.load())


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if _cards_with_rulings(p)],
                         ids=lambda p: p.name)
def test_every_card_a_page_shows_with_official_rulings_is_in_its_guidance_box(path):
    """Every notebook: the cards of its steppers' and quizzes' scenarios that have rulings in
    magicsub/rules/rulings.yaml are named in a ``guidance(...)`` call of the page."""
    if path.name in WITHOUT_A_BOX:
        pytest.skip(WITHOUT_A_BOX[path.name])
    boxed = {card for call in guidance_calls(path) for card in call}
    missing = _cards_with_rulings(path) - boxed
    assert not missing, (f"{path.name} shows {sorted(missing)}, which have official rulings: "
                         "add them to a guidance(...) box beside the rule text")


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if guidance_calls(p)],
                         ids=lambda p: p.name)
def test_each_box_follows_the_rule_text_or_the_page_opening(path):
    """A guidance cell stands right after a cell that quotes the rules (``quote``,
    ``rule_diff``), after a heading or the page's opening text, or after the prose or
    explanation it belongs to; and its code is hidden like a quote's (``remove-input``)."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not cell.source.startswith("guidance("):
            continue
        assert "remove-input" in cell.metadata.get("tags", []), (path.name, cell.id)
        call = ast.parse(cell.source).body[0].value
        assert isinstance(call, ast.Call) and all(isinstance(a, ast.Constant) for a in call.args)
        before = nb.cells[index - 1]
        assert before.cell_type == "markdown" or before.source.startswith(
            ("quote(", "rule_diff(", "for rule in", "explain(")), (path.name, cell.id)
