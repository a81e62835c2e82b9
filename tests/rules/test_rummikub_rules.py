"""Rummikub: what the view tells of the last move (the table picture marks it)."""

from __future__ import annotations


def test_the_view_marks_the_tiles_the_last_move_laid():
    """The table picture shows what just happened: per set, the tiles the last play put
    down (each on a copy in a set that changed); a draw or pass clears them."""
    from rules.rummikub_sets import placed_marks
    from rules.tiles import parse_tile

    def codes(text):
        return [parse_tile(t, "rummikub") for t in text.split()]

    before = [codes("r3 r4 r5 r6 r7"), codes("r9 b9 k9 y9")]
    after = [codes("r3 r4 r5"), codes("r5 r6 r7 r8"), codes("r9 b9 k9 y9")]
    assert placed_marks(before, after, codes("r5 r8")) == (
        (False, False, False), (True, False, False, True), (False, False, False, False))


def test_a_play_marks_as_many_tiles_as_it_laid_and_a_draw_clears_them():
    import random

    from rules import find_game
    from rules.ai import make_agent

    game = find_game("rummikub")
    state, agent, rng = game.new(game.Config(), seed=3), make_agent("rummikub", "normal"), \
        random.Random(1)
    seen_play = seen_draw = False
    while not state.is_finished and not (seen_play and seen_draw):
        state.apply(agent.choose(state.view(state.current_player), rng))
        last, laid = state.view(0).moves[-1], state.view(0).laid
        if "+" in last:
            seen_play = True
            assert sum(map(sum, laid)) == len(last.split("+", 1)[1].split())
            assert [len(m) for m in laid] == [len(s) for s in state.table]
        else:
            seen_draw = seen_draw or last.endswith("draw")
            assert laid == ()
    assert seen_play and seen_draw
