"""A chat's leagues as people read them: `/league` (the standings of a season, as text and a
picture) and `/season` (the season under way; a chat admin's `/season end` closes it: its
standings are kept as that season's and every league of the chat starts again). The
ratings themselves are bot/league.py's; the store keeps them (bot/store.py)."""

from __future__ import annotations

import re

from rules.ai import LEVELS
from rules.words import echoed, fold

from . import i18n
from .game_names import either_okey_named, game_named, name_word, words_naming
from .league import START
from .league import shown as rating_shown
from .messages import Command, Joined, Line, To
from .notation import number, without_end_mark
from .outbox import Outbox
from .refusal import Refusal, either_okey_refusal
from .texts import platform_key

# a number no season can be: "-1", "+2", "1.5", "1,5"
_SIGNED_OR_FRACTION = re.compile(r"^[-+−]\d+([.,]\d+)?$|^\d+[.,]\d+$")

LEAGUE_TOP = 10  # rows of a league shown from the top; the asker's own place comes too


# "/season end" in our players' words too, as the pickers and descriptions say it ("akhiri
# musim", "tutup musim", "sezonu kapat", "सीज़न ख़त्म करें"): a word that ends it, with at
# most the season's own words around it
_SEASON_END_WORDS = {fold(w) for w in ("end", "akhiri", "tutup", "bitir", "kapat", "ख़त्म",
                                       "खत्म", "समाप्त", "बंद", "band")}
_SEASON_WORDS = {fold(w) for w in ("season", "the", "musim", "sezon", "sezonu", "सीज़न", "सीजन",
                                   "करें", "करो")}


def _ends_season(words: list[str]) -> bool:
    return any(w in _SEASON_END_WORDS for w in words) \
        and all(w in _SEASON_END_WORDS | _SEASON_WORDS for w in words)


class Standings:
    async def _league(self, cmd: Command, out: Outbox, game: str | None = None) -> None:
        """`/league [game] [season]`: the standings of the season under way, or of a
        closed one."""
        if cmd.private:  # leagues are kept per group; a private chat has none, but one's
            # own single-player records (Y21) are kept per person: said here
            out.user(cmd.platform, cmd.user.id, [Line(platform_key("core.league_private",
                                                                   cmd.platform)),
                                                 *await self._records_line(cmd)])
            return
        words = [without_end_mark(w) for w in cmd.args]  # "/league 1." as "/league 1"
        words = [w for w in words if w]
        current = await self.store.season(cmd.platform, cmd.chat)
        season = None
        # "Okey 101", "101": Okey 101's name, not season 101 (to a Turkish reader either
        # okey game: not guessed); a name of several words as the bot shows it
        lang = cmd.user.lang
        several, used = words_naming(words, self.game_ids(), lang)
        if game is None and not used and (either := either_okey_named(words, lang)):
            raise either_okey_refusal(either, self.game_names())  # ("101": not a season)
        if game is None and used > 1:
            game, words = several, words[used:]
        if not self.buttons:  # the terminal keeps no league, of any season: said below
            words = [w for w in words if number(w) is None]  # (after a name's "101")
        named = [game_named(w, self.game_ids(), lang) for w in words]
        if game is None and any(named):
            game = next(g for g in named if g)
        if game is not None:  # its name's other words too ("Yüzbir okey")
            words = [w for w, g in zip(words, named, strict=True)
                     if g != game and not name_word(w, game)]
        odd = [w for w in words if number(w) is None and _SIGNED_OR_FRACTION.match(w)]
        if odd:  # "-1", "1.5": meant as a season, not a game's name
            raise Refusal("core.error.no_season_first" if current == 1
                          else "core.error.no_season", season=echoed(odd[0]), current=current)
        numbers = [w for w in words if number(w) is not None]  # "2", "२", "２"
        if len(numbers) > 1:  # "/league 1 2": one season (a second is no game's name)
            raise Refusal("core.error.league_words", words=echoed(" ".join(numbers[1:])))
        if numbers:
            words.remove(numbers[0])
            asked = number(numbers[0])
            if not 1 <= asked <= current:
                if current == 1:
                    raise Refusal("core.error.no_season_first", season=asked)
                raise Refusal("core.error.no_season", season=asked, current=current)
            season = asked if asked < current else None
        extra = words[1:] if game is None else words  # one game named, once
        if extra:
            raise Refusal("core.error.league_words", words=echoed(" ".join(extra)))
        if game is None and words and numbers:  # "/league season 1": the form it takes
            raise Refusal("core.error.league_words", words=echoed(words[0]))
        if game is None and words:  # no word above named a game
            raise Refusal("error.unknown_game", game=echoed(words[0]),
                          games=self.game_names())
        here = sorted({t.game.id for t in self._candidates(cmd, None)})
        if game is None and len(here) == 1 \
                and await self.store.standings(cmd.platform, cmd.chat, here[0], season):
            game = here[0]  # the game of the one table here, as its league has begun
        games = [game] if game else self.game_ids()
        shown_season = season or current  # the season shown
        lines = []
        shown = []  # the leagues that have rows: (game, [(rank, row)], gap)
        for g in games:
            rows = await self.store.standings(cmd.platform, cmd.chat, g, season)
            if not rows:
                if game and self.buttons:  # (the terminal has no chat: its own line below)
                    lines.append(_empty(g, shown_season, current))
                continue
            rows, ranks = _shown_order(rows)
            window = _league_window(rows, cmd.user.id)
            ranked = [(ranks[i - 1], row) for i, row in window]
            # places left out (a long league: its top, then the asker's place)
            gap = next((k for k in range(1, len(window))
                        if window[k][0] != window[k - 1][0] + 1), None)
            shown.append((g, ranked, gap))
            name = Line(f"core.game.{g}")
            lines.append(Line("core.league", {"game": name}) if shown_season == current == 1 else
                         Line("core.league_season", {"game": name, "season": shown_season}))
            names = named_apart(rows)
            for k, (i, (user, _, n, w, r)) in enumerate(ranked):
                if k == gap:
                    lines.append(Line("core.league_gap"))
                lines.append(Line("core.league_row", {"rank": i, "player": names[user],
                                                      "rating": rating_shown(r), "games": n,
                                                      "wins": _num(w)}))
        if not self.buttons and game in (None, "yuzbir"):  # the terminal's one person:
            lines += await self._records_line(cmd)  # their own records are kept here too
        if not lines and not self.buttons:  # the terminal: no league, no record yet
            lines = [Line("core.league_terminal" if game in (None, "yuzbir")
                          else "core.league_terminal_game")]  # (records are Yüzbir's)
        if not lines:  # no league in this chat yet: named by the game asked, or played here
            named = game or (here[0] if len(here) == 1 else None)
            lines = [_empty(named, shown_season, current) if named
                     else Line("core.league_none") if shown_season == current == 1
                     else Line("core.league_none_season", {"season": shown_season})]
        if len(shown) != 1:  # no league, or several: the text says it all
            out.chat(cmd.platform, cmd.chat, lines)
            return
        g, ranked, gap = shown[0]
        to = To(cmd.platform, chat=cmd.chat)
        # the picture: numbers only (names are in the caption), the asker's row marked
        table = {"game": g, "gap": gap, "decimal": i18n.decimal_sign(await self.lang_of(to)),
                 "highlight": next(
                     (k for k, (_, row) in enumerate(ranked) if row[0] == cmd.user.id), None),
                 "rows": [{"rank": i, "rating": rating_shown(r), "games": n, "wins": w}
                          for i, (_, _name, n, w, r) in ranked]}
        out.image(to, lines, self.pictures.league, "league", table)

    async def _records_line(self, cmd: Command) -> list[Line]:
        """The asker's single-player records (Y21), if they have any."""
        records = sorted(await self.store.records_of(cmd.platform, cmd.user.id),
                         key=_by_game_and_strength)
        if not records:
            return []
        return [Line("core.records", {"records": [_record_entry(*r) for r in records]})]

    async def _season(self, cmd: Command, out: Outbox) -> None:
        """`/season`: which season the chat's leagues are in; `/season end` (a chat admin):
        close it, telling each league's leader, and begin the next."""
        if cmd.private:
            out.user(cmd.platform, cmd.user.id, [Line(platform_key("core.season_private",
                                                                   cmd.platform))])
            return
        if not self.buttons:  # the terminal: one person against computers, no league
            out.chat(cmd.platform, cmd.chat, Line("core.season_terminal"))
            return
        current = await self.store.season(cmd.platform, cmd.chat)
        if not cmd.args:
            out.chat(cmd.platform, cmd.chat, Line("core.season_now", {"season": current,
                                                                      "start": round(START)}))
            return
        if not _ends_season([fold(a) for a in without_end_mark(" ".join(cmd.args)).split()]):
            raise Refusal("core.error.season_words")
        if not cmd.is_admin:
            raise Refusal("core.error.season_admin")
        ended = await self.store.end_season(cmd.platform, cmd.chat)
        if ended is None:
            raise Refusal("core.error.season_empty",
                          season=await self.store.season(cmd.platform, cmd.chat))
        closed, tables = ended
        leaders = []
        for g in self.game_ids():
            if g in tables:  # whoever its /league shows first: all of them where they tie
                rows, ranks = _shown_order(tables[g])
                top = [row for row, rank in zip(rows, ranks, strict=True) if rank == 1]
                names = named_apart(rows)
                leaders.append(Line("core.season_leader", {
                    "game": Line(f"core.game.{g}"),
                    "player": Joined(tuple(names[r[0]] for r in top), " & "),
                    "rating": rating_shown(top[0][4])}))
        # a match under way counts where it ends: players who expect it in the closed
        # season are told at once, not by a new season's ratings at its end
        running = sorted({t.game.id for t in self.tables.values()
                          if (t.platform, t.chat) == (cmd.platform, cmd.chat)
                          and t.status == "playing" and self.league_match(t)})
        out.chat(cmd.platform, cmd.chat, [
            Line("core.season_over", {"season": closed, "leaders": leaders}),
            Line("core.season_begins", {"season": closed + 1, "start": round(START),
                                        "closed": closed}),
            *([Line("core.season_running", {
                "games": [Line(f"core.game.{g}") for g in running], "season": closed + 1})]
              if running else [])])


def named_apart(rows: list) -> dict:
    """Each standings row's player (user, name, ...) by the name shown: people of one name
    in a league are told apart by the end of their platform id ("Ayşe #4821"), as a
    seat means nothing there and the league's picture shows no names."""
    alike: dict = {}
    for user, name, *_ in rows:
        alike.setdefault(name.casefold(), set()).add(user)
    shown = {}
    for user, name, *_ in rows:
        others = alike[name.casefold()]
        if len(others) == 1:
            shown[user] = name
            continue
        # four digits, or as many as tell this group's ids apart
        size = next(k for k in range(4, max(4, *map(len, others)) + 1)
                    if len({u[-k:] for u in others}) == len(others))
        shown[user] = Line("core.name_tag", {"name": name, "tag": user[-size:]})
    return shown


def _empty(game: str, season: int, current: int) -> Line:
    name = Line(f"core.game.{game}")
    if season == current == 1:
        return Line("core.league_empty", {"game": name})
    return Line("core.league_empty_season", {"game": name, "season": season})


def _shown_order(rows: list) -> tuple[list, list[int]]:
    """The rows ordered as people read them (the rating shown, then wins, then name) and
    each row's rank: rows showing the same rating and wins share one (1, 1, 3), since
    nothing a reader sees tells them apart."""
    def read_as(row):
        return rating_shown(row[4]), row[3]

    rows = sorted(rows, key=lambda row: (-rating_shown(row[4]), -row[3], row[1]))
    ranks = []
    for i, row in enumerate(rows):
        ranks.append(ranks[-1] if i and read_as(row) == read_as(rows[i - 1]) else i + 1)
    return rows, ranks


def _game_and_level(key: str) -> tuple[str, str]:
    """A single-player record's game and computers' level (`play.record_key`: Normal's
    keeps the game's own id)."""
    game, _, level = key.partition(":")
    return game, level or "normal"


def _by_game_and_strength(record: tuple) -> tuple:
    """Records by game, then by the computers' level, weakest first."""
    game, level = _game_and_level(record[0])
    return game, LEVELS.index(level)


def _record_entry(key: str, best: int, played: int) -> Line:
    """One single-player record: its game and the computers' level."""
    game, level = _game_and_level(key)
    return Line("core.record_entry", {"game": Line(f"core.game.{game}"),
                                      "level": Line(f"core.level.{level}"),
                                      "best": best, "played": played})


def _league_window(rows: list, user: str) -> list[tuple[int, tuple]]:
    """(place, row) of the top of a league and, further down, the asker with a neighbour
    on each side: a league of a big group stays a picture one can read on a phone."""
    ranked = list(enumerate(rows, 1))
    mine = next((i for i, row in ranked if row[0] == user), None)
    if len(ranked) <= LEAGUE_TOP + 3 or mine is None or mine <= LEAGUE_TOP + 3:
        # small enough, or the asker near the top (a gap would hide one place): all down
        # to their neighbour
        keep = max(LEAGUE_TOP, (mine or 0) + 1)
        return ranked[:keep]
    return ranked[:LEAGUE_TOP] + ranked[mine - 2:mine + 1]


def _num(x: float) -> int | float:
    """Wins: whole, or a shared win's fraction (written as each language does, i18n)."""
    return int(x) if float(x).is_integer() else float(x)
