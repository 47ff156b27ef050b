"""The web pages' markup: Jinja2 templates (``templates/``), rendered with
autoescape on for every one of them, so that whatever a value holds (a name a
player typed, a tournament's name, a game's reason) reaches a page as text, and
forgetting to escape is not possible. Only a template writes a tag; the Python
of the pages hands it values (tests/online/test_markup.py holds both to it).

A template is written one element a line, indented, for reading; the pages are
sent without that layout (:class:`Compact`), as they were before templates.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from jinja2.ext import Extension

from .assets import link

#: Beside this module, in a checkout, an installed package and the executable
#: alike (pyproject's package-data and build.spec's datas ship them).
TEMPLATES = Path(__file__).resolve().with_name("templates")

#: The site's name, in every page's header.
SITE = "Mosaic by Mark Steere"
#: A line break and the indentation about it.
_BREAK = re.compile(r"[ \t]*\n\s*")


class Compact(Extension):
    """Drops a template's layout before it is compiled: a line break, with its
    indentation, goes where it meets a tag or a ``{% %}`` or ``{# #}``; between
    words (and ``{{ }}``, which is words too) it is one space, as a browser
    would read it. So a space that must stay beside a tag is written inside
    the line."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        def join(m: re.Match[str]) -> str:
            start, end = m.span()
            markup = source.endswith((">", "%}", "#}"), 0, start) or source.startswith(
                ("<", "{%", "{#"), end
            )
            return "" if markup or start == 0 or end == len(source) else " "

        return _BREAK.sub(join, source)


def segment(text: object) -> str:
    """``text`` as one segment of a path: ``/players/{{ name|segment }}``."""
    return quote(str(text), safe="")


ENV = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=True,
    auto_reload=False,  # shipped with the code: they change only with it
    undefined=StrictUndefined,  # a value the page needs and was not given is a bug
    extensions=[Compact],
)
ENV.globals["link"] = link
ENV.globals["site"] = SITE
ENV.filters["segment"] = segment
# ``|tojson`` (the game page's data): compact, in the order it was built; it
# writes "<", ">", "&" and "'" as \u escapes, so nothing in it can end the script.
ENV.policies["json.dumps_kwargs"] = {"separators": (",", ":")}


def render(template: str, **values: Any) -> str:
    """The page (or part) ``template`` with ``values``, every one escaped."""
    return ENV.get_template(template).render(**values)
