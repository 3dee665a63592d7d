"""Running asyncio code from a plain test."""
from concurrent.futures import ThreadPoolExecutor


def on_own_thread(call):  # noqa: ANN001, ANN201
    """Run `call` on a thread of its own: the browser tests' Playwright leaves an event loop running on the session's
    main thread, where asyncio.run refuses to start and "no loop running" is never true."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(call).result()
