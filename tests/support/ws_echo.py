"""A websocket echo app for tests/test_wsprotocol.py: it answers each message so a test can tell what reached the app.

Text "x" is answered "text:x"; bytes are answered "bytes:<length>"; text "big:N" is answered with N letters written
through the server's synchronous write (app/play/wsprotocol.py) when it offers one, else through ASGI's send; text
"flood:N:K" writes N frames of K letters the same way (falling back to ASGI's send when the synchronous write
refuses, as Connection.send does), then "refused:R", how many times it refused. After the socket ends, GET-like text "last" on a new socket answers the code of
the previous socket's disconnect.
"""

from __future__ import annotations

from typing import Any

from app.play.wsprotocol import WRITE_TEXT

last_disconnect: list[Any] = [None]


async def app(scope: dict, receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    assert scope["type"] == "websocket"
    assert (await receive())["type"] == "websocket.connect"
    await send({"type": "websocket.accept"})
    write_text = scope.get("extensions", {}).get(WRITE_TEXT)

    refused = [0]  # synchronous writes refused (the transport was paused), each sent the ASGI way instead

    async def reply(text: str) -> None:
        if write_text is None or not write_text(text):
            refused[0] += write_text is not None
            await send({"type": "websocket.send", "text": text})

    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            last_disconnect[0] = message.get("code")
            return
        text = message.get("text")
        if text is None:
            await reply(f"bytes:{len(message['bytes'])}")
        elif text.startswith("big:"):
            await reply("b" * int(text[4:]))
        elif text.startswith("flood:"):
            _, count, size = text.split(":")
            for i in range(int(count)):
                await reply(f"{i}:" + "f" * int(size))
            await reply(f"refused:{refused[0]}")
        elif text == "last":
            await reply(f"last:{last_disconnect[0]}")
        elif text == "sync?":
            await reply(f"sync:{write_text is not None}")
        else:
            await reply("text:" + text)
