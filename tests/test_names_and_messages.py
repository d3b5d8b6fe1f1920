"""Text that misleads a reader (issue 28, item 7).

Names: ``magicsub new --players`` wrote a right-to-left override (U+202E) raw into the file,
comments included, and scenario files and the API let one into traces, pages and terminals.
A name (a player's, a card's, an object's id, a card type, a kind of counter) may not hold a
control, format (bidirectional controls U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C;
zero-width and tag characters) or line-break character (``magicsub.engine.textchars``), wherever it
enters: the file (both schema libraries, with the line), the API (``test_api_limits.py``), the
command line.

Messages: an unknown player among 32 players with long names gave a 32 KB message (320 KB with
10,000-character names), a seating mismatch 97 KB. Every list of names in a message is cut like
a quoted value (``limits.listed``), and every message is bounded (``limits.bounded``,
``MAX_MESSAGE``). The fuzz below draws refusals of every kind listed in ``REFUSALS`` with up to
32 players and names up to ``MAX_TEXT`` long."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magicsub import Game, RulesError, ScenarioError, load_scenario
from magicsub.engine import textchars
from magicsub.engine.limits import MAX_MESSAGE, MAX_PLAYERS, MAX_QUOTED, listed
from magicsub.scenario import validation
from magicsub.scenario.scaffold import ScaffoldError, parse_players, scaffold

BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
        "\u2069", "\u200e", "\u200f", "\u061c"]
OTHER = ["\x00", "\t", "\n", "\r", "\x1b", "\x7f", "\x85", "\u2028", "\u2029", "\u200b",
         "\u2060", "\ufeff", "\u00ad", "\U000e0001", "\U000e0041"]


# -- which characters --------------------------------------------------------------------------

def test_the_forbidden_characters_cover_every_control_and_format_character():
    """Every character of Unicode categories Cc, Cf, Zl and Zp (this Python's Unicode data) is
    refused in a name, but the zero-width non-joiner and joiner, which scripts and emoji
    sequences need."""
    missed = [f"U+{cp:04X}" for cp in range(0x110000)
              if unicodedata.category(chr(cp)) in ("Cc", "Cf", "Zl", "Zp")
              and chr(cp) not in textchars.ALLOWED_FORMAT
              and textchars.forbidden(chr(cp)) is None]
    assert missed == []
    assert all(textchars.forbidden(f"a{char}b") == char for char in BIDI + OTHER)
    for fine in ["Alex", "Bianca O'Neil-Smith", "علی\u200cرضا", "👩\u200d👩\u200d👧", "Zoë Ōta",
                 "Ærin", "玲", "Serra Angel, Jr."]:
        assert textchars.forbidden(fine) is None, fine


# -- names in files ----------------------------------------------------------------------------

FIELDS = {  # the scenario's text after its title, and the line of the name
    "players": ('players: [Alex, "{name}"]', 2),
    "seating": ('players: [Alex, Bianca, Cho]\nseating: [Alex, Bianca, "{name}"]', 3),
    "object id": ('players: [Alex, Bianca]\nobjects:\n  - {{id: "{name}", name: Grizzly Bears, '
                  'owner: Alex}}', 4),
    "card name": ('players: [Alex, Bianca]\nobjects:\n  - {{id: b, name: "{name}", '
                  'owner: Alex}}', 4),
    "card type": ('players: [Alex, Bianca]\nobjects:\n  - {{id: b, owner: Alex, types: '
                  '["{name}"]}}', 4),
    "token name": ('players: [Alex, Bianca]\nsteps:\n  - create: {{id: t, name: "{name}", '
                   'controller: Alex, zone: battlefield}}', 4),
    "counter kind": ('players: [Alex, Bianca]\nsteps:\n  - counters: {{player: Alex, kind: '
                     '"{name}", add: 1}}', 4),
    "expectation": ('players: [Alex, Bianca]\nexpect:\n  - {{player: "{name}", life: 20}}', 4),
}


@pytest.mark.parametrize("pure", [False, True], ids=["jsonschema_rs", "jsonschema"])
@pytest.mark.parametrize("field", sorted(FIELDS))
@pytest.mark.parametrize("char", ["\u202e", "\u2066", "\u200f", "\x1b", "\U000e0041"])
def test_a_file_with_such_a_name_is_refused_with_its_line(field, char, pure):
    """Failed on main (3ade3ff): each was loaded and run with the character raw."""
    body, line = FIELDS[field]
    escaped = f"\\U{ord(char):08X}" if ord(char) > 0xFFFF else f"\\u{ord(char):04X}"
    text = "title: t\n" + body.format(name=f"Al{escaped}ex") + "\n"
    validation.use_pure_python(pure)
    try:
        with pytest.raises(ScenarioError) as caught:
            load_scenario(text=text, name="s.yaml")
    finally:
        validation.use_pure_python(False)
    message = str(caught.value)
    assert message.startswith(f"s.yaml:{line}: "), message
    assert f"U+{ord(char):04X}" in message and "a name may not hold" in message


def test_titles_and_descriptions_are_prose_not_names():
    """A title or a description may hold a line break (they are shown as prose; the embed
    snippet puts a title on one line, test_embed_snippet.py)."""
    scenario = load_scenario(text='title: "two\\nlines"\ndescription: "a\\n\\nb"\n'
                                  "players: [Alex, Bianca]\n")
    assert scenario.title == "two\nlines"


# -- names on the command line -----------------------------------------------------------------

@pytest.mark.parametrize("char", BIDI + OTHER[4:])
def test_new_refuses_a_player_name_with_a_bidi_control_and_writes_nothing(char, cli, tmp_path):
    """The issue's case: on main, ``magicsub new --players`` wrote U+202E raw into twelve lines
    of the file, comments included (exit 0)."""
    out = tmp_path / "s.yaml"
    proc = cli("new", out, "--players", f"Alex,Bi{char}anca", cwd=tmp_path)
    assert proc.returncode == 2, proc.stdout
    assert f"U+{ord(char):04X}" in proc.stderr and "a name may not hold" in proc.stderr
    assert proc.stderr.count("\n") == 1 and not out.exists()


def test_new_keeps_a_joiner_that_a_name_needs(cli, tmp_path):
    out = tmp_path / "s.yaml"
    proc = cli("new", out, "--players", "Alex,علی\u200cرضا", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "علی\u200cرضا" in out.read_text("utf-8")
    assert cli("check", out).returncode == 0


def test_a_file_name_with_a_bidi_control_is_not_written_into_the_comments():
    text = scaffold("evil\u202e.yaml")
    assert "\u202e" not in text and "magicsub check FILE" in text


# -- messages are bounded ----------------------------------------------------------------------

def names(count: int, length: int) -> list[str]:
    """``count`` distinct player names of ``length`` characters (at least 3)."""
    return [f"P{i:02d}" + "n" * max(0, length - 3) for i in range(count)]


def _yaml(players: list[str], extra: str = "") -> str:
    listed_names = ", ".join(f'"{p}"' for p in players)
    return f"title: t\nplayers: [{listed_names}]\n{extra}"


def _file(players, extra):
    return lambda: load_scenario(text=_yaml(players, extra), name="s.yaml").run()


def _unknown_in_step(players):
    return _file(players, f'steps:\n  - pass_priority: "{players[0]}x"\n')


def _unknown_in_life(players):
    return _file(players, f'life: {{"{players[0]}x": 3}}\n')


def _range_missing(players):
    return _file(players, f'range: {{"{players[0]}": 1}}\n')


def _archenemy_unknown(players):
    return _file(players, f'variant: archenemy\narchenemy: "{players[0]}x"\n')


def _seating_mismatch(players):
    seating = ", ".join(f'"{p}"' for p in reversed(players))
    return _file(players, f"seating: [{seating}]\n")


def _seating_unknown(players):
    seating = ", ".join(f'"{p}"' for p in players[:-1] + [players[0] + "x"])
    return _file(players, f"seating: [{seating}]\n")


def _seating_twice(players):
    seating = ", ".join(f'"{p}"' for p in players[:-1] + [players[0]])
    return _file(players, f"seating: [{seating}]\n")


def _owner_unknown(players):
    return _file(players, f'objects:\n  - {{id: b, owner: "{players[-1]}x"}}\n')


def _expect_unknown(players):
    return _file(players, f'expect:\n  - {{player: "{players[-1]}x", life: 1}}\n')


def _effect_unknown(players):
    return _file(players, f'objects:\n  - {{id: b, owner: "{players[0]}"}}\n'
                          f'effects:\n  - {{control: b, to: "{players[1]}x"}}\n')


def _players_twice(players):
    return _file(players + [players[0]], "")


def _too_many(players):
    return _file(names(MAX_PLAYERS + 1, len(players[0])), "")


def _unknown_object(players):
    return _file(players, f'steps:\n  - move: {{object: "{players[0]}#9", to: exile}}\n')


def _no_priority(players):
    return _file(players, f'objects:\n  - {{id: b, name: Grizzly Bears, owner: "{players[1]}",'
                          f' zone: hand}}\nsteps:\n  - cast: {{card: b, by: "{players[1]}"}}\n')


def _api_question(players):
    return lambda: Game(players).life(players[0] + "x")


def _api_life(players):
    return lambda: Game(players, life={players[0] + "x": 3})


def _api_range(players):
    return lambda: Game(players, range={players[0]: 1})


def _api_seating(players):
    return lambda: Game(players, seating=list(reversed(players)))


def _api_owner(players):
    return lambda: Game(players).add_object("b", owner=players[0] + "x")


def _new_twice(players):
    return lambda: parse_players(",".join(players + players), "subgame")


def _new_empty(players):
    return lambda: parse_players(",".join(players) + ",", "subgame")


REFUSALS = [_unknown_in_step, _unknown_in_life, _range_missing, _archenemy_unknown,
            _seating_mismatch, _seating_unknown, _seating_twice, _owner_unknown, _expect_unknown,
            _effect_unknown, _players_twice, _too_many, _unknown_object, _no_priority,
            _api_question, _api_life, _api_range, _api_seating, _api_owner, _new_twice,
            _new_empty]
"""Builders of refusals that name players: each takes the players' names and returns a call
that must be refused."""
NEEDS_THREE = {_range_missing, _seating_mismatch, _seating_unknown, _seating_twice,
               _api_range, _api_seating}


def refusal_message(build, players: list[str]) -> str:
    with pytest.raises((RulesError, ScaffoldError)) as caught:
        build(players)()
    return str(caught.value)


@pytest.mark.parametrize("build", REFUSALS, ids=[b.__name__.strip("_") for b in REFUSALS])
def test_32_players_with_long_names_give_a_short_message(build):
    """The issue's figures, per refusal: 32 players, names of 10,000 characters (on main: the
    unknown player 320 KB, the seating mismatch 0.9 MB). And with names of 200 characters a
    list of them is cut to about ``MAX_QUOTED`` characters without help from the last cut
    (``bounded``): the message stays under 1,200 characters."""
    players = names(MAX_PLAYERS, 10_000)
    message = refusal_message(build, players)
    assert len(message) <= MAX_MESSAGE + len("s.yaml:99: "), len(message)
    short = refusal_message(build, names(MAX_PLAYERS, 200))
    assert len(short) <= 1_200, (len(short), short)


@settings(derandomize=True, max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(build=st.sampled_from(REFUSALS), count=st.integers(2, MAX_PLAYERS),
       length=st.sampled_from([3, 8, MAX_QUOTED, MAX_QUOTED + 1, 200, 1_000, 10_000]))
def test_fuzzed_refusals_with_long_names_are_bounded(build, count, length):
    """Any number of players, names of any length: every refusal's message is at most
    ``MAX_MESSAGE`` characters (plus the file's name), and under 1,200 while names are at
    most 200 characters long."""
    if build in NEEDS_THREE and count < 3:
        count = 3
    message = refusal_message(build, names(count, length))
    assert len(message) <= MAX_MESSAGE + len("s.yaml:99: "), len(message)
    if length <= 200:
        assert len(message) <= 1_200, (len(message), message)


def test_a_list_of_names_is_cut_like_a_quoted_value():
    players = names(32, 10)
    text = listed(players, "players")
    assert text.endswith("… (32 players)") and len(text) < 2 * MAX_QUOTED
    assert listed(["Alex", "Bianca", "Cho"], "players") == "Alex, Bianca, Cho"
    long = listed(["x" * 10_000], "players")
    assert long == "x" * MAX_QUOTED + "... (10000)"


def test_the_unknown_player_message_names_the_first_players_and_the_count():
    players = ["Alex", "Bianca", "Cho"] + [f"Player number {i}" for i in range(29)]
    message = refusal_message(_unknown_in_step, players)
    assert "the players are Alex, Bianca, Cho, Player number 0, " in message
    assert "… (32 players)" in message
