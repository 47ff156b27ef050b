"""The manual (docs/, built by MkDocs as mkdocs.yml says) stays true to the repository:
it builds with no warning, its links and the README's lead somewhere, every command a
figure quotes names a real script or module and options it reads, and the pages that
list the repository's parts (benchmarks, packages, modules) name real ones, all of them
where they say so."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
#: Every Markdown file whose links are checked: the README, the manual, the packs' page.
LINKED = [ROOT / "README.md", ROOT / "puzzles" / "README.md", *PAGES]
GAME = ROOT / "game"


def fenced(text: str) -> list[str]:
    """The lines of the page's fenced blocks."""
    return [
        ln
        for block in re.findall(r"^```.*?\n(.*?)^```", text, re.S | re.M)
        for ln in block.splitlines()
    ]


def prose(text: str) -> str:
    """The page without its fenced blocks and code spans, where a link is no link."""
    text = re.sub(r"^```.*?^```$", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`]*`", "", text)


# -- the build ---------------------------------------------------------------------------
def test_the_manual_builds_strict_without_a_warning(tmp_path):
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0 and "WARNING" not in said, said[-4000:]
    # Every page of docs/ is in the site (a page left out of the nav is a warning too).
    for page in PAGES:
        built = site / ("index.html" if page.stem == "index" else f"{page.stem}/index.html")
        assert built.is_file(), f"{page.name} was not built"


# -- links -------------------------------------------------------------------------------
def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading (its text, lower case, punctuation dropped)."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def mkdocs_slug(heading: str) -> str:
    """The anchor MkDocs (Python-Markdown's toc) gives a heading."""
    return str(slugify(re.sub(r"[`*]", "", heading.strip()), "-"))


def anchors(page: Path) -> set[str]:
    """The anchors of ``page`` that GitHub and MkDocs both give: a link to one works
    on either."""
    headings = re.findall(r"^#+ (.+?)\s*$", prose_headings(page.read_text()), re.M)
    return {github_slug(h) for h in headings} & {mkdocs_slug(h) for h in headings}


def prose_headings(text: str) -> str:
    return re.sub(r"^```.*?^```$", "", text, flags=re.S | re.M)


def links(page: Path) -> list[tuple[str, str]]:
    """Each relative link of ``page``: its target and its anchor ("" for none)."""
    found = []
    for target in re.findall(r"\]\(([^)\s]+)\)", prose(page.read_text())):
        if re.match(r"[a-z]+:", target):
            continue  # a web address or mail: not ours to check
        path, _, anchor = target.partition("#")
        found.append((path, anchor))
    return found


@pytest.mark.parametrize("page", LINKED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_its_anchor(page):
    wrong = []
    for path, anchor in links(page):
        target = (page.parent / path).resolve() if path else page
        if path.startswith("/"):
            wrong.append(f"{path}: an absolute link breaks on GitHub or in the site")
        elif not target.exists():
            wrong.append(f"{path}: no such file")
        elif page.parent == DOCS and DOCS not in target.parents and target != DOCS:
            wrong.append(f"{path}: leaves the manual (name the file in code, not a link)")
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            wrong.append(f"{path}#{anchor}: no such heading in {target.name}")
    assert wrong == [], f"{page.relative_to(ROOT)}: {wrong}"


def test_the_link_check_sees_a_broken_link_and_a_missing_anchor(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "# Top\n\n## The AI's search\n\n[a](other.md) [b](#the-ais-search) [c](#nowhere)\n"
        "`[not a link](nowhere.md)`\n```\n[nor this](nowhere.md)\n```\n"
    )
    assert links(page) == [("other.md", ""), ("", "the-ais-search"), ("", "nowhere")]
    assert anchors(page) == {"top", "the-ais-search"}


# -- commands quoted with figures -------------------------------------------------------
#: A command a page quotes: ``python benchmarks/NAME.py ...`` or ``python -m NAME ...``.
COMMAND = re.compile(r"\bpython (?:(benchmarks/[a-z]\w*\.py)|-m ([a-z][\w.]*))([^`]*)")


def quoted_commands(text: str) -> list[tuple[str, str, list[str]]]:
    """Each command quoted in a code span or a fenced block: the script (or ``-m``
    module) and the ``--options`` given to it."""
    spans = [" ".join(s.split()) for s in re.findall(r"`([^`]+)`", prose_headings(text))]
    spans += [ln.split(" #")[0] for ln in fenced(text)]
    out = []
    for span in spans:
        for script, module, after in COMMAND.findall(span):
            rest = re.split(r"\bpython ", after)[0]  # up to the next command, if any
            out.append(
                (
                    script or module,
                    "script" if script else "module",
                    re.findall(r"(?<![\w-])--[a-z][\w-]*", rest),
                )
            )
    return out


def module_source(name: str) -> str | None:
    """The source that reads a ``python -m name`` command's options: the module, or
    for a package its whole folder; None where no such module is found."""
    path = ROOT.joinpath(*name.split("."))
    if path.with_suffix(".py").is_file():
        folder = path.parent
        return "\n".join(p.read_text() for p in [path.with_suffix(".py"), *folder.glob("cli*.py")])
    if (path / "__main__.py").is_file():
        return "\n".join(p.read_text() for p in path.glob("*.py"))
    top = name.partition(".")[0]
    ours = (ROOT / top).exists() or (ROOT / f"{top}.py").exists()
    if not ours and importlib.util.find_spec(top) is not None:
        return ""  # another package's command (pytest, mkdocs): not ours to read
    return None


def script_source(script: str) -> str | None:
    """A benchmark's source and that of the benchmarks it imports (its helpers)."""
    path = ROOT / script
    if not path.is_file():
        return None
    text = path.read_text()
    helpers = re.findall(r"^from benchmarks\.(\w+) import|^import benchmarks\.(\w+)", text, re.M)
    for names in helpers:
        for name in names:
            if name:
                text += (ROOT / "benchmarks" / f"{name}.py").read_text()
    return text


@pytest.mark.parametrize("page", [ROOT / "README.md", *PAGES], ids=lambda p: p.name)
def test_every_quoted_command_names_a_real_script_and_its_options(page):
    wrong = []
    for name, kind, options in quoted_commands(page.read_text()):
        source = script_source(name) if kind == "script" else module_source(name)
        if source is None:
            wrong.append(f"{name}: no such {kind}")
            continue
        if source:
            wrong += [
                f"{name} {o}: not an option it reads" for o in options if f'"{o}"' not in source
            ]
    assert wrong == [], f"{page.name}: {sorted(set(wrong))}"


def test_the_command_check_reads_options_and_names():
    text = (
        "Figures: `python benchmarks/rules.py --nothing-such 3` and `python -m\n"
        "game.ai.tournament --games 40`, then\n```sh\npython -m game.nowhere --x  # why\n```\n"
    )
    found = quoted_commands(text)
    assert found == [
        ("benchmarks/rules.py", "script", ["--nothing-such"]),
        ("game.ai.tournament", "module", ["--games"]),
        ("game.nowhere", "module", ["--x"]),
    ]
    assert module_source("game.nowhere") is None and script_source("benchmarks/no.py") is None
    assert '"--games"' in (module_source("game.ai.tournament") or "")


def test_the_benchmarks_page_names_every_benchmark():
    named = set(re.findall(r"benchmarks/([a-z]\w*\.py)", (DOCS / "benchmarks.md").read_text()))
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py") if p.name != "__init__.py"}
    assert scripts - named == set(), "docs/benchmarks.md does not name these"
    assert named - scripts == set(), "docs/benchmarks.md names scripts that are not there"


# -- the architecture page ---------------------------------------------------------------
ARCHITECTURE = DOCS / "architecture.md"


def packages() -> set[str]:
    """Every package of game/, as a path: game/rules, game/client/scenes..."""
    return {str(p.parent.relative_to(ROOT)) for p in GAME.rglob("__init__.py")} - {"game"}


def test_the_architecture_page_names_every_package():
    text = ARCHITECTURE.read_text()
    named = set(re.findall(r"`(game/[\w/]+)`", text))
    assert packages() - named == set(), "docs/architecture.md does not name these packages"


def test_every_path_the_architecture_page_names_exists():
    text = ARCHITECTURE.read_text()
    paths = {m.rstrip(".") for m in re.findall(r"\bgame/[\w./]*\w", text)}
    assert {p for p in paths if not (ROOT / p).exists()} == set()


def test_every_module_named_under_a_package_is_in_that_package():
    """Under a heading that names a package, a bare file name (`board.py`) is that
    package's module."""
    text = prose_headings(ARCHITECTURE.read_text())
    missing, seen = [], 0
    for heading, body in re.findall(r"^#+ `(game/[\w/]+)`\n(.*?)(?=^#+ |\Z)", text, re.S | re.M):
        for name in re.findall(r"`(\w+\.(?:py|c|h|npz))`", body):
            seen += 1
            if not (ROOT / heading / name).is_file():
                missing.append(f"{heading}: {name}")
    assert missing == [] and seen > 100, missing
