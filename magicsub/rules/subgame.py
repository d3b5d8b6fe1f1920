"""Subgames (CR 726): starting one when Shahrazad resolves, and ending it.

Each paragraph gives its own steps, in the order the text gives them. Behaviour that differs
between CR editions (506, 723, 726) is data beside the rule texts (``behaviour:`` in
``magicsub/rules/<edition>.yaml``), read here through ``tx.edition``.
"""

from __future__ import annotations

from immutables import Map

from ..engine import damage, hooks
from ..engine.effects import describe
from ..engine.errors import RulesError
from ..engine.objects import SUPPLEMENTARY_DECKS, Kind, Obj
from ..engine.priority import priority_point, put_triggers
from ..engine.registry import Subgame, subgame_of
from ..engine.resolution import PERMANENT_TYPES, check_depth, finish_resolving
from ..engine.start import STANDARD_LIFE, from_seat, opening_hands, starting_life
from ..engine.state import PREGAME, GameState, Seat, by_zone
from ..engine.state import game_name as _label
from ..engine.transaction import Tx
from ..engine.zones import Zone
from . import phasing
from .leaving import before_subgame_ends, clear_ended, note_departed
from .quoted import CARDS_BACK, DRAW_NO_WINNER, NESTED_SEARCH

VARIANT_LIFE = {"commander": 40}
"""Starting life totals that differ from 20 for every player (CR 103.4; 903.7 for Commander).
Per-player rules (the archenemy, a vanguard's life modifier) are in ``start.starting_life``."""
KNOWN_VARIANTS = {
    "726": ("commander", "vanguard", "planechase", "archenemy", "two_headed_giant"),
    "723": ("commander", "vanguard", "planechase", "archenemy", "two_headed_giant"),
    "506": (),
}



def check_variant(edition: str, variant: str | None) -> None:
    """Raise when an edition does not know a variant (e.g. Commander under the 2003 rules)."""
    if variant is not None and variant not in KNOWN_VARIANTS[edition]:
        known = ", ".join(KNOWN_VARIANTS[edition]) or "none"
        raise RulesError(f"{edition}.1", f"CR edition {edition} does not know the {variant} "
                         f"variant (it knows: {known})", subject=variant)


def _note(tx: Tx, name: str) -> None:
    """Add the note the edition has for the point ``name`` (if any)."""
    text = tx.edition.note(name)
    if text is not None:
        tx.note(text)


def _supplementary(tx: Tx, gid: int, player: str) -> list:
    return [o for o in tx.world.in_zone(gid, Zone.COMMAND)
            if o.owner == player and not o.traditional and o.deck in SUPPLEMENTARY_DECKS]


def _conspiracies_stay(tx: Tx, main_id: int, players) -> None:
    """Conspiracy and Contraption cards are no supplementary deck (CR 100.2d): CR 726.2a does not
    move them, and "no other cards in a main-game zone are moved" (726.2); they stay in the
    main-game command zone."""
    stay = [o for o in tx.world.in_zone(main_id, Zone.COMMAND)
            if o.owner in players and not o.traditional and o.deck in ("conspiracy", "contraption")]
    if not stay:
        return
    tx.step("726.2.others", "No other cards in a main-game zone are moved")
    why = tx.edition.note("conspiracies")
    for obj in stay:
        face = "face up" if obj.face_up else "face down"
        tx.note(f"{obj.label()} ({face}) is a {obj.deck} card, not part of a supplementary deck "
                f"({why}): it stays in the main-game command zone.")


NO_SUBGAME = Subgame()
"""What a subgame's effect defines when it defines nothing beyond CR 726 (an unknown creator)."""


def effect_of(obj: Obj | None) -> Subgame:
    """What the card of the spell ``obj`` defines of the subgame it creates (CR 726.1b)."""
    return subgame_of(obj) or NO_SUBGAME


def _set_aside_chosen(tx: Tx, main_id: int, players, card: Obj, effect: Subgame,
                      chosen) -> dict[str, list[str]]:
    """The cards each player sets aside (``chosen``: ids), checked against the card's text
    before anything happens: each a permanent card in its owner's main-game library, at most
    ``effect.set_aside`` per player, with different names (CR 726.1b)."""
    per: dict[str, list[str]] = {}
    if not chosen:
        return per
    if not effect.set_aside:
        raise RulesError("726.1b", f"{card.label()} sets no card aside: its subgame starts from "
                         "the players' libraries alone (set_aside is for a card whose text "
                         "sets cards aside)", subject=chosen[0])
    for oid in chosen:
        obj = tx.obj(oid)
        if obj.game != main_id or obj.zone is not Zone.LIBRARY or obj.owner not in players:
            raise RulesError("726.1b", f"{card.label()}: {obj.label()} is not a card in the "
                             f"main-game library of a player of the subgame ({obj.place}"
                             f"{'' if obj.game is None else ' of ' + _label(obj.game)})",
                             subject=oid)
        if not any(t in PERMANENT_TYPES for t in obj.types):
            raise RulesError("726.1b", f"{card.label()}: {obj.label()} is not a permanent card "
                             f"(its types: {', '.join(obj.types) or 'none'}); the card sets "
                             "aside permanent cards only", subject=oid)
        mine = per.setdefault(obj.owner, [])
        if any(tx.obj(o).name == obj.name for o in mine):
            raise RulesError("726.1b", f"{card.label()}: {obj.owner} sets aside two cards named "
                             f"{obj.name}; the cards must have different names", subject=oid)
        mine.append(oid)
        if len(mine) > effect.set_aside:
            raise RulesError("726.1b", f"{card.label()}: {obj.owner} sets aside "
                             f"{len(mine)} cards; up to {effect.set_aside} are allowed",
                             subject=oid)
    return per


def _asked(tx: Tx, card: Obj, effect: Subgame, asked: dict) -> tuple:
    """The choices for the subgame's end given as its spell resolved (``find``, ``keep``),
    refused when the card's text asks for none of them (CR 726.1b)."""
    keep, find = asked.get("keep"), asked.get("find")
    if keep is not None:
        if not effect.keeps:
            raise RulesError("726.1b", f"{card.label()}: its subgame's winner keeps no card "
                             "(keep is for a card whose winner keeps a card set aside)",
                             subject=keep)
        if keep not in (asked.get("set_aside") or ()):
            raise RulesError("726.1b", f"{card.label()}: keep names {tx.obj(keep).label()}, "
                             "which is not one of the cards set aside (set_aside)", subject=keep)
    if find is not None:
        for oid in find:
            tx.obj(oid)
        if not effect.finds:
            raise RulesError("726.1b", f"{card.label()}: its subgame's winner searches for "
                             "nothing (find is for a card whose winner searches)", subject=card.id)
        if len(find) > effect.finds:
            raise RulesError("726.1b", f"{card.label()}: the winner finds up to "
                             f"{effect.finds} cards, not {len(find)}", subject=find[0])
    return tuple((k, tuple(v) if isinstance(v, list) else v)
                 for k, v in (("find", find), ("keep", keep)) if v is not None)


def asked_for(game: GameState, name: str) -> object:
    """The choice ``name`` given for the end of subgame ``game`` as its spell resolved (None:
    none was given, the default is taken)."""
    return dict(game.asked).get(name)


@hooks.on("play_subgame")
def start_subgame(tx: Tx, creator: str, asked: dict | None = None) -> int:
    """CR 726.1–726.4b: the spell or ability ``creator`` starts a subgame of the current game,
    as its card's text defines it (CR 726.1b, ``CardDef.subgame``: starting life, cards set
    aside; ``asked``: the choices its text asks for, ``resolve_top``)."""
    check_depth(tx.world, tx.world.current, creator)
    main_id = tx.world.current
    main = tx.game(main_id)
    ed = tx.edition
    gid = max(tx.world.games.keys()) + 1
    players = main.in_game
    card = tx.obj(creator)
    effect = effect_of(card)
    asked = asked or {}
    aside = _set_aside_chosen(tx, main_id, players, card, effect, asked.get("set_aside"))
    kept = _asked(tx, card, effect, asked)

    tx.step("726.1")
    tx.note(f"{card.label()} resolves: the players play a Magic subgame (subgame {gid}).")
    rule = ed.cite("726.1")
    if card.name not in rule.text and effect is not NO_SUBGAME:
        defines = ed.cite("726.1b.defined", "except as defined by the effect that created "
                          "the subgame").rule
        tx.note(f"CR {rule.rule} names one card; {card.name} creates a subgame too, and the "
                f"same rules govern it, with what its text defines (CR {defines}).")
    seats = Map({p: Seat(life=STANDARD_LIFE) for p in players})
    sub = GameState(gid, main_id, players, seats, variant=main.variant, creator=creator,
                    status="in progress", turn=0, step=PREGAME,
                    starting_life=effect.life or VARIANT_LIFE.get(main.variant or "",
                                                                  STANDARD_LIFE),
                    asked=kept)
    tx.game_event(gid, "is created", f"by {card.label()} in the "
                  f"{_label(main_id, 'bare')}", op="create",
                  state=sub)
    if main_id != 0:
        tx.step("726.6", "The existing subgame becomes the main game")
        tx.note(f"Subgame {main_id} is now the main game of subgame {gid}.")

    tx.step("726.1a", "temporarily discontinued")
    tx.game_event(main_id, "is discontinued", f"until subgame {gid} ends", op="discontinue",
                  current=gid)

    tx.step("726.2.zones", "an entirely new set of game zones is created")
    _note(tx, "zones")
    tx.game_event(gid, "zones are created", "library, hand, graveyard for each player; "
                  "battlefield, stack, exile, command, ante")
    if len(players) < len(main.seats):
        absent = [p for p in main.seats if p not in players]
        tx.step("726.4", "All players not currently in the subgame")
        _note(tx, "absent_players")
        verb = "is" if len(absent) == 1 else "are"
        tx.note(f"{', '.join(absent)} left the main game and {verb} outside the subgame.")
    if effect.set_aside:
        _set_aside(tx, gid, card, effect, players, aside)
    for player in players:
        cards = tx.world.in_zone(main_id, Zone.LIBRARY, player)
        if ed.does("library_removed_face_down"):
            _remove_library(tx, main_id, gid, player, [o.id for o in cards])
        else:
            tx.step("726.2", "moves them to their subgame library")
            _note(tx, "library")
            tx.move_all(player, [o.id for o in cards], gid, Zone.LIBRARY, shuffle=True)
        if not cards:
            tx.note(f"{player}'s main-game library is empty.")
    _supplementary_decks_in(tx, main_id, gid, players)
    _conspiracies_stay(tx, main_id, players)
    if main.variant == "vanguard":
        for player in players:
            for obj in tx.world.in_zone(main_id, Zone.COMMAND):
                if obj.owner == player and obj.deck == "vanguard":
                    tx.step("726.2b")
                    tx.move(obj.id, gid, Zone.COMMAND)
    if main.variant == "commander":
        for obj in sorted((o for o in tx.world.objects_in(main_id) if o.commander
                           and o.owner in players), key=lambda o: o.id):
            tx.step("726.2c")
            if obj.zone is Zone.COMMAND:
                tx.move(obj.id, gid, Zone.COMMAND)
            else:
                tx.note(f"{obj.label()} is in the main game's {obj.zone.value}, not its command "
                        "zone, so it stays in the main game (“if it’s there”).")
    tx.step("726.4", "All objects in the main game")
    tx.note("Every object of the main game, and every card outside it, is outside the subgame.")
    outer = sorted(tx.world.effects.values(), key=lambda e: e.order)
    waiting = sorted(tx.world.delayed.values(), key=lambda d: d.id)
    replacing = [(g, r) for g in tx.world.ancestors(gid) for r in damage.every(tx.game(g))]
    if outer or waiting or replacing:
        tx.step("726.1b", "No effects or definitions created in either the main game")
        _note(tx, "effects")
        for e in outer:
            tx.note(f"{describe(e, tx)}: an effect of {_label(e.game)}; it has no meaning in "
                    f"subgame {gid}.")
        for g, r in replacing:
            tx.note(f"{damage.describe(r)}: an effect of {_label(g)}; it has no meaning in "
                    f"subgame {gid}.")
        for d in waiting:
            tx.note(f"{d.text}: waits in {_label(d.game)}; it has no meaning in subgame {gid}.")
    counters = [p for p in players if main.seat(p).counters]
    if counters:
        if tx.edition.knows("726.4b"):
            tx.step("726.4b", "main-game counters aren’t considered part of the subgame")
        else:
            tx.step("726.4", "All objects in the main game")
            tx.note(f"CR {ed.number} has no rule for counters on players; literal reading: a "
                    "player's counters are part of the game they were given in (as CR 726.4b later "
                    "said).")
        for p in counters:
            kinds = ", ".join(f"{n} {k}" for k, n in sorted(main.seat(p).counters.items()))
            tx.note(f"{p} keeps {kinds} counters in the main game; they have none in the "
                    "subgame.")

    first = tx.rng.choice(players)
    tx.step("726.2.first", "Randomly determine which player goes first")
    tx.fact(gid, "first", first, f"{first} is the starting player of subgame {gid}")
    tx.note("The subgame has not begun its first turn: nobody is the active player and nobody "
            "has priority.")
    if main.variant == "archenemy":
        _note(tx, "archenemy_first")
    tx.step("726.2.normal", "proceeds like a normal game")
    starting_life(tx, gid)
    if effect.life is not None:
        _defined(tx)
        tx.note(f"{card.label()} says the subgame starts at {effect.life} life: every player "
                f"of subgame {gid} begins with {effect.life} life instead.")
        for player in players:
            tx.set_life(gid, player, effect.life, starting=True)
    opening_hands(tx, gid)
    return gid


def _defined(tx: Tx) -> None:
    """Open the step for what the effect that created the subgame defines (CR 726.1b: "except
    as defined by the effect that created the subgame"); an edition without that sentence (CR
    506) follows the card's instructions as written (CR 608.2c), and says so."""
    tx.step("726.1b.defined", "except as defined by the effect that created the subgame")
    if tx.rule == "608.2c":
        tx.note(f"CR {tx.edition.number} has no rule on what the effect that creates a subgame "
                "defines (CR 723.1b and 726.1b later say “except as defined by the effect that "
                "created the subgame”). Literal reading: the card's instructions are followed "
                "as written.")


def _set_aside(tx: Tx, gid: int, card: Obj, effect: Subgame, players,
               aside: dict[str, list[str]]) -> None:
    """CR 726.1b (``Subgame.set_aside``): as the libraries are shuffled into the subgame, each
    player sets
    aside up to ``effect.set_aside`` permanent cards with different names from their library;
    they wait outside the games until the mulligans are done (``_set_aside_enter``)."""
    _defined(tx)
    for player in players:
        ids = aside.get(player, [])
        if not ids:
            tx.note(f"{player} sets aside no card for {card.label()} (up to "
                    f"{effect.set_aside}: none chosen).")
            continue
        names = ", ".join(tx.obj(o).label() for o in ids)
        tx.note(f"{player} sets aside {names} from their library as it is shuffled: "
                f"{'it goes' if len(ids) == 1 else 'they go'} onto the subgame battlefield after "
                "the mulligans.")
        tx.move_all(player, ids, None, None)
    chosen = tuple((p, tuple(aside[p])) for p in players if aside.get(p))
    tx.fact(gid, "set_aside", chosen, f"the cards set aside for subgame {gid} are recorded")


@hooks.on("game_starts")
def _set_aside_enter(tx: Tx, gid: int) -> None:
    """CR 726.1b (``Subgame.set_aside``): after the mulligans, the cards each player set aside
    are put onto
    the subgame battlefield, the starting player's first, then each other player's in turn
    order; abilities that trigger then go on the stack the next time a player would receive
    priority (CR 603.3)."""
    game = tx.game(gid)
    if not game.set_aside:
        return
    aside = dict(game.set_aside)
    for player in from_seat(game.clockwise, game.first):
        ids = [o for o in aside.get(player, ()) if tx.obj(o).game is None]
        if not ids or not game.seat(player).in_game:
            continue
        _defined(tx)
        tx.note(f"The mulligans are done: {player} puts {_names(tx, ids)} onto the battlefield "
                f"of subgame {gid}" + (" (the starting player first)." if player == game.first else
                   " (next in turn order)."))
        tx.move_all(player, ids, gid, Zone.BATTLEFIELD)


def _remove_library(tx: Tx, main_id: int, gid: int, player: str, ids: list[str]) -> None:
    """CR 506.3 (2003): ``player`` removes their library from the main game face down (the
    engine's main-game exile, face down), and abilities that trigger on cards being removed
    from the main game face down trigger; then it becomes their deck in the subgame."""
    tx.step("726.2", "removes his or her library from the game face down")
    tx.note("Literal reading: “removed from the game” is the zone the engine calls exile (the "
            "2003 rules have no other word for it); the cards go there face down, in the main "
            "game, before they become the subgame deck. CR 726.2 instead moves the library "
            "straight to the subgame library: nothing is exiled.")
    held = {t.id for t in tx.game(main_id).held}
    tx.move_all(player, ids, main_id, Zone.EXILE, face_up=False)
    fired = [t for t in tx.game(main_id).held if t.id not in held]
    if fired:
        tx.step("726.2", "trigger on cards being removed from the main game face down")
        for t in fired:
            tx.note(f"{t.text}: it triggered as {player}'s library was removed from the main "
                    "game face down (held until the subgame is completed, above).")
    tx.step("726.2", "It becomes that player's deck in the subgame")
    _note(tx, "library")
    tx.note("In the subgame library the cards are hidden like any library's; the engine keeps "
            "a face-down mark only for exiled cards and permanents, so it turns them back.")
    tx.move_all(player, ids, gid, Zone.LIBRARY, shuffle=True, face_up=True)


@hooks.on("game_starts")
def short_decks_lose(tx: Tx, gid: int) -> None:
    """CR 506.3 (2003, the second paragraph so numbered): a player whose deck had fewer than
    seven cards "will lose the game as soon as it starts, even if he or she mulligans": after the
    mulligans, as the subgame's first turn would begin. CR 726.3 instead: when state-based
    actions are checked in the upkeep of the first turn (``priority.check_sba``)."""
    game = tx.game(gid)
    if game.parent is None or tx.edition.behaviour("short_deck_loses") != "at_start":
        return
    short = [p for p in game.seats if p in game.drew_empty and game.seat(p).in_game]
    if not short:
        return
    tx.step("726.3", "will lose the game as soon as it starts")
    tx.note(f"Literal reading: “as soon as it starts” is after the mulligans (“even if he or she "
            f"mulligans”), as the first turn of subgame {gid} would begin: "
            f"{', '.join(short)} could not draw a full hand and "
            f"{'loses' if len(short) == 1 else 'lose'} before any turn is taken. Other reading: "
            "the paragraph points to Rule 420 (state-based effects), which are checked when a "
            "player would receive priority, in the first upkeep, as CR 726.3 later says.")
    for player in short:
        tx.player_event(gid, player, "loses", result="lost")
    tx.fact(gid, "drew_empty", frozenset(), "the draws from an empty library have been checked")
    hooks.emit("players_lose", tx, gid, short)


def _supplementary_decks_in(tx: Tx, main_id: int, gid: int, players) -> None:
    variant = tx.game(main_id).variant
    for player in players:
        decks = sorted({o.deck for o in _supplementary(tx, main_id, player)})
        for deck in decks:
            if not tx.edition.moves_deck(deck, variant):
                continue
            tx.step(*tx.edition.deck_rule("726.2a", deck))
            cards = [o for o in _supplementary(tx, main_id, player) if o.deck == deck]
            tx.move_all(player, [o.id for o in cards if not o.face_up], gid, Zone.COMMAND,
                        shuffle=True, deck=deck, began_in_deck=deck)
            face_up = [o for o in cards if o.face_up]
            if face_up:
                tx.step(tx.edition.deck_rule("726.2a", deck)[0],
                        "Face-up nontraditional cards remain")
            for obj in face_up:
                tx.note(f"{obj.label()} is face up: it remains in the main-game command zone.")


@hooks.on("game_ended")
def _subgame_ended(tx: Tx, gid: int) -> None:
    """When a subgame ends, CR 726.5 runs (a main game's end needs nothing more)."""
    if tx.game(gid).parent is not None:
        end_subgame(tx, gid)


def end_subgame(tx: Tx, gid: int) -> None:
    """CR 726.5–726.5c: the subgame ``gid`` has ended; its main game resumes and the spell that
    created it finishes resolving, then held triggers go on the stack."""
    sub = tx.game(gid)
    main_id = sub.parent
    ed = tx.edition
    if main_id is None:
        raise RulesError("726.5", "the main game is not a subgame", subject="main")

    before_subgame_ends(tx, gid)
    source = tx.world.objects.get(sub.creator)
    if effect_of(source).keeps:
        _winner_keeps(tx, gid, main_id, source)
    commanders = sorted((o for o in [*tx.world.objects_in(gid, ordered=False),
                                     *_departed(tx, gid, main_id)] if o.commander),
                        key=lambda o: o.id) if sub.variant == "commander" else []
    everyone = sorted(tx.world.owners_in(gid) | set(sub.seats),
                      key=lambda p: (p not in sub.seats, p))
    for player in everyone:
        cards = [o for o in tx.world.objects_of(gid, player, ordered=False)
                 if o.kind is Kind.CARD and o.zone is not Zone.COMMAND
                 and (o.traditional or ed.does("nontraditional_to_library"))]
        if not cards:
            continue
        cards.sort(key=by_zone)
        cards = phasing.subgame_ends(tx, gid, cards)
        if not cards:
            continue
        exiled = [o for o in cards if o.zone is Zone.EXILE]
        if exiled and ed.does("exile_returns"):
            tx.step("726.5", "This includes cards in the subgame’s exile zone")
            tx.note(f"{', '.join(o.label() for o in exiled)}: in the subgame's exile, "
                    f"{'it goes' if len(exiled) == 1 else 'they go'} to {player}'s main-game "
                    "library with the other cards.")
        tx.step("726.5", "puts them into their main-game library")
        odd = [o for o in cards if not o.traditional]
        if odd:
            tx.note(f"{', '.join(o.label() for o in odd)}: nontraditional, outside the subgame "
                    f"command zone; CR {ed.cite('726.5').rule} takes “all cards” {player} owns "
                    "there, so " + ("it goes" if len(odd) == 1 else "they go") + " too (CR 726.5 "
                    "would take only traditional cards).")
        stay = set() if ed.does("exile_returns") else {o.id for o in exiled}
        tx.move_all(player, [o.id for o in cards if o.id not in stay], main_id, Zone.LIBRARY,
                    shuffle=True)
        if stay:
            tx.step("726.5", "Cards removed from the game in the subgame")
            tx.move_all(player, [o.id for o in cards if o.id in stay], main_id, Zone.EXILE)
    _departed_cards_home(tx, gid, main_id)
    _set_aside_home(tx, gid, main_id)
    if ed.does("supplementary_decks_return"):
        _supplementary_decks_out(tx, gid, main_id)
    if sub.variant == "vanguard":
        for obj in tx.world.in_zone(gid, Zone.COMMAND):
            if obj.deck == "vanguard":
                tx.step("726.5b")
                tx.move(obj.id, main_id, Zone.COMMAND)
    if sub.variant == "commander":
        for before in commanders:
            obj = tx.obj(before.id)
            tx.step("726.5c")
            if obj.game == gid and obj.zone is Zone.COMMAND:
                tx.move(obj.id, main_id, Zone.COMMAND)
            else:
                now = ("outside the game" if obj.game is None else
                       f"in {obj.owner}'s main-game library" if obj.zone is Zone.LIBRARY else
                       "in the main-game command zone (CR 903.9b)" if obj.zone is Zone.COMMAND
                       else f"in the {obj.place} of {_label(obj.game)}")
                was = (f"in the subgame's {before.place}" if before.game == gid else
                       "outside the subgame (it left with its owner)")
                tx.note(f"{obj.label()} was {was}, not in its command zone, as the subgame ended "
                        f"(“if it’s there”): CR {ed.cite('726.5').rule} took it with the other "
                        f"cards, and it is now {now}.")
    with_counters = [p for p in sub.seats if tx.game(gid).seat(p).counters]
    if with_counters:
        if tx.edition.knows("726.4b"):
            tx.step("726.4b", "any counters a player gets during a subgame will cease to exist")
        else:
            tx.step("726.5.cease", "all other objects in the subgame cease to exist")
            tx.note(f"CR {ed.number} has no rule for counters on players; literal reading: they "
                    "end with the subgame (as CR 726.4b later said).")
        for p in with_counters:
            tx.clear_counters(gid, p)
    tx.step("726.5.cease", "all other objects in the subgame cease to exist")
    _note(tx, "cease")
    clear_ended(tx, gid, ends="ends (its game ended)", say=lambda obj: _say_ceasing(tx, obj))
    tx.game_event(gid, "zones cease to exist")

    tx.step("726.1a", "It resumes when the subgame ends")
    tx.game_event(main_id, "resumes", op="resume")
    note_departed(tx, main_id, sub)
    finish_resolving(tx, main_id, sub)
    release_held(tx, main_id)
    if not tx.game(main_id).ended:
        priority_point(tx, main_id, None, cite="117.3b")


def _names(tx: Tx, ids) -> str:
    return ", ".join(tx.obj(o).label() for o in ids)


def _winner_keeps(tx: Tx, gid: int, main_id: int, source: Obj | None) -> None:
    """CR 726.1b (``Subgame.keeps``): as the subgame ends, its winner chooses one of the cards
    they put
    onto its battlefield as it began and puts it onto the main-game battlefield rather than
    shuffling it into their library (CR 726.5 takes the others). The choice given as the spell
    resolved (``keep``), else the first of them still in the subgame (the engine's default,
    said in the trace)."""
    sub = tx.game(gid)
    name = source.label() if source is not None else sub.creator
    winner = sub.winner
    _defined(tx)
    if winner is None:
        tx.note(f"Nobody won subgame {gid} (a draw): no player puts a card onto the main-game "
                f"battlefield for {name}; every card goes back under CR "
                f"{tx.edition.cite('726.5').rule}. {DRAW_NO_WINNER}.")
        return
    mine = [o for o in dict(sub.set_aside).get(winner, ()) if tx.obj(o).game == gid]
    if not mine:
        tx.note(f"{winner} won subgame {gid} but put no card onto its battlefield as it began "
                f"that is still in the subgame: nothing to choose for {name}.")
        return
    keep = asked_for(sub, "keep")
    if keep is not None and keep not in mine:
        raise RulesError("726.1b", f"{name}: keep names {tx.obj(keep).label()}, which is not a "
                         f"card {winner} (the winner) put onto the battlefield as subgame {gid} "
                         f"began and still in it ({_names(tx, mine)})", subject=keep)
    chosen = keep or mine[0]
    how = "chooses" if keep else "chooses (no choice was given: the engine takes the first)"
    tx.note(f"{winner} won subgame {gid}: {winner} {how} {tx.obj(chosen).label()} and puts it "
            f"onto the battlefield of {_label(main_id, 'bare')} rather than shuffling it into "
            "their library.")
    tx.move(chosen, main_id, Zone.BATTLEFIELD, controller=winner)


def winner_searches(tx: Tx, gid: int, source: Obj | None, sub: GameState) -> None:
    """After the subgame ``sub`` (CR 726.5, its spell finishing resolving in game ``gid``): its
    winner searches their library for ``finds`` cards (``Subgame.finds``), puts them into
    their hand, then shuffles (CR 701.23a). The cards given as the spell resolved (``find``),
    else the top ones of that library (the engine's default, said in the trace); a drawn
    subgame has no winner, and a winner who has left the game searches nothing."""
    name = source.label() if source is not None else sub.creator
    count = effect_of(source).finds
    winner = sub.winner
    game = tx.game(gid)
    tx.step("608.2c", "follows its instructions in the order written")
    if winner is None:
        tx.note(f"Nobody won subgame {sub.gid} (a draw): nobody searches for {name}.")
        return
    if not game.seat(winner).in_game:
        tx.note(f"{winner} won subgame {sub.gid} but has left {_label(gid)}: nobody searches "
                f"for {name}.")
        return
    library = tx.world.in_zone(gid, Zone.LIBRARY, winner)
    if tx.game(gid).parent is not None:
        tx.note(f"Subgame {sub.gid} was played inside {_label(gid)}, its main game: the winner "
                f"searches their library there. {NESTED_SEARCH}.")
    find = asked_for(sub, "find")
    if find is not None:
        for oid in find:
            obj = tx.obj(oid)
            if obj.game != gid or obj.zone is not Zone.LIBRARY or obj.owner != winner:
                raise RulesError("701.23a", f"{name}: {obj.label()} is not a card in {winner}'s "
                                 f"library in {_label(gid)} ({obj.place}), so {winner} cannot "
                                 "find it", subject=oid)
        chosen = list(find)
        how = "finds"
    else:
        chosen = [o.id for o in reversed(library[-count:])] if count else []
        how = "finds (no choice was given: the engine takes the top cards)"
    tx.step("701.23a", "look at all cards in that zone")
    if len(chosen) < min(count, len(library)):
        raise RulesError("701.23b", f"{name}: {winner} finds {len(chosen)} cards; their library "
                         f"holds {len(library)}, so they must find "
                         f"{min(count, len(library))}", subject=winner)
    if chosen:
        tx.note(f"{winner} won subgame {sub.gid}: {winner} searches their library in "
                f"{_label(gid)}, {how} {_names(tx, chosen)}, and puts "
                f"{'it' if len(chosen) == 1 else 'them'} into their hand.")
        tx.move_all(winner, chosen, gid, Zone.HAND)
    else:
        tx.note(f"{winner} won subgame {sub.gid}: {winner}'s library in {_label(gid)} is "
                "empty; they find nothing.")
    tx.shuffle(gid, winner)


def _set_aside_home(tx: Tx, gid: int, main_id: int) -> None:
    """Cards set aside for subgame ``gid`` that never reached its battlefield (it ended before
    its first turn began, or their owner left it first) go to their owners' main-game
    libraries with the cards from the subgame (CR 726.5, with the rulings that every player's
    cards from the subgame go back, ``quoted.CARDS_BACK``)."""
    main = tx.game(main_id)
    for player, ids in tx.game(gid).set_aside:
        left = [o for o in ids if tx.obj(o).game is None and tx.obj(o).left_from == main_id]
        if not left or not main.seat(player).in_game:
            continue
        tx.step("726.5", "puts them into their main-game library")
        tx.note(f"{_names(tx, left)}: set aside by {player}, "
                "never put onto the subgame battlefield; they go back with the other cards "
                f"({CARDS_BACK[0]}).")
        tx.move_all(player, left, main_id, Zone.LIBRARY, shuffle=True)


def _say_ceasing(tx: Tx, obj: Obj) -> None:
    """CR 726.5 as the objects left in the subgame cease to exist: why a card goes outside."""
    ed = tx.edition
    if obj.kind is Kind.CARD and obj.phased_out:
        tx.note(f"{obj.label()} is phased out (CR 702.26b): its zone ceases to exist and "
                "its card is left outside every game.")
    elif obj.kind is Kind.CARD and not obj.traditional and obj.zone is not Zone.COMMAND \
            and not ed.does("nontraditional_to_library") and ed.knows("726.5a"):
        tx.note(f"{obj.label()} is a nontraditional card that did not begin the subgame in "
                f"a supplementary deck: CR {ed.cite('726.5').rule} takes only traditional "
                f"cards, CR {ed.cite('726.5a').rule} only cards that began the subgame in a "
                "supplementary deck. Literal reading: it is one of “all other objects in the "
                "subgame”, and a card cannot cease to exist, so it is put outside the game. "
                "The rule's own example reads otherwise: “If a card was brought into the "
                "subgame ... that card will be put into its owner’s main-game library.”")
    elif obj.kind is Kind.CARD:
        tx.note(f"{obj.label()} is a card, so it cannot cease to exist: it is put outside "
                "the game.")




def _departed(tx: Tx, gid: int, main_id: int, *, in_main: bool = True) -> list:
    """The cards that left multiplayer subgame ``gid`` with a player who left it before it
    ended (CR 800.4a; not a player who lost as another won it) and is still in its main game
    ``main_id`` (``in_main`` false: who has left it too), in a fixed order."""
    sub, main = tx.game(gid), tx.game(main_id)
    if not sub.multiplayer:
        return []
    players = [p for p in sub.seats if not sub.seat(p).in_game
               and p in main.seats and main.seat(p).in_game == in_main]
    return [o for p in players for o in tx.world.objects_of(None, p)
            if o.kind is Kind.CARD and o.left_from == gid]


def _departed_cards_home(tx: Tx, gid: int, main_id: int) -> None:
    """CR 726.5 with the official rulings: the cards that left a multiplayer subgame with a
    player who lost or left it (CR 800.4a), who is still in the main game, go back like the
    cards still in the subgame. CR 726.5 names only the cards "that are in the subgame"; The
    official rulings (``quoted.CARDS_BACK``, 2018-01-19 and 2022-10-07) have every player
    shuffle their cards from the subgame into their main-game library, so the engine does."""
    ed = tx.edition
    away = _departed(tx, gid, main_id, in_main=False)
    for player in sorted({o.owner for o in away}, key=tx.game(gid).seats.index):
        count = sum(o.owner == player for o in away)
        many = f"the {count} cards" if count > 1 else "the card"
        tx.step("726.5", "puts them into their main-game library")
        tx.note(f"Literal reading: {player} left the subgame and has left "
                f"{_label(main_id)} too (CR 800.4a): there is no main-game library of theirs for "
                f"{many} that left the subgame with them, so they stay outside every game. (The "
                "rulings that bring every player's cards back speak of players who return to "
                "the main game; none speaks of a player who has left it.)")
    gone = _departed(tx, gid, main_id)
    for player in sorted({o.owner for o in gone}, key=tx.game(gid).seats.index):
        cards = sorted((o for o in gone if o.owner == player), key=lambda o: o.order)
        home = [o for o in cards if o.traditional or ed.does("nontraditional_to_library")]
        decks = [o for o in cards if o not in home and o.began_in_deck
                 and ed.does("supplementary_decks_return")]
        tx.step("726.5", "puts them into their main-game library")
        _note(tx, "left_cards")
        many = f"the {len(cards)} cards" if len(cards) > 1 else "the card"
        tx.note(f"{player} left the subgame (CR 800.4a) and is still in the main game: {many} "
                "that left the subgame with them are not “in the subgame”, and CR "
                f"{ed.cite('726.5').rule} does not say what becomes of them. The official "
                f"rulings bring every player's cards back: {CARDS_BACK[0]}; {CARDS_BACK[1]}. So "
                "they go home like the cards still in the subgame. (The literal reading, which no "
                "ruling supports: they left the subgame, so they stay outside the main game "
                "too.)")
        if home:
            tx.move_all(player, [o.id for o in home], main_id, Zone.LIBRARY, shuffle=True)
        for deck in sorted({o.began_in_deck for o in decks}):
            tx.step(*ed.deck_rule("726.5a", deck))
            tx.move_all(player, [o.id for o in decks if o.began_in_deck == deck], main_id,
                        Zone.COMMAND, shuffle=True, deck=deck, face_up=False,
                        began_in_deck=None)
        rest = [o for o in cards if o not in home and o not in decks]
        if rest:
            tx.note(f"{', '.join(o.label() for o in rest)}: no rule or ruling brings "
                    f"{'it' if len(rest) == 1 else 'them'} back; "
                    f"{'it stays' if len(rest) == 1 else 'they stay'} outside the game.")


def release_held(tx: Tx, main_id: int) -> None:
    """The held abilities of the resumed main game ``main_id``: CR 726.5 puts them onto the
    stack now, before any ability that waited under CR 603.3; CR 506.2 held every main-game
    ability and lets them all go on the stack together when a player would receive priority."""
    main = tx.game(main_id)
    if not main.held:
        return
    tx.step("726.5.held", "those abilities are put onto the stack")
    held = [t.id for t in main.held]
    for trig in main.held:
        tx.trigger_event(main_id, trig.id, trig.text, "released", "release")
    if tx.edition.behaviour("held_triggers") == "all" or tx.game(main_id).ended:
        tx.note("Every main-game ability that triggered while the subgame was in progress goes on "
                "the stack now that it is completed, as any triggered ability does: the next time "
                "a player would receive priority (CR 603.3), all together (CR 603.3b: APNAP "
                "order). (CR 726.5 later puts first only those that triggered because cards were "
                "removed from the main game; any other waits under CR 603.3 and goes on top.)")
        return
    waiting = [t for t in tx.game(main_id).pending if t.id not in held]
    put_triggers(tx, main_id, only=frozenset(held))
    if waiting:
        tx.step("603.3", "the next time a player would receive priority")
        names = ", ".join(t.text for t in waiting)
        tx.note(f"{names}: triggered while the subgame was in progress, not because a card was "
                "removed from the main game; it goes on the stack now that a player would "
                f"receive priority, above the abilities CR {tx.edition.cite('726.5.held').rule} "
                "put there.")


def _supplementary_decks_out(tx: Tx, gid: int, main_id: int) -> None:
    sub = tx.game(gid)
    strays = sorted((o for o in tx.world.objects_in(gid)
                     if o.began_in_deck and not o.traditional
                     and not (o.zone is Zone.COMMAND and not o.face_up)),
                    key=lambda o: o.order)
    if strays:
        tx.step(tx.edition.deck_rule("726.5a", strays[0].began_in_deck)[0],
                "turned face down and put on the bottom")
        for obj in strays:
            tx.move(obj.id, gid, Zone.COMMAND, top=False, face_up=False,
                    began_in_deck=obj.began_in_deck)
    for player in sub.seats:
        decks = sorted({o.deck for o in _supplementary(tx, gid, player)})
        for deck in decks:
            tx.step(*tx.edition.deck_rule("726.5a", deck))
            tx.move_all(player, [o.id for o in _supplementary(tx, gid, player) if o.deck == deck],
                        main_id, Zone.COMMAND, shuffle=True, deck=deck, face_up=False,
                        began_in_deck=None)
