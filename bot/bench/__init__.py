"""`tilebot bench`: measures and prints; never a test. Each section is a module here with
`run(quick: bool) -> dict` and `lines(result) -> list[str]`; a missing one is skipped."""

from __future__ import annotations

import importlib
import json

SECTIONS = ("games", "replay", "okey_opening", "rummikub_solver", "dominoes_vs_openspiel", "render", "core", "ai")


def run_bench(args) -> int:
    chosen = args.only or list(SECTIONS)
    results = {}
    for name in chosen:
        try:
            module = importlib.import_module(f"bot.bench.{name}")
        except ModuleNotFoundError:
            continue
        res = module.run(args.quick)
        results[name] = res
        if not args.json:
            print(f"== {name}")
            for line in module.lines(res):
                print(f"  {line}")
    if args.json:
        print(json.dumps(results))
    return 0
