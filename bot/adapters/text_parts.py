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
