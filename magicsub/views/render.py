"""HTML views of the game tree, of one step and of a whole trace: pure functions to strings.

Nothing here imports ipywidgets; ``Step._repr_html_``, ``Trace._repr_html_`` and
``Game._repr_html_`` import this module lazily. Every name and text that comes from a scenario
is escaped. Meaning is never carried by colour alone: each mark (active player, priority, token,
moved in this step...) is also written out in words.

Every rule number the rules data knows shows its paragraph on hover; given ``rules_page`` (the
URL of the rules page, e.g. ``magicsub.views.rulelinks.RULES_PAGE`` in the book), it is also a link
to the paragraph's anchor there (``magicsub.views.rulelinks``). Without it (``magicsub html``,
Jupyter), there is no rules page to link to: hover titles only.

>>> import magicsub
>>> game = magicsub.Game(["Alex", "Bianca"], libraries={"Alex": 3})
>>> html = world_html(game.world)
>>> 'data-obj="Alex#1" data-zone="library" data-game="0"' in html
True
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..engine.editions import edition as get_edition
from ..engine.trace import (
    Control,
    Counters,
    Create,
    Life,
    Move,
    MoveAll,
    PlayerChange,
    move_runs,
)
from . import rulelinks
from .board import board_fragments, board_html
from .boardcache import BoardCache
from .gamepanels import NEST_INDENTED
from .markup import CSS, STYLE, attr, escape_text, style
from .markup import escape_text as _e
from .places import Moved, is_anonymous, loc_of, place_key, place_words
from .zoneviews import GROUP_MOVES_MIN, LIBRARY_NAMES_MAX

if TYPE_CHECKING:
    from ..engine.state import World
    from ..engine.trace import Change, Step, Trace


def world_html(world: World, *, highlight: Mapping[str, str] | Iterable[str] | None = None,
               css: bool = True, edition: str | None = None,
               rules_page: str | None = None) -> str:
    """The board of a snapshot: a panel per game of the tree, and what is outside every game.

    ``highlight`` maps object ids to a mark (``"moved"``, ``"created"``, ``"control"``) or is
    a set of ids; marked objects get ``data-mark`` and a visible "★" label. ``rules_page``:
    see the module's docstring.
    """
    body = board_html(world, highlight=highlight, edition=edition, rules_page=rules_page)
    return (f'<div class="magicsub magicsub-board">{STYLE if css else ""}{body}</div>')


def step_marks(step: Step, world_before: World | None = None) -> tuple[dict[str, str],
                                                                       set[tuple[int, str]]]:
    """Which objects a step marks (``id -> "moved" | "created" | "control"``) and which
    ``(game, player)`` figures it changed."""
    marks, players, _ = _step_marks(step, world_before)
    return marks, players


def step_moves(step: Step, world_before: World | None = None) -> dict[str, Moved]:
    """The objects a step moved, ``id -> Moved(name, src, dst)``: the place each left first
    and the place it is in after the step (or the last it went to, if it is gone), in the
    order of the changes. An object back where it started is left out. Given
    ``world_before``, a move the changes do not name is found too (as ``step_marks``)."""
    return _step_marks(step, world_before)[2]


def _step_marks(step: Step, world_before: World | None, cache: BoardCache | None = None):
    marks: dict[str, str] = {}
    players: set[tuple[int, str]] = set()
    first: dict[str, Moved] = {}
    for c in step.changes:
        if isinstance(c, Move):
            marks.setdefault(c.obj, "moved")
            was = first.get(c.obj)
            first[c.obj] = Moved(c.name, was.src if was else c.src, c.dst)
        elif isinstance(c, MoveAll):
            for oid, name, src in c.cards:
                marks.setdefault(oid, "moved")
                was = first.get(oid)
                first[oid] = Moved(name, was.src if was else src, c.dst)
        elif isinstance(c, Create):
            marks[c.obj] = "created"
        elif isinstance(c, Control):
            marks.setdefault(c.obj, "control")
        elif isinstance(c, (Life, Counters, PlayerChange)):
            players.add((c.game, c.player))
    if world_before is not None:
        before = world_before.objects
        cache = cache if cache is not None else BoardCache()
        for o in cache.changed(world_before, step.snapshot):
            oid = o.id
            if oid in marks:
                continue
            old = before.get(oid)
            if old is o:
                continue
            if old is None:
                marks[oid] = "created"
            elif (old.game, old.zone) != (o.game, o.zone):
                marks[oid] = "moved"
                first[oid] = Moved(o.name, loc_of(old), loc_of(o))
            elif old.controller != o.controller:
                marks[oid] = "control"
    moves: dict[str, Moved] = {}
    now = step.snapshot.objects
    for oid, m in first.items():
        o = now.get(oid)
        dst = m.dst if o is None else loc_of(o)
        if dst != m.src:
            moves[oid] = m._replace(dst=dst)
    return marks, players, moves


def rule_html(step: Step, *, rules_page: str | None = None) -> str:
    """The rule header of a step: number (a link to the rules page ``rules_page``, if given),
    edition, the sentence that applies, and its whole paragraph folded (``<details>``), the
    sentence marked in it."""
    return "".join(_rule_fragments(step, rules_page))


def _rule_fragments(step: Step, rules_page: str | None) -> list[str]:
    """The rule header in three fragments: number and edition, the step's number, and the
    deciding sentence, marked, with the whole paragraph (the sentence marked in it) folded in a
    ``<details>`` when it says more (the first and last are the same for every step citing
    that sentence, and drawn once: ``_rule_parts``)."""
    head, sentence = _rule_parts(str(step.rule), step.edition, step.text, step.paragraph,
                                 rules_page)
    return [head, f" · step {_e(step.index + 1)}</p>", sentence]


@functools.lru_cache(maxsize=512)
def _rule_parts(rule: str, edition: str, sentence: str, paragraph: str | None,
                rules_page: str | None) -> tuple[str, str]:
    """The first and last fragments of ``_rule_fragments``: a function of the rule cited."""
    try:
        ed = get_edition(edition)
    except Exception:  # an unknown edition label: show it as given
        ed_title = f"edition {edition}"
    else:
        try:
            ed_title = ed.source(rule)
        except Exception:  # a rule the rules data does not quote: the edition's own label
            ed_title = ed.title
    editions = rulelinks.editions_for(edition)

    def text(value: object) -> str:
        return rulelinks.link_numbers(_e(value), editions=editions, page=rules_page)

    para = paragraph or sentence
    label = f"CR {rule}"
    at = para.find(sentence) if sentence else -1
    shown = f'<p class="ms-par"><mark>{text(sentence)}</mark></p>'
    if at >= 0 and para.strip() != sentence.strip():
        quoted = (text(para[:at]) + "<mark>" + text(sentence) + "</mark>"
                  + text(para[at + len(sentence):]))
    elif at < 0 and para and para != sentence:
        quoted = f"<mark>{text(sentence)}</mark> ({text(para)})"
    else:
        quoted = ""
    if quoted:
        shown += (f'<details class="ms-whole"><summary>Whole paragraph ({_e(label)})</summary>'
                  f"<p>{quoted}</p></details>")

    number = f'<span class="ms-rn">{_e(label)}</span>'
    if rules_page is not None:  # the paragraph is quoted below: the hover names the link
        number = rulelinks.rule_html(rule, editions=editions, page=rules_page,
                                     label=label, css_class="ms-rn", text=paragraph or None,
                                     title=f"{label} on the rules page") or number
        if not number.startswith("<"):
            number = f'<span class="ms-rn">{number}</span>'
    return (f'<div class="ms-rule"><p>{number} <span class="ms-ed">({_e(ed_title)})</span>',
            f"{shown}</div>")


def change_items(changes: Iterable[Change], *, edition: str | None = None,
                 rules_page: str | None = None) -> list[str]:
    """The changes as ``<li>`` items; runs of moves between the same places make one item.
    Rule numbers in their words are links (see the module's docstring)."""
    editions = rulelinks.editions_for(edition)
    items: list[str] = []
    for c in move_runs(changes, GROUP_MOVES_MIN):
        if isinstance(c, list):
            first = c[0]
            names = ", ".join(_e(m.name) for m in c)
            items.append(f'<li class="ms-c" data-kind="move">{len(c)} cards move from '
                         f"{_e(first.src)} to {_e(first.dst)}: <details><summary>which cards"
                         f"</summary>{names}</details></li>")
        else:
            words = rulelinks.link_numbers(_e(c.words()), editions=editions, page=rules_page)
            items.append(f'<li class="ms-c" data-kind="{attr(c.kind)}">{words}</li>')
    return items


def _changes_html(step: Step, rules_page: str | None, then: str = "") -> str:
    items = change_items(step.changes, edition=step.edition, rules_page=rules_page)
    body = f"<ul>{''.join(items)}</ul>" if items else "<p>No change: the rule is checked.</p>"
    return f'<div class="ms-ch"><p class="ms-t">What changed</p>{body}{then}</div>'


def step_html(step: Step, *, world_before: World | None = None, css: bool = True,
              of: int | None = None, rules_page: str | None = None) -> str:
    """One step: the rule header, the changes in words, and the board after the step with the
    objects it moved, created or gave to another controller marked.

    The root has ``class="magicsub magicsub-step" data-step=INDEX data-rule=RULE``; every object
    on the board has ``data-obj``, ``data-zone`` and ``data-game``. ``rules_page``: see the
    module's docstring.
    """
    parts = step_fragments(step, world_before=world_before, of=of, rules_page=rules_page)
    return "".join(parts[:1] + [STYLE] * css + parts[1:])


def step_fragments(step: Step, *, world_before: World | None = None, of: int | None = None,
                   rules_page: str | None = None, then: str = "",
                   cache: BoardCache | None = None) -> list[str]:
    """``step_html`` without the style, as a list of HTML fragments whose join is that HTML:
    the step's open tag, its rule header (``_rule_fragments``), its changes, the board
    (``board_fragments``) and the close tags. ``then``: HTML closing the changes column (a
    compact stepper's list of the steps folded into this one, ``magicsub.pages.statichtml``);
    ``cache``: see ``board_fragments``."""
    cache = cache if cache is not None else BoardCache()
    marks, players, moves = _step_marks(step, world_before, cache)
    board = board_fragments(step.snapshot, highlight=marks, players=players,
                            edition=step.edition, rules_page=rules_page, moves=moves,
                            cache=cache)
    total = f" of {attr(of)}" if of else ""
    return [f'<div class="magicsub magicsub-step" data-step="{attr(step.index)}" '
            f'data-rule="{attr(step.rule)}" aria-label="Step {attr(step.index + 1)}{total}: '
            f'rule {attr(step.rule)}" role="group">',
            *_rule_fragments(step, rules_page),
            f'<div class="ms-row">{_changes_html(step, rules_page, then)}<div class="ms-bd">',
            *board, "</div></div></div>"]


def initial_html(world: World, *, css: bool = True, edition: str | None = None,
                 rules_page: str | None = None) -> str:
    """The board before the first step, as the first page of a walkthrough."""
    parts = initial_fragments(world, edition=edition, rules_page=rules_page)
    return "".join(parts[:1] + [STYLE] * css + parts[1:])


def initial_fragments(world: World, *, edition: str | None = None,
                      rules_page: str | None = None,
                      cache: BoardCache | None = None) -> list[str]:
    """``initial_html`` without the style, as a list of HTML fragments (as ``step_fragments``)."""
    return ['<div class="magicsub magicsub-step" data-step="start" data-rule="" role="group" '
            'aria-label="Before the first step">',
            '<div class="ms-rule"><p><span class="ms-rn">Before the first step</span></p>'
            "<p>The game as the scenario sets it up.</p></div>",
            *board_fragments(world, edition=edition, rules_page=rules_page, cache=cache),
            "</div>"]


def trace_html(trace: Trace, *, css: bool = True, rules_page: str | None = None) -> str:
    """Every step of a trace (rule header and changes, no boards), then the final board."""
    items = [f'<li data-step="{attr(s.index)}" data-rule="{attr(s.rule)}">'
             f"{rule_html(s, rules_page=rules_page)}{_changes_html(s, rules_page)}</li>"
             for s in trace]
    last = trace[-1].snapshot if len(trace) else getattr(trace, "initial", None)
    edition = trace[-1].edition if len(trace) else None
    final = ""
    if last is not None:
        label = "Board after the last step" if len(trace) else "Board before the first step"
        final = (f'<details open><summary class="ms-t">{label}</summary>'
                 f"{board_html(last, edition=edition, rules_page=rules_page)}</details>")
    return (f'<div class="magicsub magicsub-trace">{STYLE if css else ""}'
            f'<p class="ms-t">{len(trace)} step{"" if len(trace) == 1 else "s"}</p>'
            f'<ol class="ms-steps">{"".join(items)}</ol>{final}</div>')


__all__ = ["CSS", "GROUP_MOVES_MIN", "LIBRARY_NAMES_MAX", "NEST_INDENTED", "BoardCache", "Moved",
           "board_fragments", "board_html", "change_items", "escape_text", "initial_fragments",
           "initial_html", "is_anonymous", "place_key", "place_words", "rule_html",
           "step_fragments", "step_html", "step_marks", "step_moves", "style", "trace_html",
           "world_html"]
