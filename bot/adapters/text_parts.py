"""Long texts cut to a platform's message limit (Telegram 4096, Discord 2000 characters)."""

from __future__ import annotations


def split_text(text: str, limit: int) -> list[str]:
    """`text` in parts of at most `limit` characters, cut at line ends where possible."""
    parts: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) > limit:
            parts.append(current)
            current = ""
        current += line
    if current or not parts:
        parts.append(current)
    return [p.rstrip("\n") or "…" for p in parts]


def shortened(text: str, limit: int) -> str:
    """`text` in one part of at most `limit` characters: its first lines that fit, "…",
    and its last line (a table's caption keeps what just happened and whose turn it is;
    the lines cut describe what its picture shows)."""
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    last = lines[-1]
    if len(last) + 2 > limit:
        return text[:limit - 1] + "…"
    kept: list[str] = []
    room = limit - len(last) - len("…\n\n")
    for line in lines[:-1]:
        room -= len(line) + 1
        if room < 0:
            break
        kept.append(line)
    return "\n".join([*kept, "…", last])
