#!/bin/sh
# Replaces the app instances of the running compose stack one at a time, dropping no player: for each old instance,
# one new instance (the image as built now) is started beside it and waited for until healthy, then the old one is
# stopped gracefully (SIGTERM: its sockets are told to reconnect, its queued moves are committed) and removed.
# The proxy (deploy/nginx.conf) sends whatever reaches a stopping instance to the next one.
#   docker compose build app && scripts/upgrade.sh
# Run from the directory of docker-compose.yml; extra arguments go to every `docker compose` call (-f, -p ...).
set -eu
compose() { docker compose "$@"; }
ids() { compose "$@" ps -q app | sort; }

old=$(ids "$@")
count=$(printf '%s\n' "$old" | grep -c . || true)
[ "$count" -gt 0 ] || { echo "no app instance is running: start the stack with docker compose up -d"; exit 1; }
echo "replacing $count app instance(s) one at a time"
for id in $old; do
  before=$(ids "$@")
  # One more instance than now: Compose creates it from the current image and leaves the others as they are.
  compose "$@" up -d --no-deps --no-recreate --scale app="$((count + 1))" app
  new=$(ids "$@" | grep -vxF "$before" || true)
  [ -n "$new" ] || { echo "no new instance was started"; exit 1; }
  waited=0
  until [ "$(docker inspect -f '{{.State.Health.Status}}' "$new")" = healthy ]; do
    if [ "$waited" -ge 120 ]; then
      echo "the new instance $new is not healthy after 120 s: stopping it, the old instances keep serving"
      docker rm -f "$new" >/dev/null
      exit 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
  # nginx re-reads the instances every 2 s: let it see the new one before the old one goes.
  sleep 3
  docker stop -t 15 "$id" >/dev/null
  docker rm "$id" >/dev/null
  echo "replaced $(printf '%.12s' "$id") with $(printf '%.12s' "$new")"
done
echo "done: $count instance(s) replaced"
