"""What people choose for how things look, kept in the store and all held in memory (they
are few, and a rack is drawn where nothing can wait for the store):

- the picture theme (render/theme.py): `/theme NAME` in a group sets the theme of that
  chat's table, score and league pictures; `/mytheme NAME` (or `/theme NAME` in a private
  chat) the theme of one's own pictures, racks first, at every table; NAME is a theme's id
  or its name in any of the bot's languages, and alone they tell the theme now;
- how one's rack is ordered (bot/rack_order.py): `/arrange pairs` puts an okey rack's
  pairs first (for a player going for pairs, O23 / Y-D4), `/arrange groups` sorts by
  number (okey and Rummikub), `/arrange runs` is the engine's order (by colour);
- whether one's okey lies face down in one's own okey rack pictures (`/hide`, Y20/Y-D9);
- whether a group or channel is quiet (`/quiet`): its table is one picture, kept up to
  date in place after each move while nothing else was said there, instead of a new
  picture per move (not at the terminal: what it printed cannot be edited);
- one's own layout of one's rack at a table (`/arrange 5 6 7 | 1 2`, bot/rack_layout.py),
  for the round it was made in (its own store table: it goes with the table, not the
  person).
"""

from __future__ import annotations

from render import theme as render_theme
from rules.game import switch_word
from rules.words import echoed

from .messages import Command, Joined, Line, Reply, To
from .notation import loose, without_end_mark
from .outbox import Outbox
from .pictures import THEMES, theme_named
from .rack_layout import Layout
from .rack_order import ORDERS
from .refusal import Refusal

THEME, ARRANGE, HIDE, QUIET = "theme", "arrange", "hide", "quiet"
# not a choice: the ref of a quiet chat's table picture while it is the last thing said
# there, kept so that after a restart the next move still edits it in place
SAID_LAST = "said_last"


def set_by(cmd: Command) -> Line:
    """Who changed a chat's setting: everyone there sees the change (a Discord command
    leaves no trace of who used it)."""
    return Line("core.set_by", {"player": cmd.user.name})

class Prefs:
    def __init__(self, store):
        self.store = store
        self._known: dict[tuple[str, str, str, str], str] | None = None
        self._layouts: dict[tuple[int, str], Layout] = {}

    async def load(self, again: bool = False) -> None:
        """Read every choice once (before the first command or restored table), or `again`.
        The choices read before stay in use until the new ones are all in."""
        if self._known is None or again:
            known = {row[:4]: row[4] for row in await self.store.prefs()}
            layouts = {(t, user): Layout.parse(round_, tiles)
                       for t, user, round_, tiles in await self.store.rack_layouts()}
            self._known, self._layouts = known, layouts

    def get(self, platform: str, kind: str, key: str, name: str) -> str | None:
        return (self._known or {}).get((platform, kind, key, name))

    async def _set(self, platform: str, kind: str, key: str, name: str, value: str) -> None:
        await self.load()
        await self.store.set_pref(platform, kind, key, name, value)
        self._known[(platform, kind, key, name)] = value

    # -- themes ----------------------------------------------------------------------------
    async def theme_of(self, to: To) -> str | None:
        """The theme the recipient chose (a person for private messages, else the chat),
        or None for the default."""
        await self.load()
        if to.private:
            return self.get(to.platform, "user", to.user, THEME)
        return self.get(to.platform, "chat", to.chat, THEME)

    async def theme_command(self, cmd: Command, out: Outbox, own: bool) -> None:
        """`/theme` (`own` False; in a private chat it is the person's own) or `/mytheme`;
        alone, which theme it is now."""
        own = own or cmd.private
        key = ("user", cmd.user.id) if own else ("chat", cmd.chat)
        if not cmd.args:
            return await self._theme_now(cmd, out, own, key)
        theme = theme_named(without_end_mark(" ".join(cmd.args)))  # "renk körü", "Colour Blind"
        if theme is None:
            raise Refusal("core.error.unknown_theme", themes=themes_as_read())
        if not own and theme == self._theme_of(cmd.platform, key):  # as it was: the asker
            # alone hears it (as /lang's "already"; in the group if their chat is closed)
            return out.user(cmd.platform, cmd.user.id, Line(
                "core.theme_already", {"theme": Line(f"core.theme.{theme}")}), cls=Reply)
        await self._set(cmd.platform, *key, THEME, theme)
        line = Line("core.mytheme_set" if own else "core.theme_set",
                    {"theme": Line(f"core.theme.{theme}")})
        if own:
            out.user(cmd.platform, cmd.user.id, line)
        else:
            out.chat(cmd.platform, cmd.chat, [line, set_by(cmd)])

    async def set_own_theme(self, platform: str, user: str, theme: str) -> None:
        """`user`'s racks in `theme`, said to nobody (the terminal: one person reads the
        table and the rack, and its `/theme` is theirs too)."""
        await self._set(platform, "user", user, THEME, theme)

    def _theme_of(self, platform: str, key) -> str:
        return self.get(platform, *key, THEME) or render_theme.get_theme(None).name

    async def _theme_now(self, cmd: Command, out: Outbox, own: bool, key) -> None:
        """`/theme` or `/mytheme` alone: the theme now and how to change it, as `/lang`
        alone tells the language."""
        await self.load()
        theme = self._theme_of(cmd.platform, key)
        line = Line("core.mytheme_now" if own else "core.theme_now", {
            "theme": Line(f"core.theme.{theme}"), "themes": themes_as_read(),
            "example": f"{cmd.name} {next(t for t in THEMES if t != theme)}"})
        if own or not cmd.shown_to_chat:  # nobody else saw it asked (as Core.asker)
            out.user(cmd.platform, cmd.user.id, line)
        else:
            out.chat(cmd.platform, cmd.chat, line)

    # -- how a chat's table is shown ----------------------------------------------------------
    def quiet(self, platform: str, chat: str) -> bool:
        return self.get(platform, "chat", chat, QUIET) == "on"

    def said_last(self) -> dict[tuple[str, str], tuple[str, ...]]:
        """(platform, chat) -> the refs of its table pictures where only those are the last
        things said there (as the store has it: a space between them)."""
        return {(platform, chat): tuple(refs.split()) for (platform, kind, chat, name), refs
                in (self._known or {}).items() if kind == "chat" and name == SAID_LAST and refs}

    async def keep_said_last(self, platform: str, chat: str, refs: tuple[str, ...]) -> None:
        await self._set(platform, "chat", chat, SAID_LAST, " ".join(refs))

    async def quiet_command(self, cmd: Command, out: Outbox) -> None:
        """`/quiet`: the chat's table is one picture kept up to date, or (again) a new
        picture after each move."""
        if cmd.private:
            raise Refusal("core.error.quiet_private")
        quiet = switched(cmd, self.quiet(cmd.platform, cmd.chat))
        if cmd.args and quiet == self.quiet(cmd.platform, cmd.chat):  # as it was: the asker
            # alone hears it (as /lang's "already"; in the group if their chat is closed)
            return out.user(cmd.platform, cmd.user.id, Line(
                "core.quiet_already_on" if quiet else "core.quiet_already_off",
                {"on": Line("core.on"), "off": Line("core.off")}), cls=Reply)
        await self._set(cmd.platform, "chat", cmd.chat, QUIET, "on" if quiet else "off")
        out.chat(cmd.platform, cmd.chat, [Line("core.quiet_on" if quiet else "core.quiet_off"),
                                          set_by(cmd)])

    # -- racks -----------------------------------------------------------------------------
    def arrangement(self, platform: str, user: str | None) -> str:
        if not user:
            return ORDERS[0]
        return self.get(platform, "user", user, ARRANGE) or ORDERS[0]

    async def arrange_command(self, cmd: Command, out: Outbox, wanted: str) -> None:
        """`/arrange runs|pairs|groups` (`wanted`, one of ORDERS): the person's racks from
        now on (the caller sends them)."""
        if wanted not in ORDERS:
            raise Refusal("core.error.unknown_arrangement")
        await self._set(cmd.platform, "user", cmd.user.id, ARRANGE, wanted)
        out.user(cmd.platform, cmd.user.id,
                 Line("core.arrange_set", {"order": Line(f"core.arrange.{wanted}")}))

    async def reload(self) -> None:
        """Read every choice again (a chat's rows moved in the store, bot/store.py)."""
        await self.load(again=True)

    def hides_okey(self, platform: str, user: str | None) -> bool:
        return bool(user) and self.get(platform, "user", user, HIDE) == "on"

    async def hide_command(self, cmd: Command, out: Outbox) -> bool:
        """`/hide`: turn one's okey face down in one's rack pictures, or up again. Whether
        it changed (the caller sends the racks then); `/hide on` when it is: "already"."""
        hide = hide_switched(cmd, self.hides_okey(cmd.platform, cmd.user.id))
        if cmd.args and hide == self.hides_okey(cmd.platform, cmd.user.id):
            out.user(cmd.platform, cmd.user.id, Line(
                "core.hide_already_on" if hide else "core.hide_already_off",
                {"on": Line("core.hide.on"), "off": Line("core.hide.off")}), cls=Reply)
            return False
        await self._set(cmd.platform, "user", cmd.user.id, HIDE, "on" if hide else "off")
        out.user(cmd.platform, cmd.user.id, Line("core.hide_on" if hide else "core.hide_off"))
        return True

    def layout(self, table_id: int, user: str | None) -> Layout | None:
        return self._layouts.get((table_id, user)) if user else None

    def forget_table(self, table_id: int) -> None:
        """A closed table's layouts leave memory (the store's rows are never read again:
        only tables in play are loaded)."""
        for key in [k for k in self._layouts if k[0] == table_id]:
            del self._layouts[key]

    async def set_layout(self, table_id: int, user: str, layout: Layout | None) -> None:
        """Keep `layout` as the person's at the table (None: their chosen order again)."""
        await self.load()
        if layout is None:
            if self._layouts.pop((table_id, user), None) is not None:
                await self.store.set_rack_layout(table_id, user, None)
            return
        await self.store.set_rack_layout(table_id, user, layout.round, layout.text())
        self._layouts[(table_id, user)] = layout


def themes_as_read() -> list[Joined]:
    """Every theme by the name its reader knows it by, and by its id (either works):
    "koyu (dark)"."""
    return [Joined((Line(f"core.theme.{t}"), f"({t})"), " ") for t in THEMES]


# /hide's own words, as the okey is turned (face down: hidden), in the bot's languages
# (read as `loose` reads them: "goster", typed without Turkish letters, is göster)
_HIDE_WORDS = {**{loose(w): True for w in ("hide", "gizle", "kapat", "ters", "sembunyikan",
                                            "tutup", "tertutup", "छिपाएँ", "छिपाओ", "उल्टा")},
               **{loose(w): False for w in ("show", "göster", "aç", "düz", "tampilkan", "buka",
                                            "terbuka", "दिखाएँ", "दिखाओ", "सीधा")}}
# Turkish açık / kapalı are on / off, and an okey's face up / down too: "/hide kapalı" may
# mean either, so it is asked, not guessed
_EITHER_WAY = {loose(w) for w in ("açık", "kapalı")}


def hide_switched(cmd: Command, now: bool) -> bool:
    """/hide's new state: as any switch's (on, off, in the bot's languages) or in its own
    words (hide, show, gizle, göster...)."""
    if len(cmd.args) == 1:
        word = loose(without_end_mark(cmd.args[0]))
        if word in _EITHER_WAY:
            raise Refusal("core.error.hide_either_way", word=echoed(cmd.args[0]),
                          on=Line("core.hide.on"), off=Line("core.hide.off"))
        if word in _HIDE_WORDS:
            return _HIDE_WORDS[word]
    return switched(cmd, now, "core.hide.")


def switched(cmd: Command, now: bool, words: str = "core.") -> bool:
    """A switch's new state: `/quiet` alone turns it over; `/quiet on` or `off` (in any of
    the bot's languages, as it shows them) sets it; any other word is refused."""
    if not cmd.args:
        return not now
    wanted = switch_word(without_end_mark(cmd.args[0])) if len(cmd.args) == 1 else None
    if wanted is None:
        raise Refusal("core.error.switch_words", command=cmd.name, on=Line(f"{words}on"),
                      off=Line(f"{words}off"))  # (as the reader's words are: `words`)
    return wanted
