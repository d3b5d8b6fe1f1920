"""magicsub.views.rulelinks and the rule links of the board (magicsub.views.render): rule numbers
found in text, the paragraph each means in each edition, the anchors of the rules page, and links
that never point at a paragraph the rules page lacks."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

import magicsub
from magicsub.views import render, rulelinks
from magicsub.views.rulelinks import anchor, find, rule_html, rule_spans, rule_url

PAGE = "reference_rules.html"


class Links(HTMLParser):
    """The ``href`` and ``title`` of every link, and every ``title`` of a hover-only number."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.links: list[dict] = []
        self.hovers: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a":
            self.links.append(attrs)
        elif "title" in attrs:
            self.hovers.append(attrs["title"])


def numbers(text: str) -> list[str]:
    return [number for _, _, number in rule_spans(text)]


# -- finding numbers in text ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("CR 726.5 says", ["726.5"]),
    ("(726.2a, 800.4a and 103.8a.)", ["726.2a", "800.4a", "103.8a"]),
    ("726.1–726.1b: a game within a game", ["726.1", "726.1b"]),
    ("rules 726.2a–c. Randomly", ["726.2a", "726.2c"]),
    ("800.4f-h always name", ["800.4f", "800.4h"]),
    ("723.2a/723.5a", ["723.2a", "723.5a"]),
    ("801.10 and 801.2", ["801.10", "801.2"]),
    ("http://127.0.0.1:8000/ and v1.0.4", []),
    ("the key 726.2.first, step 726 and 26.5", []),
    ("x726.5 726.5ab 7265.5 726.5_1", []),
])
def test_rule_spans_find_numbers_and_both_ends_of_ranges(text, expected):
    assert numbers(text) == expected


def test_the_second_end_of_a_letter_range_is_the_letter_itself():
    text = "see 726.5a–c"
    (_, _, _), (start, end, number) = rule_spans(text)
    assert (text[start:end], number) == ("c", "726.5c")


# -- which paragraph a number means --------------------------------------------------------------

def test_every_paragraph_of_every_edition_has_its_own_anchor():
    shown = [p for name in magicsub.EDITIONS for p in rulelinks.paragraphs(name)]
    assert len(shown) == len({p.anchor for p in shown}) == len(rulelinks.all_anchors())
    current = {p.key for p in rulelinks.paragraphs("726")}
    assert set(magicsub.edition("726").paragraphs) == current
    assert {p.key for p in rulelinks.paragraphs("723")} == {
        k for k in magicsub.edition("723").paragraphs if k.startswith("723.")}
    assert "506.3-2" in {p.key for p in rulelinks.paragraphs("506")}
    assert all(re.fullmatch(r"cr(723|506)?-[0-9a-z-]+", a) for a in rulelinks.all_anchors())


def test_paragraphs_are_in_rule_order():
    keys = [p.key for p in rulelinks.paragraphs("726")]
    assert keys.index("103.8") < keys.index("103.8a") < keys.index("104.1")
    assert keys.index("801.2d") < keys.index("801.10") < keys.index("901.1")
    assert keys[0] == "100.2d" and keys.index("101.4") < keys.index("108.3") < keys.index("408.2")
    assert keys.index("726.6") < keys.index("800.1")


def test_the_current_rules_win_unless_a_page_asks_for_an_older_edition():
    # 506.2 is a current paragraph (combat) and a 2003 subgame paragraph.
    assert find("506.2").anchor == "cr-506-2"
    assert find("506.2", ("506", "726")).anchor == "cr506-506-2"
    # 723.x is only in 723, so the default order finds it; 506.4 is not current data.
    assert rule_url("723.2a") == f"{PAGE}#cr723-723-2a"
    assert find("506.4") is None and find("506.4", ("506",)).edition == "506"


def test_two_paragraphs_of_one_number_are_told_apart_by_their_text():
    second = magicsub.edition("506").paragraphs["506.3-2"]
    assert find("506.3", ("506",)).key == "506.3"
    assert find("506.3", ("506",), text=second).anchor == "cr506-506-3-2"


def test_a_number_the_rules_data_lacks_has_no_url_and_no_link():
    assert rule_url("603.7d") is None and rule_url("999.1") is None
    assert rule_html("603.7d") == "603.7d"
    assert rulelinks.unknown_numbers("603.7d and 726.5 and 702.26") == ["603.7d", "702.26"]


def test_anchors_follow_the_documented_scheme():
    assert anchor("726.5") == "cr-726-5" and anchor("800.4a") == "cr-800-4a"
    assert anchor("723.2d", "723") == "cr723-723-2d" and anchor("506.3-2", "506") \
        == "cr506-506-3-2"


def test_a_step_of_an_older_edition_looks_in_its_own_section_first():
    assert rulelinks.editions_for("506") == ("506", "726")
    assert rulelinks.editions_for("726") == ("726",)
    assert rulelinks.editions_for("<bogus>") == ("726",)


def test_page_editions_are_checked():
    assert rulelinks.parse_editions(["506", 723, "726"]) == ("506", "723", "726")
    assert rulelinks.parse_editions('["506", "726"]') == ("506", "726")
    with pytest.raises(ValueError, match="'999' is not a CR edition"):
        rulelinks.parse_editions("506, 999")


# -- links in HTML -------------------------------------------------------------------------------

def test_rule_html_links_with_the_paragraph_as_hover_title():
    (link,) = Links(rule_html("726.5", page=PAGE)).links
    assert link["href"] == f"{PAGE}#cr-726-5"
    assert link["title"].startswith("726.5. At the end of a subgame")
    (hover,) = Links(rule_html("800.4a", page=None)).hovers
    assert hover.startswith("800.4a When a player leaves the game")


def test_link_numbers_keeps_escaped_text_escaped():
    escaped = render.escape_text('<b>726.5</b> & "800.4a" 999.9')
    linked = rulelinks.link_numbers(escaped, page='x"><script>')
    assert "<b>" not in linked and "&lt;b&gt;" in linked and "&amp;" in linked
    assert linked.count("<a ") == 2 and 'href="x&quot;&gt;&lt;script&gt;#cr-726-5"' in linked
    assert "999.9" in linked


def _shahrazad_trace():
    game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 8, "Bianca": 8})
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    game.apply({"resolve": "shahrazad"})
    return game.trace


def test_the_boards_rule_numbers_link_to_the_rules_page_when_given_one():
    trace = _shahrazad_trace()
    step = next(s for s in trace if s.rule == "726.2")
    linked = Links(render.step_html(step, rules_page=PAGE))
    header = linked.links[0]
    assert header["class"] == "ms-rn" and header["href"] == f"{PAGE}#cr-726-2"
    discontinued = [a for a in linked.links if a["href"] == f"{PAGE}#cr-726-1a"]
    assert discontinued and discontinued[0]["title"].startswith("726.1a A “subgame”")
    # Without a rules page: no link, the number shows its paragraph on hover.
    plain = Links(render.step_html(step))
    assert not plain.links and any(t.startswith("726.1a A “subgame”") for t in plain.hovers)
    assert '<span class="ms-rn">CR 726.2</span>' in render.step_html(step)


def test_a_stepper_given_the_rules_page_links_every_steps_rule():
    from magicsub.pages.widgets import Stepper

    trace = _shahrazad_trace()
    linked = Stepper(trace, rules_page=PAGE)
    hrefs = [Links(page.value).links[0]["href"] for page in linked.every_page[1:]]
    assert hrefs == [rule_url(s.rule) for s in trace]
    assert not any(Links(page.value).links for page in Stepper(trace).every_page)


def test_a_step_of_edition_506_links_to_the_2003_paragraph():
    data = {"title": "t", "edition": "506", "players": ["Alex", "Bianca"],
            "libraries": {"Alex": 8, "Bianca": 8},
            "objects": [{"id": "shahrazad", "name": "Shahrazad", "owner": "Alex",
                         "zone": "hand"}],
            "steps": [{"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"}]}
    trace = magicsub.load_scenario(data=data).run().trace
    hrefs = {a["href"] for s in trace for a in Links(render.rule_html(s, rules_page=PAGE)).links}
    assert f"{PAGE}#cr506-506-3" in hrefs and f"{PAGE}#cr-601-2a" in hrefs
    assert not any(h.startswith(f"{PAGE}#cr-506-") for h in hrefs)


def test_a_rule_the_data_lacks_stays_text_on_the_board():
    step = _shahrazad_trace()[0]
    odd = type(step)(step.index, "999.9", "726", "text", "text", (), step.snapshot)
    html = render.rule_html(odd, rules_page=PAGE)
    assert not Links(html).links and '<span class="ms-rn">CR 999.9</span>' in html


@pytest.mark.slow
def test_every_link_of_every_scenarios_boards_points_at_a_paragraph_of_the_rules_page(
        scenario_runs):
    """No board link is broken: each anchor is one the rules page has, and each step's header
    links to the paragraph of the step's own rule."""
    anchors = rulelinks.all_anchors()
    seen = set()
    parsed: dict[str, list[dict]] = {}  # a fragment's links: consecutive boards share most

    def fragment_links(fragment: str) -> list[dict]:
        found = parsed.get(fragment)
        if found is None:
            found = parsed[fragment] = Links(fragment).links
        return found

    for name, result in scenario_runs.items():
        before = result.trace.initial
        for step in result.trace:
            # step_html's fragments (a tag is never split between two), less its style
            parts = render.step_fragments(step, world_before=before, rules_page=PAGE)
            links = [link for part in parts for link in fragment_links(part)]
            before = step.snapshot
            assert links, f"{name} step {step.index + 1}: no rule link"
            assert links[0]["href"].split("#")[1] == find(
                step.rule, rulelinks.editions_for(step.edition), text=step.paragraph).anchor
            for link in links:
                page, _, target = link["href"].partition("#")
                assert page == PAGE and target in anchors, (name, step.index, link)
                seen.add(target)
    assert len(seen) > 50


# -- the book's reference pages ------------------------------------------------------------------

BOOK = rulelinks.__file__.rsplit("/magicsub/", 1)[0] + "/book"
QUOTE = re.compile(r"(\d{3}\.\d+[a-z]?):? \"([^\"]+)\"")


def _read(name: str) -> str:
    with open(f"{BOOK}/{name}", encoding="utf-8") as fh:
        return re.sub(r"\s+", " ", fh.read())


def test_every_quotation_of_the_glossary_is_word_for_word_in_the_rule_it_cites():
    glossary = _read("reference_glossary.md")
    quotes = QUOTE.findall(glossary)
    assert len(quotes) >= 25
    for number, quoted in quotes:
        paragraph = find(number)
        assert paragraph is not None, number
        assert quoted in paragraph.text, (number, quoted)


def test_the_reference_pages_cite_only_rules_the_data_has():
    for name in ("reference_glossary.md", "reference_rules.md", "reference_rule_index.md"):
        text = _read(name)
        front = re.match(r"--- rule-editions: (\[[^\]]*\]) ---", text)
        editions = rulelinks.parse_editions(front[1]) if front else rulelinks.DEFAULT_EDITIONS
        assert rulelinks.unknown_numbers(text, editions) == [], name
