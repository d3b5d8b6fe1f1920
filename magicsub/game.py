"""``Game``: the one public path for actions. It checks, applies and records every request.

A request runs on a working copy of the world (``Tx``); only when it succeeds do its world and
steps become the game's. After a ``RulesError`` the game, its trace and its random generator are
exactly as before.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace

from immutables import Map

from . import cards
from .engine import (
    arguments,
    collector,
    combat,  # noqa: F401  (the engine modules that own steps register their handlers)
    damage,
    effects,
    hooks,
    instructions,  # noqa: F401
    resolution,  # noqa: F401
    triggers,
    turns,  # noqa: F401
)
from .engine.actions import ACTIONS, normalize, parse_game
from .engine.editions import DEFAULT_EDITION, edition
from .engine.errors import RulesError, ScenarioError
from .engine.limits import MAX_LIBRARY, MAX_OBJECTS, MAX_PLAYERS, shown
from .engine.objects import NONTRADITIONAL_DECKS, Kind, Obj
from .engine.registry import lookup
from .engine.start import check_seating, one_variant, record_seating
from .engine.state import PREGAME, GameState, Seat, World
from .engine.state import game_name as _where
from .engine.trace import Step, Trace
from .engine.transaction import Tx
from .engine.zones import Zone, parse_zone
from .rules import (
    commander,
    ranges,
    rulebook,  # noqa: F401  (registers the rules modules' hooks and actions)
    until,
)
from .rules.subgame import VARIANT_LIFE, check_variant
from .rules.teams import check_life, check_teams, record_teams, team_life

cards.load_all()


def unknown_card(name: str, *, token: bool = False) -> bool:
    """Whether ``name`` is a card magicsub does not know: no built-in card has that name
    (``magicsub.cards``), so there is no Oracle text to play it by (CR 108.1) and it is played
    as a card with no abilities, of the types it is given. A token is never one: tokens aren't
    cards (CR 108.2b), and what creates a token says everything it is."""
    return not token and lookup(name) is None


def unknown_refused(name: str) -> str:
    """Why ``strict`` refuses the card ``name`` that magicsub does not know (``unknown_card``)."""
    return (f"magicsub does not know the card {shown(name)} (it has no Oracle text for it, CR "
            "108.1) and strict refuses to play it as a card with no abilities: use a built-in "
            "card, or mark a deliberate stand-in plain: true")


def plain_refused(name: str) -> str:
    """Why ``plain`` is refused on the built-in card ``name``."""
    return (f"plain: true marks a card magicsub does not know, but {shown(name)} is a built-in "
            "card, played with its abilities: remove plain")


def as_card(types: tuple[str, ...], deck: str | None) -> str:
    """``types`` (or the nontraditional ``deck``) with an article: "an artifact creature"; "a
    card" when neither is given."""
    words = " ".join(types) if types else (f"{deck} card" if deck else "card")
    return f"{'an' if words[0] in 'aeiou' else 'a'} {words}"


def unknown_note(label: str, types: tuple[str, ...], deck: str | None, plain: bool) -> str:
    """The trace's note on a card magicsub does not know (``unknown_card``), set up as
    ``label``: a deliberate stand-in (``plain``) or a name it does not know."""
    kind = as_card(types, deck)
    if plain:
        return (f"{label} stands in as {kind} with no abilities of its own: what happens to it "
                "here is what the steps do, not what its Oracle text says.")
    return (f"magicsub does not know {label}: it is played as {kind} with no abilities of its "
            "own, so its Oracle text does nothing here.")


def _refuse_attachment(world: World, aura: Obj, enchant: str, target: Obj | None, *,
                       later: str = "") -> None:
    """Raise unless ``aura``, whose enchant ability allows ``enchant`` ("creature" or "player"),
    may be attached to ``target`` (None: the player ``aura.attached_to`` names)."""
    name = aura.attached_to
    what = target.label() if target is not None else name
    if aura.zone is not Zone.BATTLEFIELD:
        raise RulesError("303.4b", f"{later}{aura.label()} is set up in {aura.place} attached to "
                         f"{what}: only an Aura on the battlefield is attached to an object or "
                         "player (CR 303.4b)", subject=aura.id)
    if enchant == "player":
        seats = world.games[aura.game].seats if aura.game is not None else ()
        why = None if target is None and name in seats else (
            f"{what} is not a player" if target is not None else f"{name} is not a player of "
            "this game")
    elif target is None:
        why = f"{what} is a player, not a creature"
    elif target.game != aura.game or target.zone is not Zone.BATTLEFIELD:
        why = f"{what} is not on the battlefield (it is in {target.place})"
    elif not target.is_type("creature"):
        why = f"{what} is not a creature ({'/'.join(target.types) or 'no card type given'})"
    else:
        why = None
    if why is not None:
        raise RulesError("303.4c", f"{later}{aura.label()} can't be set up attached to {what}: "
                         f"its enchant ability (“Enchant {enchant}”) makes that illegal, and "
                         f"{why}. An Aura enchanting an illegal object or player is put into its "
                         "owner's graveyard (CR 303.4c, 704.5m), so it can't be set up that "
                         "way", subject=aura.id)


class Game:
    """A tree of games: the main game and the subgames it creates.

    >>> g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 10, "Bianca": 10})
    >>> g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    >>> steps = g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    >>> g.where("shahrazad")
    ('main', 'stack')
    """

    def __init__(self, players: Iterable[str], *, edition: str = DEFAULT_EDITION, seed: int = 0,
                 variant: str | None = None, libraries: Mapping[str, int] | None = None,
                 life: Mapping[str, int] | None = None, archenemy: str | None = None,
                 range: int | Mapping[str, int] | None = None,  # noqa: A002
                 pregame: bool = False, seating: Iterable[str] | None = None,
                 strict: bool = False, teams: Iterable[Iterable[str]] | None = None):
        """A main game of ``players`` in turn order, the first the starting player (the active
        player, with priority; with ``pregame``, before the first turn).

        ``seating``: where the players sit, clockwise from the first seat (CR 800.5); by
        default they sit in turn order. The turn order goes clockwise from the starting player
        (CR 103.1), so ``players`` must be ``seating`` read from the starting player's seat.
        Given, the trace begins with the seating (a step citing 800.5) and the turn order it
        gives (103.1); the limited range of influence (``range``, CR 801) counts seats in it.
        ``variant``: one variant (commander, vanguard, planechase, archenemy, or the
        multiplayer variant two_headed_giant, which needs ``teams``: two teams of the players,
        CR 810.1; each team's shared life total starts at 30, CR 810.4).
        ``strict``: ``add_object`` refuses a card magicsub does not know (``unknown_card``)
        unless it is marked ``plain``.

        :raises RulesError: a malformed or contradictory argument, naming the rule (e.g. 103.1
            for a turn order that does not follow the seating clockwise).
        """
        from .engine.editions import edition as get_edition

        players = arguments.names(players, "players", of="player names", most=MAX_PLAYERS,
                                  limit="MAX_PLAYERS")
        if len(players) < 2:
            raise RulesError("103.1", f"a game needs at least two players, got {shown(players)}")
        if len(set(players)) != len(players):
            raise RulesError("103.1", f"player names must be distinct: {shown(players)}")
        edition = arguments.plain(edition)
        if not isinstance(edition, (str, int)) or isinstance(edition, bool):
            raise arguments.refuse("edition", "a CR edition (726, 723 or 506)", edition)
        seed = arguments.integer(seed, "seed")
        self.strict = arguments.flag(strict, "strict")
        if isinstance(variant, list | tuple):
            raise ScenarioError(one_variant(variant))
        variant = arguments.optional_text(variant, "variant")
        if seating is not None:
            seating = check_seating(players, arguments.names(
                seating, "seating", of="player names", most=MAX_PLAYERS, limit="MAX_PLAYERS"))
        archenemy = arguments.optional_name(archenemy, "archenemy")
        life = arguments.player_numbers(life, "life", players)
        libraries = arguments.player_numbers(libraries, "libraries", players,
                                             maximum=MAX_LIBRARY, limit="MAX_LIBRARY")
        for key, rule, given in (("life", "103.4", life), ("libraries", "103.3", libraries)):
            unknown = next((p for p in given if p not in players), None)
            if unknown is not None:
                raise RulesError(rule, f"unknown player {shown(unknown)} in {key}",
                                 subject=str(unknown))
        if sum(libraries.values()) > MAX_OBJECTS:
            raise ScenarioError(f"libraries: {sum(libraries.values())} cards in all; a game "
                                f"holds at most {MAX_OBJECTS} objects (MAX_OBJECTS)")
        self.edition = get_edition(edition)
        check_variant(self.edition.number, variant)
        self.seed = seed
        self.rng = random.Random(seed)
        start = VARIANT_LIFE.get(variant or "", 20)
        if isinstance(teams, Iterable) and not isinstance(teams, str):
            teams = [list(t) if isinstance(t, Iterable) and not isinstance(t, str) else t
                     for t in teams]
        teams = check_teams(players, variant, teams)
        if teams:
            start = team_life(len(teams[0]))
            check_life(teams, life, start)
        if archenemy is not None and (variant != "archenemy" or archenemy not in players):
            raise RulesError("904.2a", f"archenemy {shown(archenemy)} needs the archenemy "
                             "variant and one of the players", subject=str(archenemy))
        self._life_given = set(life)
        if archenemy is not None:
            life.setdefault(archenemy, 40)
        seats = Map({p: Seat(life=life.get(p, start)) for p in players})
        first = players[0]
        main = GameState(0, None, players, seats, variant=variant, turn=1, turn_of=first,
                         active=first, step="main", priority=first, first=first,
                         starting_life=start,
                         planar_controller=first if variant == "planechase" else None,
                         archenemy=(archenemy,) if archenemy else (),
                         seating=seating or (), teams=teams)
        if not isinstance(pregame, bool):
            raise arguments.refuse("pregame", "true or false", pregame)
        if pregame:  # CR 103.1: before the first turn; nobody is active, nobody has priority
            main = replace(main, turn=0, turn_of=None, active=None, step=PREGAME, priority=None)
        if isinstance(range, Mapping):  # its players as plain names; the numbers: with_option
            range = {arguments.name(p, "range: player") if isinstance(p, str) else p: n
                     for p, n in range.items()}
        main = ranges.with_option(main, range)  # CR 801: the limited range of influence option
        self.world = World(Map(), Map({0: main}))
        self._steps: list[Step] = []
        self._initial = self.world
        self._trace: Trace | None = None
        self._history: list[tuple[World, object, int]] = []
        self._began = False
        self._seating_given = seating is not None
        self._teams = bool(teams)
        self._unknown: list[str] = []
        self._awaited: dict[str, list[str]] = {}  # target id -> Auras set up attached to it
        self._statics = False  # a permanent set up in place has static abilities to start
        self._libraries(libraries)
        self._initial = self.world
        self._opening_ranges = bool(main.ranges) and not pregame
        self._setup_made = not (self._seating_given or self._opening_ranges or self._teams)

    def _libraries(self, libraries: dict[str, int]) -> None:
        """The unnamed library cards ``Alex#1``, ``Alex#2``... (bottom first), made in one
        batch: the counts are checked and the ids cannot be taken yet."""
        objects = self.world.objects.mutate()
        seq = self.world.seq
        moves = {}
        with collector.paused():
            for player, count in libraries.items():
                came = moves.setdefault((0, Zone.LIBRARY, player), ([], []))[1]
                for i in range(1, count + 1):
                    seq += 1
                    oid = f"{player}#{i}"
                    objects[oid] = Obj(oid, f"{player}'s card {i}", player, game=0,
                                       zone=Zone.LIBRARY, order=seq)
                    came.append(oid)
        world = self.world = self.world.with_places(objects.finish(), seq, moves)
        # index the objects once, as set-up ends: the steps carry the indexes from then on
        world.places, world.marks, world.card_names  # noqa: B018

    def _setup_steps(self) -> list[Step]:
        """The trace's first steps, which change nothing: the seating the game was given
        (CR 800.5) and the turn order it gives (CR 103.1); the players within each player's
        range of influence for the first turn, when the game uses the option and begins with
        that turn under way (CR 801.2c); then, when set-up named cards magicsub does not know,
        one step citing CR 108.1 (a card's wording is its Oracle text) with a note on each: it
        is played as a card with no abilities. They are made once set-up is over (the first
        request, or the trace read), so that their snapshot is the world the trace begins
        from."""
        if self._setup_made:
            return self._steps
        tx = Tx(self.world, self.edition, self.rng, 0)
        if self._seating_given:
            tx.action = "seating"
            record_seating(tx, 0)
            tx.close()
        if self._opening_ranges:
            tx.action = "range"
            ranges.record_ranges(tx, 0)
            tx.close()
        if self._teams:
            tx.action = "teams"
            record_teams(tx, 0)
            tx.close()
        if self._unknown:
            tx.action = "set-up"
            tx.step("108.1", "Oracle card reference")
            for note in self._unknown:
                tx.note(note)
            tx.close()
        self._steps = list(tx.steps)
        self._setup_made = True
        return self._steps

    def _set_up(self) -> None:
        """Set-up changed the world: it is the world the trace begins from."""
        self._initial = self.world
        self._setup_made = not (self._seating_given or self._opening_ranges or self._unknown
                                or self._teams)
        if self._setup_made:
            self._steps = []

    # -- set-up ------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the main game, in turn order."""
        return self.world.main.seats

    @property
    def seating(self) -> tuple[str, ...]:
        """Every player of the main game in seating order, clockwise from the first seat
        (CR 800.5): the ``seating`` given, else the turn order."""
        return self.world.main.clockwise

    @property
    def trace(self) -> Trace:
        """The steps so far and the world they began from (read-only: a record of play cannot
        be cleared to re-open set-up)."""
        self._setup_steps()
        if self._trace is None or len(self._trace) != len(self._steps) \
                or self._trace.initial is not self._initial:
            self._trace = Trace(self._steps, self._initial)
        return self._trace

    def _setup_only(self, what: str) -> None:
        if self._began:
            raise RulesError("103.1", f"{what} is only possible before the first step")

    def add_object(self, id: str, name: str | None = None, *, owner: str,  # noqa: A002
                   zone: str = "battlefield", controller: str | None = None,
                   types: Iterable[str] | None = None, token: bool = False,
                   commander: bool = False, traditional: bool = True, deck: str | None = None,
                   face_up: bool | None = None, power: int | None = None,
                   toughness: int | None = None, game: object = 0, phased_out: bool = False,
                   tapped: bool = False, attached_to: str | None = None,
                   hand_modifier: int | None = None, life_modifier: int | None = None,
                   command_zone_instead: bool | None = None, plain: bool = False) -> None:
        """Put an object in the main game (or outside it: ``zone="outside"``) before play starts.

        A built-in card name gives its types, power and abilities. Any other name is a card
        magicsub does not know (``unknown_card``; not a token): it is played as a card of
        ``types`` with no abilities, and the trace begins with a step citing CR 108.1 that says
        so. ``plain`` marks such a card as a deliberate stand-in (the note says so); a strict
        game refuses an unknown card that is not. ``controller`` is the controller by default
        (who put it there). A vanguard card (``deck="vanguard"``) has a ``hand_modifier`` and a
        ``life_modifier``. A ``commander``'s ``command_zone_instead`` is its owner's choice
        whenever it would be put into their hand or library (CR 903.9b): the command zone
        instead (true, the default) or not (false). Every object set up before play entered
        its zone at the same moment (``Obj.moment`` 0: e.g. two world permanents set up on
        the battlefield tie for the world rule, CR 704.5k).

        :raises ScenarioError: a malformed argument; with ``strict``, a card magicsub does not
            know that is not ``plain``; ``plain`` on a built-in card.
        :raises RulesError: an argument the rules refuse (a duplicate id, an unknown owner...).
        """
        self._setup_only("setting up objects")
        if not isinstance(id, str) or not id:
            raise RulesError("109.1", f"an object id must be a non-empty string, got {shown(id)}")
        id = arguments.name(id, "add_object: id")  # noqa: A001
        sid = shown(id)
        what = f"add_object {sid}"
        if id in self.world.objects:
            raise RulesError("109.1", f"duplicate object id {sid}", subject=id)
        if len(self.world.objects) >= MAX_OBJECTS:
            raise ScenarioError(f"{what}: it would be object {MAX_OBJECTS + 1}; a game "
                                f"holds at most {MAX_OBJECTS} objects (MAX_OBJECTS)")
        name = id if name is None else arguments.name(name, f"{what}: name")
        owner = arguments.name(owner, f"{what}: owner")
        if owner not in self.players:
            raise RulesError("108.3", f"unknown owner {shown(owner)} of {sid}", subject=id)
        controller = arguments.optional_name(controller, f"{what}: controller")
        if controller is not None and controller not in self.players:
            raise RulesError("108.4", f"unknown controller {shown(controller)} of {sid}",
                             subject=id)
        if types is not None:
            types = arguments.names(types, f"{what}: types", of="card types")
        for key, value in (("token", token), ("commander", commander),
                           ("traditional", traditional), ("phased_out", phased_out),
                           ("tapped", tapped), ("plain", plain)):
            arguments.flag(value, f"{what}: {key}")
        arguments.optional_flag(face_up, f"{what}: face_up")
        arguments.optional_flag(command_zone_instead, f"{what}: command_zone_instead")
        if command_zone_instead is not None and not commander:
            raise RulesError("903.9b", f"{sid} is not a commander (commander: true): "
                             "command_zone_instead is its owner's choice for a commander only",
                             subject=id)
        power, toughness, hand_modifier, life_modifier = (
            arguments.optional_integer(value, f"{what}: {key}")
            for key, value in (("power", power), ("toughness", toughness),
                               ("hand_modifier", hand_modifier),
                               ("life_modifier", life_modifier)))
        deck = arguments.plain(deck)
        if deck is not None and (not isinstance(deck, str) or deck not in NONTRADITIONAL_DECKS):
            raise arguments.refuse(f"{what}: deck",
                                   f"one of {', '.join(NONTRADITIONAL_DECKS)}", deck)
        attached_to = arguments.optional_name(attached_to, f"{what}: attached_to")
        gid = parse_game(game)
        if gid not in self.world.games:
            raise RulesError("726.1", f"{_where(gid)} does not exist: {sid} can be set up only in "
                             "the main game or outside it (a subgame begins when a Shahrazad "
                             "resolves)", subject=id)
        if not isinstance(zone, str):
            raise RulesError("400.1", f"unknown zone {shown(zone)} (object {sid})", subject=id)
        zone = arguments.plain(zone)
        known = lookup(name)
        if plain and known is not None:
            raise ScenarioError(f"{what}: {plain_refused(name)}")
        unknown = unknown_card(name, token=token)
        if unknown and self.strict and not plain:
            raise ScenarioError(f"{what}: {unknown_refused(name)}")
        kind = Kind.TOKEN if token else Kind.CARD
        types_t = tuple(types) if types is not None else (known.types if known else ())
        if known and "aura" in known.subtypes:
            types_t = types_t + ("aura",)
        if deck == "vanguard" or not traditional:
            traditional = False
        if zone == "outside":
            gid_or_none, zone_v = None, None
        else:
            try:
                zone_v = parse_zone(zone)
            except ValueError as err:
                raise RulesError("400.1", f"{err} (object {sid})", subject=id) from None
            gid_or_none = gid
        if token and zone_v is not Zone.BATTLEFIELD:
            raise RulesError("111.1", f"token {sid} must start on the battlefield", subject=id)
        on_board = zone_v in (Zone.BATTLEFIELD, Zone.STACK)
        ctrl = (controller or owner) if on_board else None
        if deck == "planar" and face_up and zone_v is Zone.COMMAND:
            ctrl = self.world.main.planar_controller
        if face_up is None:
            face_up = not (deck and deck != "vanguard" and zone_v is Zone.COMMAND)
        seq = self.world.seq + 1
        obj = Obj(id, name, owner, kind, types_t, traditional, deck, commander,
                  power if power is not None else (known.power if known else None),
                  toughness if toughness is not None else (known.toughness if known else None),
                  gid_or_none, zone_v, ctrl, ctrl, seq, face_up, phased_out, tapped,
                  attached_to=attached_to, entered_under=ctrl if zone_v is Zone.BATTLEFIELD
                  else None, hand_modifier=hand_modifier, life_modifier=life_modifier,
                  command_zone_instead=command_zone_instead is not False)
        self._check_attachment(obj, known)
        before, statics = self.world, self._statics
        self.world = self.world.with_objects(self.world.objects.set(id, obj), seq,
                                             ((None, obj),))
        try:
            if gid_or_none == 0 and zone_v is Zone.COMMAND:
                self._variant_life(obj)
            if zone_v is Zone.BATTLEFIELD and gid_or_none is not None:
                self._statics = statics or effects.has_static(name)
                if self._statics:  # CR 611.3a: static abilities apply to what is set up in place
                    self._run("set-up", lambda tx: effects.start_in_place(tx, gid_or_none),
                              record=False, cite="611.3a")
        except BaseException:
            self.world, self._statics = before, statics
            raise
        if unknown:
            self._unknown.append(unknown_note(obj.label(), types_t, deck, plain))
        if known is not None and known.enchant == "creature" and attached_to is not None \
                and attached_to not in self.world.objects and attached_to not in self.players:
            self._awaited.setdefault(attached_to, []).append(id)
        self._set_up()

    def _check_attachment(self, obj: Obj, known) -> None:
        """CR 303.4c, 704.5m: refuse an Aura set up attached to an object or player its enchant
        ability does not allow (``CardDef.enchant``), and an object set up where an Aura set up
        before it, attached to it, could not enchant it. An Aura attached to an object not set
        up yet is checked when that object is."""
        if known is not None and known.enchant and obj.attached_to is not None:
            target = self.world.objects.get(obj.attached_to)
            if target is not None or obj.attached_to in self.players \
                    or known.enchant == "player":
                _refuse_attachment(self.world, obj, known.enchant, target)
        for aura_id in self._awaited.get(obj.id, ()):
            aura = self.world.objects[aura_id]
            _refuse_attachment(self.world, aura, lookup(aura.name).enchant, obj,
                               later=f"add_object {shown(obj.id)}: ")

    def _variant_life(self, obj: Obj) -> None:
        """The main game's starting life with a vanguard's life modifier (CR 902) or for the
        owner of the scheme deck (the archenemy, CR 904.5), unless the life was given."""
        main = self.world.main
        owner = obj.owner
        if owner in self._life_given:
            return
        if main.variant == "vanguard" and obj.deck == "vanguard" and obj.life_modifier:
            life = 20 + obj.life_modifier
        elif main.variant == "archenemy" and obj.deck == "scheme" and (
                not main.archenemy or main.archenemy == (owner,)):
            life = 40
        else:
            return
        main = main.with_seat(owner, life=life)
        self.world = self.world.evolve(games=self.world.games.set(0, main))

    def add_effect(self, control: str, to: str, source: str | None = None,
                   until: object = "forever") -> None:
        """Put a control-changing effect in place before play starts."""
        self._setup_only("setting up effects")
        control = arguments.name(control, "add_effect: control")
        to = arguments.name(to, "add_effect: to")
        source = arguments.optional_name(source, "add_effect: source")
        if isinstance(until, Mapping) and list(until) == ["next_turn"]:
            until = {"next_turn": arguments.name(until["next_turn"], "add_effect: until: "
                                                 "next_turn")}
        until = arguments.plain(until)
        self._run("effect", lambda tx: effects.add(tx, control, to, source=source,
                                                   until=effects.parse_until(until)),
                  record=False)
        self._set_up()

    # -- the one path for actions ----------------------------------------------------------------
    def _run(self, label: str, fn, *, record: bool = True, cite: str = "611.2a") -> list[Step]:
        if record:
            self._setup_steps()
        state = self.rng.getstate()
        before = self.world
        tx = Tx(self.world, self.edition, self.rng, len(self._steps),
                observers=(effects.on_move, until.on_move, triggers.on_move),
                replacements=(commander.instead,))
        tx.action = label
        if not record:
            tx.step(cite)
        try:
            with collector.paused():
                fn(tx)
                tx.close()
            made = len(tx.world.objects)
            if made > MAX_OBJECTS and made > len(self.world.objects):
                raise RulesError("109.1", f"this request would make the game hold {made} objects; "
                                 f"magicsub holds at most {MAX_OBJECTS} (MAX_OBJECTS)")
        except BaseException:
            self.rng.setstate(state)
            raise
        self.world = tx.world
        if record:
            if tx.steps:
                if self._history and self._history[-1][1] == state:
                    state = self._history[-1][1]  # the generator has not moved: share its state
                self._history.append((before, state, len(self._steps)))
                self._began = True
            self._steps.extend(tx.steps)
            return tx.steps
        return []

    def undo(self) -> list[Step]:
        """Take back the last request that made steps (like python-chess's ``Board.pop``):
        the world, the random generator's state and the trace go back to what they were before
        it; return the steps removed. Re-applying the same request gives the same steps (the
        same shuffles). Undo never goes back past set-up: objects and effects set up before the
        first request stay, and set-up stays closed.

        >>> g = Game(["Alex", "Bianca"], libraries={"Alex": 3, "Bianca": 3})
        >>> g.add_object("bear", "Grizzly Bears", owner="Alex", zone="hand")
        >>> [s.rule for s in g.cast("bear", by="Alex")]
        ['601.2a', '117.3c']
        >>> [s.rule for s in g.undo()], g.where("bear")
        (['601.2a', '117.3c'], ('main', 'hand'))

        :raises RulesError: (CR 103.1, the start of the game) no request is left to undo; the
            game is unchanged.
        """
        if not self._history:
            raise RulesError("103.1", "nothing to undo: the game is as it was set up, at the "
                             "start of the game (undo never goes back past set-up)")
        world, state, count = self._history.pop()
        removed = self._steps[count:]
        del self._steps[count:]
        self.world = world
        self.rng.setstate(state)
        self._trace = None
        return removed

    @property
    def undoable(self) -> int:
        """How many requests ``undo`` can take back."""
        return len(self._history)

    def apply(self, step: Mapping) -> list[Step]:
        """Apply one step of the scenario vocabulary, e.g. ``{"resolve": "shahrazad"}``.

        Return the steps of the trace it made.

        :raises RulesError: the request is illegal (the game is unchanged), or malformed
            (``ScenarioError``, a subclass).
        """
        # A step that is not a mapping is malformed: ScenarioError (a RulesError, DESIGN.md
        # section 3), never dict()'s ValueError/TypeError or a list of pairs read as a mapping.
        name, args = normalize(dict(step) if isinstance(step, Mapping) else step)
        label = f"{name}: {args}"
        return self._run(label, lambda tx: self._dispatch(tx, name, args))

    def _dispatch(self, tx: Tx, name: str, a: dict) -> None:
        """Check the players and declared objects the step names (by the kinds of its fields,
        ``actions.ACTIONS``), then call the handler the module owning its rule registered
        (``hooks.action``)."""
        action = ACTIONS[name]
        for f in action.of_kind("player"):
            if f.name in a:
                self._known(a[f.name])
        for f in action.of_kind("object"):
            if f.name in a and not f.in_play:
                tx.obj(a[f.name])
        for f in action.of_kind("objects"):
            for oid in a.get(f.name, ()):
                tx.obj(oid)
        gid = tx.world.current
        if tx.game(gid).ended:
            raise RulesError("104.1", f"{_where(gid)} has ended: no more actions")
        hooks.emit("decision", tx, name, a)
        handler = hooks.action_handler(name)
        if handler is None:
            raise ScenarioError(f"{name}: no module handles this step (hooks.action)")
        if hooks.wants_history(name):
            handler(tx, a, self.trace)
        else:
            handler(tx, a)

    # -- typed conveniences ----------------------------------------------------------------------
    def act(self, action: str, /, **fields) -> list[Step]:
        """Apply the step ``action`` with ``fields`` (a field given as None is left out): the
        generic helper behind the typed ones below, and the way to reach a step registered
        later with ``hooks.action`` (``game.act("my_step", player="Alex")``). It builds the
        mapping and calls ``apply``, the one path every request takes."""
        return self.apply({action: {k: v for k, v in fields.items() if v is not None}})

    def cast(self, card: str, by: str, target: str | None = None) -> list[Step]:
        """Cast ``card`` (CR 601.2a)."""
        return self.act("cast", card=card, by=by, target=target)

    def resolve(self, obj: str | None = None, *, choose: str | None = None,
                target: str | None = None, set_aside: list[str] | None = None,
                find: list[str] | None = None, keep: str | None = None) -> list[Step]:
        """All players pass; the top of the stack resolves (CR 117.4). A spell that creates a
        subgame takes the choices its text asks for (CR 726.1b): the cards each player sets
        aside (``set_aside``), the cards its winner finds (``find``) and keeps (``keep``)."""
        return self.act("resolve", object=obj, choose=choose, target=target,
                        set_aside=set_aside, find=find, keep=keep)

    def leave(self, player: str, game: object = None) -> list[Step]:
        """``player`` leaves the game in progress, or ``game`` (CR 800.4a)."""
        return self.apply({"leave": player if game is None else {"player": player,
                                                                  "game": game}})

    def win(self, player: str) -> list[Step]:
        """The game in progress ends and ``player`` wins it."""
        return self.apply({"win": player})

    def advance(self, step: str) -> list[Step]:
        """Go forward to the next ``step`` (upkeep, draw, main, declare_attackers, combat_damage,
        end, cleanup, next_turn)."""
        return self.apply({"advance": step})

    def copy(self, spell: str, by: str, id: str | None = None) -> list[Step]:  # noqa: A002
        """``by`` puts a copy of ``spell`` onto the stack (CR 707.10); ``id`` names the copy."""
        return self.act("copy", spell=spell, by=by, id=id)

    def pass_priority(self, player: str) -> list[Step]:
        """The priority holder passes (CR 117.3d); after all pass in succession the top of the
        stack resolves or the step ends (CR 117.4)."""
        return self.act("pass_priority", player=player)

    def concede(self, player: str, game: object = None) -> list[Step]:
        """``player`` concedes and leaves the game in progress, or ``game`` (CR 104.3a,
        800.4a)."""
        return self.act("concede", player=player, game=game)

    def lose(self, player: str, game: object = None) -> list[Step]:
        """``player`` loses the game in progress, or ``game`` (CR 104.3; in a multiplayer game
        they leave it, 800.4a)."""
        return self.act("lose", player=player, game=game)

    def move(self, obj: str, to: str, *, game: object = None,
             bottom: bool | None = None) -> list[Step]:
        """An effect moves ``obj`` to the zone ``to`` of its game (CR 400.7: it becomes a new
        object; 800.4b, 800.4d for a player who has left); ``bottom`` puts it at the bottom."""
        return self.act("move", object=obj, to=to, game=game, bottom=bottom)

    def bring_in(self, obj: str, to: str) -> list[Step]:
        """An effect brings the card ``obj`` into the game in progress from outside it
        (CR 726.4a: from a main game into its subgame, or from outside every game)."""
        return self.act("bring_in", object=obj, to=to)

    def create(self, id: str, name: str, controller: str, *, zone: str = "battlefield",  # noqa: A002
               types: Iterable[str] | None = None, power: int | None = None,
               toughness: int | None = None) -> list[Step]:
        """``controller`` creates the token ``id`` named ``name`` (CR 111.2; none is created
        for a player who has left, 800.4b)."""
        if types is not None:
            types = list(arguments.names(types, "create: types", of="card types"))
        return self.act("create", id=id, name=name, controller=controller, zone=zone,
                        types=types, power=power, toughness=toughness)

    def add_counters(self, player: str | None = None, kind: str | None = None,
                     add: int | None = None, *, obj: str | None = None,
                     game: object = None) -> list[Step]:
        """``player`` (or the permanent ``obj``) gets ``add`` ``kind`` counters in the game in
        progress (CR 122.1; loyalty counters on a planeswalker, ``obj="karn"``)."""
        return self.act("counters", player=player, object=obj, kind=kind, add=add, game=game)

    def change_life(self, player: str, *, add: int | None = None,
                    set: int | None = None) -> list[Step]:  # noqa: A002
        """``player`` gains or loses ``add`` life, or their life total becomes ``set``
        (CR 119.3; exactly one of the two)."""
        return self.act("life", player=player, add=add, set=set)

    def attack(self, creature: str, defender: str) -> list[Step]:
        """The active player declares ``creature`` as an attacker of ``defender`` (CR 508.1)."""
        return self.act("attack", creature=creature, defender=defender)

    def cycle(self, card: str, by: str) -> list[Step]:
        """``by`` cycles ``card`` from their hand (CR 702.29a)."""
        return self.act("cycle", card=card, by=by)

    def effect(self, control: str, to: str, *, source: str | None = None,
               until: object = None, static: bool | None = None) -> list[Step]:
        """A control-changing effect gives ``to`` control of ``control`` (CR 611.2a; a static
        ability's, 611.3a, when ``static``) until ``until`` (end_of_turn, source_leaves,
        forever, or ``{"next_turn": player}``)."""
        return self.act("effect", control=control, to=to, source=source, until=until,
                        static=static)

    def double_damage(self, players: Iterable[str], source: str, *,
                      text: str | None = None) -> list[Step]:
        """In the game in progress, for the rest of that game, damage any source would deal to
        one of ``players`` is doubled instead (CR 614.1a; CR 726.1b: in that game only):
        the effect ``source`` (a card's name) creates, e.g. after the subgame of The Countdown Is
        at One. ``text``: its words (by default "damage dealt to ... is doubled (source)").
        Damage to such a player is dealt by ``damage.deal``: each such effect doubles it once
        (two quadruple it, CR 614.5)."""
        players = arguments.names(players, "double_damage: players", of="player names")
        source = arguments.name(source, "double_damage: source")
        text = arguments.optional_text(text, "double_damage: text")
        for player in players:
            self._known(player, "double_damage")
        return self._run(f"double_damage: {list(players)} ({source})",
                         lambda tx: damage.double_for(tx, tx.world.current, players, source,
                                                      text or ""))

    def choice(self, player: str, kind: str, obj: str | None = None,
               chooser: str | None = None, rule: str | None = None,
               decision: str | None = None) -> list[Step]:
        """An object ``obj`` (or, for ``kind="rule"``, the rule ``rule``, e.g. "103.1")
        requires ``player`` to pay a cost or make a choice (CR 608.2d); for a player who has
        left, CR 800.4f–h say who chooses (``chooser``). ``decision``: what a rule's choice
        decides (CR 103.1: who takes the first turn)."""
        return self.act("choice", player=player, kind=kind, object=obj, chooser=chooser,
                        rule=rule, decision=decision)

    def info(self, player: str, what: str) -> list[Step]:
        """An effect needs ``player``'s ``what`` (life or counters): their current information,
        or the last known information from before they left the game (CR 800.4i)."""
        return self.act("info", player=player, what=what)

    def activate(self, obj: str, by: str, ability: str | None = None,
                 target: str | None = None) -> list[Step]:
        """``by`` activates an activated ability of the permanent ``obj`` (CR 602.2): a
        planeswalker's loyalty ability named by its cost (``ability="+1"``, CR 606.3), or the
        card's one activated ability (Mindslaver's), with ``target``."""
        return self.act("activate", object=obj, by=by, ability=ability, target=target)

    def choose_target(self, ability: str, target: str) -> list[Step]:
        """The triggered ability ``ability`` on the stack takes ``target`` as one of its targets,
        chosen as it was put on the stack (CR 603.3d, 601.2c)."""
        return self.act("choose_target", ability=ability, target=target)

    def phase_out(self, obj: str) -> list[Step]:
        """An effect phases the permanent ``obj`` out (CR 702.26b; what is attached to it phases
        out indirectly, 702.26g)."""
        return self.act("phase_out", object=obj)

    def phase_in(self, obj: str) -> list[Step]:
        """An effect phases the phased-out permanent ``obj`` in (CR 702.26c)."""
        return self.act("phase_in", object=obj)

    def turn_face_down(self, obj: str) -> list[Step]:
        """An effect turns the permanent ``obj`` face down: a 2/2 creature with no name, text,
        subtypes or mana cost (CR 708.2a)."""
        return self.act("turn_face_down", object=obj)

    def turn_face_up(self, obj: str, by: str) -> list[Step]:
        """``by`` turns the face-down permanent ``obj`` face up: a special action (CR 116.2b;
        a manifested creature card, 701.34b)."""
        return self.act("turn_face_up", object=obj, by=by)

    def manifest(self, player: str) -> list[Step]:
        """``player`` manifests the top card of their library (CR 701.34a)."""
        return self.act("manifest", player=player)

    def open_attraction(self, player: str) -> list[Step]:
        """``player`` opens an Attraction: the top card of their Attraction deck goes face up
        onto the battlefield under their control (CR 701.48b)."""
        return self.act("open_attraction", player=player)

    def mulligan(self, player: str) -> list[Step]:
        """``player`` takes a mulligan (CR 103.5; the free multiplayer mulligan, 800.6)."""
        return self.act("mulligan", player=player)

    def order_triggers(self, player: str, order: list[str],
                       by: str | None = None) -> list[Step]:
        """``player`` (or ``by``, their controller, CR 720.5) chooses the order, bottom first, in
        which all their triggered abilities go on the stack the next time they put some there
        (CR 603.3b); checked then, and refused unless it names each of them once."""
        return self.act("order_triggers", player=player, order=order, by=by)

    def cleanup_discard(self, player: str, cards: list[str],
                        by: str | None = None) -> list[Step]:
        """``player`` (or ``by``, their controller, CR 720.5) chooses the cards they discard to
        their maximum hand size in their next cleanup step (CR 514.1, 402.2)."""
        return self.act("cleanup_discard", player=player, cards=cards, by=by)

    def draw_game(self) -> list[Step]:
        """The game in progress ends in a draw (CR 104.1, 104.4a)."""
        return self.act("draw_game", value=True)

    def planar_controller(self, player: str) -> list[Step]:
        """``player`` becomes the planar controller of the Planechase game in progress
        (CR 311.5, 901.6)."""
        return self.act("planar_controller", player=player)

    # -- questions -------------------------------------------------------------------------------
    def obj(self, oid: str) -> Obj | None:
        """The object with this id, or None when it does not exist (any more)."""
        return self.world.obj(arguments.text(oid, "obj: id"))

    def where(self, oid: str) -> tuple[str, str] | None:
        """``(game, zone)`` of an object: game "main" or "1", "2"...; zone or "outside"."""
        o = self.world.obj(arguments.text(oid, "where: id"))
        if o is None:
            return None
        if o.game is None:
            return ("outside", "outside")
        return (_where(o.game, "key"), o.zone.value)

    def _game_state(self, game: object) -> GameState:
        """The game of the tree ``game`` names (``"main"``, 1, "2"...); refused when it does not
        exist."""
        gid = parse_game(game)
        state = self.world.games.get(gid)
        if state is None:
            made = len(self.world.games) - 1
            raise RulesError("726.1", f"{_where(gid)} does not exist (subgames so far: {made})",
                             subject=str(gid))
        return state

    def _known(self, player: str, what: str | None = None) -> None:
        """Refuse a name that is not one of the players (CR 102.1); ``what`` asked for it."""
        if player not in self.players:
            prefix = f"{what}: " if what else ""
            raise RulesError("102.1", f"{prefix}unknown player {shown(player)}; the players are "
                             f"{shown(list(self.players))}", subject=player)

    def _seat(self, player: object, game: object, what: str) -> Seat:
        """A player's seat in a game; refused for an unknown player or one the game never had."""
        player = arguments.text(player, f"{what}: player")
        state = self._game_state(game)
        self._known(player, what)
        if player not in state.seats:
            raise RulesError("726.4", f"{what}: {player} has no seat in {_where(state.gid)} "
                             "(they had left the game the subgame began in)", subject=player)
        return state.seat(player)

    def zone(self, zone: str, owner: str | None = None, game: object = "main") -> list[str]:
        """The ids in a zone of a game, bottom first."""
        if not isinstance(zone, str):
            raise arguments.refuse("zone", "a zone name", zone)
        try:
            zone_v = parse_zone(zone)
        except ValueError as err:
            raise RulesError("400.1", str(err), subject=zone) from None
        gid = self._game_state(game).gid
        if owner is not None:
            self._known(arguments.text(owner, "zone: owner"), "zone")
        return [o.id for o in self.world.in_zone(gid, zone_v, owner)]

    def life(self, player: str, game: object = "main") -> int:
        """A player's life total in a game."""
        return self._seat(player, game, "life").life

    def counters(self, player: str, game: object = "main") -> dict[str, int]:
        """A player's counters in a game."""
        return dict(self._seat(player, game, "counters").counters)

    def in_game(self, player: str, game: object = "main") -> bool:
        """Whether a player is still in a game (False for one the game never had)."""
        player = arguments.text(player, "in_game: player")
        g = self._game_state(game)
        self._known(player, "in_game")
        return player in g.seats and g.seat(player).in_game

    def damage_factor(self, player: str, game: object = "main") -> int:
        """What damage dealt to ``player`` in a game is multiplied by, by the damage replacement
        effects of that game (1: none applies; 2: doubled; 4: doubled twice)."""
        player = arguments.text(player, "damage_factor: player")
        state = self._game_state(game)
        self._known(player, "damage_factor")
        return damage.factor(state, player)

    @property
    def current(self) -> GameState:
        """The game in progress."""
        return self.world.game

    @property
    def priority(self) -> str | None:
        """Who holds priority in the game in progress."""
        return self.world.game.priority

    @property
    def active(self) -> str | None:
        """The active player of the game in progress (None during CR 800.4j)."""
        return self.world.game.active

    @property
    def stack(self) -> list[str]:
        """The stack of the game in progress, bottom first (abilities by their source's id)."""
        return [o.source if o.kind is Kind.ABILITY else o.id for o in self.world.stack()]

    @property
    def subgames(self) -> int:
        """How many subgames are running."""
        return self.world.running_subgames()

    def _repr_html_(self) -> str:
        from .views.render import world_html

        return world_html(self.world, edition=self.edition.number)

    def __repr__(self) -> str:
        g = self.world.game
        return (f"<Game {_where(g.gid)} turn {g.turn} {g.step} active={g.active} "
                f"priority={g.priority} steps={len(self.trace)}>")


__all__ = ["Game", "edition", "unknown_card"]
