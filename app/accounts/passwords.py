"""Password hashing off the event loop, and the password policy.

argon2 is deliberately slow (tens of milliseconds of CPU per hash). Run on the event loop, every login stalled every
table the process serves; here hashing runs in a small dedicated thread pool (argon2-cffi releases the GIL while it
hashes), and when too many hashes are already waiting a new one is refused with `busy` instead of queueing without
bound. Unknown usernames are checked against a dummy hash of the same cost, so a login answers in the same time
whether or not the account exists.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from zxcvbn.frequency_lists import FREQUENCY_LISTS

from app.engine.text import Text, t

# OWASP's argon2id setting for one thread: 46 MiB, one pass. parallelism=1 keeps a hash on one core, so the
# event loop keeps the other one on a two-core machine.
_hasher = PasswordHasher(time_cost=1, memory_cost=47104, parallelism=1)
# The 30,000 most common passwords of real leaks, as shipped (and maintained) with the zxcvbn package.
COMMON_PASSWORDS = frozenset(FREQUENCY_LISTS["passwords"])


class HasherBusy(Exception):
    """Too many hashes are waiting; the caller answers `busy` and the client tries again later."""


class PasswordHashing:
    def __init__(self, workers: int, queue_limit: int):
        self._pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="argon2")
        self._queue_limit = queue_limit
        self._waiting = 0
        self._lock = threading.Lock()
        self._dummy: str | None = None

    async def _run(self, fn, *args):  # noqa: ANN001, ANN202
        with self._lock:
            if self._waiting >= self._queue_limit:
                raise HasherBusy()
            self._waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        finally:
            with self._lock:
                self._waiting -= 1

    async def start(self) -> None:
        """Make the dummy hash before the first login, so even that one takes no longer for an unknown name."""
        self._dummy = await asyncio.get_running_loop().run_in_executor(self._pool, _hasher.hash, "no account has this")

    async def hash(self, password: str) -> str:
        return await self._run(_hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> tuple[bool, str | None]:
        """(matches, new hash when the stored one used older parameters). `stored` None: an unknown user, checked
        against a dummy hash so the answer takes as long as a wrong password for a real account."""
        if stored is None:
            if self._dummy is None:
                self._dummy = await self._run(_hasher.hash, "no account has this password")
            await self._run(_verify, self._dummy, password)
            return False, None
        return await self._run(_verify, stored, password)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _verify(stored: str, password: str) -> tuple[bool, str | None]:
    try:
        _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False, None
    return True, (_hasher.hash(password) if _hasher.check_needs_rehash(stored) else None)


def password_problem(password: str, *, username: str, min_length: int) -> Text | None:
    """Why a new password is refused, as a Text (a refusal's message), or None when it is acceptable."""
    if len(password) < min_length:
        return t("a password needs at least {n} characters", n=min_length)
    lowered = password.lower()
    if lowered in COMMON_PASSWORDS:
        return t("that password is one of the most common ones; choose another")
    if lowered == username.lower():
        return t("the password must not be the username")
    return None
