"""A new scenario file to start from (``magicsub new``): the players you name, a comment on
every key, and a small example that runs and whose expectations hold.

Two starters, each built only from cards magicsub knows (their Oracle text is quoted in a
comment beside them):

- ``subgame`` (CR 726): the first player casts Shahrazad, the players play the subgame, the
  second player wins it, and each other player loses half their life; with ``--card`` naming
  another card that creates a subgame (Enter the Dungeon, The Countdown Is at One, Tug of War),
  the example casts that card instead and checks what its text defines (``SUBGAME_EXAMPLES``);
- ``leave`` (CR 800.4, three players or more): the first player controls the second player's
  Serra Angel with Mind Control, then concedes; Mind Control leaves the game with its owner and
  the Angel returns to the second player.

``scaffold`` runs the text it makes before returning it: it never hands out a scenario that
``magicsub check`` would not pass.
"""

from __future__ import annotations

import difflib
import json
import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

import yaml

from .. import cards
from ..engine import registry
from ..engine.editions import edition
from ..engine.errors import RulesError
from ..engine.limits import MAX_PLAYERS, bounded, listed, shown
from ..engine.textchars import refusal

WIDTH = 96
"""The widest line of a scaffold (comments are wrapped to it)."""

RULE = re.compile(r"\d{3}(\.\d+[a-z]?)?")
"""A rule number: a section (``726``), a rule (``726.5``) or a subrule (``726.5c``)."""

_PLAIN = re.compile(r"[^\W\d_][\w .'-]*")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _not_printable(text: str) -> str | None:
    """Why ``text`` cannot be written into a scenario as a name (``textchars``: a control,
    format or line-break character; or a lone surrogate, not valid Unicode), or None."""
    if _SURROGATE.search(text):
        return "it is not valid Unicode (a lone surrogate)"
    return refusal(text)


class ScaffoldError(ValueError):
    """The options for a new scenario cannot make one; the message says what to give (at most
    about ``MAX_MESSAGE`` characters, ``limits.bounded``)."""

    def __init__(self, message: str):
        super().__init__(bounded(message))


@dataclass
class _Draft:
    """The parts of a scaffold that differ between starters."""

    rule: str
    phrase: str
    description: str
    players: list[str]
    libraries: int
    objects: list[tuple[str, str, str, str]]
    steps: list[tuple[str, str]]
    expect: list[tuple[str, str]]
    cites: list[str]


def scalar(text: str) -> str:
    """``text`` as a YAML scalar that reads back as the same string: plain when that is safe
    (``Alex``), else double-quoted (``"726.1: ..."``, ``"No"``, ``"O'Neil, Jr."``)."""
    if _PLAIN.fullmatch(text) and not text.endswith(" ") and _loads(text) == text:
        return text
    quoted = json.dumps(text, ensure_ascii=False)
    return quoted if _loads(quoted) == text else json.dumps(text)


def _loads(text: str):
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return None


def _flow(pairs: dict) -> str:
    inner = ", ".join(f"{_value(key)}: {_value(value)}" for key, value in pairs.items())
    return "{" + inner + "}"


def _wrapped(key: str, items: list[str], brackets: str) -> list[str]:
    """``key: [a, b, ...]`` (or ``{...}``), continued on further lines past ``WIDTH``."""
    lines = [f"{key}: {brackets[0]}"]
    for i, item in enumerate(items):
        piece = item + (", " if i < len(items) - 1 else brackets[1])
        if len(lines[-1]) + len(piece.rstrip()) > WIDTH and lines[-1].strip() != brackets[0]:
            lines[-1] = lines[-1].rstrip()
            lines.append("  ")
        lines[-1] += piece
    return [line.rstrip() for line in lines]


def _value(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(json.dumps(v) for v in value) + "]"
    return scalar(value)


def parse_players(text: str | None, starter: str) -> list[str]:
    """The players from a comma-separated list (``Alex,Bianca,Cho``), or the starter's default.

    :raises ScaffoldError: fewer than two names (three to leave a multiplayer game), more than
        ``MAX_PLAYERS``, an empty or repeated name, or a name holding a control, format (a
        bidirectional override) or line-break character (``textchars``).
    """
    if text is None:
        return ["Alex", "Bianca"] if starter == "subgame" else ["Alex", "Bianca", "Cho"]
    players = [name.strip() for name in text.split(",")]
    if any(not name for name in players):
        raise ScaffoldError(f"--players: an empty name in {shown(text)}; give names separated "
                            "by commas, e.g. --players Alex,Bianca,Cho")
    for name in players:
        why = _not_printable(name)
        if why is not None:
            raise ScaffoldError(f"--players: {shown(name)}: {why}; give printable names")
    repeated = sorted({name for name in players if players.count(name) > 1})
    if repeated:
        raise ScaffoldError(f"--players: {listed(repeated)} is named twice; each player "
                            "needs a name of their own")
    least = 2 if starter == "subgame" else 3
    if not least <= len(players) <= MAX_PLAYERS:
        why = ("a game has two players or more" if least == 2 else
               "leaving a game (CR 800.4) is a rule of multiplayer games, which begin with more "
               "than two players (CR 800.1)")
        raise ScaffoldError(f"--players: {len(players)} given; {why}: give {least} to "
                            f"{MAX_PLAYERS} names")
    return players


def starter_for(rule: str | None) -> str:
    """The starter for a scenario about ``rule``: ``leave`` for the multiplayer rules (CR 8xx),
    ``subgame`` for any other rule or none."""
    return "leave" if rule is not None and rule.startswith("8") else "subgame"


def check_rule(rule: str) -> str | None:
    """The text of ``rule`` in magicsub's rules data (CR 726 edition), or None if it has none.

    :raises ScaffoldError: ``rule`` is not a rule number.
    """
    if not RULE.fullmatch(rule):
        raise ScaffoldError(f"--rule: {shown(rule)} is not a rule number; give one like 726.5 or "
                            "800.4a")
    return edition("726").paragraphs.get(rule)


def known_cards(names: Sequence[str]) -> list[registry.CardDef]:
    """The built-in cards named (any case), each once, in the order given.

    :raises ScaffoldError: a name magicsub does not know; the message lists close names.
    """
    cards.load_all()
    by_folded = {name.casefold(): card for name, card in registry.BUILTIN.items()}
    found: dict[str, registry.CardDef] = {}
    for name in names:
        card = by_folded.get(name.strip().casefold())
        if card is None:
            close = difflib.get_close_matches(name, sorted(registry.BUILTIN), n=3, cutoff=0.5)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise ScaffoldError(f"--card: magicsub does not know a card named {shown(name)}{hint}. "
                                "The book's reference lists the built-in cards; any other name "
                                "can be added by hand under objects, as a card played with no "
                                "abilities, of the types you give it (plain: true says it "
                                "stands in on purpose)")
        found.setdefault(card.name, card)
    return list(found.values())


def card_id(name: str) -> str:
    """A card's id in a scaffold: its name in lower case, words joined by ``_``."""
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_")


def type_line(card: registry.CardDef) -> str:
    """``Enchantment — Aura``, ``Creature 4/4``: a card's types, subtypes and power/toughness."""
    line = " ".join(t.capitalize() for t in card.types)
    if card.subtypes:
        line += " — " + " ".join(s.capitalize() for s in card.subtypes)
    if card.power is not None:
        line += f" {card.power}/{card.toughness}"
    return line


def _card_comment(card: registry.CardDef, indent: str) -> list[str]:
    lines = [f"{indent}# {card.name} ({type_line(card)}):"]
    for part in (card.text or "(no rules text)").split("\n"):
        lines += textwrap.wrap(part, WIDTH, initial_indent=f"{indent}#   ",
                               subsequent_indent=f"{indent}#   ")
    return lines


def _subgame(players: list[str], card: registry.CardDef | None = None) -> _Draft:
    """The subgame starter for the card that creates the subgame (``card``; Shahrazad when
    None): the first player casts it, the second wins the subgame."""
    if card is not None and card.name in SUBGAME_EXAMPLES:
        return SUBGAME_EXAMPLES[card.name](players)
    return _shahrazad(players)


def _shahrazad(players: list[str]) -> _Draft:
    caster, winner = players[0], players[1]
    losers = [p for p in players if p != winner]
    steps = [
        (f"cast: {_flow({'card': 'shahrazad', 'by': caster})}",
         f"{caster} casts Shahrazad from their hand (CR 601.2a)."),
        ("resolve: shahrazad", "All players pass; Shahrazad resolves and a subgame starts "
         "(CR 726.1)."),
        ("expect:", "A check in the middle of the steps: the subgame is in progress, and "
         "Shahrazad waits on the main game's stack (CR 726.1a)."),
        ("    - {subgames: 1}", ""),
        ("    - {object: shahrazad, game: main, zone: stack}", ""),
        ("advance: upkeep", "The subgame's first turn goes on to its upkeep."),
        (f"win: {scalar(winner)}", f"{winner} wins the subgame, which ends (CR 726.5)."),
    ]
    expect = [
        ("{subgames: 0}", "No subgame is running any more."),
        (_flow({"winner": winner, "game": 1}), f"{winner} won game 1, the first subgame."),
    ]
    for player in losers:
        expect.append((_flow({"player": player, "life": 10}),
                       f"{player} didn't win the subgame: they lose half of 20, rounded up."))
    expect += [
        (_flow({"player": winner, "life": 20}), f"{winner} won it and loses nothing."),
        ("{object: shahrazad, game: main, zone: graveyard}",
         "Shahrazad finished resolving and went to its owner's graveyard (CR 608.2n)."),
    ]
    text = (f"{caster} casts Shahrazad. The main game waits while the players play a subgame "
            f"with their libraries as their decks, and {winner} wins it. Then Shahrazad "
            "finishes resolving: each player who didn't win the subgame loses half their life, "
            "rounded up.")
    return _Draft("726.1", "Shahrazad starts a subgame", text, players, 10,
                  [("shahrazad", "Shahrazad", caster, "hand")], steps, expect,
                  ["726.1", "726.5"])


def _started(oid: str, name: str, caster: str, life: int, resolve: str) -> list:
    """The first steps of a subgame card's example: cast, resolve (``resolve``: the step's
    value), and a check that the subgame started at the card's ``life`` (CR 726.1b)."""
    return [
        (f"cast: {_flow({'card': oid, 'by': caster})}",
         f"{caster} casts {name} from their hand (CR 601.2a)."),
        (f"resolve: {resolve}", f"All players pass; {name} resolves and a subgame starts "
         "(CR 726.1), as its text defines it (CR 726.1b)."),
        ("expect:", f"A check in the middle of the steps: the subgame is in progress, every "
         f"player starts it at {life} life (CR 726.1b), and {name} waits on the main game's "
         "stack (CR 726.1a)."),
        ("    - {subgames: 1}", ""),
        (f"    - {_flow({'player': caster, 'game': 1, 'life': life})}", ""),
        (f"    - {_flow({'object': oid, 'game': 'main', 'zone': 'stack'})}", ""),
    ]


def _enter_the_dungeon(players: list[str]) -> _Draft:
    caster, winner = players[0], players[1]
    oid = "enter_the_dungeon"
    steps = _started(oid, "Enter the Dungeon", caster, 5, oid) + [
        ("advance: upkeep", "The subgame's first turn goes on to its upkeep."),
        (f"win: {scalar(winner)}", f"{winner} wins the subgame, which ends (CR 726.5)."),
    ]
    expect = [
        ("{subgames: 0}", "No subgame is running any more."),
        (_flow({"winner": winner, "game": 1}), f"{winner} won game 1, the first subgame."),
        (_flow({"zone": "hand", "owner": winner, "count": 2}),
         f"{winner}, the winner, searched their library for two cards and put them into their "
         "hand (CR 701.23a). No cards were named (resolve: {object: ..., find: [id, id]} names "
         "them), so the engine took the top two."),
        (_flow({"zone": "library", "owner": winner, "count": 8}), "Two fewer in their library."),
        (_flow({"zone": "hand", "owner": caster, "count": 0}),
         f"{caster} didn't win: they find nothing."),
        (_flow({"object": oid, "game": "main", "zone": "graveyard"}),
         "Enter the Dungeon finished resolving (CR 726.5) and went to its owner's graveyard."),
    ]
    text = (f"{caster} casts Enter the Dungeon. The players play a subgame starting at 5 life, "
            f"and {winner} wins it. Then Enter the Dungeon finishes resolving in the main game: "
            f"{winner} searches their library for two cards and puts them into their hand.")
    return _Draft("726.1b", "Enter the Dungeon's winner searches for two cards", text,
                  players, 10, [(oid, "Enter the Dungeon", caster, "hand")], steps, expect,
                  ["726.1b", "726.5", "701.23a"])


def _countdown(players: list[str]) -> _Draft:
    caster, winner = players[0], players[1]
    oid = "the_countdown_is_at_one"
    steps = _started(oid, "The Countdown Is at One", caster, 1, oid) + [
        ("advance: upkeep", "The subgame's first turn goes on to its upkeep."),
        (f"win: {scalar(winner)}", f"{winner} wins the subgame, which ends (CR 726.5)."),
        (f"cast: {_flow({'card': 'grapeshot', 'by': caster, 'target': caster})}",
         f"Back in the main game, {caster} casts Grapeshot at themself: with its storm trigger "
         "and one copy (The Countdown Is at One was cast before it this turn), three things "
         "resolve."),
        ("resolve: {}", ""), ("resolve: {}", ""), ("resolve: {}", ""),
    ]
    expect = [
        ("{subgames: 0}", "No subgame is running any more."),
        (_flow({"winner": winner, "game": 1}), f"{winner} won game 1, the first subgame."),
        (_flow({"player": caster, "life": 16}),
         f"{caster} didn't win the subgame: each 1 damage of Grapeshot and its copy is doubled "
         "(CR 614.1a), 4 in all."),
        (_flow({"player": winner, "life": 20}), f"{winner} won it and took no damage."),
        (_flow({"object": oid, "game": "main", "zone": "graveyard"}),
         "The Countdown Is at One finished resolving and went to its owner's graveyard."),
    ]
    text = (f"{caster} casts The Countdown Is at One. The players play a subgame starting at 1 "
            f"life, and {winner} wins it. For the rest of the main game, damage dealt to each "
            f"player who didn't win is doubled: {caster}'s Grapeshot at themself deals 2 "
            "instead of 1, twice.")
    return _Draft("726.1b", "The Countdown Is at One doubles damage to the losers", text,
                  players, 10, [(oid, "The Countdown Is at One", caster, "hand"),
                                ("grapeshot", "Grapeshot", caster, "hand")], steps, expect,
                  ["726.1b", "726.5", "614.1a"])


def _tug_of_war(players: list[str]) -> _Draft:
    caster, winner = players[0], players[1]
    oid = "tug_of_war"
    choice = ("{object: tug_of_war, set_aside: [serra_angel, grizzly_bears], "
              "keep: grizzly_bears}")
    steps = _started(oid, "Tug of War", caster, 5, choice) + [
        ("advance: upkeep", "After the mulligans, the cards set aside enter the subgame "
         "battlefield, the starting player's first (Gatherer ruling, 2022-10-07)."),
        ("expect:", "Each set-aside card is on the subgame battlefield under its owner's "
         "control."),
        *((f"    - {_flow(dict(object=oid_, game=1, zone='battlefield', controller=who))}", "")
          for oid_, who in (("serra_angel", caster), ("grizzly_bears", winner))),
        (f"win: {scalar(winner)}", f"{winner} wins the subgame, which ends (CR 726.5)."),
    ]
    expect = [
        ("{subgames: 0}", "No subgame is running any more."),
        (_flow({"winner": winner, "game": 1}), f"{winner} won game 1, the first subgame."),
        (_flow({"object": "grizzly_bears", "game": "main", "zone": "battlefield",
                "controller": winner}),
         f"{winner}, the winner, kept Grizzly Bears (keep: names it): it goes onto the "
         "main-game battlefield rather than into their library."),
        (_flow({"object": "serra_angel", "game": "main", "zone": "library"}),
         f"{caster}'s Serra Angel is shuffled into their main-game library (CR 726.5)."),
        (_flow({"object": oid, "game": "main", "zone": "graveyard"}),
         "Tug of War finished resolving and went to its owner's graveyard."),
    ]
    text = (f"{caster} casts Tug of War. As the libraries are shuffled into the subgame, "
            f"{caster} sets aside Serra Angel and {winner} Grizzly Bears (set_aside: up to "
            "three permanent cards with different names each); they enter the subgame "
            f"battlefield after the mulligans. {winner} wins and keeps the Bears: they go onto "
            "the main-game battlefield; every other card goes back to its owner's library.")
    return _Draft("726.1b", "Tug of War's winner keeps a permanent", text, players, 10,
                  [(oid, "Tug of War", caster, "hand"),
                   ("serra_angel", "Serra Angel", caster, "library"),
                   ("grizzly_bears", "Grizzly Bears", winner, "library")], steps, expect,
                  ["726.1b", "726.5"])


SUBGAME_EXAMPLES = {"Shahrazad": _shahrazad, "Enter the Dungeon": _enter_the_dungeon,
                    "The Countdown Is at One": _countdown, "Tug of War": _tug_of_war}
"""The subgame starter's example for each built-in card that creates a subgame (``--card``
picks it), by the card's name."""


def _leave(players: list[str]) -> _Draft:
    leaver, owner = players[0], players[1]
    steps = [
        (f"cast: {_flow({'card': 'mind_control', 'by': leaver, 'target': 'serra_angel'})}",
         f"{leaver} casts Mind Control on {owner}'s Serra Angel."),
        ("resolve: mind_control",
         f"It resolves and enters attached to the Angel: {leaver} controls it (CR 608.3c)."),
        ("expect:", f"A check in the middle of the steps: {leaver} controls the Angel."),
        (f"    - {_flow({'object': 'serra_angel', 'controller': leaver})}", ""),
        (f"concede: {scalar(leaver)}", f"{leaver} concedes and leaves the game (CR 104.3a)."),
    ]
    expect = [
        (_flow({"player": leaver, "in_game": False, "result": "conceded"}),
         f"{leaver} is out of the game: they conceded."),
        ("{object: mind_control, zone: outside}",
         f"Every object {leaver} owned left the game with them (CR 800.4a): Mind Control ..."),
        (_flow({"zone": "library", "owner": leaver, "count": 0}), "... and their library."),
        (_flow({"object": "serra_angel", "zone": "battlefield", "controller": owner}),
         f"The effect that gave {leaver} control of the Angel ended: it is {owner}'s again "
         "(CR 800.4a)."),
        (_flow({"priority": owner}),
         "Priority passed to the next player in turn order (CR 800.4a)."),
        ("{active: null}",
         f"{leaver}'s turn goes on without an active player (CR 800.4j)."),
    ]
    text = (f"{leaver} casts Mind Control on {owner}'s Serra Angel and controls it. Then "
            f"{leaver} concedes: {leaver} leaves the game, every object {leaver} owns leaves "
            f"with them, and the effect that gave {leaver} control of the Angel ends, so it "
            f"returns to {owner} (CR 800.4a, its first example).")
    return _Draft("800.4a", "a player leaves a multiplayer game", text, players, 10,
                  [("mind_control", "Mind Control", leaver, "hand"),
                   ("serra_angel", "Serra Angel", owner, "battlefield")], steps, expect,
                  ["104.3a", "800.4a", "800.4j"])


STARTERS = {"subgame": _subgame, "leave": _leave}
"""The starters by name: each makes the example part of a scaffold for a list of players."""


def _commented(pairs: list[tuple[str, str]], indent: str) -> list[str]:
    """Each YAML line of ``pairs``, its note (if any) as a comment line above it."""
    lines = []
    for code, note in pairs:
        inner = indent + " " * (len(code) - len(code.lstrip(" ")))
        if note:
            lines += _comment(note, inner)
        lines.append(f"{indent}{code}")
    return lines


def _comment(text: str, indent: str = "") -> list[str]:
    """``text`` as comment lines of at most ``WIDTH`` characters, never breaking "CR 726.2"."""
    lines = textwrap.wrap(text.replace("CR ", "CR\u00a0"), WIDTH, initial_indent=f"{indent}# ",
                          subsequent_indent=f"{indent}# ", break_on_hyphens=False)
    return [line.replace("CR\u00a0", "CR ") for line in lines]


def _render(draft: _Draft, file_name: str, rule: str | None, rule_text: str | None,
            extra: list[registry.CardDef], cites: list[str], later: str | None) -> str:
    players = draft.players
    first = players[0]
    named = file_name if file_name and _not_printable(file_name) is None else "FILE"
    out = [
        "# A magicsub scenario, started by `magicsub new`. Edit it, then:",
        f"#   magicsub check {named}      every expectation below must hold (exit status 0)",
        f"#   magicsub show {named}       the trace: each step, the rule it cites, what changed",
        f"#   magicsub html {named} -o page.html     a walkthrough page with a stepper",
        "# The book's page \"Every key, step, card and limit\" and magicsub/scenario.schema.json",
        "# describe every key; `magicsub examples` lists the scenarios that come with magicsub.",
    ]
    if rule is not None:
        out.append("#")
        if rule_text is not None:
            out.append(f"# CR {rule}:")
            out += textwrap.wrap(rule_text, WIDTH, initial_indent="#   ",
                                 subsequent_indent="#   ")
        else:
            out += _comment(f"CR {rule}: magicsub's rules data has no text for it (no step of "
                            "the engine cites it yet).")
    out += [""]
    out += _comment("title: one line naming what the scenario shows, above its walkthrough. "
                    "Start it with the rule it is about; replace this one with yours.")
    out.append(f"title: {scalar(f'{rule or draft.rule}: {draft.phrase}')}")
    out.append("")
    out += _comment("description: (optional) a paragraph for the reader: what to watch for.")
    out.append("description: >-")
    out += textwrap.wrap(draft.description, WIDTH - 2, initial_indent="  ",
                         subsequent_indent="  ")
    out.append("")
    out += _comment(f"players: the players in turn order. The first, {first}, takes the first "
                    "turn and has priority as the steps begin.")
    out += _wrapped("players", [scalar(p) for p in players], "[]")
    out.append("")
    out += _comment("seed: the seed of every shuffle and random choice: the same seed gives the "
                    "same trace.")
    out.append("seed: 1")
    out.append("")
    out += _comment(f"libraries: how many cards each player's library holds, anonymous cards "
                    f"named {first}#1 (the bottom card) to {first}#{draft.libraries} (the top). A "
                    "subgame's players use their libraries as their decks (CR 726.2); with "
                    "fewer than seven cards a player loses the subgame in its first upkeep "
                    "(CR 726.3).")
    out += _wrapped("libraries", [f"{scalar(p)}: {draft.libraries}" for p in players], "{}")
    out.append("")
    out += _comment("life: starting life totals in the main game; a player left out starts "
                    "at 20 (CR 103.4).")
    out += _wrapped("life", [f"{scalar(p)}: 20" for p in players], "{}")
    out.append("")
    out += _comment("objects: the cards in the game before the first step. Each has an id "
                    "(how steps and expectations name it), a name, an owner and a zone (library, "
                    "hand, battlefield, graveyard, exile, command); controller, tapped, "
                    "power... are optional. A name magicsub knows (a built-in card: the book's "
                    "reference lists them) plays by its rules text, quoted beside it; any other "
                    "name is a card magicsub does not know, played with no abilities, of the "
                    "types you give it (types: [creature]): check warns about it unless the "
                    "object says plain: true (a deliberate stand-in).")
    out.append("objects:")
    for oid, name, owner, zone in draft.objects:
        out += _card_comment(registry.BUILTIN[name], "  ")
        out.append("  - " + _flow({"id": oid, "name": name, "owner": owner, "zone": zone}))
    for card in extra:
        out += _card_comment(card, "  ")
        out.append(f"  # (in {first}'s hand; no step uses it yet)")
        out.append("  - " + _flow({"id": card_id(card.name), "name": card.name, "owner": first,
                                   "zone": "hand"}))
    out.append("")
    out += _comment("steps: what happens, in order. Each step is a mapping with one key (the "
                    "book's reference lists them: cast, resolve, advance, leave, concede, "
                    "...). An expect: among them checks the game at that point.")
    out.append("steps:")
    out += _commented([(c if c.startswith("    ") else f"- {c}", n) for c, n in draft.steps],
                      "  ")
    out.append("")
    out += _comment("expect: what must hold after the last step. game: narrows a check to one "
                    "game of the tree (main, 1 = the first subgame, ...); without it a player's "
                    "figures are the main game's and an object is looked for in every game.")
    out.append("expect:")
    pairs = [(f"- {c}", n) for c, n in draft.expect]
    pairs.append((f"- {_flow({'trace_cites': cites})}",
                  "The trace has steps citing these paragraphs."))
    out += _commented(pairs, "  ")
    if later is not None:
        out += _comment(f"Add this check once your steps reach CR {later}:", "  ")
        out.append(f"  # - {_flow({'trace_cites': [later]})}")
    return "\n".join(out) + "\n"


def scaffold(file_name: str = "", *, players: str | None = None, rule: str | None = None,
             card_names: Sequence[str] = ()) -> str:
    """The text of a new scenario: the starter for ``rule`` (``starter_for``) with ``players``
    (comma-separated; the starter's default when None) and the built-in cards ``card_names``
    in the first player's hand. ``rule`` is quoted at the top and names the title; it joins
    the ``trace_cites`` check when the starter's trace cites it. ``file_name`` is shown in the
    header's commands.

    :raises ScaffoldError: an option is wrong, or (a bug) the scaffold fails its own check.
    """
    rule_text = check_rule(rule) if rule is not None else None
    starter = starter_for(rule)
    named = known_cards(card_names)
    makers = [card for card in named if card.starts_subgame]
    if starter == "subgame" and makers:
        draft = _subgame(parse_players(players, starter), makers[0])
    else:
        draft = STARTERS[starter](parse_players(players, starter))
    present = {name for _, name, _, _ in draft.objects}
    extra = [card for card in named if card.name not in present]
    text = _render(draft, file_name, rule, rule_text, extra, draft.cites, None)
    cited = _run(text, file_name)
    if rule is not None and rule not in draft.cites:
        if rule in cited:
            text = _render(draft, file_name, rule, rule_text, extra,
                           sorted(draft.cites + [rule], key=_rule_order), None)
        else:
            text = _render(draft, file_name, rule, rule_text, extra, draft.cites, rule)
        _run(text, file_name)
    return text


def _rule_order(rule: str) -> tuple:
    return tuple((0, int(t), "") if t.isdigit() else (1, 0, t)
                 for t in re.split(r"(\d+)", rule) if t)


def _run(text: str, file_name: str) -> set[str]:
    """Run the scaffold ``text``; return the rules its trace cites.

    :raises ScaffoldError: it does not load (a player's name the format refuses), a step is
        illegal or an expectation fails.
    """
    from . import load_scenario

    try:
        result = load_scenario(text=text, name=file_name or "<new scenario>").run()
    except RulesError as err:
        raise ScaffoldError(f"the new scenario would not run: {err}") from None
    if result.failures:
        raise ScaffoldError("the new scenario does not pass its own check (a bug in magicsub "
                            f"new): {result.failures[0]}")
    return {step.rule for step in result.trace}


__all__ = ["RULE", "STARTERS", "SUBGAME_EXAMPLES", "WIDTH", "ScaffoldError", "card_id",
           "check_rule", "known_cards", "parse_players", "scaffold", "scalar", "starter_for",
           "type_line"]
