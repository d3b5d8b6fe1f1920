"""``magicsub html --single-file`` (issue 12; issue 28, item 3): one HTML file with the book's
stepper, its script and its styles inline, loading nothing; the ``--embed`` iframe snippet.
The browser half (the file opened from disk, offline) is tests/browser/test_single_file_page.py;
the installed wheel, tests/test_wheel.py; the size and the limits, tests/test_html_page.py."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import pytest
from filetools import SCENARIO, snapshot, write_page

from magicsub import cli
from magicsub.pages import walkthrough
from magicsub.scenario import safefiles

ROOT = Path(__file__).resolve().parent.parent
OLD_PAGE = "<!DOCTYPE html><p>the previous page</p>\n"
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
STYLE = re.compile(r"<style\b([^>]*)>(.*?)</style>", re.S | re.I)


def write(scenario: Path, out: Path, capsys, **options) -> tuple[int, str, str]:
    return write_page(scenario, out, capsys, single_file=True, **options)


# -- one file, everything inline -------------------------------------------------------------------

def test_the_single_file_is_all_there_is_and_refers_to_nothing(scenario, tmp_path, capsys):
    out = tmp_path / "site" / "page.html"
    status, stdout, err = write(scenario, out, capsys)
    assert (status, err) == (0, "")
    assert stdout.startswith(f"wrote {out} (") and "everything inline" in stdout
    assert snapshot(tmp_path).keys() == {"s.yaml", "site", "site/page.html"}
    html = out.read_text("utf-8")
    scripts = SCRIPT.findall(html)
    assert [attrs for attrs, _ in scripts if "src" in attrs] == []
    # the two scripts of the book, then the stepper's data
    assert html.lower().count("</script") == len(scripts) == 3
    assert [attrs.strip() for attrs, _ in scripts] == ["", "", 'type="application/json" '
                                                       'class="ms-data"']
    outside = STYLE.sub("", SCRIPT.sub("", html))
    assert "//" not in outside and "src=" not in outside and "<link rel=\"stylesheet" not in html
    assert re.findall(r'href="([^"]*)"', outside) == ["data:,", "#walk-0"]
    for name in walkthrough.SCRIPTS:
        book = walkthrough.asset_path(name).read_text("utf-8")
        body = book[book.index("(function () {"):]
        assert any(text.endswith(body) for _, text in scripts), name
    styles = [text for _, text in STYLE.findall(html)]
    for name in walkthrough.STYLES:
        text = walkthrough.asset_path(name).read_text("utf-8")
        assert re.sub(r"/\*.*?\*/\n?", "", text, flags=re.S) in styles, name
    assert "widget-state" not in html and "embed.js" not in html


def test_the_single_file_has_the_folder_pages_stepper(scenario, tmp_path, capsys):
    single, folder = tmp_path / "one.html", tmp_path / "two.html"
    assert write(scenario, single, capsys)[0] == 0
    assert cli.write_page(scenario, folder) == 0
    one, two = single.read_text(), folder.read_text()
    stepper = re.compile(r'<div class="magicsub-stepper.*</script></div>', re.S)
    assert stepper.search(one).group() == stepper.search(two).group()
    assert '<script defer src="two_files/magicsub-pages.js"></script>' in two
    assert "two_files" not in one


def test_two_runs_write_the_same_bytes(scenario, tmp_path, capsys):
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    first = out.read_bytes()
    assert write(scenario, out, capsys)[0] == 0
    assert out.read_bytes() == first


def test_an_inline_asset_cannot_end_its_element(tmp_path, monkeypatch):
    """An asset that held ``</script`` or ``</style`` would end its element early inline: the
    page escapes it (a backslash before the slash), as JSON is (``statichtml.script_json``)."""
    folder = tmp_path / "pages"
    folder.mkdir()
    for name in walkthrough.ASSETS:
        (folder / name).write_text(walkthrough.asset_path(name).read_text("utf-8"))
    (folder / "magicsub-pages.js").write_text('var s = "</SCRIPT><p>";\n')
    (folder / "magicsub-nav.css").write_text('a::after { content: "</style>"; }\n')
    monkeypatch.setattr(walkthrough, "ASSETS_FOLDER", folder)
    html = walkthrough.page_html([], title="t", files=None)
    assert '"<\\/SCRIPT><p>"' in html and '"<\\/style>"' in html
    assert html.lower().count("</script") == 2 and html.lower().count("</style") == 4


# -- the same safety rules as the folder page ------------------------------------------------------

@pytest.mark.parametrize("how", ["same path", "symlink", "hard link"])
def test_a_single_file_over_its_input_is_refused(how, scenario, tmp_path, capsys):
    out = {"same path": scenario, "symlink": tmp_path / "link.html",
           "hard link": tmp_path / "hard.html"}[how]
    if how == "symlink":
        out.symlink_to(scenario)
    if how == "hard link":
        os.link(scenario, out)
    before = snapshot(tmp_path)
    status, stdout, err = write(scenario, out, capsys)
    assert (status, stdout) == (2, "")
    assert err.startswith(f"error: {out} is the input file {scenario}; magicsub does not")
    assert snapshot(tmp_path) == before


def test_a_single_file_that_is_a_symlink_is_refused(scenario, tmp_path, capsys):
    target = tmp_path / "elsewhere.html"
    target.write_text(OLD_PAGE)
    out = tmp_path / "page.html"
    out.symlink_to(target)
    status, _, err = write(scenario, out, capsys)
    assert status == 2 and err.startswith(f"error: {out} is a symbolic link;")
    assert target.read_text() == OLD_PAGE and out.is_symlink()


def test_a_full_disk_leaves_the_previous_single_file(scenario, tmp_path, capsys, monkeypatch):
    out = tmp_path / "page.html"
    out.write_text(OLD_PAGE)
    before = snapshot(tmp_path)

    def write_half(fd, data):
        os.write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(safefiles, "_write_all", write_half)
    status, stdout, err = write(scenario, out, capsys)
    assert (status, stdout) == (2, "")
    assert err == f"error: cannot write {out}: No space left on device; nothing was replaced\n"
    assert snapshot(tmp_path) == before


def test_a_failed_single_file_in_a_new_folder_leaves_no_folder(scenario, tmp_path, capsys,
                                                               monkeypatch):
    def fail(fd, data):
        raise KeyboardInterrupt

    monkeypatch.setattr(safefiles, "_write_all", fail)
    with pytest.raises(KeyboardInterrupt):
        cli.write_page(scenario, tmp_path / "new" / "page.html", single_file=True)
    assert snapshot(tmp_path) == {"s.yaml": SCENARIO.encode()}


def test_a_single_file_leaves_an_assets_folder_of_the_same_name_alone(scenario, tmp_path,
                                                                      capsys):
    (tmp_path / "page_files").mkdir()
    (tmp_path / "page_files" / "magicsub-pages.js").write_text("the user's, or an older one\n")
    assert write(scenario, tmp_path / "page.html", capsys)[0] == 0
    assert snapshot(tmp_path / "page_files") == {
        "magicsub-pages.js": b"the user's, or an older one\n"}


def test_nested_asset_paths_never_go_through_a_link(tmp_path):
    """``sync_folder``'s rules for folders inside the assets folder (the pages' assets are
    flat today; the rules hold for any layout)."""
    source = tmp_path / "a.js"
    source.write_text("a\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "sub").symlink_to(outside)
    with pytest.raises(safefiles.OutputRefused, match="sub is a symbolic link"):
        safefiles.sync_folder(dest, [("sub/a.js", source)])
    (dest / "sub").unlink()
    (dest / "sub").write_text("a file\n")
    with pytest.raises(safefiles.OutputRefused, match="sub is in the way .* not a folder"):
        safefiles.sync_folder(dest, [("sub/a.js", source)])
    (dest / "sub").unlink()
    assert safefiles.sync_folder(dest, [("sub/a.js", source)]) == [dest / "sub" / "a.js"]
    assert (dest / "sub" / "a.js").read_text() == "a\n" and not list(outside.iterdir())


# -- the embed snippet -----------------------------------------------------------------------------

def test_embed_prints_the_snippet_alone_on_standard_output(scenario, tmp_path, capsys):
    out = tmp_path / "my page.html"
    status, stdout, err = write(scenario, out, capsys, embed=True)
    assert status == 0 and err.startswith(f"wrote {out} (")
    title = "Shahrazad with a short library"
    assert title in SCENARIO
    assert stdout == (f'<iframe src="my%20page.html" title="{title}" width="100%" '
                      'height="1000" style="border:1px solid #ccc;max-width:100%" '
                      'loading="lazy" sandbox="allow-scripts" referrerpolicy="no-referrer">'
                      "</iframe>\n")


def test_the_readme_shows_the_snippet_magicsub_prints(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scenario = ROOT / "magicsub" / "scenarios" / "726_3_short_library.yaml"
    status, stdout, _ = write(scenario, Path("short.html"), capsys, embed=True)
    assert status == 0
    readme = (ROOT / "README.md").read_text("utf-8")
    assert f"```html\n{stdout}```" in readme
    assert f"{scenario.relative_to(ROOT)} -o short.html --single-file --embed\n" in readme


def test_the_snippet_escapes_its_title_and_url():
    snippet = walkthrough.embed_snippet('a"b.html', 'Alex\'s "<Fork>" & co', 1200)
    assert 'src="a&quot;b.html"' in snippet and 'height="1200"' in snippet
    assert 'title="Alex&#x27;s &quot;&lt;Fork&gt;&quot; &amp; co"' in snippet
    assert snippet.count('"') % 2 == 0 and "<Fork>" not in snippet


def test_the_frame_grows_with_the_players():
    heights = [walkthrough.embed_height(n) for n in (1, 2, 3, 4, 8)]
    assert heights == [1000, 1000, 1200, 1400, 1600]


def test_the_command_line_writes_a_single_file_with_an_embed_snippet(scenario, tmp_path, cli):
    out = tmp_path / "page.html"
    proc = cli("html", scenario, "-o", out, "--single-file", "--embed", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith('<iframe src="page.html"') and proc.stdout.count("\n") == 1
    assert proc.stderr.startswith(f"wrote {out}")
    assert out.is_file() and not (tmp_path / "page_files").exists()
    help_text = cli("html", "--help").stdout
    assert "--single-file" in help_text and "--embed" in help_text
    assert 'sandbox="allow-scripts"' in help_text and "``" not in help_text
