"""The languages the game speaks: gettext, with the catalogs shipped beside the code.

Every text a player reads is written in plain English in the source and passed
through ``_`` (or ``ngettext`` where a number chooses the form) at the moment it
is shown, so that a change of language in Settings applies on the next frame.
A text defined once at module level is marked with ``N_`` (which only marks it
for extraction) and translated with ``_`` where it is drawn.

The catalogs are ``game/locales/<code>/LC_MESSAGES/mosaic.po``, compiled to
``.mo`` beside them with Babel, which also extracts and merges (the commands are
in docs/languages.md). The game reads only the ``.mo`` files, with
the standard library, so every layer may use this module.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from pathlib import Path

DOMAIN = "mosaic"
LOCALES = Path(__file__).resolve().parent / "locales"

#: The languages offered in Settings, each named in its own words.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
}


class _Speaking:
    """The catalog in use, held in one place so that a switch reaches every caller."""

    catalog: gettext.NullTranslations = gettext.NullTranslations()
    code = "en"


_now = _Speaking()


def _(message: str) -> str:
    """``message`` in the player's language ("" stays "": gettext would give the
    catalog's header for it)."""
    return _now.catalog.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that ``n`` takes in the player's language."""
    return _now.catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context``, where one English word has two senses."""
    return _now.catalog.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet."""
    return message


def system_language() -> str:
    """The code of the system's language if the game speaks it, else English."""
    names = [os.environ.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):
        names.append(locale.getlocale()[0] or "")
    for name in names:
        for part in name.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


def set_language(code: str) -> str:
    """Speak ``code`` from now on ("" for the system's language); returns the code used.

    An unknown code, or a language whose catalog is missing, falls back to English
    rather than stopping the game.
    """
    chosen = code or system_language()
    if chosen not in LANGUAGES:
        chosen = "en"
    if chosen == "en":
        _now.catalog = gettext.NullTranslations()
    else:
        try:
            _now.catalog = gettext.translation(DOMAIN, LOCALES, languages=[chosen])
        except OSError:
            _now.catalog, chosen = gettext.NullTranslations(), "en"
    _now.code = chosen
    return chosen


def language() -> str:
    """The code of the language the game speaks now."""
    return _now.code
