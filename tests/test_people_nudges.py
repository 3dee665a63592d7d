"""The "waiting for you" lists' nudges (app/play/people.py): every move nudges its players, and the nudges of one
turn of the event loop go out as one message naming everyone nudged, instead of a task and a message a move."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from app.play.broker import MemoryBroker
from app.play.people import People


def test_the_nudges_of_one_turn_of_the_loop_go_out_as_one_message_naming_everyone():
    async def run() -> list[dict]:
        broker = MemoryBroker()
        people = People(None, broker, None)
        await people.start()
        heard: list[dict] = []

        async def record(message: dict) -> None:
            heard.append(message)

        broker._handler = record  # what every instance hears on the people channel
        try:
            people.nudge([3, 1])  # three moves of one turn of the loop
            people.nudge([1, 2])
            people.nudge([5])
            for _ in range(5):
                await asyncio.sleep(0)
            people.nudge([7])  # a later turn: a message of its own
            for _ in range(5):
                await asyncio.sleep(0)
            return heard
        finally:
            await people.close()

    with ThreadPoolExecutor(1) as pool:  # a loop of its own: the browser tests keep one on the main thread
        heard = pool.submit(asyncio.run, run()).result()
    assert [m["users"] for m in heard] == [[1, 2, 3, 5], [7]]
    assert all(m["kind"] == "people" for m in heard)
