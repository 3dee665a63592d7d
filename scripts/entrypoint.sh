#!/bin/sh
# The one way Boardhall starts, for `make run` and the Docker image alike:
# migrate the database named by DATABASE_URL, then serve on HOST:PORT.
set -eu
PYTHON="${PYTHON:-python}"
# Owner-only files: data/ holds the cookie-signing key and the SQLite database (password hashes, sessions).
umask 077
mkdir -p data
chmod 700 data
"$PYTHON" -m alembic upgrade head
exec "$PYTHON" -m uvicorn app.main:create_app --factory \
  --host "${HOST:-127.0.0.1}" --port "${PORT:-8000}" \
  --ws-max-size 65536 --timeout-graceful-shutdown "${SHUTDOWN_GRACE_S:-6}" --proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1}"
