"""Compose's nginx behind an outer TLS proxy (issue 17, session 6, item 7): a real nginx
with deploy/nginx/compose.conf in front of a real `python -m belle.server`. From a
trusted peer (trusted-proxies.conf: loopback here) the outer proxy's X-Forwarded-Proto
and X-Forwarded-For reach Belle: a Secure cookie, HSTS, and a rate-limit bucket per
client. From any other peer (127.0.0.2, not in the list) what it claims is ignored.
Skipped where nginx is not installed (Debian: nginx-light)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .processkit import HOST, Server, free_port, wait_for

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "nginx"
TRUSTED, UNTRUSTED = "127.0.0.1", "127.0.0.2"


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[str]:
    """nginx (compose.conf) on a free port in front of one Belle process; its URL."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.skip("needs nginx (apt-get install nginx-light)")
    belle = Server(f"sqlite:///{tmp_path / 'belle.db'}", tmp_path / "server.log")
    belle.start(BELLE_NAMES_PER_ADDRESS="2")
    port = free_port()
    site = (DEPLOY / "compose.conf").read_text()
    site = site.replace("server belle1:8000", f"server {HOST}:{belle.port}")
    site = site.replace("server belle2:8000", f"server {HOST}:{belle.port}")
    site = site.replace("listen 80 default_server;", f"listen {HOST}:{port} default_server;")
    for name in ("belle-proxy.conf", "trusted-proxies.conf"):
        shutil.copy(DEPLOY / name, tmp_path / name)
        site = site.replace(f"/etc/nginx/{name}", str(tmp_path / name))
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{ access_log off; include {tmp_path}/site.conf; }}\n")
    process = subprocess.Popen([nginx, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"),
                                "-g", "daemon off;"])
    url = f"http://{HOST}:{port}"

    def up() -> bool:
        try:
            return httpx.get(f"{url}/api/health", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_for(up, "nginx to answer")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=15)
        belle.stop()


def client_from(source: str, url: str) -> httpx.Client:
    return httpx.Client(base_url=url, transport=httpx.HTTPTransport(local_address=source))


def pick(http: httpx.Client, name: str, client: str, proto: str = "https") -> httpx.Response:
    headers = {"x-forwarded-proto": proto, "x-forwarded-for": client}
    return http.post("/api/session", json={"name": name}, headers=headers)


def test_a_trusted_outer_proxy_gives_the_scheme_and_the_client(proxied: str) -> None:
    with client_from(TRUSTED, proxied) as http:
        first = pick(http, "ann", "203.0.113.7")
        assert first.status_code == 200
        assert "secure" in first.headers["set-cookie"].lower()
        assert "max-age" in first.headers["strict-transport-security"]
        plain = pick(http, "bob", "203.0.113.7", proto="http")  # the proxy says http
        assert "secure" not in plain.headers["set-cookie"].lower()
        assert "strict-transport-security" not in plain.headers
        # the outer proxy's client is Belle's client: 2 new names per address here
        assert pick(http, "cy", "203.0.113.7").status_code == 429
        assert pick(http, "cy", "198.51.100.9").status_code == 200  # another client


def test_any_other_peer_is_the_client_and_its_claims_are_ignored(proxied: str) -> None:
    with client_from(UNTRUSTED, proxied) as http:
        first = pick(http, "ann", "203.0.113.7")
        assert first.status_code == 200
        assert "secure" not in first.headers["set-cookie"].lower()
        assert "strict-transport-security" not in first.headers
        assert pick(http, "bob", "198.51.100.1").status_code == 200
        # a third name from this peer, whatever address it claims: one bucket
        refused = pick(http, "cy", "192.0.2.44")
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
