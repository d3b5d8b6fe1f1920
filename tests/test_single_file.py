"""``magicsub html --single-file`` (issue 12): one HTML file with the widget JavaScript, its icon
font and the widget state inline, loading nothing; the ``--embed`` iframe snippet; where the
widget JavaScript is found (node_modules, the package's vendored copy) and how it is vendored.
The browser half (the file opened from disk, offline) is tests/browser/test_single_file_page.py;
the installed wheel, tests/test_wheel.py."""

from __future__ import annotations

import errno
import importlib.util
import os
import re
from pathlib import Path

import pytest
from filetools import SCENARIO, snapshot, write_page

pytest.importorskip("ipywidgets")

from magicsub import htmlpage, pagefiles, widgetjs  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OLD_PAGE = "<!DOCTYPE html><p>the previous page</p>\n"
STATE = re.compile(r'widget-state\+json">(.*?)</script>', re.S)
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
NODE_HTML_MANAGER = ROOT / "node_modules" / "@jupyter-widgets" / "html-manager"


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


vendor_widgets = load_tool("vendor_widgets")


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
    assert html.lower().count("</script") == len(scripts) == 4  # state, embed.js, a11y, view
    outside = SCRIPT.sub("", html)
    assert "//" not in outside and "src=" not in outside
    assert re.findall(r'href="([^"]*)"', outside) == ["data:,"]
    inline = widgetjs.inline_script()
    assert any(body.strip() == inline.strip() for _, body in scripts)
    assert html.count("data:font/woff2;base64,") == 1
    assert "# sourceMappingURL=embed.js.map" not in html
    assert "Automatic publicPath" not in html
    assert "jQuery JavaScript Library v3.7.1" in html  # the bundle's licence notices, in full
    assert "html-manager 1.0.15 embed.js, BSD-3-Clause" in html


def test_the_icon_font_inline_is_font_awesomes_solid_face():
    """The ``fa`` icons (Play, Pause, Stop) use Font Awesome 5's solid face; its bytes are the
    data: URL's."""
    solid = ROOT / "node_modules/@fortawesome/fontawesome-free/webfonts/fa-solid-900.woff2"
    assert widgetjs.source(widgetjs.ICON_FONT).read_bytes() == solid.read_bytes()
    encoded = re.search(r"data:font/woff2;base64,([A-Za-z0-9+/=]+)", widgetjs.inline_script())
    import base64

    assert base64.b64decode(encoded.group(1)) == solid.read_bytes()


def test_the_single_file_has_the_folder_pages_state_and_views(scenario, tmp_path, capsys):
    single, folder = tmp_path / "one.html", tmp_path / "two.html"
    assert write(scenario, single, capsys)[0] == 0
    assert htmlpage.write_page(scenario, folder) == 0
    one, two = single.read_text(), folder.read_text()
    assert STATE.search(one).group(1) == STATE.search(two).group(1)
    views = re.compile(r'widget-view\+json">(.*?)</script>')
    assert views.findall(one) == views.findall(two) and views.findall(one)
    assert '<script src="two_files/embed.js"' in two and "two_files" not in one


def test_two_runs_write_the_same_bytes(scenario, tmp_path, capsys):
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    first = out.read_bytes()
    assert write(scenario, out, capsys)[0] == 0
    assert out.read_bytes() == first


def test_an_embed_js_of_another_build_is_refused_by_name(scenario, tmp_path, capsys,
                                                         monkeypatch):
    """The inlining changes are checked (each exactly once): another html-manager build is a
    clear error, exit 2, nothing written."""
    fake = tmp_path / "nm" / "@jupyter-widgets" / "html-manager"
    (fake / "dist").mkdir(parents=True)
    for name in widgetjs.FILES:
        (widgetjs.source(name, fake)).write_bytes(widgetjs.source(name).read_bytes())
    embed = widgetjs.source(widgetjs.EMBED_SCRIPT, fake)
    embed.write_text(embed.read_text().replace("Automatic publicPath", "Automatic path"))
    monkeypatch.setenv("MAGICSUB_NODE_MODULES", str(tmp_path / "nm"))
    out = tmp_path / "page.html"
    status, stdout, err = write(scenario, out, capsys)
    assert (status, stdout) == (2, "")
    assert err == (f"error: {embed} (html-manager 1.0.15) is not the build magicsub inlines "
                   "(1.0.15, see package.json): reinstall the pinned packages (`npm ci`)\n")
    assert not out.exists()


def test_inline_script_cannot_end_its_script_element(tmp_path, monkeypatch):
    fake = tmp_path / "html-manager"
    (fake / "dist").mkdir(parents=True)
    for name in widgetjs.FILES:
        widgetjs.source(name, fake).write_bytes(widgetjs.source(name).read_bytes())
    embed = widgetjs.source(widgetjs.EMBED_SCRIPT, fake)
    embed.write_text('var s="</SCRIPT><p>";\n' + embed.read_text())
    text = widgetjs.inline_script(fake)
    assert "</script" not in text.lower() and '"<\\/SCRIPT><p>"' in text


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

    monkeypatch.setattr(pagefiles, "_write_all", write_half)
    status, stdout, err = write(scenario, out, capsys)
    assert (status, stdout) == (2, "")
    assert err == f"error: cannot write {out}: No space left on device; nothing was replaced\n"
    assert snapshot(tmp_path) == before


def test_a_failed_single_file_in_a_new_folder_leaves_no_folder(scenario, tmp_path, capsys,
                                                               monkeypatch):
    def fail(fd, data):
        raise KeyboardInterrupt

    monkeypatch.setattr(pagefiles, "_write_all", fail)
    with pytest.raises(KeyboardInterrupt):
        htmlpage.write_page(scenario, tmp_path / "new" / "page.html", single_file=True)
    assert snapshot(tmp_path) == {"s.yaml": SCENARIO.encode()}


def test_a_single_file_leaves_an_assets_folder_of_the_same_name_alone(scenario, tmp_path,
                                                                      capsys):
    (tmp_path / "page_files").mkdir()
    (tmp_path / "page_files" / "embed.js").write_text("the user's, or an older page's\n")
    assert write(scenario, tmp_path / "page.html", capsys)[0] == 0
    assert snapshot(tmp_path / "page_files") == {"embed.js": b"the user's, or an older page's\n"}


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
    with pytest.raises(pagefiles.OutputRefused, match="sub is a symbolic link"):
        pagefiles.sync_folder(dest, [("sub/a.js", source)])
    (dest / "sub").unlink()
    (dest / "sub").write_text("a file\n")
    with pytest.raises(pagefiles.OutputRefused, match="sub is in the way .* not a folder"):
        pagefiles.sync_folder(dest, [("sub/a.js", source)])
    (dest / "sub").unlink()
    assert pagefiles.sync_folder(dest, [("sub/a.js", source)]) == [dest / "sub" / "a.js"]
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
    snippet = htmlpage.embed_snippet('a"b.html', 'Alex\'s "<Fork>" & co', 1200)
    assert 'src="a&quot;b.html"' in snippet and 'height="1200"' in snippet
    assert 'title="Alex&#x27;s &quot;&lt;Fork&gt;&quot; &amp; co"' in snippet
    assert snippet.count('"') % 2 == 0 and "<Fork>" not in snippet


def test_the_frame_grows_with_the_players():
    heights = [htmlpage.embed_height(n) for n in (1, 2, 3, 4, 8)]
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


# -- where the widget JavaScript comes from --------------------------------------------------------

def test_the_vendored_files_are_the_ones_pages_need():
    assert set(vendor_widgets.PACKAGE_FILES) == {
        widgetjs.source(name, Path(".")).as_posix() for name in widgetjs.FILES}


def test_vendor_package_copies_keeps_and_refuses(tmp_path):
    dest = tmp_path / "vendor"
    (dest / "dist").mkdir(parents=True)
    (dest / "dist" / "stale.woff2").write_text("an older font\n")
    done = vendor_widgets.vendor_package(NODE_HTML_MANAGER, dest)
    assert done == f"4 of 4 files copied to {dest}/, 1 removed"
    for name in widgetjs.FILES:
        assert widgetjs.source(name, dest).read_bytes() == widgetjs.source(
            name, NODE_HTML_MANAGER).read_bytes()
    assert vendor_widgets.vendor_package(NODE_HTML_MANAGER, dest).startswith("0 of 4")
    missing = tmp_path / "not-installed"
    assert vendor_widgets.vendor_package(missing, dest).startswith("kept")
    widgetjs.source(widgetjs.ICON_FONT, dest).unlink()
    with pytest.raises(FileNotFoundError, match="run `npm ci` first"):
        vendor_widgets.vendor_package(missing, dest)


def test_the_package_copy_is_used_without_node_modules(tmp_path, monkeypatch):
    """An installed magicsub (no node_modules beside it or in the current folder) reads the
    copy in its own ``assets/vendor/``; with neither, the error says what to do."""
    package = tmp_path / "site-packages" / "magicsub"
    vendor_widgets.vendor_package(NODE_HTML_MANAGER, package / "assets" / "vendor")
    monkeypatch.delenv("MAGICSUB_NODE_MODULES", raising=False)
    monkeypatch.setattr(widgetjs, "__file__", str(package / "widgetjs.py"))
    monkeypatch.chdir(tmp_path)
    assert widgetjs.folder() == package / "assets" / "vendor"
    assert widgetjs.inline_script() == widgetjs.inline_script(NODE_HTML_MANAGER)
    widgetjs.source(widgetjs.EMBED_SCRIPT, package / "assets" / "vendor").unlink()
    with pytest.raises(widgetjs.MissingAssets, match="Reinstall magicsub .* run `npm ci`"):
        widgetjs.folder()


def test_node_modules_named_in_the_environment_come_first(tmp_path, monkeypatch):
    monkeypatch.setenv("MAGICSUB_NODE_MODULES", str(tmp_path / "nm"))
    assert widgetjs.candidates()[0] == tmp_path / "nm" / "@jupyter-widgets" / "html-manager"
    assert widgetjs.folder() != widgetjs.candidates()[0]  # incomplete: the next one is used


def test_the_build_backend_stops_without_the_widget_javascript(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    backend = load_tool("build_backend")
    monkeypatch.setattr(backend.vendor_widgets, "HTML_MANAGER", tmp_path / "none")
    monkeypatch.setattr(backend.vendor_widgets, "PACKAGE_VENDOR", tmp_path / "vendor")
    with pytest.raises(SystemExit, match="magicsub build: .* run `npm ci` first"):
        backend.build_wheel(str(tmp_path / "dist"))
    assert not (tmp_path / "dist").exists() and not (tmp_path / "vendor").exists()
