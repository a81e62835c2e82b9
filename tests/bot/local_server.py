"""An aiohttp app served on a free local port, for the fake platform servers."""

from __future__ import annotations

from aiohttp import web


async def serve_locally(app: web.Application) -> tuple[web.AppRunner, str]:
    """Start `app` on 127.0.0.1 (a port the system picks); (its runner, its base URL)."""
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    host, port = runner.addresses[0][:2]
    return runner, f"http://{host}:{port}"
