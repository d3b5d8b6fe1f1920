"""Book page: phased-out and face-down cards in a subgame (CR 726.5, 702.26, 708)."""

from __future__ import annotations

from make_book import Page

PART = "Subgames (CR 726)"


def pages() -> list[Page]:
    """The page ``subgames_phasing_face_down``."""
    p = Page("subgames_phasing_face_down",
             "Phased-out and face-down cards in a subgame (CR 726.5, 702.26, 708)")
    p.md("""
        Two kinds of permanent hide on the battlefield without leaving it. A **phased-out**
        permanent is treated as though it does not exist, yet stays where it is; a **face-down**
        permanent is a nameless 2/2 whose card only its controller may look at. Both meet
        Shahrazad in one sentence of 726.5.
        """)
    p.quote("702.26b", "702.26d")
    p.md("""
        Phasing is not a zone change: the engine records it as a change of **status** on the
        same object, which keeps its id, its controller and its counters. Nothing that watches
        objects move sees it. A phased-out creature can't attack or be targeted, and a
        control-changing effect created while it is phased out does not include it (702.26e).
        """)
    p.quote("702.26a", "702.26g")
    p.quote("708.2a", "701.34a", "701.34b")
    p.quote("726.2", "726.5", "708.9")
    p.stepper("ph", "726_5_phased_out_oubliette.yaml")
    p.md("""
        **What you watched.** Cho's Assault Griffin phases out in the main game at {{ph:702.26b}}.
        Shahrazad's subgame takes only the libraries ({{ph:726.2}}): the Griffin is not a library
        card, so it stays, phased out, in the discontinued main game. In the subgame Oubliette's
        trigger phases out Cho's Runeclaw Bears at {{ph:702.26b#2}}, and Soul Summons manifests
        Alex's Serra Angel at {{ph:701.34a}}: a face-down 2/2. When Bianca wins, the Angel is
        revealed at {{ph:708.9}} ("At the end of each game, all face-down permanents ... must be
        revealed"), and at {{ph:^cards that represent phased-out}} 726.5 names the phased-out
        Bears among the cards that go to the main-game library. Back in the main game, the
        Griffin phases in during Cho's untap step ({{ph:702.26a}}).
        """)
    p.md("""
        ## Judge's corner

        **Does Oubliette leaving phase the Bears in first?** As the subgame ends, Oubliette's
        card goes to Alex's library and Oubliette has left the battlefield, so "until Oubliette
        leaves the battlefield" is over. The engine takes the literal reading of 726.5: it
        moves "cards that represent phased-out permanents *as the subgame ends*": the subgame
        is over, its effects have no meaning any more (726.1b), and the Bears' card goes to
        Cho's library as it is: phased out, then a plain card again in the library (a card in a
        library has no phasing status). The other reading, "the Bears phase in, tapped, and then
        go to the library", reaches the same zone; only the trace differs, and nothing in the
        main game can see the difference.

        **Who sees the face-down card?** While the subgame runs, only Alex may look at the
        manifested card (708.5); the page shows it as "face down". As the subgame ends, 708.9
        reveals it to everyone: the trace names it.

        **A phased-out permanent of a player who leaves.** 702.26k sends a phased-out permanent
        with its owner; one that phased out under a departed player's control but is owned by
        someone still playing stays, and phases in during the next untap step after that
        player's next turn would have begun (702.26n; scenario
        `702_26n_phased_out_player_leaves.yaml`). The engine reads 800.4a's exile literally: a
        phased-out permanent the leaver still controls is exiled ("game rules may cause a
        phased-out permanent ... to be exiled", 702.26n); one whose control effect ended with
        800.4a goes back to its owner and is not.
        """)
    p.stepper("pn", "702_26n_phased_out_player_leaves.yaml")
    p.md("""
        **What you watched.** Alex leaves: his own phased-out Bears leave the game with him
        ({{pn:800.4a}}, 702.26k), and the effect giving him Bianca's Griffin ends. Bianca,
        Cho and Dana take turns; when Alex's turn would have begun it doesn't ({{pn:800.4k}}),
        the Griffin is marked at {{pn:702.26n}} and phases in during Bianca's next untap step
        ({{pn:702.26n#2}}).
        """)
    return [p]
