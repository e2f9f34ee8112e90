"""fetch.py against real servers on 127.0.0.1: limits, redirects, caching, address checks."""

from __future__ import annotations

import asyncio
import gzip
import threading
import time
import tracemalloc
import zlib
from http.server import BaseHTTPRequestHandler

import pytest

from claimledger.crawl.addresses import is_refused_address
from claimledger.crawl.fetch import USER_AGENT, Fetcher, FetchLimits
from claimledger.errors import FetchError
from conftest import redirect, reply

FEED = b"<?xml version='1.0'?><rss version='2.0'><channel><title>t</title></channel></rss>"
LOCAL = FetchLimits(host_gap=0.0)


async def fetch(url: str, limits: FetchLimits = LOCAL, **options) -> object:
    async with Fetcher(limits) as fetcher:
        return await fetcher.fetch(url, allow_private_at=url, **options)


async def test_ok_sends_identity_and_gzip_accept(http_server):
    http_server.route("/feed.xml", reply(FEED, headers={"ETag": '"v1"'}))
    result = await fetch(http_server.url("/feed.xml"))
    assert (result.status, result.body, result.etag) == (200, FEED, '"v1"')
    sent = http_server.hits("/feed.xml")[0].headers
    assert sent["User-Agent"] == USER_AGENT
    assert "claimledger/" in USER_AGENT and "+https://" in USER_AGENT
    assert sent["Accept-Encoding"] == "gzip, deflate"


async def test_conditional_get_sends_validators_and_returns_304(http_server):
    def etag_handler(request: BaseHTTPRequestHandler) -> None:
        if request.headers.get("If-None-Match") == '"v1"':
            reply(b"", status=304)(request)
        else:
            reply(FEED, headers={"ETag": '"v1"', "Last-Modified": "Mon, 02 Nov 2026 10:00:00 GMT"})(request)

    http_server.route("/feed.xml", etag_handler)
    first = await fetch(http_server.url("/feed.xml"))
    second = await fetch(http_server.url("/feed.xml"), etag=first.etag, last_modified=first.last_modified)
    assert (first.status, second.status, second.body) == (200, 304, b"")
    sent = http_server.hits("/feed.xml")[1].headers
    assert sent["If-None-Match"] == '"v1"'
    assert sent["If-Modified-Since"] == "Mon, 02 Nov 2026 10:00:00 GMT"


@pytest.mark.parametrize(("status", "permanent"), [(301, True), (308, True), (302, False), (307, False)])
async def test_redirects_report_a_permanent_move_only(http_server, status, permanent):
    http_server.route("/old.xml", redirect("/new.xml", status))
    http_server.route("/new.xml", reply(FEED))
    result = await fetch(http_server.url("/old.xml"))
    assert (result.status, result.url) == (200, http_server.url("/new.xml"))
    assert result.permanent_url == (http_server.url("/new.xml") if permanent else None)


async def test_a_temporary_hop_in_the_chain_keeps_the_old_url(http_server):
    http_server.route("/a", redirect("/b", 301))
    http_server.route("/b", redirect("/c", 302))
    http_server.route("/c", reply(FEED))
    result = await fetch(http_server.url("/a"))
    assert result.status == 200 and result.permanent_url is None


async def test_redirect_loop_ends_after_the_cap(http_server):
    http_server.route("/loop", redirect("/loop", 302))
    started = time.monotonic()
    with pytest.raises(FetchError, match="more than 3 redirects"):
        await fetch(http_server.url("/loop"), FetchLimits(host_gap=0, max_redirects=3))
    assert len(http_server.hits("/loop")) == 4
    assert time.monotonic() - started < 5


async def test_loopback_feed_is_refused_unless_allowed(http_server):
    http_server.route("/feed.xml", reply(FEED))
    async with Fetcher(LOCAL) as fetcher:
        with pytest.raises(FetchError, match="refused 127.0.0.1: .*private or reserved address 127.0.0.1"):
            await fetcher.fetch(http_server.url("/feed.xml"))
    assert http_server.hits("/feed.xml") == []


@pytest.mark.parametrize("target", ["http://localhost:{port}/feed.xml", "http://10.20.30.40/feed.xml",
                                    "http://169.254.169.254/latest/meta-data/", "http://[::1]:{port}/feed.xml"])
async def test_redirect_from_allowed_host_to_another_private_address_is_refused(http_server, target):
    http_server.route("/feed.xml", reply(FEED))
    http_server.route("/jump", redirect(target.format(port=http_server.port), 302))
    with pytest.raises(FetchError, match="refused .*private or reserved address"):
        await fetch(http_server.url("/jump"))
    assert http_server.hits("/feed.xml") == []


def test_refused_address_ranges():
    assert all(map(is_refused_address, ["127.0.0.1", "10.1.2.3", "192.168.0.1", "172.16.5.4", "169.254.1.1",
                                        "::1", "fe80::1", "fc00::1", "::ffff:10.0.0.1", "0.0.0.0", "100.64.0.1"]))
    assert not any(map(is_refused_address, ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"]))


EMBEDDED_LOOPBACK = ["::127.0.0.1", "::ffff:0:7f00:1", "64:ff9b::7f00:1", "64:ff9b::a00:1", "2002:7f00:1::",
                     "2002:a9fe:a9fe::1", "::ffff:127.0.0.1", "64:ff9b:1::808:808", "::10.0.0.1"]


@pytest.mark.parametrize("address", EMBEDDED_LOOPBACK)
def test_ipv6_forms_embedding_a_private_ipv4_address_are_judged_as_that_address(address):
    assert is_refused_address(address)


@pytest.mark.parametrize("address", ["64:ff9b::808:808", "2002:808:808::1", "::ffff:0:808:808", "::8.8.8.8"])
def test_ipv6_forms_embedding_a_public_ipv4_address_are_public(address):
    assert not is_refused_address(address)


@pytest.mark.parametrize("address", ["::127.0.0.1", "::ffff:0:7f00:1", "64:ff9b::7f00:1", "2002:7f00:1::"])
async def test_a_redirect_to_loopback_spelt_in_ipv6_is_refused(http_server, address):
    http_server.route("/feed.xml", reply(FEED))
    http_server.route("/jump", redirect(f"http://[{address}]:{http_server.port}/feed.xml", 302))
    with pytest.raises(FetchError, match="refused .*private or reserved address"):
        await fetch(http_server.url("/jump"))
    assert http_server.hits("/feed.xml") == []


async def test_only_http_and_https(http_server):
    http_server.route("/jump", redirect("file:///etc/passwd", 301))
    with pytest.raises(FetchError, match="only http and https"):
        await fetch(http_server.url("/jump"))


async def test_slow_answer_times_out_at_the_read_timeout(http_server):
    http_server.route("/slow", http_server.stall())
    with pytest.raises(FetchError, match=r"^read timeout: no data for 10 s"):
        await fetch(http_server.url("/slow"), FetchLimits(host_gap=0, read_timeout=10, deadline=30))


async def test_a_body_that_stops_halfway_times_out_at_the_read_timeout(http_server):
    def half(request: BaseHTTPRequestHandler) -> None:
        request.send_response(200)
        request.send_header("Content-Length", str(len(FEED)))
        request.end_headers()
        request.wfile.write(FEED[:20])
        request.wfile.flush()

    http_server.route("/half", http_server.stall(half))
    with pytest.raises(FetchError, match=r"^read timeout: no data for 10 s"):
        await fetch(http_server.url("/half"), FetchLimits(host_gap=0, read_timeout=10, deadline=30))


async def test_trickled_body_cannot_outlast_the_deadline(http_server):
    def trickle(request: BaseHTTPRequestHandler) -> None:
        request.send_response(200)
        request.send_header("Content-Type", "application/xml")
        request.end_headers()
        while not http_server.stopping.wait(0.05):
            request.wfile.write(b"<")
            request.wfile.flush()

    http_server.route("/trickle", trickle)
    with pytest.raises(FetchError, match=r"^deadline of 10 s exceeded"):
        await fetch(http_server.url("/trickle"), FetchLimits(host_gap=0, read_timeout=10, deadline=10))


def stream_junk(total: int, content_length: bool):
    def handle(request: BaseHTTPRequestHandler) -> None:
        request.send_response(200)
        request.send_header("Content-Type", "application/xml")
        if content_length:
            request.send_header("Content-Length", str(total))
        request.end_headers()
        block = b"x" * 65536
        for _ in range(total // len(block)):
            request.wfile.write(block)

    return handle


async def test_oversized_body_is_cut_at_the_cap(http_server):
    http_server.route("/huge", stream_junk(64 * 1024 * 1024, content_length=False))
    with pytest.raises(FetchError, match="over the cap of 1048576 bytes"):
        await fetch(http_server.url("/huge"), FetchLimits(host_gap=0, max_bytes=1024 * 1024))


async def test_oversized_content_length_is_refused_before_reading(http_server):
    http_server.route("/huge", stream_junk(64 * 1024 * 1024, content_length=True))
    with pytest.raises(FetchError, match=r"body of 67108864 bytes \(Content-Length\) is over the cap"):
        await fetch(http_server.url("/huge"), FetchLimits(host_gap=0, max_bytes=1024 * 1024))


def gzip_bomb(inflated_mib: int) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    zeros = bytes(1024 * 1024)
    return b"".join(compressor.compress(zeros) for _ in range(inflated_mib)) + compressor.flush()


async def test_gzip_bomb_is_cut_at_the_decompressed_cap_with_bounded_memory(http_server):
    bomb = gzip_bomb(512)
    assert len(bomb) < 1024 * 1024
    http_server.route("/bomb", reply(bomb, headers={"Content-Encoding": "gzip"}))
    tracemalloc.start()
    try:
        with pytest.raises(FetchError, match=r"over the cap of 2097152 bytes \(decompressed\)"):
            await fetch(http_server.url("/bomb"), FetchLimits(host_gap=0, max_bytes=2 * 1024 * 1024))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 32 * 1024 * 1024


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "raw-deflate"])
async def test_compressed_bodies_are_inflated(http_server, encoding):
    if encoding == "gzip":
        body = gzip.compress(FEED)
    elif encoding == "deflate":
        body = zlib.compress(FEED)
    else:
        compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
        body = compressor.compress(FEED) + compressor.flush()
    http_server.route("/feed.xml", reply(body, headers={"Content-Encoding": encoding.removeprefix("raw-")}))
    result = await fetch(http_server.url("/feed.xml"))
    assert result.body == FEED


async def test_corrupt_gzip_is_a_clear_error(http_server):
    http_server.route("/feed.xml", reply(b"\x1f\x8b\x08\x00garbage", headers={"Content-Encoding": "gzip"}))
    with pytest.raises(FetchError, match="corrupt gzip body"):
        await fetch(http_server.url("/feed.xml"))


async def test_body_cut_off_halfway_is_an_error(http_server):
    def truncated(request: BaseHTTPRequestHandler) -> None:
        request.send_response(200)
        request.send_header("Content-Length", str(len(FEED)))
        request.end_headers()
        request.wfile.write(FEED[: len(FEED) // 2])
        request.close_connection = True

    http_server.route("/cut", truncated)
    with pytest.raises(FetchError, match="connection broken"):
        await fetch(http_server.url("/cut"))


async def test_one_request_at_a_time_per_host_with_a_gap(http_server):
    times: list[tuple[float, float]] = []

    def timed(request: BaseHTTPRequestHandler) -> None:
        started = time.monotonic()
        time.sleep(0.1)
        reply(FEED)(request)
        times.append((started, time.monotonic()))

    http_server.route("/feed", timed, prefix=True)
    limits = FetchLimits(host_gap=0.2, polite_to_private_hosts=True)
    async with Fetcher(limits) as fetcher:
        fetches = (fetcher.fetch(http_server.url(f"/feed{n}"), allow_private_at=http_server.base_url) for n in range(3))
        await asyncio.gather(*fetches)
    times.sort()
    for (_, previous_end), (next_start, _) in zip(times, times[1:]):
        assert next_start - previous_end >= 0.15


async def test_a_paused_host_is_not_requested(http_server):
    http_server.route("/feed.xml", reply(FEED))
    async with Fetcher(FetchLimits(host_gap=0, polite_to_private_hosts=True)) as fetcher:
        fetcher.gate.pause("127.0.0.1", time.time() + 60)
        with pytest.raises(FetchError, match="asked us to wait"):
            await fetcher.fetch(http_server.url("/feed.xml"), allow_private_at=http_server.base_url)
    assert http_server.hits("/feed.xml") == []


async def test_a_local_host_gets_a_few_requests_at_once_without_a_gap(http_server):
    active, most = 0, 0
    lock = threading.Lock()

    def counted(request: BaseHTTPRequestHandler) -> None:
        nonlocal active, most
        with lock:
            active += 1
            most = max(most, active)
        time.sleep(0.1)
        with lock:
            active -= 1
        reply(FEED)(request)

    http_server.route("/feed", counted, prefix=True)
    async with Fetcher(FetchLimits(host_gap=5)) as fetcher:
        started = time.monotonic()
        await asyncio.gather(*(fetcher.fetch(http_server.url(f"/feed{n}"), allow_private_at=http_server.base_url)
                               for n in range(12)))
    assert most == 4
    assert time.monotonic() - started < 2
