"""The gauges an operator reads of this instance's live play (tables loaded, sockets open, Redis connected), read
from the hub when Prometheus scrapes /metrics (app/observability.py keeps the registry)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from prometheus_client.core import GaugeMetricFamily

from app.observability import REGISTRY

if TYPE_CHECKING:
    from .hub import Hub


class HubGauges:
    """Read at scrape time from the hub of this process."""

    def __init__(self, hub: "Hub"):
        self.hub = hub

    def collect(self):  # noqa: ANN201
        hub = self.hub
        yield GaugeMetricFamily("boardhall_tables_loaded", "Tables whose game this instance holds in memory",
                                value=len(hub.runtimes))
        yield GaugeMetricFamily("boardhall_tables_watched", "Tables with at least one socket on this instance",
                                value=len(hub.connections))
        yield GaugeMetricFamily("boardhall_sockets", "Table websockets open on this instance",
                                value=sum(len(c) for c in hub.connections.values()))
        connected = getattr(hub.broker, "connected", True)
        yield GaugeMetricFamily("boardhall_redis_connected", "1 while the fan-out broker is connected",
                                value=1 if connected else 0)


def watch(hub: "Hub") -> Callable[[], None]:
    """Export `hub`'s gauges; returns the function that stops exporting them (at shutdown)."""
    gauges = HubGauges(hub)
    REGISTRY.register(gauges)
    return lambda: REGISTRY.unregister(gauges)
