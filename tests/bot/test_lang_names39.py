"""/lang and /mylang take a language's name as people write it, not only the catalog's
spelling (a Hindi group typing हिन्दी was told "I do not speak हिन्दी" in Hindi)."""

from __future__ import annotations

import pytest

from .conftest import ALI


@pytest.mark.parametrize("typed,lang", [
    ("हिन्दी", "hi"), ("हिंदी", "hi"), ("अंग्रेजी", "en"), ("अंग्रेज़ी", "en"), ("इंग्लिश", "en"),
    ("Turkce", "tr"), ("Türkçe", "tr"), ("Indonesia", "id"), ("Inggris", "en"),
    ("English.", "en"),  # a full stop a phone adds (it echoed "english.." refused)
])
async def test_a_language_named_as_people_write_it(bot, typed, lang):
    await bot.say(ALI, "/lang tr" if lang != "tr" else "/lang en")
    out = await bot.say(ALI, f"/lang {typed}")
    assert out[0].lines[0].key == "core.lang_set", out[0].lines[0].key
    assert await bot.core.lang_of(out[0].to) == lang


async def test_a_name_no_language_has_is_still_refused(bot):
    out = await bot.say(ALI, "/lang Klingon")
    assert out[0].lines[0].key == "core.error.unknown_lang"
