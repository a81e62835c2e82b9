"""Single-train dominoes, one test (or a few) per rule id of shared/rules/dominoes.md."""

from __future__ import annotations

import pytest

from rules.dominoes_tiles import NUM_TILES, TEXT, parse_tile, tiles_of
from rules.errors import DealError, IllegalAction

from .test_dominoes_helpers import (
    DEAL4,
    DEAL5,
    DEAL_BLOCK,
    GAME,
    HANDS4,
    act,
    hand_text,
    new,
    play_first_moves,
)


def test_D1_four_players_take_seven_each_none_left():
    for seed in range(20):
        s = new(seed=seed)
        assert s.hand_counts == [7, 7, 7, 7]
        assert sum(len(tiles_of(h)) for h in s.hands) == NUM_TILES
        assert s.view(0).middle_count == 0


def test_D1_five_players_take_five_each_three_left():
    for seed in range(20):
        s = new({"players": 5}, seed=seed)
        assert s.hand_counts == [5] * 5
        # one of the three is turned up to start the line (D4), two stay face down
        assert len(s.line) == 1 and len(s.middle) == 2
        held = {t for h in s.hands for t in tiles_of(h)}
        assert len(held) == 25


def test_D1_player_count_is_4_or_5():
    from rules.errors import ConfigError
    with pytest.raises(ConfigError):
        GAME.Config.from_options({"players": "3"})
    assert GAME.seats(GAME.Config.from_options({"players": "5"})) == 5


def test_D2_tile_must_match_the_end_it_touches():
    s = new(deals=[DEAL_BLOCK], options={"dead_tiles": "off"})
    act(s, "play 0-0")
    act(s, "pass")  # seat 3 has no blank
    act(s, "play 0-1")  # seat 0; ends 0 | 1
    with pytest.raises(IllegalAction) as e:
        act(s, "play 3-6")  # seat 1 holds it; neither end shows 3 or 6
    assert e.value.rule == "D2" and e.value.key == "dominoes.error.no_fit"
    with pytest.raises(IllegalAction) as e:
        s.apply(GAME.parse_action("play 0-4 right"))  # the right end shows 1
    assert e.value.key == "dominoes.error.no_match_right" and e.value.params["number"] == 1
    # the end is named by the text itself, so every language names it (not "right" in English)
    from bot.i18n import translate
    shown = translate("tr", e.value.key, e.value.params)
    assert shown == "0-4, sağ uca (1) uymuyor." and "right" not in shown
    act(s, "play 0-4")
    # the line reads left to right with touching halves equal
    assert s.view(0).line == ((4, 0), (0, 0), (0, 1))
    assert s.view(0).ends == (4, 1)


def test_D2_cannot_play_a_tile_you_do_not_hold():
    s = new(deals=[DEAL4])
    act(s, "play 0-0")
    with pytest.raises(IllegalAction) as e:
        act(s, "play 0-1")  # seat 0 holds [0-1], seat 3 is to move
    assert e.value.key == "dominoes.error.not_in_hand"


def test_D2_line_halves_always_touch_in_random_games():
    for seed in range(30):
        s = play_first_moves(new(seed=seed))
        line = s.line
        assert all(line[i][1] == line[i + 1][0] for i in range(len(line) - 1))


def test_D3_first_game_the_double_zero_holder_opens_with_it():
    s = new(deals=[DEAL4])
    assert s.current_player == 2
    assert s.legal_texts() == ("play 0-0",)
    assert s.view(2).opening == "0-0"
    with pytest.raises(IllegalAction) as e:
        act(s, "play 5-6")
    assert e.value.rule == "D3"
    act(s, "play 0-0")
    assert s.line == ((0, 0),)


def test_D3_first_game_deal_must_name_the_double_zero_holder():
    with pytest.raises(DealError):
        new(deals=[{**DEAL4, "first": 0}])
    # `first` may be left out: D3 names the starter
    assert new(deals=[{"hands": HANDS4}]).current_player == 2


def _winner_of_first_game(deal, options):
    s = play_first_moves(new(options, deals=[deal]))
    return s.rounds[0]["winner"]


def _deal_without_doubles_for(seat):
    """A 4-player deal where `seat` holds no double and seat+1 holds two."""
    doubles = [parse_tile(f"{n}-{n}") for n in range(7)]
    others = [t for t in range(NUM_TILES) if t not in doubles]
    hands = [[] for _ in range(4)]
    nxt = (seat + 1) % 4
    hands[nxt] = doubles[:2]
    rest_doubles = doubles[2:]
    for s in range(4):
        if s in (seat, nxt):
            continue
        while rest_doubles and len(hands[s]) < 3:
            hands[s].append(rest_doubles.pop())
    for s in range(4):
        while len(hands[s]) < 7:
            hands[s].append(others.pop())
    assert not rest_doubles
    return {"hands": [" ".join(TEXT[t] for t in sorted(h)) for h in hands]}


def test_D3_later_game_previous_winner_without_double_passes_the_start_on():
    options = {"games": 3}
    w = _winner_of_first_game(DEAL4, {})
    deal2 = _deal_without_doubles_for(w)
    s = new(options, deals=[DEAL4, deal2])
    play_first_moves(s, until_game=2)
    assert s.rounds[0]["winner"] == w
    starter = (w + 1) % 4
    assert s.game_index == 1 and s.current_player == starter
    # D-D2: the starter may choose which of their doubles opens
    assert s.legal_texts() == ("play 0-0", "play 1-1")
    assert s.view(starter).opening == "double"
    single = next(t for t in hand_text(s, starter).split() if t[0] != t[2])
    with pytest.raises(IllegalAction) as e:
        act(s, f"play {single}")
    assert e.value.rule == "D3" and e.value.key == "dominoes.error.open_double"
    act(s, "play 1-1")
    assert s.line == ((1, 1),)


def test_D3_later_game_previous_winner_with_a_double_starts():
    seen_winner_start = 0
    for seed in range(10):
        s = new({"games": 3}, seed=seed)
        play_first_moves(s, until_game=2)
        w = s.rounds[0]["winner"]
        has_double = [any(t[0] == t[2] for t in hand_text(s, k).split()) for k in range(4)]
        expected = next((w + k) % 4 for k in range(4) if has_double[(w + k) % 4])
        assert s.current_player == expected
        seen_winner_start += expected == w
    assert seen_winner_start > 0


def test_D3_later_game_deal_naming_a_wrong_starter_is_refused_and_changes_nothing():
    w = _winner_of_first_game(DEAL4, {})
    deal2 = {**_deal_without_doubles_for(w), "first": w}  # w has no double: wrong
    s = new({"games": 3}, deals=[DEAL4, deal2])
    while s.hand_counts[s.current_player] > 1 or s.game_index > 0:
        act(s, s.legal_texts()[0])
    before = s.record(), s.view(0), s.outcome()
    with pytest.raises(DealError):
        act(s, s.legal_texts()[0])
    assert (s.record(), s.view(0), s.outcome()) == before


def test_D4_five_players_turned_tile_starts_the_line_and_turner_is_random():
    turners = set()
    for seed in range(40):
        s = new({"players": 5}, seed=seed)
        turners.add(s.first)
        assert s.current_player == (s.first + 1) % 5  # D-D3
        assert len(s.line) == 1
        # the deal shows everyone who turned which tile, before the first move
        (ev,) = s.opening_events()
        assert ev.key == "dominoes.turned_up" and ev.for_seat(0) == {
            "seat": s.first, "tile": "-".join(map(str, s.view(0).to_json()["line"][0]))}
    assert len(turners) >= 4  # chosen at random in the first game
    assert new({"players": 4}, seed=1).opening_events() == []  # 0-0 is played, not turned


def test_D4_later_games_the_previous_winner_turns_the_tile():
    for seed in range(5):
        s = new({"players": 5, "games": 3}, seed=seed)
        play_first_moves(s, until_game=2)
        w = s.rounds[0]["winner"]
        assert s.first == w and s.current_player == (w + 1) % 5
        assert s.deals_used[1]["first"] == w


def test_D_D3_next_seat_after_the_turner_plays_and_middle_counts_for_no_one():
    s = new({"players": 5}, deals=[DEAL5])
    assert s.current_player == 2
    assert s.view(2).ends == (3, 4)
    assert s.view(0).middle_count == 2
    play_first_moves(s)
    for r in s.revealed:
        counted = " ".join(r["hands"] + r["dead"])
        assert "5-6" not in counted and "6-6" not in counted


def test_D4_five_player_deal_must_name_the_turner():
    deal = {k: v for k, v in DEAL5.items() if k != "first"}
    with pytest.raises(DealError):
        new({"players": 5}, deals=[deal])


def test_D5_play_goes_round_in_seat_order():
    s = new(seed=11)
    seats = []
    while not s.is_finished:
        seats.append(s.current_player)
        act(s, s.legal_texts()[0])
    assert all(seats[i + 1] == (seats[i] + 1) % 4 for i in range(len(seats) - 1))


def test_D6_blocked_player_lays_a_dead_tile_face_down():
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    assert s.current_player == 3
    assert s.legal_texts() == tuple(f"drop {t}" for t in hand_text(s, 3).split())
    events = act(s, "drop 2-2")
    assert s.dead_counts == [0, 0, 0, 1] and s.hand_counts[3] == 6
    # face down: the owner sees it, the others only a count
    assert s.view(3).dead == (parse_tile("2-2"),)
    assert s.view(0).dead == () and s.view(0).dead_counts[3] == 1
    assert events[0].for_seat(0) == {"seat": 3}
    assert events[0].for_seat(3) == {"seat": 3, "tile": "2-2"}
    # a dead tile can no longer be played
    act(s, "play 0-1")
    act(s, "play 0-4")
    act(s, "play 4-6")
    assert "2-2" not in " ".join(s.legal_texts())


def test_D6_pass_is_refused_when_dead_tiles_are_on():
    s = new(deals=[DEAL_BLOCK])
    with pytest.raises(IllegalAction) as e:  # D-D1 first: a player who can play is told so
        act(s, "pass")
    assert e.value.rule == "D-D1" and e.value.params["moves"] == "play 0-0"
    act(s, "play 0-0")
    with pytest.raises(IllegalAction) as e:
        act(s, "pass")
    assert e.value.rule == "D6"


def test_D6_dead_tiles_count_against_their_owner():
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    act(s, "drop 2-2")
    play_first_moves(s)
    assert "2-2" in s.revealed[0]["dead"][3]
    assert s.rounds[0]["scores"][3] >= 4


def test_D7_pass_variant_blocked_player_passes():
    s = new({"dead_tiles": "off"}, deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    assert s.legal_texts() == ("pass",)
    with pytest.raises(IllegalAction) as e:
        act(s, "drop 2-2")
    assert e.value.rule == "D7"
    act(s, "pass")
    assert s.hand_counts[3] == 7 and s.dead_counts == [0, 0, 0, 0]
    assert s.view(0).history[-1][:2] == (3, "pass")


def test_D_D1_a_player_who_can_play_must_play():
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    act(s, "drop 2-2")
    with pytest.raises(IllegalAction) as e:
        act(s, "drop 2-3")  # seat 0 holds 0-1, 0-2, 0-3
    assert e.value.rule == "D-D1" and e.value.key == "dominoes.error.must_play"
    s2 = new({"dead_tiles": "off"}, deals=[DEAL_BLOCK])
    act(s2, "play 0-0")
    act(s2, "pass")
    with pytest.raises(IllegalAction) as e:
        act(s2, "pass")
    assert e.value.rule == "D-D1"
    # a drop where dead tiles are off, by one who can play: told to play (D-D1), not to
    # pass (D7), which would be refused next
    with pytest.raises(IllegalAction) as e:
        act(s2, "drop 2-3")
    assert e.value.rule == "D-D1" and e.value.key == "dominoes.error.must_play"


def test_D8_game_ends_when_a_hand_is_empty():
    for seed in range(20):
        s = play_first_moves(new(seed=seed))
        r = s.rounds[0]
        assert r["ending"] == "out"
        assert 0 in s.hand_counts
        # under D6 every turn shrinks a hand: the starter runs out after 25 turns
        assert len(s.actions) == 25


def test_D_D4_pass_variant_ends_when_every_player_passed_in_a_row():
    found = 0
    for seed in range(200):
        s = new({"dead_tiles": "off"}, seed=seed)
        play_first_moves(s)
        if s.rounds[0]["ending"] != "blocked":
            assert 0 in s.hand_counts
            continue
        found += 1
        assert s.actions[-4:] == ["pass"] * 4
        assert "pass" not in s.actions[-5:-4]
        ends = s.line[0][0], s.line[-1][1]
        from rules.dominoes_tiles import HAS
        assert all(not (h & (HAS[ends[0]] | HAS[ends[1]])) for h in s.hands)
    assert found > 0


def test_D8_no_moves_after_the_match_is_over():
    s = play_first_moves(new(seed=1))
    assert s.is_finished and s.current_player is None
    assert s.legal_actions() == [] and s.view(0).legal == ()
    with pytest.raises(IllegalAction) as e:
        s.apply(GAME.parse_action("pass"))
    assert e.value.rule == "D8"


def test_D_D6_three_game_match_totals_add_and_winner_starts_next():
    s = new({"games": 3}, seed=21)
    play_first_moves(s)
    out = s.outcome()
    assert len(out["rounds"]) == 3 and out["status"] == "finished"
    assert out["totals"] == [sum(r["scores"][k] for r in out["rounds"]) for k in range(4)]
    best = min(out["totals"])
    assert all(out["totals"][w] == best for w in out["winners"])
    assert [d.get("first") is not None for d in s.deals_used] == [True] * 3


def test_D_D6_games_option_is_1_3_or_5():
    from rules.errors import ConfigError
    with pytest.raises(ConfigError):
        GAME.Config.from_options({"games": "2"})
    s = play_first_moves(new({"games": "5"}, seed=2))
    assert len(s.outcome()["rounds"]) == 5


def test_D_D6_defaults():
    c = GAME.Config()
    assert (c.players, c.dead_tiles, c.zero25, c.games) == (4, True, False, 1)


def test_D_D6_equal_totals_go_to_more_games_won_then_shared():
    s = new({"games": 3}, seed=3)
    play_first_moves(s)
    s.totals = [10, 10, 12, 10]
    s.game_wins = [0, 2, 1, 0]
    assert s._match_winners() == [1]
    s.game_wins = [1, 1, 1, 0]
    assert s._match_winners() == [0, 1]


def test_D6_a_tile_not_held_laid_face_down_is_refused_under_D6():
    """A blocked player naming a tile they do not hold to lay face down is refused under
    D6 (the rule for laying a tile face down), not D2 (matching halves at the ends)."""
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    held = hand_text(s, 3).split()
    missing = next(t for t in ("0-1", "1-2", "3-4", "5-6", "0-6") if t not in held)
    with pytest.raises(IllegalAction) as e:
        act(s, f"drop {missing}")
    assert (e.value.rule, e.value.key) == ("D6", "dominoes.error.not_in_hand")


def test_D3_a_winner_with_no_double_is_said_to_pass_the_start_on():
    """D3: the winner of a game starts the next with a double; holding none, the right
    passes to the next player who has one. The group read only "seat 4 starts" after
    "Winner: seat 3", which looked like the wrong person starting."""
    seen = 0
    for seed in range(60):
        s = new({"games": 3}, seed=seed)
        while not s.is_finished:
            events = act(s, s.legal_texts()[0])
            keys = [e.key for e in events]
            if "dominoes.new_game" not in keys:
                continue
            winner = s.rounds[-1]["winner"]
            passed = [e for e in events if e.key == "dominoes.no_double"]
            assert bool(passed) == (s.first != winner), (seed, keys)
            if passed:
                seen += 1
                assert passed[0].public["seat"] == winner
                assert keys.index("dominoes.no_double") < keys.index("dominoes.new_game")
    assert seen  # the case came up
