"""Words the bot quotes back or shows as names (rules/words.py)."""

from __future__ import annotations

from rules.words import cut_to, echoed, fold

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # one emoji of four


def test_a_long_name_is_cut_between_the_characters_people_see_not_inside_one():
    cut = cut_to(FAMILY * 10, 32)
    assert cut.endswith(FAMILY + "…") and len(cut) <= 32
    assert cut_to("Jose\u0301" * 10, 11) == "Jos\u00e9Jos\u00e9…".replace("\u00e9", "e\u0301")
    assert cut_to("\U0001f44d\U0001f3fd" * 20, 10) == "\U0001f44d\U0001f3fd" * 4 + "…"
    assert cut_to("Budi", 32) == "Budi"  # short names whole


def test_direction_marks_are_dropped_so_they_cannot_turn_the_bots_words_around():
    assert echoed("\u202ert") == "rt"  # "/lang \u202ert": the refusal reads left to right
    assert cut_to("\u2067Ali\u2069", 32) == "Ali"
    assert echoed("x" * 100) == "x" * 39 + "…"


def test_fold_reads_turkish_capitals():
    assert [fold(w) for w in ("AÇIK", "İD", "aktif")] == ["açik", "id", "aktif"]
