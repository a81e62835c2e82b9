"""Pictures: a player's view -> PNG bytes (pure; imports only `rules` and Pillow).

From views (what the bot uses): `render_rack(view_json)`, `render_table(view_json)`,
`render_scores(outcome)`, `render_league(rows)`, each with `theme=` "default",
"colorblind" or "dark". From explicit data: the `render_okey_*`, `render_rummikub_*`,
`render_domino_*`, `render_score_table` and `render_league_table` functions.
"""

from .dominoes import render_domino_hand, render_domino_line
from .okey import render_okey_rack, render_okey_table
from .rummikub import render_rummikub_rack, render_rummikub_table
from .scores import render_league, render_league_table, render_score_table, render_scores
from .theme import THEMES, Theme, get_theme
from .views import render_rack, render_table

__all__ = [
    "THEMES", "Theme", "get_theme",
    "render_rack", "render_table", "render_scores", "render_league",
    "render_okey_rack", "render_okey_table", "render_rummikub_rack", "render_rummikub_table",
    "render_domino_hand", "render_domino_line", "render_score_table", "render_league_table",
]
