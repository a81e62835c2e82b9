"""An aiohttp app served on a free local port, for the fake platform servers."""

from __future__ import annotations

from aiohttp import web


async def serve_locally(app: web.Application, port: int = 0) -> tuple[web.AppRunner, str]:
    """Start `app` on 127.0.0.1 (`port`, else one the system picks); (its runner, its base
    URL)."""
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    host, port = runner.addresses[0][:2]
    return runner, f"http://{host}:{port}"
