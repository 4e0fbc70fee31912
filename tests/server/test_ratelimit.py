"""The HTTP request rate limit per client address (issue 9, leftovers): a token bucket on a
fake clock, and the middleware's 429 in Belle's error shape with Retry-After."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from belle.server import Limits
from belle.server.app import _limits
from belle.server.http.ratelimit import RateLimiter

from .kit import make_app


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_bucket_allows_a_burst_then_the_sustained_rate() -> None:
    """A client gets `burst` requests at once, then one per 60/rate seconds."""
    clock = FakeClock()
    limiter = RateLimiter(60.0, 3, clock=clock)  # one a second
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.take("a") == pytest.approx(1.0)
    clock.now += 0.5
    assert limiter.take("a") == pytest.approx(0.5)
    clock.now += 0.5
    assert limiter.take("a") == 0.0
    assert limiter.take("a") > 0
    clock.now += 1000
    assert [limiter.take("a") for _ in range(4)][:3] == [0.0, 0.0, 0.0]  # refilled to burst


def test_clients_have_their_own_buckets_and_old_ones_are_forgotten() -> None:
    """One address over its limit does not throttle another; memory stays bounded."""
    clock = FakeClock()
    limiter = RateLimiter(60.0, 1, clock=clock, max_clients=2)
    assert limiter.take("a") == 0.0 and limiter.take("a") > 0
    assert limiter.take("b") == 0.0
    assert limiter.take("c") == 0.0  # "a" is forgotten: the least recently seen
    assert limiter.take("a") == 0.0


def test_zero_rate_is_off_and_bad_settings_are_refused() -> None:
    assert not RateLimiter(0, 1).enabled
    with pytest.raises(ValueError):
        RateLimiter(10, 0)


def test_over_the_limit_gets_429_with_retry_after(tmp_path: Path) -> None:
    """Issue 9 leftovers: 429 `rate_limited` in Belle's shape with Retry-After; static files
    and other clients are not throttled."""
    # a refill of one request per 1000 minutes: nothing comes back during the test
    app = make_app(f"sqlite:///{tmp_path / 'r.db'}",
                   limits=Limits(http_per_minute=0.001, http_burst=3))
    with TestClient(app) as client:
        assert all(client.get("/api/games").status_code == 200 for _ in range(3))
        refused = client.get("/api/tables")
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert "try again in" in refused.json()["error"]["message"]
        assert int(refused.headers["retry-after"]) >= 60_000
        assert client.get("/static/js/i18n.js").status_code == 200
        assert client.post("/api/session", json={"name": "ann"}).status_code == 429
        other = TestClient(app, client=("10.0.0.2", 5000))  # the app is already running
        assert other.get("/api/games").status_code == 200


def test_limits_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """BELLE_HTTP_RATE / BELLE_HTTP_BURST configure it; 0 turns it off; junk is ignored."""
    assert Limits().http_per_minute >= 300  # a few hundred a minute by default
    monkeypatch.setenv("BELLE_HTTP_RATE", "0")
    monkeypatch.setenv("BELLE_HTTP_BURST", "lots")
    limits = _limits(None)
    assert limits.http_per_minute == 0 and limits.http_burst == Limits().http_burst
    monkeypatch.setenv("BELLE_HTTP_RATE", "-5")
    monkeypatch.setenv("BELLE_HTTP_BURST", "7")
    limits = _limits(None)
    assert limits.http_per_minute == Limits().http_per_minute and limits.http_burst == 7
