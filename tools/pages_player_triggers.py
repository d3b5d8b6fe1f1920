"""Book page: triggers on a player losing the game, and durations shown on power and toughness
(CR 603.9, 603.10, 611.2, 611.3, 613.4c, 800.4m)."""

from __future__ import annotations

from make_book import Page

PART = "Control, range and more (CR 610, 800.4, 801)"


def pages() -> list[Page]:
    """The page ``player_triggers``."""
    p = Page("player_triggers", "When a player loses: triggers and durations (CR 603, 611, 800.4m)")
    p.md("""
        Some abilities watch players rather than objects: Curse of Vengeance enchants a player and
        pays off "when enchanted player loses the game"; Blood Tyrant grows "whenever a player loses
        the game". And some effects last "until your next turn": what happens to them when "you"
        leave the game? This page answers both, with cards whose effects show on power and
        toughness.
        """)
    p.quote("104.3a", "603.9")
    p.md("""
        Rule 603.9 is broad: such an ability triggers when a player loses **or leaves** the game,
        whatever the reason, unless the player leaves because the game is a draw. Conceding is
        losing (104.3a), so it triggers; so does merely leaving, and losing by a state-based action.
        In a **two-player** game none of this matters: a loss ends the game at once (104.2a), and
        no trigger ever goes on the stack.
        """)
    p.quote("303.4c", "704.5m", "608.2h")
    p.stepper("cc", "603_9_curse_of_vengeance_concede.yaml")
    p.md("""
        **What you watched.** Each spell Bianca casts puts a spite counter on the Curse
        ({{cc:603.3}}). When she concedes ({{cc:104.3a}}) her cards leave the game
        ({{cc:800.4a}}); the Curse is Alex's, so it stays, still attached to Bianca, and its
        ability triggers at {{cc:603.9}}. Before anyone gets priority, the state-based actions put
        the Curse, which now enchants a player who has left, into Alex's graveyard
        ({{cc:704.5m}}); only then does the trigger go on the stack. As it resolves, the Curse
        is no longer on the battlefield: X is read from its last known information
        ({{cc:608.2h}}), the two counters it had. Alex gains 2 life and draws 2 cards.
        """)
    p.stepper("cl", "603_9_curse_of_vengeance_leave.yaml")
    p.md("""
        **What you watched.** Cho leaves without conceding. "Loses the game" is the card's wording,
        but 603.9 makes it trigger on leaving too ({{cl:603.9}}): Alex gains 1 and draws 1.
        """)
    p.stepper("cs", "603_9_curse_of_vengeance_sba_loss.yaml")
    p.md("""
        **What you watched.** Dana's life drops to 0 and she loses at {{cs:704.5a}}; the rest is the
        same story.
        """)
    p.quote("603.10", "122.1a", "613.4c")
    p.stepper("bt", "603_9_blood_tyrant_player_loses.yaml")
    p.md("""
        **What you watched.** Bianca concedes and Cho's Blood Tyrant triggers ({{bt:603.9}}): five
        +1/+1 counters make it 10/10 (counters apply in layer 7c). When Cho herself concedes, her
        Tyrant leaves the game with her; the game checks the objects that exist immediately
        *after* the event (603.10), and the Tyrant is not among them, so her own loss triggers
        nothing.
        """)
    p.md("""
        ## Two kinds of duration

        A **static ability**'s effect is not locked in: it applies at every moment to whatever its
        text says, and only while its source is on the battlefield. A **resolved** spell's or
        ability's effect lasts as long as it says, and the set of objects it changes is fixed when
        it begins.
        """)
    p.quote("611.3a", "611.3b", "611.2a", "611.2c")
    p.stepper("ga", "611_3a_glorious_anthem_controller_leaves.yaml")
    p.md("""
        **What you watched.** While Cho controls Alex's Glorious Anthem, "creatures you control"
        are Cho's: her Bears are 3/3, Alex's Angel 4/4. When Cho leaves, the effect giving her
        control of the Anthem ends ({{ga:800.4a}}); Alex controls it again and the Angel is 5/5
        at once (611.3a). When Alex concedes, the Anthem leaves the game and its effect simply
        stops (611.3b): nothing is recorded because a static ability's effect is computed from
        the battlefield, never stored.
        """)
    p.quote("800.4m")
    p.stepper("so", "800_4m_sorin_until_your_next_turn.yaml")
    p.md("""
        **What you watched.** Sorin enters with four loyalty counters ({{so:306.5b}}); its +1
        ({{so:606.3}}) makes Alex's creatures +1/+0 with lifelink until his next turn, and the set
        is locked in ({{so:611.2c}}). Alex leaves: the Bears go back to Cho but stay 3/2, because
        nothing in 800.4a ends an effect that does not give the departed player control. On Cho's
        turn they attack with lifelink and Cho, their controller, gains 3 ({{so:702.15b}}). The
        effect ends when Alex's turn would have begun ({{so:800.4k}}, {{so:800.4m}}): neither at
        once nor never.
        """)
    p.md("""
        ## Judge's corner

        * **Leaving versus losing.** Curse of Vengeance says "loses the game". Read alone, a player
          who leaves without losing (an effect that removes them, or leaving a multiplayer game in
          a casual way) would not trigger it. Rule 603.9 settles it: abilities that trigger on a
          player losing trigger on leaving too, "regardless of the reason". The engine follows
          603.9; the other reading appears only if you ignore it.
        * **Does the Curse look back in time?** Not needed. The Curse is still on the battlefield
          immediately after the player leaves (only the next state-based action check removes it),
          so it triggers under the normal rule of 603.10. A Blood Tyrant whose own controller
          leaves is gone immediately after the event, so it does not trigger; the engine does not
          treat "loses the game" as a look-back trigger, because 603.10a does not list it.
        * **Which X?** The Curse is in the graveyard when its ability resolves. 608.2h sends us to
          its last known information: the counters it had on the battlefield. Another reading,
          "the number of spite counters on this Aura now" (zero, as counters don't survive a zone
          change, 122.2), would make the card useless in every case where it matters, and 608.2h
          rules it out.
        * **Two players lose at once.** In a multiplayer game the engine takes each loser out in
          turn order. A Blood Tyrant of one of them may trigger for the other's loss, but its
          controller leaves too, and 800.4d removes the trigger before it reaches the stack: the
          result is the same as checking the two losses together.
        """)
    return [p]
