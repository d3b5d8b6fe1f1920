"""Book page: exile until a permanent leaves the battlefield (CR 610.3) and players leaving the
game (CR 800.4a, 800.4d), with Oblivion Ring and Banisher Priest side by side."""

from __future__ import annotations

from make_book import Page

PART = "Control, range and more (CR 610, 800.4, 801)"


def pages() -> list[Page]:
    """The page ``until_610_3``."""
    p = Page("until_610_3", "Exiled until it leaves (CR 610.3, 800.4a)")
    p.md("""
        Two white cards exile a permanent and give it back later, and they look alike. Oblivion
        Ring: *"When Oblivion Ring enters, exile another target nonland permanent. When Oblivion
        Ring leaves the battlefield, return the exiled card to the battlefield under its owner's
        control."* Banisher Priest: *"When Banisher Priest enters, exile target creature an
        opponent controls until Banisher Priest leaves the battlefield. (That creature returns
        under its owner's control.)"* The Ring has **two** triggered abilities, linked (607.2a).
        The Priest has **one**, and its return is not an ability at all:
        """)
    p.quote("610.3", "610.3a", "610.3b", "610.3c", "610.3d")
    p.md("""
        The return is a one-shot effect "created immediately after" the Priest leaves. It does
        not use the stack and nobody controls it. The Ring's return is a triggered ability, and
        a triggered ability has a controller:
        """)
    p.quote("603.3a", "603.6c", "800.4a", "800.4d")
    p.md("""
        ## Side by side: their owner concedes

        Alex's Oblivion Ring exiles Bianca's Serra Angel and Alex's Banisher Priest exiles Cho's
        Runeclaw Bears. Then Alex concedes this four-player game.
        """)
    p.stepper("u1", "610_3_oring_vs_priest_owner_leaves.yaml")
    p.md("""
        **What you watched.** At {{u1:800.4a}} both permanents leave the game with Alex. The
        Ring's leaves-the-battlefield ability triggers, since it is still a permanent leaving the
        battlefield because its owner leaves (603.6c), and it is Alex's (603.3a). The Priest's
        return is made at once: {{u1:610.3}}, and the Bears come back under Cho's control at
        {{u1:610.3c}}. At {{u1:800.4d}} the Ring's trigger, controlled by a player who has left,
        is not put on the stack, so the Angel stays in exile for the rest of the game.

        | | Oblivion Ring | Banisher Priest |
        |---|---|---|
        | the return is | a triggered ability (603.6c) | a one-shot effect (610.3) |
        | its controller | who controlled the Ring as it left (603.3a) | nobody: it uses no stack |
        | the owner leaves the game | not put on the stack (800.4d) | returns (610.3c) |
        | the source leaves before the exile resolves | exiled for good | doesn't move (610.3b) |
        """)
    p.md("""
        ## Grasp of Fate: one target for each opponent

        Grasp of Fate exiles up to one nonland permanent of each opponent until it leaves. Its
        owner loses the game; every exiled permanent returns at the same time, each under its
        owner's control. (The Gatherer ruling of 2015-11-04 says so; XMage tests it.)
        """)
    p.stepper("u2", "610_3_grasp_of_fate_owner_loses.yaml")
    p.md("""
        **What you watched.** Each target is chosen as the ability goes on the stack
        ({{u2:603.3d}}, one `choose_target` step for each). Alex loses at {{u2:704.5a}}; at
        {{u2:610.3d}} the three returns are simultaneous, and {{u2:610.3c}} puts each permanent
        back under its own owner's control.
        """)
    p.md("""
        ## Stolen: who controls the Ring's return

        Bianca gains control of Alex's Oblivion Ring and of Alex's Banisher Priest. The Ring is
        destroyed while she controls it: its return trigger is hers. She concedes with it on the
        stack.
        """)
    p.stepper("u3", "610_3_stolen_oblivion_ring.yaml")
    p.md("""
        **What you watched.** The trigger went on the stack under Bianca's control
        ({{u3:603.3}}). At {{u3:800.4a#2}} it ceases to exist with her other objects on the
        stack that are not cards, and Cho's Angel stays in exile. The effect that gave her the
        Priest ends at {{u3:800.4a}}; the Priest goes back to Alex without leaving the
        battlefield, so nothing returns then. Only when it leaves ({{u3:610.3}}) do Dana's Bears
        come back.

        When the **controller** leaves but not the owner, the source can leave anyway: Bianca's
        Bribery took Alex's Priest, and "if there are any objects still controlled by that
        player, those objects are exiled" (800.4a). Exiled, the Priest has left the battlefield.
        """)
    p.stepper("u4", "610_3_controller_leaves.yaml")
    p.md("""
        **What you watched.** At {{u4:800.4a#2}} the Priest is exiled; {{u4:610.3}} and
        {{u4:610.3c}} follow at once and the Bears return to Cho.
        """)
    p.md("""
        ## The source leaves first (610.3b)
        """)
    p.stepper("u5", "610_3b_source_left_first.yaml")
    p.md("""
        **What you watched.** The Priest is destroyed with its ability on the stack; at
        {{u5:610.3b}} the Bears don't move. The Ring is destroyed the same way: its return
        triggers and resolves first with nothing to return, and then its first ability exiles
        the Angel for good: the two abilities know nothing of 610.3.
        """)
    p.md("""
        ## Subgames

        A subgame's exile is a zone of the subgame; when the subgame ends, 726.5 sends "cards in
        the subgame's exile zone" to their owners' main-game libraries, with everything else.
        """)
    p.quote("726.4", "726.5")
    p.stepper("u6", "610_3_subgame_ends.yaml")
    p.md("""
        **What you watched.** At {{u6:726.5}} the Priest and the Ring go home, and so do the
        cards they exiled. Nothing is returned to a battlefield that is about to cease to
        exist, and no trigger goes on any stack.

        A main-game Priest is outside the subgame (726.4): its exile lasts through the subgame.
        """)
    p.stepper("u7", "610_3_main_game_exile_during_subgame.yaml")
    p.md("""
        **What you watched.** The Angel is still in main-game exile after the subgame; when the
        Priest leaves ({{u7:610.3}}), it comes back to Bianca ({{u7:610.3c}}).
        """)
    p.md("""
        ## Judge's corner

        - **The exiled card's owner leaves.** The card is an object owned by that player and
          leaves the game from exile (800.4a). When the Priest later leaves there is nothing to
          return. The engine ends the link as the card leaves exile (a new object, 400.7).
        - **All at once.** 800.4a takes all of a player's objects out at once; the trace lists
          them one by one and records the Priest's return right after the Priest. Nothing can tell
          the two orders apart: a returning card its owner's departure takes along would be put
          onto the battlefield under a player who has left, and 800.4b keeps it where it is.
        - **The subgame ends.** The literal reading taken here: the Priest leaves the subgame's
          battlefield only as part of 726.5, and the return does nothing; the exiled card goes
          to the main-game library like every other subgame card. Another reading makes the
          return first, onto the subgame battlefield, and 726.5 then takes the card to the same
          library: the result is the same card in the same library.
        - **A phased-out source whose owner leaves.** 603.6c makes leaves-the-battlefield
          *abilities* trigger only for a phased-in permanent, so a phased-out Oblivion Ring's
          return never triggers. 610.3 has no such exception: the engine reads it literally and
          returns a phased-out Priest's card; the other reading would treat the phased-out
          Priest as never having left (702.26d) and keep the card exiled.
        """)
    return [p]
