"""`tilebot bench`: measures and prints; never a test. Each section is a module here with
`run(quick: bool) -> dict` and `lines(result) -> list[str]`."""

from __future__ import annotations

import importlib
import json

from ..cli import CliError

SECTIONS = ("games", "replay", "okey_opening", "rummikub_solver", "dominoes_vs_openspiel", "render", "core", "ai")


def run_bench(args) -> int:
    chosen = args.only or list(SECTIONS)
    unknown = [name for name in chosen if name not in SECTIONS]
    if unknown:
        raise CliError(f"unknown section {unknown[0]!r}; sections: {', '.join(SECTIONS)}")
    results = {}
    for name in chosen:
        module = importlib.import_module(f"bot.bench.{name}")
        res = module.run(args.quick)
        results[name] = res
        if not args.json:
            print(f"== {name}")
            for line in module.lines(res):
                print(f"  {line}")
    if args.json:
        print(json.dumps(results))
    return 0
