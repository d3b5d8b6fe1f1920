"""The ``--embed`` snippet survives a Markdown post (issue 28, item 4): whatever a scenario's
title holds, ``embed_snippet`` prints one line, and a CommonMark renderer (markdown-it-py, the
parser under the book's MyST) keeps it as one ``<iframe>`` with its ``sandbox``. A title with a
blank line used to split the snippet: the HTML block ended at the blank line and the rest of the
tag, ``sandbox="allow-scripts"`` included, became a paragraph of text."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from magicsub.engine.textchars import forbidden, one_line
from magicsub.pages import walkthrough

ATTRIBUTES = {"src", "title", "width", "height", "style", "loading", "sandbox", "referrerpolicy"}
SPECIAL = list("\n\r\t\x0b\x0c\x85\u2028\u2029\u202e\u202d\u2066\u2069\u200e\u061c\u200b"
               "\ufeff\x00\x1b\x7f\u00ad \u00a0\"'<>&`*_[]()#!-|\\=/")


class _Frames(HTMLParser):
    """The ``<iframe>`` elements of a page (their attributes) and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.frames: list[dict[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "iframe":
            self.frames.append(dict(attrs))

    def handle_data(self, data):
        self.text.append(data)


def frames(html: str) -> _Frames:
    parser = _Frames()
    parser.feed(html)
    parser.close()
    return parser


def posts(snippet: str) -> dict[str, str]:
    """A Markdown post holding ``snippet``, in each of the places an author pastes it."""
    return {"block": f"# My post\n\nSome text.\n\n{snippet}\n\nMore text.\n",
            "after a paragraph": f"Some text.\n{snippet}\n",
            "in a sentence": f"See the walkthrough {snippet} and tell me.\n",
            "in a list": f"- the walkthrough:\n\n  {snippet}\n"}


def check_in_markdown(snippet: str, title: str, src: str = "page.html") -> None:
    renderer = MarkdownIt("commonmark")
    assert "\n" not in snippet and "\r" not in snippet, snippet
    for where, post in posts(snippet).items():
        page = frames(renderer.render(post))
        assert len(page.frames) == 1, (where, renderer.render(post))
        [frame] = page.frames
        assert set(frame) == ATTRIBUTES, (where, frame)
        assert frame["sandbox"] == "allow-scripts", where
        assert frame["referrerpolicy"] == "no-referrer", where
        assert frame["title"] == one_line(title, "walkthrough"), where
        assert frame["src"] == src, where
        assert "sandbox" not in "".join(page.text), where


def test_a_title_with_a_blank_line_keeps_the_frame_sandboxed():
    """The issue's case: on main (3ade3ff) the snippet is three lines and the rendered post has
    an ``<iframe>`` without ``sandbox``."""
    title = "Bribery,\n\nthen the owner leaves"
    snippet = walkthrough.embed_snippet("page.html", title, 1200)
    assert snippet.count("\n") == 0
    assert 'title="Bribery, then the owner leaves"' in snippet
    check_in_markdown(snippet, title)


@pytest.mark.parametrize("title", [
    "line one\r\nline two", "a\rb", "a\x85b", "a\u2028b\u2029c", "\n\n\n", "tab\tand\x0bform\x0c",
    "\u202eevil\u202c", "a\x00b\x1b[2Jc", '"><script>alert(1)</script>', "x" * 5000 + "\n\ny",
])
def test_titles_that_break_lines_or_hide_text_are_put_on_one_line(title):
    snippet = walkthrough.embed_snippet("page.html", title)
    assert not any(forbidden(char) for char in snippet)
    check_in_markdown(snippet, title)


def test_a_source_url_with_a_space_or_a_line_break_is_percent_encoded():
    snippet = walkthrough.embed_snippet("my page\n.html", "Walkthrough")
    assert 'src="my%20page%0A.html"' in snippet
    check_in_markdown(snippet, "Walkthrough", "my%20page%0A.html")


@settings(derandomize=True, max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(title=st.text(st.one_of(st.characters(), st.sampled_from(SPECIAL)), max_size=40))
def test_any_title_gives_one_sandboxed_frame_in_markdown(title):
    """Fuzzed titles (any Unicode, weighted to line breaks, controls, bidi and Markdown or HTML
    syntax): one line, one frame, its sandbox kept, the title normalised."""
    check_in_markdown(walkthrough.embed_snippet("page.html", title), title)


def test_the_command_line_prints_one_line_for_a_title_with_a_blank_line(tmp_path, cli):
    """``magicsub html --embed`` end to end: the snippet on standard output is one line."""
    pytest.importorskip("ipywidgets")
    scenario = tmp_path / "s.yaml"
    scenario.write_text('title: "Bribery,\\n\\nthen \\u202Ethe owner leaves"\n'
                        "players: [Alex, Bianca]\n", encoding="utf-8")
    out = tmp_path / "page.html"
    proc = cli("html", scenario, "-o", out, "--single-file", "--embed", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") == 1
    check_in_markdown(proc.stdout.rstrip("\n"), "Bribery,\n\nthen \u202ethe owner leaves")
