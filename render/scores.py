"""Score pictures: a match's rounds and totals, and a league table. Numbers and icons only;
the names go in the caption (in the same order: seats 1, 2, ... or ranks 1, 2, ...)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from .draw import picture, star, text_centered, text_size, triangle_right
from .layout import MARGIN, TEXT, paste
from .sprites import BACK, domino, tile
from .table import seat_disc
from .theme import Theme, get_theme

ROW_H = 58
PAD_X = 22
MIN_COL = 120


def _icon(theme: Theme, kind: str, size: int = 40, game: str = "") -> Image.Image:
    """Column-head icons: "rank" (#), "rating" (a star), "games" (a tile face down: a
    domino's in `game` dominoes), "wins" (a crown), "round" (#), "total" (a sigma)."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = theme.text
    s = size
    if kind in ("rank", "round"):
        text_centered(d, s / 2, s / 2, "#", int(s * 0.8), c, bold=True)
    elif kind == "rating":
        star(d, s / 2, s / 2 + 2, s * 0.48, c)
    elif kind == "games" and game == "dominoes":
        sp = domino(theme, 2, 1, s // 2, vertical=True)  # its pips say "domino"
        paste(img, sp, (s - sp.width) // 2, 0)
    elif kind == "games":
        sp = tile(theme, BACK, int(s * 0.7), s)
        paste(img, sp, (s - sp.width) // 2, 0)
    elif kind == "wins":
        _crown(d, 0, s * 0.15, s, s * 0.7, theme.accent)
    elif kind == "team":  # two seats joined: partners (O27)
        r = s * 0.24
        for cx in (s * 0.32, s * 0.68):
            d.ellipse([cx - r, s / 2 - r, cx + r, s / 2 + r], outline=c, width=max(3, s // 11))
        d.line([(s * 0.32, s / 2), (s * 0.68, s / 2)], fill=c, width=max(3, s // 11))
    elif kind == "total":
        w = max(3, s // 9)
        d.line([(s * 0.8, s * 0.15), (s * 0.2, s * 0.15), (s * 0.55, s * 0.5),
                (s * 0.2, s * 0.85), (s * 0.8, s * 0.85)], fill=c, width=w, joint="curve")
    return img


def team_icon(theme: Theme, size: int = 34) -> Image.Image:
    """Two joined rings: partners (the score table's team row, the okey table's seats)."""
    return _icon(theme, "team", size)


def _crown(d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, fill) -> None:
    d.polygon([(x, y + h), (x, y + h * 0.2), (x + w * 0.27, y + h * 0.55), (x + w * 0.5, y),
               (x + w * 0.73, y + h * 0.55), (x + w, y + h * 0.2), (x + w, y + h)], fill=fill)


def _grid(theme: Theme, heads: Sequence[Image.Image], rows: Sequence[Sequence[str]],
          lead: Sequence[Image.Image | None] | None = None,
          strong: Collection[tuple[int, int]] = (), crowned: Collection[tuple[int, int]] = (),
          rule_before: int | None = None, strong_row: int | None = None) -> Image.Image:
    """A table of numbers: one head per column, rows of cell texts (right-aligned).
    `lead[r]` replaces the first cell of row r with an icon. `strong` cells get the accent
    background, `crowned` cells a crown (a shape cue beside the colour); `strong_row` is
    drawn on an accent bar with a pointer before it."""
    ncol = len(heads)
    widths = [max([MIN_COL, heads[c].width + 2 * PAD_X]
                  + [text_size(r[c], TEXT, bold=True)[0] + 2 * PAD_X + 34 for r in rows])
              for c in range(ncol)]
    head_h = max(h.height for h in heads) + 20
    w = sum(widths) + 2 * MARGIN
    h = head_h + len(rows) * ROW_H + 2 * MARGIN + (10 if rule_before is not None else 0)
    img = Image.new("RGB", (w, h), theme.background)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([MARGIN // 2, MARGIN // 2, w - MARGIN // 2, h - MARGIN // 2],
                        radius=16, fill=theme.board)
    x = MARGIN
    for c, hd in enumerate(heads):
        paste(img, hd, x + (widths[c] - hd.width) // 2, MARGIN + (head_h - hd.height) // 2)
        x += widths[c]
    y = MARGIN + head_h
    for r, row in enumerate(rows):
        if r == rule_before:
            d.rectangle([MARGIN, y + 2, w - MARGIN, y + 6], fill=theme.text)
            y += 10
        if r == strong_row:
            d.rounded_rectangle([MARGIN, y + 3, w - MARGIN, y + ROW_H - 3], radius=12,
                                fill=theme.accent)
            # the pointer inside the bar's left end, clear of its edge and of the rank
            triangle_right(d, MARGIN + 6, y + ROW_H / 2, 18, theme.accent_text)
        elif r % 2 == 1:
            d.rectangle([MARGIN, y, w - MARGIN, y + ROW_H], fill=theme.board_edge)
        x = MARGIN
        for c, text in enumerate(row):
            cw = widths[c]
            if (r, c) in strong:
                d.rounded_rectangle([x + 4, y + 4, x + cw - 4, y + ROW_H - 4], radius=10,
                                    fill=theme.accent)
            ink = theme.accent_text if (r, c) in strong or r == strong_row else theme.text
            if c == 0 and lead is not None and lead[r] is not None:
                paste(img, lead[r], x + (cw - lead[r].width) // 2, y + (ROW_H - lead[r].height) // 2)
            elif c == 0:
                text_centered(d, x + cw / 2, y + ROW_H / 2, text, TEXT,
                              ink if r == strong_row else theme.muted, bold=True)
            else:
                text_centered(d, x + cw - PAD_X, y + ROW_H / 2, text, TEXT, ink, bold=True,
                              anchor="rm")
            if (r, c) in crowned:
                _crown(d, x + 10, y + ROW_H / 2 - 11, 30, 22, theme.accent_text
                       if (r, c) in strong else theme.accent)
            x += cw
        y += ROW_H
    return img


@picture
def render_score_table(rows: Sequence[Sequence[int]], totals: Sequence[int] | None = None,
                       winners: Collection[int] = (), theme: str | Theme = "default",
                       teams: Sequence[dict] = (),
                       round_winners: Sequence[Collection[int]] = ()) -> bytes:
    """Scores per round (rows[r][seat]) and the match totals, as PNG bytes. Columns are
    seats 1, 2, ...; `winners` (seats) get the accent colour and a crown on their total;
    `round_winners[r]` (who won round r) a crown alone on that round's score.
    `teams` ({"seats", "total"}, partners, O27): a last row gives each seat its team's
    total, which decides the match (O-D11)."""
    th = get_theme(theme)
    seats = max([len(r) for r in rows] + [len(totals or ())])
    if totals is None:
        totals = [sum(r[s] for r in rows if s < len(r)) for s in range(seats)]
    heads = [_icon(th, "round")] + [seat_disc(th, s, False, size=44) for s in range(seats)]
    body = [[str(i + 1)] + [str(v) for v in r] + [""] * (seats - len(r))
            for i, r in enumerate(rows)]
    body.append([""] + [str(v) for v in totals])
    t = len(body) - 1
    lead: list[Image.Image | None] = [None] * t + [_icon(th, "total", 34)]
    marked = {(t, s + 1) for s in winners}
    round_crowns = {(r, s + 1) for r, seats_won in enumerate(round_winners[:t])
                    for s in seats_won}
    if teams:
        team_of = {seat: team["total"] for team in teams for seat in team["seats"]}
        body.append([""] + [str(team_of.get(s, "")) for s in range(seats)])
        lead.append(_icon(th, "team", 34))
        marked = {(t + 1, s + 1) for s in winners}  # the team total decides (O-D11)
    img = _grid(th, heads, body, lead=lead, strong=marked, crowned=marked | round_crowns,
                rule_before=t if rows else None)
    return img, th


@picture
def render_league_table(rows: Sequence[Sequence[int | float]], highlight: int | None = None,
                        theme: str | Theme = "default", gap: int | None = None,
                        game: str = "", decimal: str = ".") -> bytes:
    """A league table as PNG bytes: rows of (rank, rating, games, wins) in display order.
    `highlight` is a row index to mark (say, the player who asked); `gap` the row before
    which places were left out (a long league shows its top and the asker's place): a rule
    there. Ranks alone cannot tell it, as rows that read the same share one (1, 1, 3).
    `decimal`: the reader's decimal sign, as the caption writes a shared win (1,5 in
    Indonesian and Turkish, where 1.5 reads as fifteen hundred)."""
    th = get_theme(theme)
    heads = [_icon(th, k, game=game) for k in ("rank", "rating", "games", "wins")]
    body = [[_num(v).replace(".", decimal) for v in r[:4]] for r in rows]
    crowned = any(int(r[0]) == 1 for r in rows)  # every rank then leaves the crown's room
    lead = [_rank_mark(th, int(r[0]), i == highlight, crowned) for i, r in enumerate(rows)]
    return _grid(th, heads, body, lead=lead, strong_row=highlight, rule_before=gap), th


def _rank_mark(theme: Theme, rank: int, on_accent: bool = False,
               crown_room: bool = False) -> Image.Image:
    """Rank 1 gets a crown before its number, on the row's middle line as every number;
    the others just the number, in the same place when `crown_room` (a column with a
    crown in it: the numbers stay one above the other)."""
    text = str(rank)
    tw, _ = text_size(text, TEXT, bold=True)
    crown_w = 26 if rank == 1 or crown_room else 0
    img = Image.new("RGBA", (crown_w + (6 if crown_w else 0) + max(tw, 20) + 4, ROW_H - 8),
                    (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cy = img.height / 2
    if rank == 1:
        _crown(d, 0, cy - 9, crown_w, 18, theme.accent_text if on_accent else theme.accent)
    ink = theme.accent_text if on_accent else theme.text
    text_centered(d, img.width - (max(tw, 20) + 4) / 2, cy, text, TEXT, ink, bold=True)
    return img


def _num(v: int | float) -> str:
    """12 -> "12", 76.5 -> "76.5", 1/3 -> "0.33": a shared win's part, at most two decimals
    as the caption writes it (bot/i18n.number)."""
    return f"{v:.2f}".rstrip("0").rstrip(".")


def render_scores(outcome: dict, theme: str | Theme = "default") -> bytes:
    """A match outcome ({"rounds": [{"scores": [...]}], "totals": [...], "winners": [...]})
    as a score table."""
    rounds = outcome.get("rounds", [])
    rows = [list(r.get("scores") or []) for r in rounds]
    return render_score_table(rows, outcome.get("totals"), outcome.get("winners") or (), theme,
                              outcome.get("teams") or (), [_round_winners(r) for r in rounds])


def _round_winners(result: dict) -> tuple[int, ...]:
    """Who won a round: its "winners" (a shared win) or its one "winner" (None: nobody,
    a round the pile ended)."""
    if result.get("winners"):
        return tuple(int(s) for s in result["winners"])
    won = result.get("winner")
    return () if won is None else (int(won),)


def render_league(rows: Sequence, highlight: int | None = None,
                  theme: str | Theme = "default", gap: int | None = None,
                  game: str = "", decimal: str = ".") -> bytes:
    """League rows as tuples (rank, rating, games, wins) or dicts with those keys, of
    `game` (its pieces head the games column), fractions with the `decimal` sign."""
    flat = [(r["rank"], r["rating"], r["games"], r["wins"]) if isinstance(r, dict) else tuple(r)
            for r in rows]
    return render_league_table(flat, highlight, theme, gap, game, decimal)
