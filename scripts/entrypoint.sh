#!/bin/sh
# The one way Boardhall starts, for `make run` and the Docker image alike:
# migrate the database named by DATABASE_URL, then serve on HOST:PORT.
# The event loop, HTTP parser and websocket implementation are named, not left to "auto" (which quietly falls back
# to slower ones when a package is missing); bench/README.md has the measurements behind the choice, and
# UVICORN_LOOP / UVICORN_HTTP / UVICORN_WS override it for benchmarks.
# Websocket frames are not deflated (permessage-deflate, which browsers offer and uvicorn accepts by default): a patch
# is a few hundred bytes to a few KB, and deflating it cost more CPU than the move that made it on the real games
# (bench/README.md); UVICORN_WS_DEFLATE=true turns it back on.
set -eu
# FORWARDED_ALLOW_IPS: the proxies (addresses or networks, comma-separated) whose X-Forwarded-For names the client.
# Unset, as for `make run`: none, so no visitor picks the address the per-address limits count (docs/security.md).
PYTHON="${PYTHON:-python}"
# Owner-only files: data/ holds the cookie-signing key and the SQLite database (password hashes, sessions).
umask 077
mkdir -p data
chmod 700 data
"$PYTHON" -m alembic upgrade head
exec "$PYTHON" -m uvicorn app.main:create_app --factory \
  --host "${HOST:-127.0.0.1}" --port "${PORT:-8000}" \
  --loop "${UVICORN_LOOP:-uvloop}" --http "${UVICORN_HTTP:-httptools}" --ws "${UVICORN_WS:-app.play.wsprotocol:FastFramesProtocol}" \
  --ws-max-size 65536 --ws-per-message-deflate "${UVICORN_WS_DEFLATE:-false}" --timeout-graceful-shutdown "${SHUTDOWN_GRACE_S:-6}" --proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-}"
