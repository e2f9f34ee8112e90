"""HTTP fetching for the crawl: bounded in time and size, polite per host, refusing internal addresses.

Every request of one fetch (the first and each redirect hop) is checked after DNS
resolution and sent to the address that was checked, so a feed cannot redirect
the crawler into an internal network, nor re-resolve its way there. The body is
read raw and inflated here in small steps, so the size cap counts decompressed
bytes and a gzip bomb is cut off at the cap rather than inflated in memory.
"""

from __future__ import annotations

import asyncio
import socket
import time
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from urllib.parse import urljoin

import httpx

from claimledger.crawl.addresses import is_refused_address, origin
from claimledger.crawl.deadline import Deadline
from claimledger.errors import FetchError, RefusedAddressError


def _package_version() -> str:
    try:
        return version("claimledger")
    except PackageNotFoundError:
        return "0"


USER_AGENT = f"claimledger/{_package_version()} (+https://github.com/claimledger/claimledger)"
ACCEPT = (
    "application/atom+xml, application/rss+xml, application/rdf+xml;q=0.9, "
    "application/xml;q=0.8, text/xml;q=0.8, text/html;q=0.5, */*;q=0.1"
)
REDIRECT_STATUSES = {301, 302, 303, 307, 308}
PERMANENT_REDIRECTS = {301, 308}
RAW_CHUNK = 16 * 1024


@dataclass(frozen=True, slots=True)
class FetchLimits:
    """Bounds on one fetch. Times are seconds, sizes bytes."""

    connect_timeout: float = 10.0
    read_timeout: float = 20.0
    # Covers every hop and the whole body: a body trickled a byte at a time cannot hold a fetch longer.
    deadline: float = 60.0
    max_bytes: int = 15 * 1024 * 1024
    max_redirects: int = 5
    # Politeness: one request at a time per public host, at least this far apart.
    host_gap: float = 1.0
    # Hosts a feed is allowed to reach on a private address are this machine: no need to be polite to them.
    polite_to_private_hosts: bool = False


@dataclass(slots=True)
class FetchResult:
    """The final (non-redirect) response of a fetch."""

    requested_url: str
    url: str
    status: int
    headers: dict[str, str]
    body: bytes
    # Where the resource now lives when every redirect hop was permanent (301/308), else None.
    permanent_url: str | None = None
    elapsed: float = 0.0

    @property
    def etag(self) -> str | None:
        return self.headers.get("etag")

    @property
    def last_modified(self) -> str | None:
        return self.headers.get("last-modified")


@dataclass(slots=True)
class HostGate:
    """One request at a time per host with a minimum gap; hosts paused by a 429 are refused until then.

    Hosts it need not be polite to (this machine) have neither gap nor pause,
    only a bound on requests at once, which is also the fastest way to talk to them.
    """

    gap: float
    local_requests_at_once: int = 4
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    local_slots: dict[str, asyncio.Semaphore] = field(default_factory=dict)
    last_request: dict[str, float] = field(default_factory=dict)
    paused_until: dict[str, float] = field(default_factory=dict)

    @asynccontextmanager
    async def turn(self, host: str, polite: bool) -> AsyncIterator[None]:
        """Wait for this host's turn, then hold it for one request."""
        if not polite:
            slots = self.local_slots.setdefault(host, asyncio.Semaphore(self.local_requests_at_once))
            async with slots:
                yield
            return
        paused = self.paused_until.get(host, 0.0) - time.time()
        if paused > 0:
            raise FetchError(f"host {host} asked us to wait ({paused:.0f} s left of its Retry-After)")
        lock = self.locks.setdefault(host, asyncio.Lock())
        async with lock:
            wait = self.last_request.get(host, -self.gap) + self.gap - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                yield
            finally:
                self.last_request[host] = time.monotonic()

    def pause(self, host: str, until: float) -> None:
        """Refuse requests to `host` until the epoch time `until` (a 429 or 503 with Retry-After)."""
        self.paused_until[host] = max(until, self.paused_until.get(host, 0.0))


class Inflater:
    """Incremental gzip/deflate decoding that never produces more than it is asked for."""

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        self.decoder = self._new_decoder(first_bytes=b"")
        self.started = False

    def _new_decoder(self, first_bytes: bytes) -> zlib._Decompress:
        if self.encoding == "deflate" and first_bytes and (first_bytes[0] & 0x0F) != 8:
            # Servers send raw deflate as often as the zlib-wrapped kind the standard asks for.
            return zlib.decompressobj(-zlib.MAX_WBITS)
        if self.encoding == "deflate":
            return zlib.decompressobj(zlib.MAX_WBITS)
        return zlib.decompressobj(16 + zlib.MAX_WBITS)

    def feed(self, data: bytes, room: int) -> bytes:
        """Inflate `data`, stopping once more than `room` bytes have come out."""
        if not self.started:
            self.decoder = self._new_decoder(data[:1])
            self.started = True
        produced: list[bytes] = []
        left = room
        pending = data
        while pending and left >= 0:
            out = self.decoder.decompress(pending, left + 1)
            produced.append(out)
            left -= len(out)
            pending = self.decoder.unconsumed_tail
            if self.decoder.eof:
                # A gzip body may hold several members one after another.
                pending = self.decoder.unused_data
                if pending:
                    self.decoder = self._new_decoder(pending)
        return b"".join(produced)

    @property
    def complete(self) -> bool:
        """True once the compressed stream has ended properly."""
        return not self.started or self.decoder.eof


async def resolve(host: str, port: int) -> list[str]:
    """All addresses `host` resolves to."""
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise FetchError(f"cannot resolve {host}: {error.strerror}") from None
    except UnicodeError as error:
        raise FetchError(f"cannot resolve {host}: not a valid domain name ({error})") from None
    return list(dict.fromkeys(info[4][0] for info in infos))


class Fetcher:
    """Fetches URLs with the limits, politeness and address checks of the crawl. Use as an async context manager."""

    def __init__(self, limits: FetchLimits | None = None, max_connections: int = 32) -> None:
        self.limits = limits or FetchLimits()
        self.gate = HostGate(self.limits.host_gap)
        self.client = httpx.AsyncClient(
            headers={"User-Agent": USER_AGENT, "Accept-Encoding": "gzip, deflate", "Accept": ACCEPT},
            timeout=httpx.Timeout(
                connect=self.limits.connect_timeout,
                read=self.limits.read_timeout,
                write=self.limits.read_timeout,
                pool=self.limits.deadline,
            ),
            limits=httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections),
            follow_redirects=False,
            # Proxies from the environment would hide where a request really goes.
            trust_env=False,
        )

    async def __aenter__(self) -> Fetcher:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.client.aclose()

    async def fetch(
        self,
        url: str,
        *,
        etag: str | None = None,
        last_modified: str | None = None,
        allow_private_at: str | None = None,
        deadline: Deadline | None = None,
    ) -> FetchResult:
        """GET `url`, following up to `max_redirects` redirects.

        `allow_private_at` is a URL (the feed's own, when the feed allows it)
        whose host and port may be on a private or loopback address; any other
        private address, reached directly or by a redirect, is refused. A
        `deadline` (the feed's) starts with the first request sent and bounds
        this fetch too.

        Raises:
            FetchError: refused address or scheme, timeout, deadline, too many
                redirects, body over the cap, broken connection.
        """
        try:
            return await self._follow(url, etag, last_modified, allow_private_at, deadline)
        except FetchError:
            raise
        except Exception as error:  # noqa: BLE001 - whatever a server sends is data: a reason, never a crash
            raise FetchError(f"cannot fetch {url}: {type(error).__name__}: {error}") from error

    async def _follow(
        self, url: str, etag: str | None, last_modified: str | None, allow_private_at: str | None,
        deadline: Deadline | None,
    ) -> FetchResult:
        private_origin = origin(allow_private_at) if allow_private_at else None
        conditional = {}
        if etag:
            conditional["If-None-Match"] = etag
        if last_modified:
            conditional["If-Modified-Since"] = last_modified
        started = time.monotonic()
        budget = self.limits.deadline
        current = url
        all_permanent = True
        for _hop in range(self.limits.max_redirects + 1):
            hop_started = time.monotonic()
            status, headers, body = await self._request(current, conditional, private_origin, budget, deadline)
            budget -= time.monotonic() - hop_started
            if status in REDIRECT_STATUSES and headers.get("location"):
                all_permanent = all_permanent and status in PERMANENT_REDIRECTS
                try:
                    current = urljoin(current, headers["location"].strip())
                except ValueError as error:
                    raise FetchError(f"redirect to an invalid URL {headers['location']!r}: {error}") from None
                continue
            return FetchResult(
                requested_url=url,
                url=current,
                status=status,
                headers=headers,
                body=body,
                permanent_url=current if all_permanent and current != url else None,
                elapsed=time.monotonic() - started,
            )
        raise FetchError(f"more than {self.limits.max_redirects} redirects (last to {current})")

    async def _request(
        self, url: str, conditional: dict[str, str], private_origin: tuple[str, int] | None, budget: float,
        deadline: Deadline | None,
    ) -> tuple[int, dict[str, str], bytes]:
        host, port = origin(url)
        allowed_private = private_origin == (host, port)
        request = await self._pinned_request(url, host, port, allowed_private, conditional)
        polite = not allowed_private or self.limits.polite_to_private_hosts
        async with self.gate.turn(host, polite):
            if deadline is not None:
                # A feed's clock starts with its first request, not while it waits for its host's turn.
                deadline.start()
                budget = min(budget, deadline.remaining())
            if budget <= 0:
                raise FetchError(f"deadline of {self.limits.deadline:g} s exceeded")
            try:
                async with asyncio.timeout(budget):
                    return await self._send(request, host)
            except TimeoutError:
                raise FetchError(f"deadline of {self.limits.deadline:g} s exceeded ({url})") from None
            except httpx.ConnectTimeout:
                raise FetchError(f"connect timeout after {self.limits.connect_timeout:g} s ({host})") from None
            except httpx.ReadTimeout:
                raise FetchError(f"read timeout: no data for {self.limits.read_timeout:g} s ({url})") from None
            except httpx.ConnectError as error:
                raise FetchError(f"cannot connect to {host}:{port}: {error}") from None
            except UnicodeError as error:
                # httpx reads a redirect's Location while receiving the response and raises on a bad host name.
                raise FetchError(f"the Location header of {url} is not a valid URL: {error}") from None
            except httpx.RemoteProtocolError as error:
                raise FetchError(f"connection broken: {error} ({url})") from None
            except httpx.HTTPError as error:
                raise FetchError(f"{type(error).__name__}: {error} ({url})") from None

    async def _pinned_request(
        self, url: str, host: str, port: int, allowed_private: bool, conditional: dict[str, str]
    ) -> httpx.Request:
        """A request for `url`, sent to the address just checked rather than to a second DNS answer."""
        if allowed_private:
            return self.client.build_request("GET", url, headers=conditional)
        addresses = await resolve(host, port)
        refused = [address for address in addresses if is_refused_address(address)]
        if refused:
            raise RefusedAddressError(
                f"refused {host}: it resolves to the private or reserved address {refused[0]}", url
            )
        logical = httpx.URL(url)
        headers = {"Host": logical.netloc.decode("ascii"), **conditional}
        return self.client.build_request(
            "GET",
            logical.copy_with(host=addresses[0]),
            headers=headers,
            extensions={"sni_hostname": host},
        )

    async def _send(self, request: httpx.Request, host: str) -> tuple[int, dict[str, str], bytes]:
        response = await self.client.send(request, stream=True)
        try:
            headers = {name.lower(): value for name, value in response.headers.items()}
            # Read even a 304's or a redirect's (empty or tiny) body: only a response read to its end
            # leaves the connection open for the next request to this host.
            body = await self._read_capped(response, headers)
            return response.status_code, headers, body
        finally:
            await response.aclose()

    async def _read_capped(self, response: httpx.Response, headers: dict[str, str]) -> bytes:
        cap = self.limits.max_bytes
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > cap:
            raise FetchError(f"body of {int(declared)} bytes (Content-Length) is over the cap of {cap} bytes")
        encoding = headers.get("content-encoding", "identity").strip().lower()
        if encoding in ("gzip", "x-gzip"):
            inflater: Inflater | None = Inflater("gzip")
        elif encoding == "deflate":
            inflater = Inflater("deflate")
        elif encoding in ("identity", ""):
            inflater = None
        else:
            raise FetchError(f"unsupported Content-Encoding {encoding!r}")
        body = bytearray()
        async for chunk in response.aiter_raw(RAW_CHUNK):
            if inflater is not None:
                try:
                    chunk = inflater.feed(chunk, cap - len(body))
                except zlib.error as error:
                    raise FetchError(f"corrupt {encoding} body: {error}") from None
            body += chunk
            if len(body) > cap:
                raise FetchError(f"body over the cap of {cap} bytes (decompressed)")
        if inflater is not None and not inflater.complete:
            raise FetchError(f"corrupt {encoding} body: the compressed stream ends early")
        return bytes(body)
