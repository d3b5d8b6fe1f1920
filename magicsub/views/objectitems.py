"""One object on the board as a list item (``ObjectItems``): its name, its id when the name
does not say it, its badges (token, copy, face down, phased out, tapped, damage, power and
toughness, counters), its owner and controller, and the step's mark on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import characteristics
from ..engine.objects import Kind
from ..engine.state import game_name
from .boardstate import BoardState
from .markup import Fragments, attr
from .markup import escape_text as _e
from .places import is_anonymous, place_words

if TYPE_CHECKING:
    from ..engine.objects import Obj

_MARK_WORDS = {"moved": "★ moved", "created": "★ new", "control": "★ control changed",
               "changed": "★ changed"}


class ObjectItems(BoardState):
    """The board's objects, each a list item."""

    def item(self, o: Obj, *, show: str = "owner") -> str:
        """One object as a list item (``obj``), from the cache when it was drawn before the
        same way: the same object, shown the same, with the same mark and power/toughness."""
        mark = self.marks.get(o.id)
        words = None
        if mark:
            words = _MARK_WORDS.get(mark, "★ " + _e(mark))
            if mark == "moved" and o.id in self.origins and o.id not in self.said:
                words += " from " + place_words(self.origins[o.id], o.game)
        pt = characteristics.describe(self.world, o)
        return self.cache.item(o, (show, mark, words, pt),
                               lambda: self.obj(o, show=show, mark=mark, words=words, pt=pt))

    def obj(self, o: Obj, *, show: str = "owner", mark: str | None = None,
            words: str | None = None, pt: str = "") -> str:
        """One object as a list item; ``show`` is "owner" (shared zones), "control" or "";
        ``mark`` and its ``words`` ("★ moved from ..."), ``pt`` its power and toughness when
        an effect changes them (``characteristics.describe``)."""
        card, state = o.card, o.state
        kind = o.kind
        classes: list[str] = []
        badges = []
        if kind is not Kind.CARD:
            classes.append(f"ms-{kind}")
            badges.append(kind)
        if not card.traditional:
            badges.append(f"{card.deck} card" if card.deck else "nontraditional")
        if card.commander:
            badges.append("commander")
        if not o.face_up:
            classes.append("ms-fd")
            badges.append("face down")
        if state.phased_out:
            classes.append("ms-po")
            badges.append("phased out")
        if state.tapped:
            classes.append("ms-tap")
            badges.append("tapped")
        if state.damage:
            badges.append(f"{state.damage} damage")
        if pt:
            badges.append(pt)
        if state.counters:
            badges += [f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in state.counters]
        oid, name, game = o.id, o.name, o.game
        attrs = (f' data-obj="{attr(oid)}" data-zone="{attr(o.place)}" '
                 f'data-game="{attr("outside" if game is None else game)}"')
        if mark:
            classes.append("ms-hl")
            attrs += f' data-mark="{attr(mark)}"'
        cls = f' class="{attr(" ".join(map(str, classes)))}"' if classes else ""
        parts = [f"<li{cls}{attrs}>"]
        if mark:
            parts.append(f'<span class="ms-mk">{words}</span> ')
        parts.append(_e(name))
        if str(name).lower() != str(oid).lower() and not is_anonymous(o):
            parts.append(f' <small>[{_e(oid)}]</small>')
        if badges:
            parts += [f'<span class="ms-b">{_e(b)}</span>' for b in badges]
        extra = []
        if kind is Kind.ABILITY and card.source:
            extra.append(f"of {_e(card.source)}")
        ctrl, owner = o.controller, o.owner
        if show == "control" and ctrl:
            if ctrl != owner:
                extra.append(f"owner {_e(owner)}, controlled by {_e(ctrl)}")
            else:
                extra.append(f"controlled by {_e(ctrl)}")
        elif show == "owner":
            if ctrl and ctrl != owner:
                extra.append(f"owner {_e(owner)}, controlled by {_e(ctrl)}")
            else:
                extra.append(f"owner {_e(owner)}")
        elif ctrl and ctrl != owner:
            extra.append(f"owner {_e(owner)}, controlled by {_e(ctrl)}")
        if game is None and state.left_from is not None:
            extra.append(f"left the {_e(game_name(state.left_from, 'bare'))}")
        if state.attached_to:
            extra.append(f"attached to {_e(state.attached_to)}")
        if state.targets:
            extra.append("targeting " + ", ".join(_e(t) for t in state.targets))
        if extra:
            parts.append(" — " + "; ".join(extra))
        parts.append("</li>")
        return "".join(parts)

    def obj_list(self, out: Fragments, objs: list[Obj], *, show: str = "owner",
                 tag: str = "ul", extra_class: str = "") -> Fragments:
        """Add the objects as a list to ``out``: each item a fragment of its own."""
        cls = f"ms-l {extra_class}".strip()
        out.add(f'<{tag} class="{cls}">').items([self.item(o, show=show) for o in objs])
        return out.add(f"</{tag}>")
