"""A client's address as every per-address limit counts it.

An IPv6 client usually holds a whole /64 (a home or a phone network hands out one, and
a host picks any address in it at will), so counting single IPv6 addresses would give
one person 2^64 buckets. Every per-address limit (HTTP rate, sockets, hellos, bot
tables, new names, open tables, password attempts, e-mails) counts by `client_key`: the
/64 for IPv6, the address itself for IPv4 (an IPv4-mapped IPv6 address is its IPv4).
lichess and most rate limiters group IPv6 the same way.
"""

from __future__ import annotations

import ipaddress

UNKNOWN = "unknown"


def client_key(host: str | None) -> str:
    """The key of a client address: `2001:db8:1:2::/64` for any IPv6 address of that
    /64, the IPv4 address as written, and anything unparsable as given."""
    if not host:
        return UNKNOWN
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])  # no zone id (fe80::1%eth0)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)
