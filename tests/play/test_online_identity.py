"""What the game remembers for online play, without a screen: a typed server
address made a URL or refused in plain words, and online.json read back, with
what it should not hold dropped and a broken file set aside."""

import json

import pytest

from game.play.online_identity import FILE, Identity, load, normal, save


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("192.168.1.5", "ws://192.168.1.5:8765"),
        (" host:9000 ", "ws://host:9000"),
        ("wss://play.example.org/mosaic/", "wss://play.example.org:443/mosaic"),
        ("ws://[::1]:8765", "ws://[::1]:8765"),
    ],
)
def test_a_typed_address_is_made_a_url_with_the_servers_port(typed, url):
    assert normal(typed) == url


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("", "Type the server's address"),
        ("http://host", "starts with ws:// or wss://"),
        ("host:port", "must be a number from 1 to 65535"),
        ("host:70000", "must be a number from 1 to 65535"),
        ("ho st", "is not an address"),
    ],
)
def test_an_address_that_cannot_be_one_is_refused_saying_why(typed, why):
    with pytest.raises(ValueError, match=why):
        normal(typed)


def test_what_is_remembered_comes_back_and_what_should_not_be_there_is_dropped(tmp_path):
    url = "ws://host:8765"
    kept = Identity(url, "Ann", {url: "secret"}, [url], "Correspondence", "7 days")
    save(kept, tmp_path)
    assert load(tmp_path) == (kept, None)
    data = json.loads((tmp_path / FILE).read_text())
    data.update(
        name="  not a name  ",  # edge spaces
        tokens={url: "secret", "ws://other:8765": 5},  # a token that is not text
        postal=[url, "ws://other:8765"],  # games on a server with no token
        pace="Blitz",
        days="2 days",
    )
    (tmp_path / FILE).write_text(json.dumps(data))
    back, message = load(tmp_path)
    assert message is None and back == Identity(url, "", {url: "secret"}, [url])


def test_a_file_of_the_wrong_shape_is_set_aside_and_the_defaults_used(tmp_path):
    assert load(tmp_path) == (Identity(), None)  # no file yet: no message
    (tmp_path / FILE).write_text(json.dumps({"tokens": ["not", "a", "map"]}))
    identity, message = load(tmp_path)
    assert identity == Identity() and message and "online settings" in message
    assert any(p.name.startswith(f"{FILE}.corrupt-") for p in tmp_path.iterdir())


@pytest.mark.parametrize(
    ("remembered", "shown"),
    [
        ("ws://localhost:8765", "localhost:8765"),  # the default
        ("host:9000", "host:9000"),
        ("ws://[::1]:8765", "[::1]:8765"),
        ("wss://mosaic.example.org", "wss://mosaic.example.org"),  # its scheme kept
        ("wss://host:8443/play", "wss://host:8443/play"),
        ("http://nowhere", "http://nowhere"),  # no address: left for the player to mend
    ],
)
def test_the_server_field_shows_an_address_that_reaches_the_same_server(remembered, shown):
    """Issue 54, item 4: as a player reads it, where typing it back still connects."""
    from game.play.online_identity import field_words

    assert field_words(remembered) == shown
    if shown != "http://nowhere":
        assert normal(field_words(remembered)) == normal(remembered)
