"""The book's page on the limited range of influence option (CR 800.2, 801)."""

from __future__ import annotations

from make_book import Page

PART = "Control, range and more (CR 610, 800.4, 801)"
"""The part of the book this page joins."""


def pages() -> list[Page]:
    """The page ``range_801``: ranges, wins, attacks, targets, triggered abilities, "each
    opponent" and the world rule."""
    p = Page("range_801", "Limited range of influence (CR 801)")
    p.quote("800.2", "801.1")
    p.md("""
        The limited range of influence is one of the *options* of 800.2: the players of a
        multiplayer game agree on it before the game. In a scenario it is the key `range`, one
        number of seats for every player (`range: 1`) or one per player
        (`range: {Alex: 1, Bianca: 2, ...}`); from Python, `magicsub.Game(players, range=1)`. A
        two-player game has no such option (800.1: a multiplayer game begins with more than two
        players), and the engine refuses it, citing 801.1.

        ## Who is within range
        """)
    p.quote("801.2", "801.2a", "801.2b", "801.2c", "801.2d")
    p.md("""
        The 801.2a examples: a range of 1 means you and the players seated directly next to you;
        a range of 2 means you and the two players on each side. 801.2c's example: with range 1,
        Alex sits left of Rob and Carissa right of Rob; Carissa is not in Alex's range, but if Rob
        leaves the game, Carissa enters Alex's range *at the start of the next turn*.

        The engine counts seats among the players still in the game and records the result as a
        fact of the game when the game begins and again as each turn begins (a step citing
        801.2c that lists the players within each player's range). When a player leaves, nobody
        new enters anyone's range until the next turn begins; the trace says who will.

        ## Winning under the option
        """)
    p.quote("104.3h", "801.14")
    p.md("""
        The step `win: Alex` is "an effect states that Alex wins" (104.2b). Without the option the
        game ends and Alex wins. With it, Alex does *not* win: his opponents within his range
        lose instead, they leave the game (800.4a), and the game goes on for the others. XMage's
        tests of this rule (Approach of the Second Sun, Laboratory Maniac, with Platinum Angel in
        and out of range) check exactly this in a four-player game with range 1: the two
        neighbours lose, the player across the table plays on.
        """)
    p.stepper("w5", "801_14_win_range_1_five_players.yaml")
    p.md("""
        **What you watched.** At {{w5:104.2b}} an effect states that Alex wins; at {{w5:801.14}}
        Bianca and Erin, his neighbours, lose instead and leave ({{w5:800.4a}}). After each
        leaving, {{w5:801.2c}} says whose range will change at the next turn. At {{w5:104.3h}}
        the game goes on for Alex, Cho and Dana. When Cho's turn begins the ranges are determined
        again ({{w5:801.2c#3}}): the three survivors are now all within each other's range.

        ## A win after a player left
        """)
    p.stepper("wl", "801_2c_win_after_a_player_left.yaml")
    p.md("""
        **What you watched.** Bianca concedes ({{wl:104.3a}}). In the same turn Alex's win makes
        only Erin lose ({{wl:801.14}}): Cho, now only one *remaining* seat away, is not yet within
        Alex's range, because ranges are determined as each turn begins. In Cho's turn the ranges
        are determined again ({{wl:801.2c#3}}); Alex's second win makes Cho and Dana lose
        ({{wl:801.14#2}}), and Alex, whose opponents have all left, wins the game
        ({{wl:104.2a}}).

        ## Everyone in range; different ranges
        """)
    p.stepper("wa", "801_14_everyone_in_range.yaml")
    p.md("""
        **What you watched.** With four players and range 2 every opponent is within Alex's range:
        all three lose ({{wa:801.14}}), and Alex wins by 104.2a ({{wa:104.2a}}). The option
        changes *how* he wins, not whether.
        """)
    p.stepper("wd", "801_2a_different_ranges.yaml")
    p.md("""
        **What you watched.** Cho's range is 2 seats, everyone else's 1. Her win reaches two
        players on each side ({{wd:801.14}}); Farid, three seats away, plays on
        ({{wd:104.3h}}). Alex was the active player, so his turn goes on without one
        ({{wd:800.4j}}).

        ## Targets and "each opponent"
        """)
    p.quote("801.4", "801.10", "801.11")
    p.md("""
        A spell can't target a player, or an object controlled by a player, outside its caster's
        range: casting Bribery on Cho from Alex's seat with range 1 is refused with an error
        citing 801.4, and so is Act of Treason on a creature Dana controls (801.2d). "Each
        opponent" means each opponent the spell can affect:
        """)
    p.stepper("bt", "801_10_blood_tithe_each_opponent.yaml")
    p.md("""
        **What you watched.** At {{bt:801.10}} the part of Blood Tithe that would make Cho and Dana
        lose life does nothing; at {{bt:608.2c}} Bianca and Erin lose 3 life each and Alex gains
        the 6 life lost this way (801.11: the spell sees only what happens within range).

        ## Attacks
        """)
    p.quote("801.3")
    p.md("""
        In a five-player game with range 1, Alex's creatures can attack Bianca and Erin, his
        neighbours. `attack: {creature: bears, defender: Cho}` is refused with an error citing
        801.3 that names the opponents Alex can attack, and nothing changes. With range 0 no
        opponent is within Alex's range, and the error cites the second sentence: his creatures
        can't attack at all. The ranges are those determined as the turn began (801.2c): when
        Bianca concedes in Alex's turn, Cho is still out of reach until the next turn begins.

        ## Triggered abilities
        """)
    p.quote("801.7", "801.7a")
    p.stepper("sk", "801_10_syr_konrad_in_range.yaml")
    p.md("""
        **What you watched.** Dana's Grizzly Bears die two seats from Alex: at {{sk:801.7}} Syr
        Konrad's ability does not trigger, because the event did not happen within Alex's range.
        Bianca's Runeclaw Bears die next to him: the ability triggers ({{sk:603.3}}). When it
        resolves, the damage to Cho and Dana does nothing ({{sk:801.10}}) and only Bianca and Erin
        lose 1 life ({{sk:608.2c}}).

        Which state decides, before or after the event? 801.7a sends us to 603.6 and 603.10:
        "another creature dies" is a leaves-the-battlefield trigger and looks back in time, so
        the dying creature's controller counts (Cho's creature that Bianca controls triggers
        Alex's Konrad even though it goes to Cho's graveyard); "a creature card leaves your
        graveyard" also looks back, and your own graveyard is always within your range (801.2b);
        "a creature card is put into a graveyard from anywhere other than the battlefield" does
        not look back, so the graveyard it arrives in counts.

        ## The world rule
        """)
    p.quote("704.5k", "801.12")
    p.stepper("wr", "801_12_world_rule_out_of_range.yaml")
    p.md("""
        **What you watched.** Cho's Living Plane and Alex's Concordant Crossroads are two seats
        apart: at {{wr:801.12}} the world rule applies to neither, and both stay. Bianca, who sat
        between them, leaves; at the start of the next turn the ranges are determined again
        ({{wr:801.2c#2}}), Alex and Cho are now neighbours, and when state-based actions are next
        checked the world rule puts the older world permanent, Living Plane, into Cho's graveyard
        ({{wr:704.5k}}).
        """)
    p.stepper("wi", "704_5k_world_rule_in_range.yaml")
    p.md("""
        **What you watched.** Within range the world rule works as in any game: the newest world
        permanent stays ({{wi:704.5k}}).

        ## Judge's corner

        - **Which world permanents are compared?** 801.12 says when the world rule *applies* to a
          permanent, not which others it is compared with. The engine's literal reading: a world
          permanent the rule applies to stays only if it is the newest of the world permanents
          within *its controller's* range (it says so in the trace). The other reading compares
          it with every world permanent in the game: a permanent could then go to the graveyard
          because of one its controller cannot even see. With different ranges the readings
          differ; with one range for everyone and two world permanents they agree.
        - **Leaving and the seats.** 801.2 measures range "in player seats"; 801.2c's example says
          a departed player's seat no longer counts, but only from the next turn. Until then the
          ranges stay as they were determined (a departed player is in nobody's range, being out
          of the game). The engine follows the example; the rules do not say whether any effect
          could determine ranges again in the middle of a turn.
        - **A subgame.** The option is chosen for a game; a Shahrazad subgame is a new game and
          nobody chose the option for it. The literal reading, taken here: the subgame does not
          use it. A table could as well agree that its options carry into every subgame.
        - **Which triggered abilities check their range.** The engine applies 801.7 to the
          abilities whose cards name the players their trigger event involves
          (`triggers.fire(..., involves=...)`); Syr Konrad does. A card that does not name them
          triggers as in a game without the option: a gap of the engine, not a reading of the
          rules.
        - **"Entirely within range" and a move across it.** A creature spell that Cho, outside
          Alex's range, controls but Bianca owns is countered and goes to Bianca's graveyard. Did
          the event happen *entirely* within Alex's range? Read alone, 801.7 says no: it began
          with Cho. The engine follows 801.7a instead, which for an event moving an object into
          range says to use the state after the event for a trigger that does not look back in
          time: the card arrives in Bianca's graveyard, and Konrad triggers.
        - **A draw.** 801.15 makes a draw stated by an effect a draw only for the effect's
          controller and the players within their range. The `draw_game` step names no
          controller, so the engine does not apply 801.15 to it yet.
        - **The 801.12 citation.** The engine cites the sentence of 801.12 that holds the rule;
          its splitter breaks the paragraph after the closing quotation mark of “world rule”, so
          the step shows the sentence from "(see rule 704.5k)" on.
        """)
    return [p]
