"""Render the demo corpus (article pages and feeds) from the post sources in corpus/_posts/.

Each source is a folder in corpus/_posts/ with a page template (``_page.html``)
and one file per post: TOML front matter between ``+++`` lines, then the HTML
body. Sources themselves are described in corpus/_posts/sources.toml.

    python corpus/build.py           # write corpus/<source>/posts/*.html and feeds
    python corpus/build.py --check   # exit 1 if the written files are out of date
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import format_datetime
from html import escape
from pathlib import Path
from string import Template

CORPUS = Path(__file__).resolve().parent
POSTS = CORPUS / "_posts"
SITE = "http://127.0.0.1:8765"


@dataclass(frozen=True)
class Source:
    """A publisher of the demo corpus and how its feed is written."""

    slug: str
    name: str
    lang: str
    feed_format: str  # "rss" or "atom"
    full_content: bool
    description: str
    cdata: bool = False
    id_prefix: str | None = None  # tag: URI prefix for entry ids; None means the permalink

    @property
    def feed_file(self) -> str:
        return "feed.xml" if self.feed_format == "rss" else "atom.xml"

    @property
    def feed_url(self) -> str:
        return f"{SITE}/{self.slug}/{self.feed_file}"


@dataclass(frozen=True)
class Post:
    """One article: front matter plus its HTML body."""

    source: Source
    slug: str
    title: str
    author: str
    published: datetime
    summary: str
    body: str
    also_in: tuple[str, ...] = field(default=())

    @property
    def url(self) -> str:
        return f"{SITE}/{self.source.slug}/posts/{self.slug}.html"

    @property
    def entry_id(self) -> str:
        if self.source.id_prefix:
            return f"{self.source.id_prefix}{self.slug}"
        return self.url


def load_sources() -> dict[str, Source]:
    """Sources by slug, from sources.toml."""
    table = tomllib.loads((POSTS / "sources.toml").read_text(encoding="utf-8"))
    return {item["slug"]: Source(**item) for item in table["sources"]}


def parse_post(path: Path, source: Source) -> Post:
    """Read one post file; the error names the file when its front matter is malformed."""
    text = path.read_text(encoding="utf-8")
    try:
        _, front, body = text.split("+++\n", 2)
        meta = tomllib.loads(front)
        return Post(
            source=source,
            slug=path.stem,
            title=meta["title"],
            author=meta["author"],
            published=datetime.fromisoformat(meta["published"]),
            summary=meta["summary"],
            body=body.strip(),
            also_in=tuple(meta.get("also_in", ())),
        )
    except (ValueError, KeyError, tomllib.TOMLDecodeError) as error:
        raise SystemExit(f"{path}: bad post front matter: {error}") from error


def load_posts(sources: dict[str, Source]) -> list[Post]:
    """Every post of every source, oldest first."""
    posts = [
        parse_post(path, source)
        for source in sources.values()
        for path in sorted((POSTS / source.slug).glob("[!_]*.html"))
    ]
    return sorted(posts, key=lambda post: post.published)


def display_date(moment: datetime, lang: str) -> str:
    if lang == "zh":
        return f"{moment.year}年{moment.month}月{moment.day}日"
    return f"{moment:%B} {moment.day}, {moment.year}"


def render_page(post: Post) -> str:
    template = Template((POSTS / post.source.slug / "_page.html").read_text(encoding="utf-8"))
    return template.substitute(
        title=escape(post.title, quote=False),
        author=escape(post.author, quote=False),
        iso_date=post.published.isoformat(),
        date=display_date(post.published, post.source.lang),
        summary=escape(post.summary),
        body=post.body,
    )


def rss_item(post: Post, source: Source) -> str:
    permalink = "false" if post.source.id_prefix else "true"
    lines = [
        "    <item>",
        f"      <title>{escape(post.title, quote=False)}</title>",
        f"      <link>{post.url}</link>",
        f'      <guid isPermaLink="{permalink}">{post.entry_id}</guid>',
        f"      <pubDate>{format_datetime(post.published)}</pubDate>",
        f"      <dc:creator>{escape(post.author, quote=False)}</dc:creator>",
        f"      <description>{escape(post.summary, quote=False)}</description>",
    ]
    if source.full_content and post.source is source:
        content = f"<![CDATA[{post.body}]]>" if source.cdata else escape(post.body, quote=False)
        lines.append(f"      <content:encoded>{content}</content:encoded>")
    lines.append("    </item>")
    return "\n".join(lines)


def render_rss(source: Source, posts: list[Post]) -> str:
    items = "\n".join(rss_item(post, source) for post in posts)
    language = "zh-cn" if source.lang == "zh" else "en-us"
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>{escape(source.name, quote=False)}</title>
    <link>{SITE}/{source.slug}/</link>
    <atom:link href="{source.feed_url}" rel="self" type="application/rss+xml"/>
    <description>{escape(source.description, quote=False)}</description>
    <language>{language}</language>
    <lastBuildDate>{format_datetime(max(post.published for post in posts))}</lastBuildDate>
{items}
  </channel>
</rss>
"""


def atom_entry(post: Post, source: Source) -> str:
    lines = [
        "  <entry>",
        f"    <id>{post.entry_id}</id>",
        f"    <title>{escape(post.title, quote=False)}</title>",
        f'    <link rel="alternate" type="text/html" href="{post.url}"/>',
        f"    <published>{post.published.isoformat()}</published>",
        f"    <updated>{post.published.isoformat()}</updated>",
        f"    <author><name>{escape(post.author, quote=False)}</name></author>",
        f"    <summary>{escape(post.summary, quote=False)}</summary>",
    ]
    if source.full_content and post.source is source:
        lines.append(f'    <content type="html">{escape(post.body, quote=False)}</content>')
    lines.append("  </entry>")
    return "\n".join(lines)


def render_atom(source: Source, posts: list[Post]) -> str:
    entries = "\n".join(atom_entry(post, source) for post in posts)
    return f"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="{source.lang}">
  <id>{SITE}/{source.slug}/</id>
  <title>{escape(source.name, quote=False)}</title>
  <subtitle>{escape(source.description, quote=False)}</subtitle>
  <link rel="self" href="{source.feed_url}"/>
  <link rel="alternate" type="text/html" href="{SITE}/{source.slug}/"/>
  <updated>{max(post.published for post in posts).isoformat()}</updated>
{entries}
</feed>
"""


def render_corpus() -> dict[Path, str]:
    """Every file the corpus serves (pages and feeds), by path."""
    sources = load_sources()
    posts = load_posts(sources)
    files = {
        CORPUS / post.source.slug / "posts" / f"{post.slug}.html": render_page(post)
        for post in posts
    }
    for source in sources.values():
        in_feed = [post for post in posts if post.source is source or source.slug in post.also_in]
        newest_first = list(reversed(in_feed))
        render = render_rss if source.feed_format == "rss" else render_atom
        files[CORPUS / source.slug / source.feed_file] = render(source, newest_first)
    return files


def main(argv: list[str]) -> int:
    files = render_corpus()
    if "--check" in argv:
        stale = [
            path
            for path, text in files.items()
            if not path.exists() or path.read_text(encoding="utf-8") != text
        ]
        for path in stale:
            relative = path.relative_to(CORPUS)
            print(f"{relative}: out of date, run python corpus/build.py", file=sys.stderr)
        return 1 if stale else 0
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} files under {CORPUS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
