"""A setting's value agrees with its name, as the settings menu joins them
("Animation : Normale"): issue 54 found French "Animation : Normal" and "Taille du
texte : Normal", both feminine nouns; Italian's "Master pensa: Lungo" and Spanish's
"Master piensa: Larga" agreed with nothing."""

from __future__ import annotations

import pytest

from game import i18n
from game.i18n import _

SHOWN = {
    "fr": {
        ("Animation", "Slow"): "Animation : Lente",
        ("Animation", "Normal"): "Animation : Normale",
        ("Animation", "Fast"): "Animation : Rapide",
        ("Text size", "Normal"): "Taille du texte : Normale",
        ("Text size", "Large"): "Taille du texte : Grande",
        ("Master thinks", "Quick"): "Réflexion de Maître : Rapide",
        ("Master thinks", "Long"): "Réflexion de Maître : Longue",
    },
    "es": {
        ("Animation", "Slow"): "Animación: Lenta",
        ("Animation", "Fast"): "Animación: Rápida",
        ("Master thinks", "Quick"): "Reflexión de Maestro: Rápida",
        ("Master thinks", "Long"): "Reflexión de Maestro: Larga",
    },
    "it": {
        ("Animation", "Slow"): "Animazione: Lenta",
        ("Animation", "Normal"): "Animazione: Normale",
        ("Text size", "Large"): "Dimensione del testo: Grande",
        ("Master thinks", "Quick"): "Riflessione di Maestro: Veloce",
        ("Master thinks", "Long"): "Riflessione di Maestro: Lunga",
    },
    "de": {
        ("Animation", "Normal"): "Animation: Normal",
        ("Text size", "Large"): "Textgröße: Groß",
        ("Master thinks", "Long"): "Meister denkt: Lang",
    },
}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("code", sorted(SHOWN))
def test_each_setting_and_its_value_agree(code):
    assert i18n.set_language(code) == code
    for (title, value), want in SHOWN[code].items():
        # As the settings menu's Choice joins them.
        shown = _("{title}: {value}").format(title=_(title), value=_(value))
        assert shown == want
