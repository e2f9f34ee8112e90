"""Which addresses and URLs the crawl may reach: public IP addresses only, and URLs it can actually request.

An IPv6 address that carries an IPv4 address inside it (IPv4-mapped, the
deprecated IPv4-compatible form, IPv4-translated, NAT64 and 6to4) reaches
that IPv4 address, so it is judged as that address: `::127.0.0.1` is loopback
however it is spelt.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

import httpx

from claimledger.errors import FetchError

# Prefixes whose last 32 bits are the IPv4 address the packet ends up at.
IPV4_IN_LAST_32_BITS = [
    ipaddress.ip_network("::/96"),  # IPv4-compatible (RFC 4291, deprecated)
    ipaddress.ip_network("::ffff:0:0/96"),  # IPv4-mapped
    ipaddress.ip_network("::ffff:0:0:0/96"),  # IPv4-translated (RFC 2765)
    ipaddress.ip_network("64:ff9b::/96"),  # NAT64 well-known prefix (RFC 6052)
]
# Local-use NAT64 (RFC 8215): the operator picks where the IPv4 address sits, so none of it is public.
LOCAL_NAT64 = ipaddress.ip_network("64:ff9b:1::/48")


def embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address stands for, if it embeds one."""
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    # :: and ::1 are IPv6's own unspecified and loopback addresses, not IPv4-compatible ones.
    if int(ip) > 1 and any(ip in network for network in IPV4_IN_LAST_32_BITS):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def is_refused_address(address: str) -> bool:
    """True for addresses a feed may not reach unless allowed: private, loopback, link-local, reserved, multicast."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in LOCAL_NAT64:
            return True
        ipv4 = embedded_ipv4(ip)
        if ipv4 is not None:
            ip = ipv4
    return not ip.is_global or ip.is_multicast


def origin(url: str) -> tuple[str, int]:
    """(host, port) of `url`, the unit that `allow_private` and politeness apply to.

    Raises:
        FetchError: the URL cannot be requested (not http or https, no host,
            a port out of range, a host name that is not valid IDNA).
    """
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise FetchError(f"refused URL {url!r}: {error}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchError(f"refused URL {url!r}: only http and https URLs with a host")
    host = parts.hostname
    try:
        # Both spellings of a host must work: the resolver's (IDNA 2003) and httpx's (IDNA 2008).
        host.encode("idna")
        httpx.URL(url).host  # noqa: B018 - httpx decodes the host only when it is read
    except (UnicodeError, ValueError, httpx.InvalidURL) as error:
        raise FetchError(f"refused URL {url!r}: the host is not a valid domain name ({error})") from None
    return host, port or (443 if parts.scheme == "https" else 80)
