"""Generate the book's notebooks (book/*.ipynb) and its table of contents (_toc.yml).

Every page is a list of cells: markdown written here, and code cells that load a scenario, show
a ``Stepper`` over its trace or ask a ``Quiz`` whose right answer the engine computes. The pages'
text is at the end of this file, in ``parts()``; the machinery comes first.

Markdown may refer to the steps of a page's scenarios, so that "step 14" in the prose is the
step the stepper shows, computed here by running the scenario (a change in the engine that moves
a step changes the text at the next generation, and nbval catches changed outputs before that):

    {{key:726.5}}       "step N": the first step citing 726.5 of the scenario shown as ``key``
    {{key:726.5#2}}     the second such step
    {{key:726.5*}}      "steps A–B" (or "steps A, C, D"): every step citing 726.5
    {{key:~loses 10}}   the first step with a change whose words contain "loses 10"
    {{key:~loses 10*}}  every such step
    {{key:^randomly}}   the first step whose rule sentence contains "randomly"
    {{key:last}}        the last step; {{key:n}} the number of steps

Usage: ``python tools/make_book.py`` (then ``make notebooks`` to execute them). A notebook is
rewritten only when its cells change; when only markdown changed, its stored outputs and widget
state are kept. ``--check`` writes nothing and exits 1 when a notebook or _toc.yml is out of date
(for example after a scenario change moved a step that the prose refers to).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SCENARIOS = ROOT / "magicsub" / "scenarios"
sys.path.insert(0, str(ROOT))

import magicsub  # noqa: E402

sys.modules.setdefault("make_book", sys.modules[__name__])  # page modules import this one

PAGE_MODULES = ("pages_control", "pages_mid_subgame", "pages_until_leaves", "pages_phasing",
                "pages_range", "pages_player_triggers")
"""Modules in tools/ that write pages of their own: each has ``PART`` (the caption of the part
its pages join) and ``pages() -> list[Page]``."""
NEW_PART = "Control, range and more (CR 610, 800.4, 801)"

KERNEL = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                   "name": "python3"},
    "language_info": {"name": "python"},
}

# The first cell of every notebook: the helpers the pages use. Kept short and visible in
# JupyterLab; removed from the published page.
SETUP = '''\
# Helpers shared by every page of this book (see tools/make_book.py).
from pathlib import Path

from IPython.display import Markdown

import magicsub
from magicsub.widgets import Quiz, Stepper

SCENARIOS = Path(magicsub.__file__).parent / "scenarios"
SOURCES = {"800": "Comprehensive Rules, June 7, 2024", "726": "Comprehensive Rules, November 8, 2024"}


def run(name=None, *, text=None, edition=None):
    """Run a scenario file of magicsub/scenarios (or YAML text); stop if an expectation fails."""
    scenario = (magicsub.load_scenario(SCENARIOS / name) if text is None
                else magicsub.load_scenario(text=text, name=name or "inline scenario"))
    result = scenario.run()
    assert result.ok, "\\n".join(map(str, result.failures))
    return result


def quote(*rules, edition="726"):
    """The rule paragraphs, verbatim from magicsub's rules data, as a block quote."""
    ed = magicsub.edition(edition)
    lines = []
    for rule in rules:
        label = rule.split("-")[0]
        label += "." if label[-1].isdigit() else ""
        lines.append(f"> **{label}** {ed.paragraphs[rule]}")
        lines += [f"> *Example:* {example}" for example in ed.examples.get(rule, [])]
    source = SOURCES.get(rules[0][:3], ed.title)
    return Markdown("\\n>\\n".join(lines) + f"\\n>\\n> — *{source}*")


def where(result, oid):
    """Where an object is after a run, in the words the quizzes use."""
    place = result.game.where(oid)
    if place is None:
        return "it no longer exists"
    game, zone = place
    if game == "outside":
        return "outside the game"
    zone += " zone" if zone == "command" else ""
    return f"{'main-game' if game == 'main' else 'subgame ' + game} {zone}"\
'''


@dataclass
class Cell:
    """One cell of a page: markdown or code, with its tags."""

    kind: str
    source: str
    tags: tuple[str, ...] = ()


@dataclass
class Page:
    """One notebook: its file name (without .ipynb), its title and cells."""

    name: str
    title: str
    cells: list[Cell] = field(default_factory=list)
    traces: dict = field(default_factory=dict)

    # -- building cells --------------------------------------------------------------------------
    def md(self, text: str, yaml: str | None = None) -> Page:
        """A markdown cell (dedented; may refer to steps with {{key:spec}}); YAML text (flush
        left) replaces ``@@YAML@@`` after dedenting."""
        text = _dedent(text)
        if yaml is not None:
            text = text.replace("@@YAML@@", _dedent(yaml))
        self.cells.append(Cell("markdown", text))
        return self

    def code(self, source: str, *tags: str, yaml: str | None = None) -> Page:
        """A code cell; YAML text (flush left) replaces ``@@YAML@@`` after dedenting."""
        source = _dedent(source)
        if yaml is not None:
            source = source.replace("@@YAML@@", _dedent(yaml) + "\n")
        self.cells.append(Cell("code", source, tuple(tags)))
        return self

    def quote(self, *rules: str, edition: str = "726") -> Page:
        """A code cell that shows the paragraphs verbatim from the rules data (input removed)."""
        args = ", ".join(repr(r) for r in rules)
        if edition != "726":
            args += f", edition={edition!r}"
        return self.code(f"quote({args})", "remove-input")

    def stepper(self, key: str, file: str | None = None, *, text: str | None = None,
                title: str | None = None) -> Page:
        """Load a scenario (a file or inline YAML) and show a Stepper over its trace, then the
        scenario's YAML in a collapsed dropdown."""
        if text is not None:
            text = _dedent(text)
            result = magicsub.load_scenario(text=text).run()
            var = f"{key}_yaml"
            self.code(f'{var} = """\\\n{text}"""\n{key} = run(text={var})\n'
                      f"Stepper({key}.trace, title={key}.scenario.title)", "remove-input")
            label, yaml_text = "The scenario (inline in this notebook)", text
        else:
            result = magicsub.load_scenario(SCENARIOS / file).run()
            src = f'{key} = run("{file}")\n'
            src += (f"Stepper({key}.trace, title={title!r})" if title
                    else f"Stepper({key}.trace, title={key}.scenario.title)")
            self.code(src, "remove-input")
            label = f"The scenario file: `magicsub/scenarios/{file}`"
            yaml_text = (SCENARIOS / file).read_text(encoding="utf-8").rstrip("\n")
        if not result.ok:
            raise SystemExit(f"{self.name}: scenario {file or key} fails: {result.failures}")
        self.cells.append(Cell("markdown", f":::{{dropdown}} {label}\n```yaml\n{yaml_text}\n```\n:::"))
        self.traces[key] = result.trace
        return self

    def run_only(self, key: str, file: str | None = None, *, text: str | None = None) -> Page:
        """Register a scenario for {{key:...}} references without adding a cell."""
        if text is not None:
            result = magicsub.load_scenario(text=_dedent(text)).run()
        else:
            result = magicsub.load_scenario(SCENARIOS / file).run()
        self.traces[key] = result.trace
        return self

    def quiz(self, source: str, yaml: str | None = None) -> Page:
        """A code cell building a Quiz (input hidden); YAML text replaces ``@@YAML@@``."""
        return self.code(source, "remove-input", yaml=yaml)

    # -- output ------------------------------------------------------------------------------------
    def notebook(self) -> nbformat.NotebookNode:
        """The notebook of this page, with {{key:spec}} references resolved."""
        nb = nbformat.v4.new_notebook(metadata=json.loads(json.dumps(KERNEL)))
        cells = [Cell("markdown", f"# {self.title}"), Cell("code", SETUP, ("remove-input",))]
        cells += self.cells
        for i, cell in enumerate(cells):
            cid = f"{self.name.replace('_', '-')}-{i:02d}"
            if cell.kind == "markdown":
                nbc = nbformat.v4.new_markdown_cell(self._resolve(cell.source))
            else:
                nbc = nbformat.v4.new_code_cell(cell.source)
            nbc["id"] = cid
            if cell.tags:
                nbc["metadata"]["tags"] = list(cell.tags)
            nb.cells.append(nbc)
        return nb

    def _resolve(self, text: str) -> str:
        def sub(m: re.Match) -> str:
            key, spec = m.group(1), m.group(2)
            if key not in self.traces:
                raise SystemExit(f"{self.name}: no scenario {key!r} for {m.group(0)}")
            return step_ref(self.traces[key], spec, f"{self.name}: {m.group(0)}")
        text = re.sub(r"\{\{(\w+):([^}]+)\}\}", sub, text)
        # A reference that starts a line or a list item starts a sentence.
        text = re.sub(r"(?m)^(\s*- )step", r"\1Step", text)
        return re.sub(r"(\A|\n\n)step", r"\1Step", text)


def step_ref(trace, spec: str, where: str) -> str:
    """The words for a {{key:spec}} reference (see the module docstring)."""
    if spec == "n":
        return str(len(trace))
    if spec == "last":
        return f"step {len(trace)}"
    every = spec.endswith("*")
    spec = " ".join(spec.rstrip("*").split())
    nth = 1
    if "#" in spec and spec[0] not in "~^":
        spec, n = spec.split("#")
        nth = int(n)
    if spec.startswith("~"):
        frag = spec[1:].lower()
        hits = [s for s in trace if any(frag in c.words().lower() for c in s.changes)]
    elif spec.startswith("^"):
        frag = spec[1:].lower()
        hits = [s for s in trace if frag in s.text.lower()]
    else:
        hits = [s for s in trace if s.rule == spec]
    if not hits:
        raise SystemExit(f"{where}: no step matches")
    if not every:
        if len(hits) < nth:
            raise SystemExit(f"{where}: only {len(hits)} steps match")
        return f"step {hits[nth - 1].index + 1}"
    numbers = [s.index + 1 for s in hits]
    if len(numbers) == 1:
        return f"step {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"steps {numbers[0]}–{numbers[-1]}"
    return "steps " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def _dedent(text: str) -> str:
    import textwrap

    return textwrap.dedent(text).strip("\n")


@dataclass
class Part:
    """A part of the book: a caption and its chapters (notebooks or markdown files)."""

    caption: str
    chapters: list  # of Page or str (a markdown file under book/, without suffix)


def write_toc(parts: list[Part]) -> str:
    """The jb-book _toc.yml for these parts."""
    lines = ["# Table of contents (jb-book format), generated by tools/make_book.py.",
             "# Paths are relative to the repository root, without suffix.",
             "format: jb-book", "root: book/intro", "parts:"]
    for part in parts:
        lines += [f"  - caption: {json.dumps(part.caption)}", "    numbered: true",
                  "    chapters:"]
        for ch in part.chapters:
            name = ch.name if isinstance(ch, Page) else ch
            lines.append(f"      - file: book/{name}")
    return "\n".join(lines) + "\n"


def _cell_key(cells) -> list:
    return [(c.cell_type, c.source, c.get("id"), list(c.metadata.get("tags", [])))
            for c in cells]


def _carry_outputs(path: Path, nb: nbformat.NotebookNode) -> str:
    """Give ``nb`` the stored outputs of the notebook at ``path`` when every code cell is the
    same (only markdown changed), so that it needs no re-execution. Return "same" when the
    file already has exactly these cells (nothing to write), "carried" when the outputs were
    carried over, "new" when the notebook must be executed."""
    if not path.exists():
        return "new"
    old = nbformat.read(path, as_version=4)
    if _cell_key(old.cells) == _cell_key(nb.cells) and \
            old.metadata.get("kernelspec") == nb.metadata.get("kernelspec"):
        return "same"
    old_code = [c for c in old.cells if c.cell_type == "code"]
    new_code = [c for c in nb.cells if c.cell_type == "code"]
    if _cell_key(old_code) == _cell_key(new_code):
        for o, n in zip(old_code, new_code, strict=True):
            n.outputs = o.outputs
            n.execution_count = o.execution_count
        if "widgets" in old.metadata:
            nb.metadata["widgets"] = old.metadata["widgets"]
        return "carried"
    return "new"


def main(argv: list[str] | None = None) -> int:
    """Write every page's notebook (when changed) and _toc.yml; print what was written.

    Refuses (exit 1) while a golden trace is stale: the pages quote the traces, so the trace
    change is reviewed first (``make golden``).
    """
    sys.path.insert(0, str(ROOT / "tools"))
    import golden

    stale_traces = golden.stale()
    if stale_traces:
        print("golden traces are stale (run `make golden` and review the diff first):\n  "
              + "\n  ".join(stale_traces), file=sys.stderr)
        return 1
    PARTS = parts()
    argv = list(sys.argv[1:] if argv is None else argv)
    force = "--force" in argv
    check = "--check" in argv
    names = set()
    written = 0
    for part in PARTS:
        for ch in part.chapters:
            if not isinstance(ch, Page):
                if not (BOOK / f"{ch}.md").exists():
                    raise SystemExit(f"missing markdown page book/{ch}.md")
                continue
            if ch.name in names:
                raise SystemExit(f"two pages are called {ch.name}")
            names.add(ch.name)
            nb = ch.notebook()
            nbformat.validate(nb)
            path = BOOK / f"{ch.name}.ipynb"
            state = _carry_outputs(path, nb)
            if state == "same" and not force:
                continue
            written += 1
            if check:
                print(f"out of date: {path.relative_to(ROOT)}")
                continue
            nbformat.write(nb, path)
            print(f"wrote {path.relative_to(ROOT)}" + (" (outputs kept: only markdown changed)"
                                                       if state == "carried" else " (run it)"))
    toc = write_toc(PARTS)
    if check:
        stale = (ROOT / "_toc.yml").read_text(encoding="utf-8") != toc
        if stale:
            print("out of date: _toc.yml")
        return 1 if written or stale else 0
    (ROOT / "_toc.yml").write_text(toc, encoding="utf-8")
    stale = sorted(p.name for p in BOOK.glob("*.ipynb") if p.stem not in names)
    for name in stale:
        print(f"note: book/{name} is not in the table of contents")
    print(f"{len(names)} notebooks, {written} written; _toc.yml updated")
    return 0



# ================================================================================================
# The pages
# ================================================================================================

SHAHRAZAD_3P = '''
title: "Shahrazad in a three-player game: half life, rounded up"
players: [Alex, Bianca, Cho]
seed: 2
life: {Alex: 15, Cho: 7}
libraries: {Alex: 10, Bianca: 10, Cho: 10}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - resolve: shahrazad
  - advance: upkeep
  - win: Bianca
expect:
  - {player: Alex, life: 7}
  - {player: Bianca, life: 20}
  - {player: Cho, life: 3}
  - {object: shahrazad, game: main, zone: graveyard}
'''

FORK_SPLIT = '''
title: "Fork copies Shahrazad: two subgames, two different winners"
players: [Alex, Bianca]
seed: 3
libraries: {Alex: 12, Bianca: 12}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
  - {id: fork, name: Fork, owner: Bianca, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - pass_priority: Alex
  - cast: {card: fork, by: Bianca, target: shahrazad}
  - resolve: fork
  - resolve: {}          # the copy, on top of the stack (Fork made it as it resolved)
  - advance: upkeep
  - win: Alex            # subgame 1, the copy's
  - expect: [{player: Bianca, life: 10}, {player: Alex, life: 20}, {stack: [shahrazad]}]
  - resolve: shahrazad
  - advance: upkeep
  - win: Bianca          # subgame 2, the original's
expect:
  - {player: Alex, life: 10}
  - {player: Bianca, life: 10}
  - {object: shahrazad, game: main, zone: graveyard}
  - {object: fork, game: main, zone: graveyard}
  - {subgames: 0}
'''


def subgame_pages() -> list[Page]:
    """Part 2: CR 726 paragraph by paragraph, and the two cards."""
    pages = []

    p = Page("subgames_726_1", "726.1–726.1b: a game within a game")
    p.md("""
        Rule 726 is the whole of the subgame rules. Its first paragraph names the one
        tournament-legal (black-bordered) card that starts a subgame; 726.1a and 726.1b say what a
        subgame is and how little it shares with the game that created it.
        """)
    p.quote("726.1", "726.1a", "726.1b")
    p.md("""
        ## Shahrazad starts a subgame (726.1)

        Alex casts Shahrazad with 12 cards in his library; Bianca has Grizzly Bears on the
        battlefield. Move the slider (or click it and use the arrow keys) and watch the main game's
        stack.
        """)
    p.stepper("s1", "726_1_shahrazad.yaml")
    p.md("""
        **What you watched.**

        - At {{s1:601.2a}} Shahrazad goes to the main game's stack; at {{s1:117.4}} both players
          pass and it starts to resolve.
        - At {{s1:726.1}} subgame 1 is created. Look at the main-game panel: **Shahrazad is still
          on the stack**. The whole subgame is played *during* the resolution of the spell, which
          is why the main game is "discontinued" ({{s1:726.1a}}) rather than simply paused
          between two actions.
        - At {{s1:726.2}} and the steps after it the subgame starts: new zones, the libraries,
          a starting player, starting life totals and opening hands, and only then does Alex, the
          starting player, take the first turn ({{s1:103.8}}). The next page covers them.
        - At {{s1:104.2b}} Bianca wins the subgame and Alex loses it (the scenario declares the
          result; in a real game she would win it by the normal means).
        - At {{s1:726.5}} and {{s1:726.5#2}} every card in the subgame goes home to its owner's
          main-game library (726.5); the subgame's
          zones cease to exist and the main game resumes. At {{s1:~loses 10}} Shahrazad
          finishes resolving: Alex, who didn't win, loses half his main-game life, 20 → 10.
        - Only then, at {{s1:608.2n}}, does the card go to Alex's graveyard, and Alex, the active
          player, gets priority in the main game again ({{s1:117.3b}}).

        Bianca's Grizzly Bears never moved: a permanent of the main game stays there, outside the
        subgame (726.4).

        ## Discontinued (726.1a)
        """)
    p.stepper("s1a", "726_1a_main_game_discontinued.yaml")
    p.md("""
        **What you watched.** After {{s1a:726.1a}} the main-game panel shows a game frozen in the
        middle of a resolution: turn 1, Alex's precombat main phase, Shahrazad on the stack and **nobody
        holding priority**. No player can cast a spell or activate an ability in the main game
        while the subgame is in progress.

        Subgame 1 has its own turn count, active player and priority: Bianca was randomly chosen
        to go first ({{s1a:^randomly determine}}). Before any turn begins, while nobody is active
        and nobody has priority, each player starts at 20 life ({{s1a:103.4}}) and draws an
        opening hand, which is when mulligans happen ({{s1a:103.5}}); then Bianca takes the first
        turn ({{s1a:103.8}}). In a two-player game that turn has no draw step at all: at
        {{s1a:103.8a}} her upkeep is followed by her precombat main phase, because a subgame follows rule
        103 like any game that starts. When Alex wins,
        {{s1a:~main game resumes}} quotes the second half of 726.1a ("It resumes when the subgame
        ends"): the main game continues exactly where it stopped, still turn 1 and still Alex's
        precombat main phase, with Shahrazad finishing its resolution. Bianca loses half her life.

        ## Effects stay in their own game (726.1b)

        Before casting Shahrazad, Alex took Bianca's Serra Angel with Act of Treason ("gain
        control of target creature until end of turn"); the scenario starts with that control
        effect in place.
        """)
    p.stepper("s1b", "726_1b_effects_stay_in_their_game.yaml")
    p.md("""
        **What you watched.** At {{s1b:726.1b}} the engine notes that the control effect belongs
        to the main game. The subgame then plays Bianca's whole first turn, every step up to her
        cleanup step ({{s1b:514.2}}), where "until end of turn" effects end. The Angel does **not** go back to
        Bianca: the turn that ended was the subgame's, and a main-game effect has no meaning
        there. The Angel goes back only at {{s1b:514.2#2}}, in the cleanup step of the main game's
        own turn 1, after the subgame is over.

        The exception in 726.1b ("except as defined by the effect that created the subgame") is
        Shahrazad's own text: the half-life loss at {{s1b:~loses 10}} happens in the main game
        because of a result in the subgame.
        """)
    pages.append(p)

    p = Page("subgames_726_2", "726.2–726.2c: starting a subgame")
    p.md("726.2 builds the subgame: new zones, the libraries, and nothing else.")
    p.quote("726.2")
    p.md("""
        Alex (15 library cards) casts Shahrazad. He has Grizzly Bears on the battlefield and a
        Forest in hand; Bianca (12 library cards) has Assault Griffin in hand and Hypnotic Specter
        in her graveyard.
        """)
    p.stepper("s2", "726_2_new_zones.yaml")
    p.md("""
        **What you watched.**

        - {{s2:~zones are created}}: an entirely new set of zones for subgame 1: a library, hand
          and graveyard per player, and a battlefield, stack, exile, command zone and ante.
        - At {{s2:~library (main game) to alex's library (subgame 1)}} and
          {{s2:~library (main game) to bianca's library (subgame 1)}} each library moves as a
          whole and is shuffled. Alex's main-game library is now empty; nothing else moved: the Bears,
          the Forest, the Griffin, the Specter and Shahrazad itself all stay in the main game.
        - {{s2:^randomly determine}}: a random starting player, Bianca (a seeded generator: the
          same scenario always gives the same result). The subgame hasn't begun its first turn:
          nobody is active and nobody has priority.
        - {{s2:^proceeds like a normal game}}: "The subgame proceeds like a normal game": everyone
          starts at 20 life ({{s2:103.4}}) whatever their main-game life, and draws seven cards
          ({{s2:103.5}}), when players may mulligan. Alex's subgame library is down to 8 cards,
          Bianca's to 5. Only then does Bianca take the first turn ({{s2:103.8}}).

        For a player this means the library *is* the deck: a great board, a full hand or a stocked
        graveyard in the main game is worth nothing in the subgame.

        ## Supplementary decks (726.2a)
        """)
    p.quote("726.2a")
    p.stepper("s2a", "726_2a_supplementary_decks.yaml")
    p.md("""
        **What you watched.** A Planechase game: Alex's planar deck is Naya and Otaria, with
        Tazeem face up as the current plane; Bianca has a planar deck and an Attraction deck.
        At {{s2a:726.2a}} Alex's planar deck moves to the subgame command zone and is shuffled,
        but **face-up Tazeem stays in the main-game command zone** (the parenthesis of 726.2a).
        At {{s2a:726.2a#2}} and {{s2a:726.2a#3}} Bianca moves each of her two supplementary decks
        and shuffles each separately.

        The 2024 text speaks of "supplementary decks of nontraditional cards" in general (planar,
        scheme, Attraction, Contraption decks). The older 723 text named only planar and scheme
        decks: see {doc}`reference_history`.

        ## Vanguard (726.2b)
        """)
    p.quote("726.2b")
    p.stepper("s2b", "726_2b_vanguard.yaml")
    p.md("""
        **What you watched.** In a three-player Vanguard game each player's vanguard card moves,
        one by one, from the main-game command zone to the subgame command zone
        ({{s2b:726.2b*}}); the main-game command zone is left empty. A vanguard card is a single
        card, not a deck, so nothing is shuffled. The subgame then starts like any Vanguard game:
        each vanguard card sets its player's starting life total ({{s2b:902.4*}}: 22, 17 and 18
        rather than 20) and starting hand size ({{s2b:902.5}}) before the opening hands are
        drawn.

        ## Commander (726.2c)
        """)
    p.quote("726.2c")
    p.stepper("s2c", "726_2c_commander.yaml")
    p.md("""
        **What you watched.** Both commanders are in the main-game command zone, so both move
        ({{s2c:726.2c*}}). The subgame of a Commander game is a Commander game too: once the
        starting player has been determined, each player sets their life total to 40
        ({{s2c:903.7}}) instead of the 20 of 103.4, although Alex has 31 and Bianca 25 in the
        main game.

        The words "if it's there" matter: a commander on the battlefield, in a graveyard or in
        exile stays in the main game. The {doc}`corner_commander` page follows a commander that
        is *not* in the command zone, at the start and at the end of the subgame.
        """)
    pages.append(p)

    p = Page("subgames_726_3", "726.3: fewer than seven cards")
    p.quote("726.3")
    p.md("Bianca has only five cards in her library when Alex casts Shahrazad.")
    p.stepper("s3", "726_3_short_library.yaml")
    p.md("""
        **What you watched.**

        - At {{s3:~attempts to draw}} Bianca draws her opening hand: five cards, then she attempts
          to draw from an empty library. She hasn't lost yet: state-based actions are checked only
          when a player would receive priority, and nobody does before the first turn.
        - {{s3:726.3}} records why 726.3 applies. Mulligans can't save her: a mulligan shuffles
          the hand back and draws seven again from the same five cards.
        - Bianca, the starting player, takes the first turn ({{s3:103.8}}). In its upkeep,
          state-based actions are checked: at {{s3:704.5b}} Bianca loses the subgame, and at
          {{s3:104.2a}} she leaves it and Alex wins it, his only opponent having left.
        - The subgame ends: Bianca's five cards go back to her main-game library
          ({{s3:726.5#2}}), and Shahrazad makes her lose half her main-game life
          ({{s3:~loses 10}}).

        A thin library is a real risk for the caster too, and certain in a subgame within a
        subgame (see {doc}`subgames_726_6`).
        """)
    pages.append(p)

    p = Page("subgames_726_4", "726.4–726.4b: outside the subgame")
    p.quote("726.4")
    p.md("""
        Cho conceded the main game before Alex cast Shahrazad. Alex has Serra Angel on the
        battlefield; Bianca has Runeclaw Bears outside the game (in her sideboard, say).
        """)
    p.stepper("s4", "726_4_outside_the_subgame.yaml")
    p.md("""
        **What you watched.** At {{s4:104.3a}} Cho concedes and at {{s4:800.4a}} he leaves the
        main game with his cards. When the subgame starts, {{s4:726.4}} applies the second
        sentence of 726.4: Cho is outside the subgame, which has two players. At {{s4:726.4#2}}
        the first sentence: every object of the main game (Alex's Serra Angel) and every card
        outside it (Bianca's Runeclaw Bears) is outside the subgame. The subgame's battlefield
        starts empty. A card outside the subgame can still be *brought in* by an effect, which is
        the next paragraph.

        ## Bringing a card in (726.4a)
        """)
    p.quote("726.4a")
    p.stepper("s4a", "726_4a_brought_in_trigger_held.yaml")
    p.md("""
        **What you watched.**

        - In the subgame, Alex casts Living Wish ({{s4a:~living wish [wish] resolves}}). At
          {{s4a:726.4a}} it brings Runeclaw Bears into his subgame hand from his **main-game
          graveyard**, which is outside the subgame.
        - That is a card leaving a main-game zone, so Syr Konrad, the Grim (on the main
          battlefield: "whenever ... a creature card leaves your graveyard") triggers at once. But
          the main game is discontinued: the trigger is **held**, and the main-game stack still
          shows only Shahrazad.
        - When the subgame ends, the Bears are a traditional card Alex owns in the subgame, so
          726.5 puts them into his **main-game library** ({{s4a:726.5}}), not back into the
          graveyard they came from.
        - Shahrazad finishes resolving first ({{s4a:~loses 10}}) and goes to the graveyard; only
          then is the held trigger put onto the stack ({{s4a:~released}}, {{s4a:603.3}}), as the
          last sentence of 726.5 orders.

        ## Counters (726.4b)
        """)
    p.quote("726.4b")
    p.stepper("s4b", "726_4b_counters_per_game.yaml")
    p.md("""
        **What you watched.** Before Shahrazad, Bianca gets 8 poison counters and Alex 2 energy
        counters ({{s4b:122.1}}, {{s4b:122.1#2}}). At {{s4b:726.4b}} the engine notes that they
        stay in the main game. In the subgame Bianca gets 3 poison counters ({{s4b:122.1#3}}):
        she has 3 there, not 11, so she doesn't lose the subgame (ten are needed, 704.5c). When
        the subgame ends, those 3 cease to exist ({{s4b:726.4b#2}}), and back in the main game
        she has her 8 again, and Alex his 2 energy.
        """)
    pages.append(p)

    p = Page("subgames_726_5", "726.5–726.5c: the end of a subgame")
    p.quote("726.5")
    p.md("""
        In the subgame, one of Alex's cards is exiled, one of Bianca's goes to her graveyard and
        another onto the battlefield, Bianca creates a Soldier token, and Alex loses 7 life. Then
        Bianca wins.
        """)
    p.stepper("s5", "726_5_end_of_subgame.yaml")
    p.md("""
        **What you watched.**

        - {{s5:726.5}}: Alex puts every traditional card he owns in the subgame into his main-game
          library, from exile, hand and library alike ("This includes cards in the subgame's
          exile zone"), and shuffles. At {{s5:726.5#2}} Bianca does the same: from the
          battlefield, the graveyard, the hand and the library.
        - {{s5:~soldier ceases}}: the Soldier token is not a card: it ceases to exist, and so do the
          subgame's zones.
        - {{s5:~main game resumes}}: the main game resumes, and at {{s5:~loses 10}} Shahrazad
          finishes resolving: Alex loses half of his **main-game** life, 20 → 10. The 7 life he
          lost in the subgame count for nothing.
        - Shahrazad then goes to the graveyard ({{s5:608.2n}}) and Alex, the active player,
          receives priority ({{s5:117.3b}}).

        Every library card keeps its name ("Alex's card 1"), so you can follow one from the main
        game into the subgame and back. Bianca's Serra Angel on the main battlefield never moved.

        ## Supplementary decks go home (726.5a)
        """)
    p.quote("726.5a")
    p.stepper("s5a", "726_5a_supplementary_decks_back.yaml")
    p.md("""
        **What you watched.** Before the first turn of this Planechase subgame, Alex, the
        starting player, turns Otaria face up from his planar deck as the starting plane
        ({{s5a:901.5}}) and becomes the planar controller ({{s5a:901.6}}). In the subgame,
        Bianca's Ferris Wheel left her Attraction deck for the battlefield. When the subgame ends,
        726.5 moves only *traditional* cards into the libraries ({{s5a:726.5}} and
        {{s5a:726.5#2}}), so neither card is touched by it. Then at {{s5a:726.5a}} Otaria and the
        Ferris Wheel, nontraditional cards that began the subgame in a supplementary deck and
        aren't in it now, are put face down on the bottom of their decks; at {{s5a:726.5a#2}}
        and {{s5a:726.5a#3}} each deck moves back to the main-game command zone and is shuffled.
        Tazeem never left the main game.

        ## Vanguard (726.5b)
        """)
    p.quote("726.5b")
    p.stepper("s5b", "726_5b_vanguard_back.yaml")
    p.md("""
        **What you watched.** The players began this subgame with the starting life totals their
        vanguard cards give ({{s5b:902.4*}}). It ends in a draw ({{s5b:104.1}}). The vanguard cards go
        back to the main-game command zone ({{s5b:726.5b*}}). Nobody won, so at
        {{s5b:~no player won}} each player loses half their life: a draw is bad for everyone.

        ## Commander (726.5c)
        """)
    p.quote("726.5c")
    p.stepper("s5c", "726_5c_commander_back.yaml")
    p.md("""
        **What you watched.** Both commanders spent the subgame in its command zone, so both go
        back ({{s5c:726.5c*}}). Bianca lost 15 of her 40 subgame life and conceded
        ({{s5c:104.3a}}); in the main game she loses half of her **main-game** life, 27, rounded
        up: 14 ({{s5c:~loses 14}}).

        If a commander is elsewhere when the subgame ends (on the subgame battlefield, say),
        726.5c doesn't apply, and 726.5 treats it as any other traditional card: see
        {doc}`corner_commander`.
        """)
    pages.append(p)

    p = Page("subgames_726_6", "726.6: a subgame within a subgame")
    p.quote("726.6")
    p.md("""
        Alex has a second Shahrazad among the 7 cards of his library. In subgame 1 he goes first,
        draws it in his opening hand and casts it.
        """)
    p.stepper("s6", "726_6_subgame_in_a_subgame.yaml")
    p.md("""
        **What you watched.**

        - {{s6:726.1#2}}: the second Shahrazad creates subgame 2, and at {{s6:726.6}} subgame 1
          becomes *the main game in relation to* subgame 2. Every "main game" of rule 726 now
          means subgame 1; subgame 1 is discontinued ({{s6:726.1a#2}}).
        - Alex drew his whole 7-card library into his subgame-1 hand, so his subgame-1 library,
          which is what 726.2 moves, is empty ({{s6:~main-game library is empty}}). He starts
          subgame 2 with no cards and loses it at the first upkeep ({{s6:704.5b}}, 726.3).
        - Subgame 2 ends: Bianca's cards go to her **subgame-1** library
          ({{s6:~bianca's hand (subgame 2) to bianca's library (subgame 1)}}), and Alex loses half
          of his **subgame-1** life ({{s6:~loses 10 life in the subgame 1}}). The real main game is
          untouched: everyone still has 20 life there.
        - The second Shahrazad goes to Alex's subgame-1 graveyard. When Alex wins subgame 1, that
          card, like all of his cards in subgame 1, goes to his real main-game library
          ({{s6:~alex's graveyard (subgame 1) to alex's library (main game)}}); then the first
          Shahrazad finishes resolving and Bianca loses half her life in the main game.
        """)
    pages.append(p)

    p = Page("subgames_shahrazad", "Shahrazad, the card")
    p.code("""
        from magicsub.cards import lookup

        card = lookup("Shahrazad")
        Markdown(f"> **{card.name}** — {' '.join(card.types).title()}\\n>\\n> {card.text}")
        """, "remove-input")
    p.md("""
        Shahrazad (Arabian Nights, 1993) is the only black-bordered card that starts a subgame. It
        is banned in Legacy and Vintage (a subgame takes far too long for a tournament round), so
        you will meet it at kitchen tables, in old-frame cube drafts and in judge exams. Read its
        text word by word:

        - **"Players play a Magic subgame"**: every player still in the game plays it, not only
          the caster and an opponent.
        - **"using their libraries as their decks"**: 726.2; nothing else comes along.
        - **"Each player who doesn't win the subgame"**: the losers *and*, when the subgame is a
          draw, everyone (see {doc}`corner_draw`).
        - **"loses half their life, rounded up"**: half of the **main-game** life total, when
          Shahrazad finishes resolving after the subgame (726.5). At 15 life you lose 8.

        A three-player game: Alex (15 life) casts Shahrazad, Bianca (20) wins the subgame, Cho
        (7) doesn't.
        """)
    p.stepper("sh", text=SHAHRAZAD_3P)
    p.md("""
        **What you watched.** All three players play the subgame ({{sh:~cho's library (main game)
        to cho's library (subgame 1)}} moves Cho's library too). Bianca wins, and Alex and Cho
        lose ({{sh:104.2b}}).
        At {{sh:~loses 8}} Shahrazad finishes resolving in the main game: Alex loses 8 (half of
        15, rounded up) and Cho loses 4 (half of 7, rounded up); Bianca, the winner, loses
        nothing. Only then is Shahrazad put into Alex's graveyard ({{sh:608.2n}}).
        """)
    pages.append(p)

    p = Page("subgames_fork", "Copies of Shahrazad (Fork)")
    p.code("""
        from magicsub.cards import lookup

        card = lookup("Fork")
        Markdown(f"> **{card.name}** — {' '.join(card.types).title()}\\n>\\n> {card.text}")
        """, "remove-input")
    p.md("""
        Rule 726 says nothing about copies, but the rest of the rules do. A copy of Shahrazad is a
        spell on the stack (707.10) that resolves like the original, and the stack resolves top
        first. The Japanese MTG Wiki (see the sources) spells out the consequence: *the spell or
        ability that created the subgame stays on the main game's stack; it finishes resolving
        and goes to the graveyard only when the subgame ends. So when it is copied by Fork or
        Lithoform Engine, the copy's subgame starts first; after it ends and the copy finishes
        resolving, a second subgame starts in the main game.*

        Here Bianca Forks Alex's Shahrazad. Alex wins the first subgame, Bianca the second.
        """)
    p.stepper("fk", text=FORK_SPLIT)
    p.md("""
        **What you watched.**

        - At {{fk:707.10}} Fork's copy of Shahrazad, controlled by Bianca, goes on top of the
          stack, above the original.
        - The copy resolves first: subgame 1 ({{fk:726.1}}). Alex wins it, and at
          {{fk:~bianca loses 10}} the copy finishes resolving: Bianca, who didn't win, loses half
          her life. Who controls the copy doesn't matter: the text punishes whoever doesn't win.
        - As it finishes resolving, the copy is put into the graveyard of its owner, Bianca
          ({{fk:608.2n#2}}); but a copy of a spell can't exist off the stack, and when state-based
          actions are next checked it ceases to exist ({{fk:704.5e}}).
        - Back in the main game the original Shahrazad is still on the stack. Players get priority
          again, and then it resolves: subgame 2 ({{fk:726.1#2}}), with the libraries as 726.5
          shuffled them back after subgame 1. Bianca wins it, and Alex loses half his life
          ({{fk:~alex loses 10}}).

        Both players end at 10 life. When the *same* player wins both subgames, the other one
        loses half twice: see {doc}`corner_fork`.
        """)
    pages.append(p)
    return pages


def leaving_pages() -> list[Page]:
    """Part 3: CR 800.4a–p with every example, and 800.1–800.7 in brief."""
    pages = []

    p = Page("leaving_800", "800.1–800.7 in brief")
    p.quote("800.1", "800.2", "800.3")
    p.md("""
        A multiplayer game is one that **begins** with more than two players. A game that began
        with four and is down to two is still a multiplayer game, and 800.4 keeps applying to it.
        A two-player game is not: when a player loses it, the game is over at once (104.2a) and
        nothing leaves.
        """)
    p.stepper("o1", "800_1_two_player_game_ends.yaml")
    p.md("""
        **What you watched.** Alex loses a two-player game: at {{o1:104.2a}} Alex loses, Bianca
        wins and the game ends. Alex's Grizzly Bears stay on the battlefield; 800.4a is never applied.
        """)
    p.quote("800.4")
    p.md("""
        The paragraphs 800.4a–800.4p, one page each in this part, say what "leaving" does. A
        player leaves by losing, by conceding, or because an effect says so; the same rules apply
        however they leave.
        """)
    p.quote("800.5", "800.6")
    p.md("""
        A subgame is a new game that *begins*, so when three or more players play it, it is a
        multiplayer game and 800.6 and 800.7 apply to its start. Bianca mulligans twice in a
        three-player subgame.
        """)
    p.stepper("o6", "800_6_free_mulligan.yaml")
    p.md("""
        **What you watched.** The opening hands are drawn at {{o6:103.5}}, before the subgame's
        first turn; that is when mulligans happen. At {{o6:103.5#2}} Bianca shuffles her hand back
        and draws seven new cards; at {{o6:800.6}} that first mulligan is free: no card goes to
        the bottom. Her second mulligan ({{o6:103.5#3}}) counts as her first: she draws seven
        again and puts one card on the bottom, keeping six.
        """)
    p.quote("800.7")
    p.stepper("o7", "800_7_starting_player_draws.yaml")
    p.md("""
        **What you watched.** Bianca goes first in the three-player subgame. At {{o7:800.7}} she
        draws in the draw step of her first turn, ending with eight cards in hand. In a two-player
        subgame her first turn would have no draw step at all (103.8a): her upkeep would be
        followed by her precombat main phase, as in the subgame of {doc}`subgames_726_1`.
        """)
    pages.append(p)

    p = Page("leaving_800_4a", "800.4a: what leaves with the player")
    p.quote("800.4a")
    p.md("""
        800.4a happens the moment the player leaves (it is not a state-based action), in the
        order of its own sentences; the engine shows each stage as a step of its own, and leaves
        out a stage that has nothing to do:

        1. every object the player **owns** leaves the game (cards in every zone, tokens they
           own, spells and abilities they own), and every effect that gives the player
           **control** of an object or a player ends. In the same step the player stops being
           the active player and stops holding priority;
        2. then objects the player controlled on the stack that aren't represented by cards
           (copies, abilities) cease to exist;
        3. then anything the player **still controls** is exiled;
        4. if the player had priority when they left, priority passes to the next player in turn
           order who's still in the game.

        If it was the player's turn, the turn then goes on without an active player (800.4j). The
        rule's four examples follow, each in both directions where the rule gives both.

        ## Mind Control: Alex leaves
        """)
    p.stepper("mca", "800_4a_mind_control_alex_leaves.yaml")
    p.md("""
        **What you watched.** At {{mca:608.3c}} Mind Control, an Aura spell, becomes a permanent
        attached to Bianca's Assault Griffin, and its control effect gives the Griffin to Alex,
        Mind Control's controller (109.5). At {{mca:800.4a}} Alex leaves (stage 1): Mind
        Control, which he owns, leaves the game, the effect ends with it, and the Griffin
        reverts to Bianca. Nothing is left for stage 3 to exile. Alex had priority, so it passes
        to Bianca ({{mca:800.4a#2}}, stage 4); it was Alex's turn, so it goes on without an
        active player ({{mca:800.4j}}, see {doc}`leaving_800_4j`).

        ## Mind Control: Bianca leaves
        """)
    p.stepper("mcb", "800_4a_mind_control_bianca_leaves.yaml")
    p.md("""
        **What you watched.** This time Bianca leaves ({{mcb:800.4a}}): the Griffin, which she
        owns, leaves the game with her (stage 1), although Alex controls it, and Mind Control's
        effect ends. Bianca didn't have priority, so there is no stage 4. Mind Control is left enchanting
        nothing and goes to its owner's graveyard the next time state-based actions are checked
        ({{mcb:704.5m}}): "Mind Control is put into Alex's graveyard".

        ## Act of Treason: Alex leaves
        """)
    p.stepper("aot", "800_4a_act_of_treason.yaml")
    p.md("""
        **What you watched.** At {{aot:608.2c}}, as Act of Treason resolves, Alex gains control
        of Bianca's Runeclaw Bears until end of turn and untaps them; the card then goes to
        Alex's graveyard ({{aot:608.2n}}). At {{aot:800.4a}} Alex leaves (stage 1): the Act of
        Treason card leaves the game from his graveyard, the change-of-control effect ends, and
        the Bears revert to Bianca. They are **not** exiled: when stage 3 looks, Alex no longer
        controls them. Priority passes to Bianca ({{aot:800.4a#2}}).

        ## Bribery: Alex leaves
        """)
    p.stepper("bra", "800_4a_bribery_alex_leaves.yaml")
    p.md("""
        **What you watched.** As Bribery resolves, Alex puts Bianca's Serra Angel onto the
        battlefield **under his control** ({{bra:608.2c}}). No control-changing effect is
        involved: Alex controls the Angel simply because it entered under his control. So when
        Alex leaves ({{bra:800.4a}}), stage 1 takes his Bribery card out of the game but finds
        no control effect to end, and at {{bra:800.4a#2}} (stage 3) the Angel, still controlled
        by Alex, is **exiled**. It stays in exile, in the game, owned by Bianca. Then priority
        passes to Bianca ({{bra:800.4a#3}}).

        ## Bribery: Bianca leaves
        """)
    p.stepper("brb", "800_4a_bribery_bianca_leaves.yaml")
    p.md("""
        **What you watched.** Bianca leaves ({{brb:800.4a}}): the Angel is hers, so it leaves the
        game with her (with the rest of her library), whoever controls it. Bribery stays in Alex's
        graveyard.

        ## Genesis Chamber: Alex leaves
        """)
    p.stepper("gc", "800_4a_genesis_chamber.yaml")
    p.md("""
        **What you watched.** Alex casts Runeclaw Bears; Genesis Chamber triggers and Alex, the
        creature's controller, creates a Myr ({{gc:111.2}}): the player who creates a token owns
        it. On Bianca's turn her Assault Griffin enters and *she* creates a Myr
        ({{gc:111.2#2}}), which she owns. At {{gc:800.4a}} Alex leaves: the Chamber, his Bears,
        his library and **his Myr** leave the game (a token that leaves the battlefield ceases to
        exist). Bianca's Myr stays: it is hers, although Alex's card made it.
        """)
    pages.append(p)

    singles = [
        ("800_4b", "800.4b: no control for a player who has left", "b",
         "800_4b_control_to_departed.yaml", """
        **What you watched.** Two real cards of Alex's would hand something to a player who has
        just conceded. On Bianca's turn her Runeclaw Bears enter and Genesis Chamber triggers:
        "that creature's controller creates a 1/1 colorless Myr". Bianca concedes with the
        ability on the stack ({{b:800.4a}}); the ability is Alex's, so it stays and resolves, and
        the Myr it would create under her control is not created ({{b:800.4b}}). On Cho's turn he
        casts Act of Treason on Alex's Grizzly Bears, which wear Fractured Loyalty: "Whenever
        enchanted creature becomes the target of a spell or ability, that spell or ability's
        controller gains control of that creature." Cho concedes before that ability resolves;
        Act of Treason leaves the game with him. Fractured Loyalty's ability targets nobody (the
        player is *that spell's controller*, fixed when it triggered), so it does not fizzle the
        way a "target player" effect would (608.2b): it resolves, and the Bears would change to
        Cho's control. They don't ({{b:800.4b#2}}): they stay Alex's. The other two sentences
        work the same way: a card that would be put onto the battlefield or the stack under a
        departed player's control stays where it is (Astral Slide, 800.4d's page), and a player
        whom a departed player would control (Mindslaver) isn't controlled.
        """),
        ("800_4c", "800.4c: when a control effect ends later", "c",
         "800_4c_default_controller_left.yaml", """
        **What you watched.** Alex's Bribery puts Bianca's Serra Angel onto the battlefield under
        Alex's control: Alex is its controller **by default**. Then Cho takes it until end of turn
        ({{c:611.2a}}). When Alex leaves ({{c:800.4a}}), the Angel is not exiled: stage 3 of
        800.4a exiles what the departed player *still controls*, and Cho controls it. The turn
        goes on without an active player (800.4j). At cleanup ({{c:514.2}}) Cho's effect ends;
        the Angel doesn't go back to Alex, not even for a moment, since control never passes to a
        player who has left (800.4b). No other effect gives it to a player in the game, and its
        default controller, Alex, has left: at {{c:800.4c}} it is exiled, at once (not as a
        state-based action).
        """),
        ("800_4d", "800.4d: nothing is created for a player who has left", "d",
         "800_4d_astral_slide.yaml", """
        **What you watched.** This is the rule's own example. Alex cycles Barren Moor
        ({{d:702.29a}}): cycling is an activated ability, discarding the card is its cost, and the
        ability ("draw a card") goes on the stack. Bianca's Astral Slide triggers, and its ability
        goes on the stack above the cycling ability ({{d:603.3}}), so it resolves first
        ({{d:608.2c}}): it exiles Alex's Hypnotic Specter, setting up a delayed trigger,
        controlled by Bianca, to return it at the beginning of the next end step. Only then does
        the cycling ability resolve and Alex draw his card ({{d:608.2c#2}}). At {{d:800.4a}}
        Bianca leaves (Astral Slide leaves with her). Alex declares no attackers, so the turn goes
        from the declare attackers step straight to the end of combat ({{d:508.8}}). At the end
        step the delayed ability triggers ({{d:603.3#2}}), but at {{d:800.4d}} it isn't put on the
        stack, since its controller has left. The Specter stays in exile for the rest of the game.
        """),
        ("800_4e", "800.4e: combat damage to a player who has left", "e",
         "800_4e_combat_damage.yaml", """
        **What you watched.** In the declare attackers step Alex attacks Bianca with Grizzly
        Bears and Cho with Serra Angel ({{e:508.1*}}); attacking taps the Bears, but not the
        Angel, which has vigilance ({{e:508.1f}}, {{e:702.20b}}). Bianca leaves in the same
        declare attackers step, before combat damage ({{e:800.4a}}). In the declare blockers
        step nobody blocks ({{e:509.1}}; this engine doesn't model blocking). In the combat
        damage step the Bears' damage to Bianca isn't assigned at all ({{e:800.4e}}); the Angel's
        4 damage to Cho is, and is dealt ({{e:510.2}}): 20 → 16.
        """),
        ("800_4f", "800.4f: a cost a player who has left would pay", "f",
         "800_4f_cost_not_paid.yaml", """
        **What you watched.** Alex's Rhystic Study triggers when Bianca casts Opt
        ({{f:603.3}}); as it resolves Bianca decides whether to pay {1} ({{f:608.2d}}). Then Cho
        casts Opt and concedes with the Study's ability on the stack ({{f:800.4a}}). The ability
        still resolves, Alex controls it: the {1} asked of Cho gets no answer and needs none
        ({{f:800.4f}}): it is not paid, the game doesn't wait, and Alex draws.
        """),
        ("800_4g", "800.4g: a choice a player who has left would make", "g",
         "800_4g_choice_by_another.yaml", """
        **What you watched.** At the beginning of combat on Bianca's turn, Alex's Fight or Flight
        designates Bianca: she is to choose a pile. She concedes first ({{g:800.4a}}), and the
        turn goes on without an active player ({{g:800.4j}}). The object still requires a choice
        of a player who has left: at {{g:800.4g}} Alex, who controls it, picks another player to
        make it, and since Bianca was his opponent, another opponent: Dana. 800.4g can only
        arise this way, from an object that designated the player *before* they left.
        """),
        ("800_4h", "800.4h: a choice a rule asks of a player who has left", "h",
         "800_4h_rule_choice.yaml", """
        **What you watched.** Before a four-player game begins, Bianca wins the coin flip: CR
        103.1 has the players "determine which one of them will choose who takes the first
        turn", and it is her. She concedes before choosing ({{h:104.3a}}; CR 104.3a: "A player
        can concede the game at any time"), and her cards leave with her ({{h:800.4a}}). The
        *rule* still needs the choice ({{h:103.1}}); no object asks it, so nobody picks a
        replacement: at {{h:800.4h}} the next player in turn order, Cho, makes it. He chooses
        Dana, and the first turn is hers ({{h:103.8}}).

        **Judge's corner.** Before the starting player is chosen there is no turn yet, so "the
        next player in turn order" has to mean the seating order, clockwise (the order CR 103.1
        says turn order follows once the starting player is known). The engine takes that
        literal reading and says so in the trace. Another reading would have the players
        determine a new chooser the way they determined Bianca (a new coin flip); CR 800.4h
        does not say so.
        """),
        ("800_4i", "800.4i: information about a player who has left", "i",
         "800_4i_last_known_information.yaml", """
        **What you watched.** The paragraph's second sentence first: in Alex's turn Alex casts
        Opt and Bianca casts Fork copying it; then Bianca concedes ({{i:800.4a}}). Alex casts
        Grapeshot ("Grapeshot deals 1 damage to any target. Storm"), whose storm ability
        triggers ({{i:702.40a}}): "copy it for each other spell that was cast before it this
        turn". Opt and Fork were cast; Fork's copy of Opt was not (a copy is put onto the stack,
        not cast, {{i:707.10}}). Bianca has left, but **the actions she took can still be
        found** ({{i:800.4i}}): two copies, and Cho takes 3 damage ({{i:120.3a}}).

        Then the first sentence, with Curse of Surveillance ("At the beginning of enchanted
        player's upkeep, any number of target players other than that player each draw cards
        equal to the number of Curses attached to that player"). Cho wears two of them, Alex's
        and Dana's. Bianca's turn never begins ({{i:800.4k}}); at the beginning of Cho's upkeep
        both Curses trigger ({{i:603.2b}}), and Alex's goes on the stack last, on top (APNAP
        order, {{i:603.3b}}). Alex's ability targets Alex, Dana's targets Dana. Cho concedes in
        response ({{i:104.3a#2}}); the turn goes on without an active player ({{i:800.4j}}), and
        both Curses, attached to a player who is no longer in the game, go to their owners'
        graveyards ({{i:704.5m}}). "That player" is Cho, who has left: the number of Curses
        attached to him is his **last known information**, the two Curses attached to him as he
        left ({{i:800.4i#2}}), not the none attached to anything now. Alex draws 2, and so does
        Dana ({{i:800.4i#3}}).

        **Judge's corner.** The copies keep Grapeshot's target here (Cho); CR 702.40a lets Alex
        choose new targets for any of them, and the engine records keeping them as its default.
        Bianca cannot be chosen: she is no longer a player in the game. Which of Cho's details
        are "information about that player"? The engine reads the Curses attached to him as such
        (CR 303.4b: the player an Aura is attached to is *enchanted*, a fact about him), and
        records them as he leaves. Another reading counts only the Curses still attached when
        the ability resolves: none here, since they went to the graveyard (CR 704.5m), and Alex
        and Dana would draw nothing. 800.4i's point is that a player who has left still has
        last known information, so the engine takes the reading that uses it.
        """),
        ("800_4j", "800.4j: the active player leaves", "j",
         "800_4j_turn_without_active_player.yaml", """
        **What you watched.** Alex leaves during his own turn, holding priority ({{j:800.4a}}):
        from that step the panel shows "no active player". Priority passes to Bianca, next in
        turn order ({{j:800.4a#2}}); then at {{j:800.4j}} the turn goes on with **no active
        player**, and whenever the active player would receive priority, Bianca receives it
        instead ({{j:^active player would receive priority*}}). Nobody declares attackers, so the
        declare blockers and combat damage steps are skipped ({{j:508.8}}); the turn runs on to
        its end and cleanup steps. The next turn is Bianca's (turn 2), then Cho's. Alex's next turn never begins: that is 800.4k, the next page.
        """),
        ("800_4k", "800.4k: turns of a player who has left", "k",
         "800_4j_turn_without_active_player.yaml", """
        **What you watched.** The same game as on the previous page; look at its end. After Cho's
        turn 3, Alex would begin turn 4. At {{k:800.4k}} that turn doesn't begin, and turn 4 is
        Bianca's. (Turn numbers count the turns that are played.)
        """),
        ("800_4m", "800.4m: \"until that player's next turn\"", "m",
         "800_4m_until_next_turn.yaml", """
        **What you watched.** Alex controls Cho's Serra Angel "until Bianca's next turn". Bianca
        leaves at once ({{m:800.4a}}). The effect doesn't end then (the Angel is still Alex's),
        and it doesn't last forever either: after Alex's cleanup, Bianca's turn would begin but
        doesn't ({{m:800.4k}}), and at exactly that point the effect ends ({{m:800.4m}}): the
        Angel returns to Cho, and the next turn is Cho's.
        """),
        ("800_4n", "800.4n: ante", "n", "800_4n_ante.yaml", """
        **What you watched.** Bianca leaves ({{n:800.4a}}): her Grizzly Bears leave with her, but
        her Serra Angel in the ante zone stays there ({{n:800.4n}}), an exception to 800.4a, so
        the winner of the ante can still get it.
        """),
        ("800_4p", "800.4p: the planar controller leaves", "p",
         "800_4p_planar_controller.yaml", """
        **What you watched.** In a Planechase game Alex is the planar controller, so he controls
        the face-up plane, Tazeem. He leaves: first, at {{p:800.4p}}, the next player in turn
        order who isn't leaving, Bianca, becomes the planar controller (Tazeem passes to her);
        only then does Alex leave ({{p:800.4a}}) with his own planar deck. Tazeem, which Bianca
        owns, stays in the command zone.
        """),
    ]
    for name, title, key, file, text in singles:
        p = Page(f"leaving_{name}", title)
        rule = name.replace("_", ".")
        p.quote(rule)
        p.stepper(key, file)
        p.md(text)
        pages.append(p)
    return pages


LOSER_DRAWS = '''
title: "A multiplayer subgame's loser, then his next draw in the main game"
players: [Alex, Bianca, Cho]
seed: 4
libraries: {Alex: 10, Bianca: 10, Cho: 10}
life: {Cho: 9}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - resolve: shahrazad
  - lose: Cho                       # Cho loses the three-player subgame
  - win: Bianca
  - expect:
      - {player: Cho, in_game: true, life: 4}
      - {zone: library, owner: Cho, game: main, count: 0}
      - {object: "Cho#1", zone: outside}
  - advance: next_turn              # Bianca's turn
  - advance: next_turn              # Cho's turn
  - advance: draw
expect:
  - {player: Cho, in_game: false, result: lost}
  - {trace_cites: ["726.5", "704.5b"]}
'''


def multiplayer_pages() -> list[Page]:
    """Part 4: subgames of multiplayer games."""
    pages = []
    p = Page("multiplayer_absent", "A player who has left is not in the subgame")
    p.quote("726.4")
    p.md("""
        Cho left the main game (he lost, or conceded) before Alex cast Shahrazad. Who plays the
        subgame?
        """)
    p.stepper("ab", "mp_absent_player.yaml")
    p.md("""
        **What you watched.** At {{ab:800.4a}} Cho leaves the main game, and his library leaves
        with him. When Shahrazad resolves, {{ab:726.4}} applies the second sentence of 726.4:
        Cho is not currently in the game, so he is outside the subgame. Only Alex's and Bianca's
        libraries move; the subgame is a two-player game (so its starting player's first turn has
        no draw step, and a loss there ends it at once). Alex wins, and Shahrazad makes Bianca lose half
        her life ({{ab:~loses 10}}). Cho loses nothing: he is no longer a player of the main game.
        """)
    pages.append(p)

    p = Page("multiplayer_lose", "Losing a multiplayer subgame")
    p.quote("800.4a", "726.5")
    p.md("""
        A three-player subgame is a multiplayer game (it *begins* with more than two players,
        800.1), so when Cho loses it, it goes on without him, and 800.4a applies **inside the
        subgame**. Cho has 9 life in the main game.
        """)
    p.stepper("lo", "mp_lose_subgame.yaml")
    p.md("""
        **What you watched.**

        - At {{lo:800.4a}} Cho loses and leaves **the subgame only**: 800.4a takes every object he
          owns out of the subgame: his seven-card hand and his three library cards go "outside
          the game". He is still a player of the main game.
        - The subgame goes on between Alex and Bianca; Bianca wins ({{lo:104.2b}}).
        - 726.5 moves the traditional cards each player owns "that are in the subgame".
          Cho's cards aren't: they left it with him. So at {{lo:~literal reading}} the engine
          returns nothing to Cho, and notes that it follows the literal text: Cho's cards are
          outside the main game too, and **his main-game library is empty**.
        - Shahrazad finishes resolving: Alex and Cho, who didn't win, each lose half their life
          ({{lo:~loses 5}}): Alex 20 → 10, Cho 9 → 4 (4½ rounded up is 5).

        The Comprehensive Rules don't say that cards which left a subgame come back to the main
        game. The {doc}`corner_loser_cards` page follows Cho to his next draw, and discusses the
        reading.
        """)
    pages.append(p)

    p = Page("multiplayer_concede", "Conceding a subgame")
    p.quote("104.3a", "104.2a")
    p.md("""
        Bianca concedes a two-player subgame. She concedes *that* game only: the subgame is a
        completely separate game (726.1a), and she is still playing the main game.
        """)
    p.stepper("cs", "mp_concede_subgame.yaml")
    p.md("""
        **What you watched.** At {{cs:104.3a}} Bianca concedes the subgame and leaves it; at
        {{cs:104.2a}} Alex wins it, his only opponent having left. The subgame is a two-player
        game, so it ends at once: 800.4a never applies, and her cards are still in the subgame
        when it ends. 726.5 returns them to her main-game library ({{cs:726.5#2}}), all ten.
        She is still in the main game, and Shahrazad makes her lose half her life
        ({{cs:~loses 10}}).

        Compare {doc}`multiplayer_lose`: in a subgame of three or more players, the player who
        loses or concedes leaves it under 800.4a, and takes their cards out of it.
        """)
    pages.append(p)
    return pages


def corner_pages() -> list[Page]:
    """Part 5: the rules corners of DESIGN.md section 3, and other engines' bugs."""
    pages = []
    p = Page("corner_commander", "A commander that is not in the command zone")
    p.quote("726.2c", "726.5c", "726.5")
    p.md("""
        **The literal reading.** 726.2c moves a commander to the subgame only from the main-game
        command zone, "if it's there"; 726.5c moves it back only from the subgame command zone,
        "if it's there". Anything else is left to 726.2 and 726.5, which treat a commander like
        any other card. Alex's Kaalia is on the main battlefield; Bianca's Atraxa is in the
        command zone, and Bianca casts her in the subgame.
        """)
    p.stepper("cc", "corner_commander_not_in_command_zone.yaml")
    p.md("""
        **What you watched.**

        - At {{cc:726.2c}} Atraxa moves to the subgame command zone. At {{cc:726.2c#2}} Kaalia,
          on the main battlefield, stays there, in the main game, for the whole subgame.
        - Bianca casts Atraxa from the subgame command zone; she enters the subgame battlefield
          ({{cc:608.3a}}). Bianca wins the subgame.
        - {{cc:726.5#2}}: Atraxa is a traditional card Bianca owns, in the subgame and not in its
          command zone, so 726.5 shuffles her into **Bianca's main-game library**. At
          {{cc:726.5c}} the engine notes that 726.5c finds no commander in the subgame command
          zone to move.

        **Why it is surprising.** A commander player expects their commander back in the command
        zone. In an ordinary Commander game, the owner of a commander that would be put into a
        library may put it into the command zone instead (the Commander rules, CR 903.9b). Rule
        726 doesn't say whether that choice is available for this move, which happens between two
        games; the engine follows 726.5 to the letter and doesn't offer it. At a table, agree on
        it before the subgame starts.
        """)
    pages.append(p)

    p = Page("corner_shahrazad_brought_in", "Shahrazad brought into its own subgame")
    p.quote("726.4a", "726.5")
    p.md("""
        **The literal reading.** Every object of the main game is outside the subgame (726.4),
        including the Shahrazad spell on the main game's stack, and an effect that brings a card
        in from outside the game (Burning Wish fetches a sorcery) could bring that very card into
        the subgame. 726.5 foresees it: the spell "finishes resolving, even if it was created by
        a spell card that's no longer on the stack".
        """)
    p.stepper("sb", "corner_shahrazad_brought_in.yaml")
    p.md("""
        **What you watched.**

        - At {{sb:726.4a}} the Shahrazad card moves from the **main game's stack** to Alex's
          subgame hand. The main-game stack is now empty, but the spell's resolution isn't over.
        - Alex wins; at {{sb:726.5}} the card, a traditional card Alex owns in the subgame, is
          shuffled into his main-game library with the rest.
        - At {{sb:~loses 10}} the spell finishes resolving anyway: Bianca loses half her life.
          The card is not put into the graveyard: it stays in the library, where Alex can draw it
          again.

        **Why it is surprising.** A spell resolves without its card, and a sorcery that resolved
        ends up in its owner's library instead of the graveyard.
        """)
    pages.append(p)

    p = Page("corner_fork", "The Fork copy: losing half, twice")
    p.quote("707.10")
    p.md("""
        **The literal reading.** The copy is a separate spell on top of the stack: it creates its
        own subgame, which is played and ended, and the copy finishes resolving (half life for
        whoever didn't win). Only then does the original resolve and create a second subgame
        (the Japanese wiki's ruling; see {doc}`subgames_fork`). Here Bianca wins both.
        """)
    p.stepper("cf", "corner_fork_copy.yaml")
    p.md("""
        **What you watched.** Bianca's copy resolves first ({{cf:726.1}}): subgame 1. Bianca wins
        and Alex loses half his life, 20 → 10 ({{cf:~alex loses 10}}); the copy, put into
        Bianca's graveyard, ceases to exist there ({{cf:~shahrazad ceases to exist}}). Then the original creates subgame 2
        ({{cf:726.1#2}}), from libraries that 726.5 had shuffled back. Bianca wins again and Alex
        loses half of what he has left, 10 → 5 ({{cf:~alex loses 5}}).

        **Why it is surprising.** Two subgames, played one after the other, not nested; the first
        belongs to the copy, and its controller (Bianca) need not be the original's caster; and
        the losses compound: half, then half of the rest, three quarters in all.
        """)
    pages.append(p)

    p = Page("corner_loser_cards", "The cards of a multiplayer subgame's loser")
    p.quote("726.5")
    p.md("""
        **The literal reading.** In a subgame of three or more players, a player who loses leaves
        the subgame, and 800.4a takes every object they own out of it. When the subgame ends,
        726.5 returns the cards "that are in the subgame"; the loser's cards aren't, so nothing
        brings them back. This is {doc}`multiplayer_lose` again, followed to Cho's next draw.
        """)
    p.stepper("lc", text=LOSER_DRAWS)
    p.md("""
        **What you watched.** Cho leaves the subgame with his ten cards ({{lc:800.4a}}). When it
        ends, 726.5 has nothing of his to return ({{lc:~literal reading}}), and Shahrazad takes 5
        of his 9 life. In the main game his library is empty. Bianca takes her turn; then, in
        Cho's draw step, he attempts to draw from an empty library ({{lc:~cho attempts to draw}})
        and loses the main game ({{lc:704.5b}}).

        **Why it is surprising.** Losing a subgame is meant to cost half your life, not your deck
        and then the game. But no rule returns cards that have left the subgame: 726.4 says that
        main-game objects are *outside* the subgame, not the converse. A playgroup may prefer to
        read 726.5 as "every card goes home"; the engine follows the text, and says so in the
        trace.
        """)
    pages.append(p)

    p = Page("corner_draw", "A drawn subgame, and \"rounded up\"")
    p.md("""
        **The literal reading.** Shahrazad: "Each player who doesn't win the subgame loses half
        their life, rounded up." A drawn subgame has no winner, so *every* player loses half. And
        half of an odd number is rounded up, against the loser.
        """)
    p.stepper("dr", "corner_draw_subgame.yaml")
    p.md("""
        **What you watched.** The subgame ends in a draw ({{dr:104.1}}). At {{dr:~no player won}}
        both players lose half their main-game life: Alex, at 7, loses 4 (3½ rounded up), and
        Bianca, at 20, loses 10.
        """)
    p.stepper("ru", "corner_half_life_rounding.yaml")
    p.md("""
        **What you watched.** Cho wins a three-player subgame. At {{ru:~loses 7}} Alex, at 13,
        loses 7; Bianca, at 1, loses 1 (½ rounded up), down to 0, and at {{ru:704.5a}} she loses
        the main game when state-based actions are next checked, and leaves it. The main game
        goes on between Alex and Cho.

        **Why it is surprising.** "Rounded up" makes a player at 1 life lose the game, and a draw
        is the worst result for everyone, including the player who cast Shahrazad.
        """)
    pages.append(p)

    p = Page("corner_held_trigger", "A held trigger, and the order at the end")
    p.quote("726.4a", "726.5")
    p.md("""
        **The literal reading.** A main-game ability that triggers while the subgame runs waits;
        when the subgame ends, Shahrazad finishes resolving *first*, and *then* the held ability
        is put onto the stack.
        """)
    p.stepper("ht", "corner_living_wish_konrad.yaml")
    p.md("""
        **What you watched.** In the subgame Alex's Living Wish takes Serra Angel from his
        main-game graveyard ({{ht:726.4a}}); Syr Konrad triggers in the main game and is held.
        When Alex wins, Shahrazad finishes resolving ({{ht:~cho loses 8}}): Bianca 20 → 10, Cho
        15 → 7. Then the held trigger goes on the stack ({{ht:~released}}) and, when it resolves,
        deals 1 damage to each of Alex's opponents: Bianca 9, Cho 6.

        **Why it matters.** The order changes the numbers: had Konrad's damage come first, Cho
        would have gone 15 → 14 → 7 and ended at 7, not 6.
        """)
    pages.append(p)

    p = Page("corner_nested", "A subgame inside a subgame: whose main game?")
    p.quote("726.6", "726.4b")
    p.md("""
        **The literal reading.** For subgame 2, subgame 1 *is* the main game: its libraries are
        the "main-game libraries" of 726.5, its life totals are the ones Shahrazad halves, and its
        counters are the "main-game counters" of 726.4b.
        """)
    p.stepper("ne", "corner_nested_subgame.yaml")
    p.md("""
        **What you watched.** In subgame 1 Bianca gets 2 poison counters; Alex casts a second
        Shahrazad ({{ne:726.6}}). In subgame 2 Bianca starts with none ({{ne:726.4b}}), gets 1,
        and one of Alex's cards is exiled. When Alex wins subgame 2, the exiled card goes to his
        **subgame-1** library ({{ne:~exile (subgame 2) to alex's library (subgame 1)}}), Bianca's
        subgame-2 counter ceases to exist while her 2 subgame-1 counters are still there, and
        Bianca loses half her **subgame-1** life ({{ne:~loses 10 life in the subgame 1}}). Nothing
        reaches the real main game until subgame 1 ends ({{ne:~alex loses 10 life in the main}}).
        """)
    pages.append(p)

    p = Page("corner_other_engines", "What other engines got wrong")
    p.md("""
        Rules engines for Magic have got 800.4 wrong in ways that players reported. Each scenario
        below pins one of those reports (as summarised in the scenario file) to the rule; the
        engine's test suite runs them all.
        """)
    for key, file, text in [
        ("x1929", "800_xmage_1929_stolen_returns.yaml", """
            **Reported: a stolen permanent was exiled when the thief left** (XMage issue 1929).
            800.4a ends the effects that give the departed player control *before* it exiles
            what they still control. At {{x1929:800.4a}} Alex leaves: his Control Magic effect
            ends and Bianca's Serra Angel returns to her. The exile zone stays empty.
            """),
        ("x7941", "800_xmage_7941_owner_left.yaml", """
            **Reported: a stolen card stayed when its owner left** (XMage issue 7941). 800.4a:
            every object the departed player **owns** leaves the game, whoever controls it. At
            {{x7941:800.4a}} Bianca leaves and her Assault Griffin, controlled by Alex, goes with
            her.
            """),
        ("x12253", "800_xmage_12253_delayed_trigger.yaml", """
            **Reported: a departed player's delayed trigger still went on the stack** (XMage pull
            request 12253). 800.4d: it triggers ({{x12253:603.3#2}}) but isn't put on the stack
            ({{x12253:800.4d}}). The Griffin stays exiled.
            """),
        ("x304", "800_xmage_304_until_next_turn.yaml", """
            **Reported: "until your next turn" never ended after its player left** (XMage issue
            304). 800.4m: it lasts until that turn *would have begun*. Alex leaves; Bianca keeps
            Cho's Grizzly Bears through Bianca's and Cho's turns, and at {{x304:800.4m}}, when
            Alex's turn would have begun ({{x304:800.4k}}), the effect ends and the Bears return
            to Cho.
            """),
        ("x4472", "800_xmage_4472_no_waiting.yaml", """
            **Reported: the game waited forever for a departed player's choice** (XMage issue
            4472). 800.4f–h always name who acts instead: the cost is not paid
            ({{x4472:800.4f}}) and the object's controller picks another opponent to choose
            ({{x4472:800.4g}}); a rule's choice goes to the next player in turn order (800.4h,
            shown on its own page with CR 103.1).
            """),
    ]:
        p.stepper(key, file)
        p.md(text)
    pages.append(p)
    return pages


SUBGAME_START = '''
title: "Quiz: what Alex takes into the subgame"
players: [Alex, Bianca]
seed: 6
libraries: {Alex: 15, Bianca: 15}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
  - {id: bears, name: Grizzly Bears, owner: Alex, zone: battlefield}
  - {id: angel, name: Serra Angel, owner: Alex, zone: hand}
  - {id: griffin, name: Assault Griffin, owner: Alex, zone: graveyard}
steps:
  - cast: {card: shahrazad, by: Alex}
  - resolve: shahrazad
'''

QUIZ_HELPERS = '''\
def first(result, test):
    """The index of the first step of a run for which test(step) is true."""
    return next(step.index for step in result.trace if test(step))


def main_game_life_change(step):
    return any(c.kind == "life" and c.game == 0 for c in step.changes)\
'''


def quiz_pages() -> list[Page]:
    """Part 6: quizzes; every right answer is computed by running the engine."""
    pages = []
    intro = """
        Choose an answer: the feedback appears under the buttons. The right answer is not typed
        into this page: it is computed by running the scenario through the engine when the page
        is built, and the feedback cites the rule the trace used. To see how each answer is
        computed, download the notebook (the download button at the top of the page) or open it
        with `make lab`.
        """

    p = Page("quiz_subgames", "Quiz: subgames")
    p.md(intro)
    p.code(QUIZ_HELPERS, "remove-input")
    p.quiz('''
        start = run(text="""\\
        @@YAML@@""")
        Quiz(
            "Alex casts Shahrazad with 15 cards in his library, Serra Angel in hand, Grizzly Bears "
            "on the battlefield and Assault Griffin in his graveyard. How many cards are in his "
            "subgame library once the opening hands are drawn?",
            ["15", "11", "8", "18"],
            start,
            answer=lambda r: str(len(r.game.zone("library", "Alex", game=1))),
            rule="726.2",
            explain="Only the library moves (15 cards); the opening hand takes 7 of them.",
        )''', yaml=SUBGAME_START)
    p.quiz('''
        Quiz(
            "In the subgame one of Alex's cards is exiled. Where is that card after the subgame?",
            ["main-game exile", "main-game library", "outside the game", "main-game graveyard"],
            run("726_5_end_of_subgame.yaml"),
            answer=lambda r: where(r, "Alex#1"),
            rule="726.5",
            explain="726.5 includes the subgame's exile zone: every traditional card goes home.",
        )''')
    p.quiz('''
        Quiz(
            "Bianca has 8 poison counters in the main game and gets 3 more in the subgame. How "
            "many does she have when the main game resumes?",
            ["11", "8", "3", "0"],
            run("726_4b_counters_per_game.yaml"),
            answer=lambda r: str(r.game.counters("Bianca").get("poison", 0)),
            rule="726.4b",
            explain="Her main-game counters wait for her; subgame counters cease to exist.",
        )''')
    p.quiz('''
        three = run(text="""\\
        @@YAML@@""")
        Quiz(
            "Alex has 15 life and Cho 7 when Alex casts Shahrazad; Bianca wins the subgame. What "
            "is Alex's life total afterwards?",
            ["8", "10", "15", "7"],
            three,
            answer=lambda r: str(r.game.life("Alex")),
            rule="726.5",
            explain="Half of 15 is 7½, rounded up to 8 life lost: 15 − 8 = 7.",
        )''', yaml=SHAHRAZAD_3P)
    p.quiz('''
        def konrad_timing(r):
            on_stack = first(r, lambda s: s.rule == "603.3")
            if on_stack < first(r, lambda s: s.rule == "726.4a"):
                return 0
            return 1 if on_stack < first(r, main_game_life_change) else 2

        Quiz(
            "In the subgame, Living Wish takes Runeclaw Bears from Alex's main-game graveyard, and "
            "Syr Konrad triggers in the main game. When does the trigger go on the stack?",
            ["At once", "When the subgame ends, before Shahrazad finishes resolving",
             "After Shahrazad finishes resolving"],
            run("726_4a_brought_in_trigger_held.yaml"),
            answer=konrad_timing,
            rule="726.4a",
            explain="It waits for the main game, and goes on the stack after Shahrazad (726.5).",
        )''')
    pages.append(p)

    p = Page("quiz_leaving", "Quiz: leaving the game")
    p.md(intro)
    p.quiz('''
        Quiz(
            "Alex's Bribery put Bianca's Serra Angel onto the battlefield under his control. Alex "
            "leaves the game. Where is the Angel?",
            ["main-game battlefield", "outside the game", "main-game library",
             "main-game exile"],
            run("800_4a_bribery_alex_leaves.yaml"),
            answer=lambda r: where(r, "angel"),
            rule="800.4a",
            explain="No control effect ends: Alex still controls it, so it is exiled.",
        )''')
    p.quiz('''
        Quiz(
            "Alex's Mind Control enchants Bianca's Assault Griffin. Bianca leaves the game. Where "
            "is Mind Control?",
            ["main-game graveyard", "outside the game", "main-game battlefield",
             "main-game exile"],
            run("800_4a_mind_control_bianca_leaves.yaml"),
            answer=lambda r: where(r, "mind_control"),
            rule="704.5m",
            explain="The Griffin left with its owner; the Aura, attached to nothing, goes to the "
                    "graveyard as a state-based action.",
        )''')
    p.quiz('''
        Quiz(
            "Alex takes Bianca's Runeclaw Bears with Act of Treason, then leaves the game. Who "
            "controls the Bears?",
            ["Alex", "Bianca", "Cho", "nobody: they are exiled"],
            run("800_4a_act_of_treason.yaml"),
            answer=lambda r: r.game.obj("bears").controller
            if r.game.where("bears") == ("main", "battlefield") else 3,
            rule="800.4a",
            explain="The control effect ends as Alex leaves, before anything is exiled.",
        )''')
    p.quiz('''
        def myr_left(r):
            alex, bianca = (r.game.obj(m) is not None for m in ("myr", "myr-2"))
            return {(True, True): 0, (False, True): 1, (True, False): 2, (False, False): 3}[
                (alex, bianca)]

        Quiz(
            "Alex's Genesis Chamber made a Myr for Alex and one for Bianca. Alex leaves. Which Myr "
            "are still in the game?",
            ["both", "only Bianca's", "only Alex's", "neither"],
            run("800_4a_genesis_chamber.yaml"),
            answer=myr_left,
            rule="111.2",
            explain="Each Myr is owned by the player who created it; Alex's leaves with him.",
        )''')
    p.quiz('''
        Quiz(
            "Alex attacks Bianca with Grizzly Bears (2/2) and Cho with Serra Angel (4/4). Bianca "
            "leaves before combat damage. What is Cho's life total after combat (he had 20)?",
            ["20", "18", "16", "14"],
            run("800_4e_combat_damage.yaml"),
            answer=lambda r: str(r.game.life("Cho")),
            rule="800.4e",
            explain="Damage to Bianca isn't assigned, and it isn't redirected to anyone.",
        )''')
    pages.append(p)

    p = Page("quiz_multiplayer", "Quiz: subgames in multiplayer")
    p.md(intro)
    p.quiz('''
        Quiz(
            "Cho left the main game before Alex cast Shahrazad. Does Cho play the subgame?",
            ["yes", "no"],
            run("mp_absent_player.yaml"),
            answer={"yes": {"player": "Cho", "game": 1, "in_game": True},
                    "no": {"player": "Cho", "game": 1, "in_game": False}},
            rule="726.4",
            explain="Players not currently in the game are outside the subgame.",
        )''')
    p.quiz('''
        loser = run("mp_lose_subgame.yaml")
        Quiz(
            "Cho (9 life) loses a three-player subgame, which Bianca then wins. What is his "
            "main-game life total afterwards?",
            ["9", "5", "4", "0"],
            loser,
            answer=lambda r: str(r.game.life("Cho")),
            rule="726.5",
            explain="He is still in the main game and didn't win: he loses 5 (4½ rounded up).",
        )''')
    p.quiz('''
        Quiz(
            "And how many cards are in Cho's main-game library after that subgame (he had 10)?",
            ["10", "7", "3", "0"],
            loser,
            answer=lambda r: str(len(r.game.zone("library", "Cho"))),
            rule="800.4a",
            explain="His cards left the subgame with him, and 726.5 returns only cards in the "
                    "subgame (the literal reading; see the Judge's corner).",
        )''')
    p.quiz('''
        Quiz(
            "Bianca concedes a two-player subgame. How many cards are in her main-game library "
            "afterwards (she had 10)?",
            ["7", "10", "0", "3"],
            run("mp_concede_subgame.yaml"),
            answer=lambda r: str(len(r.game.zone("library", "Bianca"))),
            rule="726.5",
            explain="A two-player subgame ends at once; her cards are still in it, so they go home.",
        )''')
    p.quiz('''
        Quiz(
            "In a three-player subgame, how many cards does the starting player hold after the "
            "draw step of her first turn?",
            ["7", "8", "6"],
            run("800_7_starting_player_draws.yaml"),
            answer=lambda r: str(len(r.game.zone("hand", "Bianca", game=1))),
            rule="800.7",
            explain="Only in a two-player game does the starting player's first turn have no "
                    "draw step (103.8a).",
        )''')
    pages.append(p)

    p = Page("quiz_corner", "Quiz: judge's corner")
    p.md(intro)
    p.quiz('''
        Quiz(
            "Bianca casts her commander, Atraxa, in the subgame; Atraxa is on the subgame "
            "battlefield when it ends. Where does Atraxa go (under the literal reading)?",
            ["main-game command zone", "main-game library", "main-game graveyard",
             "outside the game"],
            run("corner_commander_not_in_command_zone.yaml"),
            answer=lambda r: where(r, "atraxa"),
            rule="726.5c",
            explain="726.5c moves a commander only from the subgame command zone; 726.5 takes "
                    "the rest.",
        )''')
    p.quiz('''
        Quiz(
            "Bianca Forks Alex's Shahrazad and wins both subgames. Alex had 20 life. How much "
            "does he have at the end?",
            ["10", "5", "0", "15"],
            run("corner_fork_copy.yaml"),
            answer=lambda r: str(r.game.life("Alex")),
            rule="707.10",
            explain="Two subgames, one after the other: 20 → 10, then 10 → 5.",
        )''')
    p.quiz('''
        Quiz(
            "Alex (7 life) casts Shahrazad and the subgame is a draw. What is Alex's life total "
            "afterwards?",
            ["4", "7", "3", "0"],
            run("corner_draw_subgame.yaml"),
            answer=lambda r: str(r.game.life("Alex")),
            rule="726.5",
            explain="Nobody won, so everyone loses half, rounded up: 7 − 4 = 3.",
        )''')
    p.quiz('''
        Quiz(
            "The Shahrazad card is brought from the main game's stack into the subgame. Where is "
            "the card when everything is over?",
            ["main-game graveyard", "main-game stack", "outside the game", "main-game library"],
            run("corner_shahrazad_brought_in.yaml"),
            answer=lambda r: where(r, "shahrazad"),
            rule="726.5",
            explain="It is a card in the subgame when the subgame ends; the spell still finishes "
                    "resolving without it.",
        )''')
    p.quiz('''
        Quiz(
            "Cho (15 life) didn't win the subgame, and Syr Konrad's held trigger deals 1 damage to "
            "him when the main game resumes. What is his life total at the end?",
            ["7", "8", "6"],
            run("corner_living_wish_konrad.yaml"),
            answer=lambda r: str(r.game.life("Cho")),
            rule="726.5",
            explain="Shahrazad first (15 → 7), then the held trigger (7 → 6).",
        )''')
    pages.append(p)
    return pages


HISTORY = '''
title: "The same subgame under CR 726, 723 and 506"
players: [Alex, Bianca]
seed: 6
libraries: {Alex: 10, Bianca: 10}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
  - {id: konrad, name: "Syr Konrad, the Grim", owner: Alex, zone: battlefield}
  - {id: runeclaw, name: Runeclaw Bears, owner: Alex, zone: graveyard}
  - {id: wish, name: Living Wish, owner: Alex, zone: library}
steps:
  - cast: {card: shahrazad, by: Alex}
  - resolve: shahrazad
  - advance: main
  - cast: {card: wish, by: Alex}
  - resolve: {object: wish, choose: runeclaw}
  - move: {object: "Bianca#1", to: exile}
  - move: {object: "Bianca#2", to: graveyard}
  - create: {id: soldier, name: Soldier, controller: Bianca, zone: battlefield, token: true}
  - win: Bianca
'''

SCENARIO_EXAMPLE = '''
title: Bribery, then the owner leaves
players: [Alex, Bianca, Cho]
seed: 1
libraries: {Bianca: 10}
objects:
  - {id: bribery, name: Bribery, owner: Alex, zone: hand}
  - {id: angel, name: Serra Angel, owner: Bianca, zone: library}
steps:
  - cast: {card: bribery, by: Alex, target: Bianca}
  - resolve: {object: bribery, choose: angel}
  - expect: {object: angel, zone: battlefield, controller: Alex}
  - leave: Bianca
expect:
  - {object: angel, zone: outside}
  - {object: bribery, game: main, zone: graveyard}
  - {trace_cites: ["800.4a"]}
'''


def reference_pages() -> list[Page]:
    """Part 7: the scenario format, the CLI, the Python API, rules history, status."""
    pages = []

    p = Page("reference_scenarios", "The scenario format")
    p.md("""
        A scenario is a YAML file (read with a safe loader) that sets up a game, applies steps
        and checks expectations. Every stepper in this book runs one; they live in
        `magicsub/scenarios/`. A small one:

        ```yaml
        @@YAML@@
        ```

        Check it with `magicsub check FILE` (see {doc}`reference_cli`), or from Python:
        """, yaml=SCENARIO_EXAMPLE)
    p.code('''
        example = magicsub.load_scenario(text="""\\
        @@YAML@@""")
        result = example.run()
        print(f"{len(result.trace)} steps; expectations hold: {result.ok}")
        ''', yaml=SCENARIO_EXAMPLE)
    p.md("""
        The tables below are generated from the engine's own definitions, so they list every key
        the loader accepts.

        ## Top-level keys
        """)
    p.code('''
        from magicsub import actions, expectations, scenario

        TOP = {
            "title": "required: what the scenario shows",
            "description": "optional: a longer explanation",
            "notes": "optional: free text, ignored",
            "edition": '"726" (default), "723" or "506": the CR edition the game follows',
            "players": "required: two or more names, in turn order; the first is active",
            "variant": "optional: commander, vanguard, planechase or archenemy",
            "archenemy": "optional: the archenemy (40 life); default: the scheme deck owner",
            "seed": "optional integer (default 0): seeds shuffles and who goes first",
            "life": "optional: starting life per player in the main game",
            "libraries": "optional: N anonymous library cards per player (ids Alex#1, Alex#2, ...)",
            "objects": "optional: objects set up in the main game (keys below)",
            "effects": "optional: control-changing effects already in place (keys below)",
            "range": "optional: the limited range of influence option (CR 801): a number of "
                     "seats for every player, or a number per player",
            "pregame": "optional: true to set up the main game before its first turn (CR 103.1: "
                       "the starting player is still to be chosen)",
            "steps": "the steps, each a one-key mapping (below); `expect` checks in the middle",
            "expect": "expectations checked at the end (below)",
        }
        assert set(TOP) == scenario.TOP_KEYS, set(TOP) ^ scenario.TOP_KEYS


        def table(header, rows):
            lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
            lines += ["| " + " | ".join(str(c).replace("|", "\\\\|") for c in row) + " |"
                      for row in rows]
            return Markdown("\\n".join(lines))


        table(["key", "meaning"], [(f"`{k}`", TOP[k]) for k in sorted(TOP)])
        ''', "remove-input")
    p.md("## Object keys (`objects:`) and effect keys (`effects:`)")
    p.code('''
        OBJ = {
            "id": "unique id (default: the name)", "name": "card name (built-in cards behave)",
            "owner": "required: a player", "controller": "default controller (default: owner)",
            "zone": "library, hand, graveyard, battlefield, stack, exile, command, ante or outside",
            "types": "card types, e.g. [creature]", "token": "true for a token",
            "commander": "true for a commander", "traditional": "false for a nontraditional card",
            "deck": "the supplementary deck it belongs to (planar, scheme, attraction, ...)",
            "face_up": "face up (nontraditional cards)", "power": "power", "toughness": "toughness",
            "phased_out": "true if phased out", "tapped": "true if tapped",
            "attached_to": "the id of the object it is attached to",
            "hand_modifier": "a vanguard card's hand modifier, e.g. 1 or -2 (CR 902.5)",
            "life_modifier": "a vanguard card's life modifier, e.g. 2 or -3 (CR 902.4)",
        }
        EFFECT = {
            "control": "the object whose control changes", "to": "the player who gains control",
            "source": "what created the effect (text)",
            "until": "end_of_turn, source_leaves, forever (default) or {next_turn: PLAYER}",
        }
        assert set(OBJ) == scenario.OBJECT_KEYS, set(OBJ) ^ scenario.OBJECT_KEYS
        assert set(EFFECT) == scenario.EFFECT_KEYS, set(EFFECT) ^ scenario.EFFECT_KEYS
        table(["key", "meaning"], [(f"`objects: {k}`", OBJ[k]) for k in sorted(OBJ)]
              + [(f"`effects: {k}`", EFFECT[k]) for k in sorted(EFFECT)])
        ''', "remove-input")
    p.md("""
        ## Steps

        Each step is a one-key mapping, applied to the game in progress. Optional fields are
        marked with `?`. An action with a "scalar" field may be written `action: value`
        (`resolve: shahrazad`, `leave: Bianca`).
        """)
    p.code('''
        rows = []
        for name in sorted(actions.ACTIONS):
            action = actions.ACTIONS[name]
            fields = ", ".join(f"`{f.name}{'' if f.required else '?'}`: {f.kind}"
                               for f in action.fields)
            scalar = f"`{name}: {action.scalar.upper()}`" if action.scalar else ""
            rows.append((f"`{name}`", fields, scalar, action.doc))
        rows.append(("`expect`", "an expectation or a list of them", "", "check in the middle"))
        table(["step", "fields", "short form", "what it does"], rows)
        ''', "remove-input")
    p.md("The kinds of values the fields take:")
    p.code('''
        table(["kind", "values"], [(f"`{k}`", v) for k, v in sorted(actions.KINDS.items())])
        ''', "remove-input")
    p.md("""
        ## Expectations

        An expectation is a mapping whose first key names its kind. `game` (main, 1, 2, ...)
        narrows it; without it, an object is looked for in the whole game tree, a player's
        figures are the main game's, and priority, active player and stack are those of the game
        in progress. `zone: outside` means in no zone of any game.
        """)
    p.code('''
        table(["kind", "keys"], [(f"`{k}`", ", ".join(f"`{x}`" for x in sorted(v - {k})))
                                 for k, v in expectations.KEYS.items()])
        ''', "remove-input")
    pages.append(p)

    p = Page("reference_cli", "The command line")
    p.md("""
        Installing the package (`pip install -e .`, done by `make`) gives a `magicsub` command
        with three subcommands. Each cell below runs it in-process from the repository root, so
        the output is what you would see in a terminal.

        | command | what it does | exit status |
        |---|---|---|
        | `magicsub check FILE...` | runs each scenario and checks its expectations | 0 all hold; 1 an expectation failed or a step was illegal; 2 a file is malformed |
        | `magicsub show FILE` | prints the trace step by step (`--colour`/`--no-colour`) | as `check` |
        | `magicsub html FILE -o OUT` | writes a standalone walkthrough page that works offline | as `check` |

        ## check
        """)
    p.code('''
        import contextlib
        import io

        from magicsub import cli

        ROOT = Path(magicsub.__file__).parent.parent


        def magicsub_cli(*args):
            """Run `magicsub ARGS` from the repository root; print its output and exit status."""
            out = io.StringIO()
            with contextlib.chdir(ROOT), contextlib.redirect_stdout(out), \\
                    contextlib.redirect_stderr(out):
                status = cli.main(list(args))
            print(out.getvalue().rstrip())
            print(f"(exit status {status})")


        magicsub_cli("check", "magicsub/scenarios/800_4n_ante.yaml",
                     "magicsub/scenarios/726_3_short_library.yaml")
        ''')
    p.md("""
        A malformed file is reported with its file name, line and what was expected, before
        anything runs (exit status 2):
        """)
    p.code('''
        import tempfile

        bad = """\\
        title: A typo
        players: [Alex, Bianca]
        steps:
          - leave: Bianca
          - resolv: shahrazad
        """
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "typo.yaml").write_text(bad)
            with contextlib.chdir(tmp):
                out = io.StringIO()
                with contextlib.redirect_stderr(out), contextlib.redirect_stdout(out):
                    status = cli.main(["check", "typo.yaml"])
        print(out.getvalue().rstrip())
        print(f"(exit status {status})")
        ''')
    p.md("## show")
    p.code('magicsub_cli("show", "--no-colour", "magicsub/scenarios/800_4n_ante.yaml")')
    p.md("""
        ## html

        `magicsub html magicsub/scenarios/800_4d_astral_slide.yaml -o astral.html` writes
        `astral.html`, a walkthrough page with the scenario's stepper (the same widget as in this
        book) and its expectations, and a folder `astral_files/` beside it with the widget
        JavaScript and fonts, copied from the project's `node_modules` (`npm ci`). Nothing is
        loaded from another host. RequireJS doesn't work from `file://`, so serve the folder over
        HTTP to open it:

        ```console
        $ magicsub html magicsub/scenarios/800_4d_astral_slide.yaml -o site/astral.html
        $ python -m http.server --directory site 8000    # then open http://127.0.0.1:8000/astral.html
        ```
        """)
    pages.append(p)

    p = Page("reference_api", "The Python API")
    p.md("""
        `import magicsub` gives the engine; `magicsub.widgets` (which needs ipywidgets) gives the
        two widgets of this book. The signatures and docstrings below are read from the package
        when the page is built.
        """)
    p.code('''
        import enum
        import inspect

        import magicsub.widgets


        def describe(module, names):
            parts = []
            for name in names:
                obj = getattr(module, name)
                head = f"{module.__name__}.{name}"
                if isinstance(obj, type) and issubclass(obj, enum.Enum):
                    head += ": " + ", ".join(m.name for m in obj)
                    doc = inspect.getdoc(obj) or ""
                elif inspect.isclass(obj) or callable(obj):
                    try:
                        head += str(inspect.signature(obj))
                    except (TypeError, ValueError):
                        pass
                    doc = inspect.getdoc(obj) or ""
                else:
                    head += f" = {obj!r}"
                    doc = ""
                parts.append(f"**`{head}`**\\n\\n```text\\n{doc}\\n```" if doc else f"**`{head}`**")
            return Markdown("\\n\\n".join(parts))


        describe(magicsub, sorted(magicsub.__all__, key=str.lower))
        ''', "remove-input")
    p.md("## Widgets")
    p.code('describe(magicsub.widgets, ["Stepper", "Quiz", "correct_choice", "state_bytes"])',
           "remove-input")
    pages.append(p)

    p = Page("reference_history", "Rules history: 506 → 723 → 726")
    p.md("""
        The subgame rules were rule 506 in 2003, later 723, and are 726 in the 2024 rules. The
        engine knows all three texts; the edition is a parameter of the game. Here is one
        scenario, run under each: Alex casts Shahrazad; in the subgame his Living Wish takes
        Runeclaw Bears from his main-game graveyard (Syr Konrad triggers), one of Bianca's cards
        is exiled, another goes to her graveyard, she creates a Soldier token, and she wins.
        """)
    p.code('''
        import yaml

        history_yaml = """\\
        @@YAML@@"""
        results = {}
        for number in ("726", "723", "506"):
            data = yaml.safe_load(history_yaml)
            data["edition"] = number
            results[number] = magicsub.load_scenario(data=data, name=f"CR {number}").run()

        cards = {"shahrazad": "Shahrazad", "runeclaw": "Runeclaw Bears (brought in)",
                 "wish": "Living Wish (exiled itself)", "Bianca#1": "Bianca's card 1 (exiled)",
                 "Bianca#2": "Bianca's card 2 (graveyard)", "soldier": "Soldier token"}
        rows = ["| card | CR 726 (2024) | CR 723 | CR 506 (2003) |", "|---|---|---|---|"]
        for oid, label in cards.items():
            rows.append(f"| {label} | " + " | ".join(where(results[n], oid) for n in results) + " |")
        Markdown("\\n".join(rows))
        ''', "remove-input", yaml=HISTORY)
    p.md("""
        The difference in where the cards end: under **506**, a card exiled ("removed from the
        game") in the subgame stays exiled in the main game (506.6: "Cards removed from the game
        in the subgame are not put into the player's main-game library"): Bianca's exiled card,
        and Living Wish, which exiles itself. Since 723 the subgame's exile zone is emptied into
        the libraries like every other zone. In all three, Syr Konrad's trigger waits and goes on
        the main-game stack after Shahrazad (506.2; 723.5 and 726.5).

        The subgame paragraphs each run cites, in order (a paragraph cited by several steps in a
        row is listed once):
        """)
    p.code('''
        def cited(result):
            out = []
            for step in result.trace:
                if step.rule[:3] in ("726", "723", "506") and (not out or out[-1] != step.rule):
                    out.append(step.rule)
            return " → ".join(out)


        Markdown("\\n".join(f"- **CR {n}**: {cited(results[n])}" for n in results))
        ''', "remove-input")
    p.md("""
        506 numbers things differently (506.3 both starts the subgame and says a short deck
        loses; 506.2 holds the triggers), and its text speaks of the library being *removed from
        the game* face down to become the subgame deck. The 506 run, step by step:
        """)
    p.code('Stepper(results["506"].trace, title="The same subgame under CR 506 (2003)")',
           "remove-input")
    p.md("""
        **Between 723 and 726** the start and end of the subgame were generalised: 723 names
        planar decks (723.2a/723.5a) and the archenemy's scheme deck (723.2d/723.5d); 726 speaks
        of every "supplementary deck of nontraditional cards". 723.5 also returns "all cards" to
        the libraries, where 726.5 says "all traditional cards" and adds phased-out permanents.
        A Planechase game where Bianca also has an Attraction deck shows it: under 723, the
        Attraction deck is not a planar deck, so it stays in the main game.
        """)
    p.code('''
        supplementary = yaml.safe_load((SCENARIOS / "726_2a_supplementary_decks.yaml").read_text())
        supplementary.pop("expect")
        rows = ["| card | CR 726 | CR 723 |", "|---|---|---|"]
        runs = {}
        for number in ("726", "723"):
            supplementary["edition"] = number
            runs[number] = magicsub.load_scenario(data=supplementary).run()
        for oid, label in [("tazeem", "Tazeem (face-up plane, Alex)"),
                           ("naya", "Naya (Alex's planar deck)"),
                           ("agyrem", "Agyrem (Bianca's planar deck)"),
                           ("carousel", "Carnival Carousel (Bianca's Attraction deck)")]:
            rows.append(f"| {label} | " + " | ".join(where(runs[n], oid) for n in runs) + " |")
        Markdown("\\n".join(rows))
        ''', "remove-input")
    p.md("""
        The table shows where each card is while the subgame is in progress. 506 knows no
        variants at all: a Planechase scenario under edition 506 is refused with an error naming
        the edition.
        """)
    pages.append(p)

    p = Page("reference_status", "Status")
    p.md("""
        Every notebook of this book is executed when the book is built, and again by
        `pytest --nbval`, which compares each output with the one stored in the notebook. This
        table is made by the build:

        ```{nb-exec-table}
        ```

        The versions the book is built and tested with are pinned in `requirements.txt` (Python)
        and `package-lock.json` (the widget JavaScript); `make` installs exactly these. The
        table below is read from those files, not from the machine, so that the stored output
        changes only when a pin does:
        """)
    p.code('''
        import json
        from pathlib import Path

        root = Path("..")
        for line in (root / "requirements.txt").read_text().splitlines():
            if "==" in line and not line.startswith("#"):
                package, pinned = line.split("==")
                print(f"{package:22} {pinned}")
        lock = json.loads((root / "package-lock.json").read_text())["packages"]
        for package in json.loads((root / "package.json").read_text())["dependencies"]:
            print(f"{package:22} {lock['node_modules/' + package]['version']}")
        print(f"{'magicsub':22} {magicsub.__version__}")
        ''')
    pages.append(p)
    return pages


def module_pages() -> dict[str, list[Page]]:
    """The pages of ``PAGE_MODULES`` that exist, by the caption of the part they join."""
    import importlib

    found: dict[str, list[Page]] = {}
    for name in PAGE_MODULES:
        if (ROOT / "tools" / f"{name}.py").exists():
            module = importlib.import_module(name)
            found.setdefault(module.PART, []).extend(module.pages())
    return found


def parts() -> list[Part]:
    """The book: parts, in order, with their pages."""
    extra = module_pages()
    book = [
        Part("Using this book", ["using"]),
        Part("Subgames (CR 726)", subgame_pages()),
        Part("Leaving the game (CR 800.4)", leaving_pages()),
        Part("Subgames in multiplayer", multiplayer_pages()),
        Part(NEW_PART, []),
        Part("Judge's corner", corner_pages()),
        Part("Quizzes", quiz_pages()),
        Part("Reference", reference_pages()),
    ]
    for part in book:
        part.chapters.extend(extra.pop(part.caption, []))
    if extra:
        raise SystemExit(f"unknown part(s) {sorted(extra)}; expected one of "
                         f"{[p.caption for p in book]}")
    return [part for part in book if part.chapters]


if __name__ == "__main__":
    raise SystemExit(main())
