"""Judge's corner page: leaving one game while a subgame runs (issue 11, CR 104.3a, 726, 800.4a)."""

from __future__ import annotations

from make_book import Page

PART = "Judge's corner"
"""The part this module's page joins."""

TABLE_0 = [
    (('Is Cho still in the subgame?'),
     ('Yes. He left the game he conceded, and the subgame is a "completely separate" '
      'game (726.1a–b).'),
     ('He is out of everything: conceding the main game means walking away from the '
      'table.')),
    (('His cards in the subgame at its end (726.5: "puts them into their main-game '
      'library")'),
     ('He has no main-game library any more (800.4a): they go outside every game.'),
     ('They go back to his main-game library, or the question does not matter because '
      'he is gone.')),
    (('Shahrazad: "Each player who doesn\'t win the subgame loses half their life"'),
     ('Only players still in the main game lose life. Cho has no life total there.'),
     ('The same, with no reason to say it.')),
    (('A held trigger he controls (726.4a, 726.5)'),
     ('It is not put on the stack (800.4d).'),
     ('The same.')),
]

TABLE_1 = [
    (('Can a player who has left the main game win the subgame?'),
     ('Yes. The subgame is a separate game and Alex is still in it.'),
     ('No. Conceding one game means conceding the whole match, the subgame included.')),
    (('Does Shahrazad still finish resolving without its card?'),
     ('Yes. 726.5 says so.'),
     ('The same.')),
    (('Who loses half their life?'),
     ('Every player still in the main game, because none of them won the subgame.'),
     ("Nobody, if Alex's win is not counted.")),
]

TABLE_2 = [
    (('What becomes of the subgame?'),
     ('It is over with the main game and has no result.'),
     ('It is played out, and its result no longer matters.')),
    (('Does Shahrazad finish resolving?'),
     ('No. The main game cannot "continue from the point at which it was discontinued" '
      '(726.5).'),
     ('It does not matter, because the main game is over.')),
    (("The subgame's cards"),
     ('They go outside every game, like every card once a game is over.'),
     ('They go back to the main-game libraries.')),
]

TABLE_3 = [
    (("Subgame 2's cards"),
     ('They go outside every game, so the players lose them for the rest of the main '
      'game.'),
     ('They go back to the subgame-1 libraries and then on to the main game.')),
    (("Subgame 2's result"),
     ('None.'),
     ('It is played out and then ignored.')),
]


def _table(rows) -> str:
    """A markdown table of the silent points: literal reading (the engine) and the other one;
    its lines after the first indented to sit inside a page's dedented markdown."""
    lines = ["| Silent point | Literal reading (the engine) | Other reading (what many judges "
             "would do) |", "|---|---|---|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n        ".join(lines)




def pages() -> list[Page]:
    """The page ``corner_leave_mid_subgame``."""
    p = Page("corner_leave_mid_subgame", "Leaving one game while a subgame runs")
    p.quote("104.3a")
    p.md("""
        "At any time" includes the time a subgame is being played. A player may concede the
        **main game** while the subgame is in progress, or a middle subgame of a nested tree
        (726.6), not only the game in progress. In a scenario or with `Game.apply`, `leave`,
        `lose` and `concede` take `game:` (`main`, `1`, `2`, ...; the game in progress if it is
        left out). The rules never say what conceding a discontinued game does to the games
        inside it. The engine takes the literal reading at each silent point and says so in the
        trace. Each section below puts that reading next to the one many judges would use. It
        does not settle which is right.
        """)
    p.quote("726.1a", "726.1b")
    p.quote("800.4a")
    p.md("""
        ## Three players: conceding the main game, then losing the subgame
        """)
    p.stepper("lo", "mp_concede_main_mid_subgame_lose.yaml")
    p.md("""
        **What you watched.** At {{lo:104.3a}} Cho concedes the main game, which is discontinued.
        800.4a happens **in the main game** ({{lo:800.4a}}): Syr Konrad leaves it, and the effect
        that gave Cho Alex's Serra Angel ends. The Konrad trigger held since {{lo:726.4a}} would go
        on the stack when the main game resumes, but its controller has left ({{lo:800.4d}}). At
        {{lo:~still in subgame 1}} the engine says that Cho is still in the subgame. Bianca wins
        it, and at {{lo:~there is no main-game library}} Cho's ten subgame cards go outside every
        game. At {{lo:~loses no life}} Shahrazad's life loss reaches only Alex.
        """)
    p.quote("726.5")
    p.md("""
        @@TABLE0@@
        """.replace("@@TABLE0@@", _table(TABLE_0)))
    p.md("""
        ## Four players: conceding the main game, then winning the subgame
        """)
    p.stepper("wi", "mp_concede_main_mid_subgame_win.yaml")
    p.md("""
        **What you watched.** Alex, the active player of the main game, cast Shahrazad and then
        concedes the main game ({{wi:104.3a}}). Shahrazad is Alex's card on the main-game stack,
        so it leaves the game with Alex ({{wi:800.4a}}), and the main-game turn has no active
        player ({{wi:800.4j}}). Alex is still in the subgame and wins it. At
        {{wi:~won subgame 1 but has left}} the engine says what follows. Shahrazad finishes
        resolving although its card is gone (726.5: "even if it was created by a spell card that's
        no longer on the stack"), and Bianca, Cho and Dev each lose half their life
        ({{wi:~loses 10}}).

        @@TABLE1@@
        """.replace("@@TABLE1@@", _table(TABLE_1)))
    p.quote("104.2a")
    p.md("""
        ## Two players: conceding the main game ends it at once
        """)
    p.stepper("tw", "concede_main_two_player_mid_subgame.yaml")
    p.md("""
        **What you watched.** Bianca concedes the main game ({{tw:104.3a}}), and Alex wins it at
        once ({{tw:104.2a}}). At {{tw:^game within a game}} the engine ends the subgame. It is "a
        game within a game" (726.1a), so it is over along with the main game. It has no result
        of its own, Shahrazad never finishes resolving, and nobody loses half their life. The
        subgame's cards go outside every game, because the main game has ended and has no
        library to take them.

        @@TABLE2@@
        """.replace("@@TABLE2@@", _table(TABLE_2)))
    p.quote("726.6")
    p.md("""
        ## A middle subgame of a nested tree
        """)
    p.stepper("mi", "concede_middle_subgame.yaml")
    p.md("""
        **What you watched.** Subgame 1 is the main game of subgame 2. Bianca concedes subgame 1
        ({{mi:104.3a}}), so Alex wins it ({{mi:104.2a}}). The engine applies the rules it uses
        for a main game. Subgame 2 is over with subgame 1 ({{mi:^game within a game}}), and its
        cards go outside every game. The second Shahrazad was on the stack of subgame 1, so it
        is a card of subgame 1. Subgame 1 then ends in the usual way ({{mi:726.5}}), and its
        cards go back to the main-game libraries. The first Shahrazad finishes resolving, and
        Bianca, who did not win subgame 1, loses half her main-game life.

        @@TABLE3@@

        In a subgame 1 with three or more players, the player who concedes it stays in subgame 2,
        as in the three-player case above. When subgame 2 ends, their cards there go outside,
        because they have left subgame 1.
        """.replace("@@TABLE3@@", _table(TABLE_3)))
    return [p]
