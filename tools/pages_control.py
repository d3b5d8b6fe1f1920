"""Book page: controlling another player (CR 720, 800.4a, 800.4b), with Mindslaver, Worst Fears
and Shahrazad cast under control."""

from __future__ import annotations

from make_book import Page

PART = "Control, range and more (CR 610, 800.4, 801)"
"""The part of the book these pages belong to."""


def pages() -> list[Page]:
    """The pages of this module."""
    p = Page("control_720", "Controlling another player (CR 720, 800.4a–b)")
    p.md("""
        # Controlling another player (CR 720, 800.4a–b)

        Mindslaver ("{4}, {T}, Sacrifice Mindslaver: You control target player during that
        player's next turn.") and Worst Fears give one player control of another player's
        **turn**. The rules of rule 720 say when that control begins and ends, and who makes
        which decisions:
        """)
    p.quote("720.1", "720.1a", "720.3", "720.5", "720.6", "720.8", "720.9")
    p.md("""
        In the engine a player-controlling effect belongs to the game it was created in: it waits
        until the affected player's next turn begins, then works until the next turn begins.
        Every step a player decides (cast, activate, pass priority, mulligan, a choice) first
        records who decides it.

        ## Mindslaver in a four-player game
        """)
    p.stepper("ms", "720_1_mindslaver.yaml")
    p.md("""
        **What you watched.** Alex activates Mindslaver ({{ms:602.2a}}): tapping and sacrificing
        it are costs. When the ability resolves ({{ms:608.2c}}) the effect begins, but it waits:
        it is still Alex's turn. At {{ms:720.1}} Bianca's turn begins and the effect starts to
        work. At {{ms:720.5}} Alex decides that Bianca casts Act of Treason on Cho's Serra Angel.
        Only control of the player changes (720.3): **Bianca** gains control of the Angel, and
        she is still the active player. Act of Treason's effect ends at cleanup ({{ms:514.2}}),
        and the player-controlling effect ends as Cho's turn begins ({{ms:720.1#2}}).

        ## Two effects on one player
        """)
    p.stepper("ov", "720_1a_last_effect_works.yaml")
    p.md("""
        **What you watched.** Worst Fears (Alex) and then Mindslaver (Bianca) both target Cho.
        When Cho's turn begins, the older effect is overwritten ({{ov:720.1a}}) and Bianca's
        works ({{ov:720.1}}): Bianca passes priority for Cho ({{ov:720.5}}).

        ## Leaving: the controller, the controlled player
        """)
    p.quote("800.4a", "800.4b")
    p.stepper("cl", "800_4a_player_controller_leaves.yaml")
    p.md("""
        **What you watched.** Alex decides for Bianca in her upkeep ({{cl:720.5}}), then
        concedes ({{cl:104.3a}}). His effect gives him control of a player, so it ends
        ({{cl:~ends: Alex controls Bianca}}, 800.4a): Bianca's next pass is her own.
        800.4b's last sentence ("If a player would be controlled by a player who has left the
        game, they aren't") is the same rule seen from the other side: an effect that would
        begin working for a player who has left does nothing.
        """)
    p.stepper("cp", "800_4a_controlled_player_leaves.yaml")
    p.md("""
        **What you watched.** Alex can't make Bianca concede, but Bianca may concede while she is
        controlled ({{cp:720.6}}). She leaves ({{cp:800.4a}}); her turn continues without an
        active player ({{cp:800.4j}}), and the player-controlling effect has nobody left to
        control.

        ## Shahrazad cast by a controlled player
        """)
    p.stepper("sh", "726_1b_shahrazad_under_control.yaml")
    p.md("""
        **What you watched.** Alex has Bianca cast her Shahrazad ({{sh:720.5}}): Bianca is the
        caster. In the subgame, the main game's effect has no meaning ({{sh:726.1b}}): Bianca
        takes her mulligan and passes priority herself ({{sh:726.1b#2}}). Who starts the subgame
        is chosen at random (726.2), nobody's decision. When the main game resumes, it is still
        Bianca's turn, and Alex decides for her again ({{sh:720.5#2}}).

        ## Judge's corner

        - **Does a subgame turn count as "that player's next turn"?** The engine's literal
          reading: no. 726.1b gives the main game's effect no meaning in the subgame, so a
          Mindslaver activated before the subgame waits for Bianca's next *main-game* turn. The
          other reading counts any turn Bianca takes, and would make Alex control her in the
          subgame.
        - **Does the controller decide inside the subgame?** The literal reading of 726.1b: no,
          Bianca decides there. The other reading: 720.5 says the controller makes "all choices
          and decisions", and the subgame is played during Bianca's controlled turn.
        - **The controlled player leaves.** 800.4a ends effects that give the *departed* player
          control; it says nothing of an effect that controls them. The engine ends it (there is
          nobody to control) and says so; reading it as still in place changes nothing.
        """)
    return [p]
