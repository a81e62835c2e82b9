"""The pictures the core attaches: `render.views` (rack, table, scores) as PNG bytes.

A picture is an extra: every message also carries its content as text, so when a game has
no renderer yet (or drawing fails) the message goes out as text and the failure is logged
once per game and kind, never hidden from the logs.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from concurrent.futures import ThreadPoolExecutor

from render import theme as render_theme

from . import i18n
from .notation import loose

log = logging.getLogger(__name__)

# The themes people may choose: the colour-blind one gives every tile colour a shape as
# well, the dark one suits dark chat clients.
THEMES = tuple(render_theme.THEMES)


def _plain(word: str) -> str:
    """A theme's word with its case, spaces, hyphens and underscores aside: "Colour Blind",
    "colour-blind" and "renk körü" (or "renk koru", without Turkish letters) as the names
    the bot shows read "colourblind"..."""
    return "".join(c for c in loose(word) if c not in " -_")


def theme_named(word: str) -> str | None:
    """The theme a typed word names: its id ("Colour-blind" -> "colorblind") or its name in
    any of the bot's languages, as the bot shows it (`koyu`, `KOYU`, `Colour Blind`), or
    None."""
    names = {_plain(name): theme for name, theme in i18n.read_back("core.theme.", THEMES).items()}
    try:
        return render_theme.get_theme(names.get(_plain(word)) or _plain(word)).name
    except ValueError:
        return None


class Pictures:
    def __init__(self, theme=None, enabled: bool = True):
        self.theme = theme
        self.module = None
        if enabled:
            try:
                self.module = importlib.import_module("render.views")
            except ImportError as e:
                log.warning("no pictures: render.views is not available (%s)", e)
        self._failed: set = set()
        # One drawing thread: pictures stay off the event loop (tables keep moving while
        # Pillow works) and the renderer's caches are never used from two threads at once.
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="render") if self.module else None

    def warm(self):
        """Make each theme's palette on the drawing thread now, the chosen theme first (about
        0.45 s each, measured): else the first picture after a start waits for it. Returns
        the future of that work (None without pictures)."""
        if self._thread is None:
            return None
        from render.palette import palette_for

        first = render_theme.get_theme(self.theme)
        order = [first, *(t for t in render_theme.THEMES.values() if t is not first)]
        return self._thread.submit(lambda: [palette_for(t) for t in order])

    async def draw(self, fn, data) -> bytes | None:
        """Run a drawing function (rack, table, scores) on the drawing thread."""
        if self._thread is None:
            return fn(data)
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, data)

    def _draw(self, kind: str, fn_name: str, game: str, *args) -> bytes | None:
        fn = getattr(self.module, fn_name, None) if self.module is not None else None
        if fn is None or (game, kind) in self._failed:
            return None
        try:
            return fn(*args)
        except Exception:  # a picture must never stop a game; the text still goes out
            self._failed.add((game, kind))
            log.exception("render.views.%s failed for %s; sending text only", fn_name, game)
            return None

    # `theme`: the one its reader chose (None: this object's own)
    def rack(self, view_json: dict, theme: str | None = None) -> bytes | None:
        return self._draw("rack", "render_rack", view_json.get("game", ""), view_json,
                          theme or self.theme)

    def table(self, view_json: dict, theme: str | None = None) -> bytes | None:
        return self._draw("table", "render_table", view_json.get("game", ""), view_json,
                          theme or self.theme)

    def league(self, table: dict, theme: str | None = None) -> bytes | None:
        """{"game", "rows": [{rank, rating, games, wins}], "highlight": row index or None,
        "gap": the row index before which places were left out, or None, "decimal": the
        readers' decimal sign}"""
        return self._draw("league", "render_league", table.get("game", ""), table["rows"],
                          table.get("highlight"), theme or self.theme, table.get("gap"),
                          table.get("game", ""), table.get("decimal", "."))

    def example(self, example: dict, theme: str | None = None) -> bytes | None:
        """A move step by step, for the rules (see bot/board_rummikub.rules_example)."""
        return self._draw("example", "render_example", example.get("game", ""), example,
                          theme or self.theme)

    def scores(self, outcome: dict, theme: str | None = None) -> bytes | None:
        return self._draw("scores", "render_scores", outcome.get("game", ""), outcome,
                          theme or self.theme)
