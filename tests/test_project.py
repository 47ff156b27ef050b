"""Project-wide rules: pygame only in the client, the README's commands, the credit."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The base modules beside the packages import no layer themselves (which layer may
# import which is tests/test_imports.py's, read from docs/architecture.md's drawing).
BASE = {"files", "glicko", "i18n", "lines", "paths", "wholes"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the package
                pkg = path.relative_to(ROOT).parent.parts
                base = pkg[: len(pkg) - node.level + 1]
                names.add(".".join([*base, node.module or ""]).rstrip("."))
            else:
                names.add(node.module or "")
    return names


@pytest.mark.parametrize("base", sorted(BASE))
def test_base_modules_import_no_layer(base):
    # asserts-in-branch: a module importing nothing passes rightly
    for name in imports_of(ROOT / "game" / f"{base}.py"):
        assert not name.startswith("game."), f"game/{base}.py imports {name}"
        assert name.split(".")[0] not in ("pygame", "numpy"), f"game/{base}.py imports {name}"


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = re.search(r"<!-- setup -->\s*```sh\n(.*?)```", text, re.S)
    assert block, "README needs the set-up block"
    return [ln for ln in block.group(1).splitlines() if ln.strip() and not ln.startswith("#")]


def test_readme_has_exactly_two_setup_commands_and_ci_runs_the_test_one():
    play, test = readme_commands()
    assert "mosaic" in play and "pip install" in play
    assert "tests.run" in test
    assert test in (ROOT / ".ci" / "run").read_text()


def test_designer_is_credited():
    assert "Mosaic by Mark Steere" in (ROOT / "README.md").read_text()
    from game import CREDIT

    assert CREDIT == "Mosaic by Mark Steere"


def test_only_the_client_imports_pygame():
    paths = sorted((ROOT / "game").rglob("*.py"))
    assert any("rules" in p.parts for p in paths), ROOT  # the game's modules are looked at
    for path in paths:
        if "client" in path.relative_to(ROOT).parts:
            continue
        tops = {name.split(".")[0] for name in imports_of(path)}
        assert not tops & {"pygame", "pygame_ce"}, f"{path} imports pygame"


def test_mosaix_is_credited_to_its_designer_and_publisher():
    from game.mosaix import CREDIT

    assert CREDIT == "Mosaix by Christof Tisch, Schmidt Spiele"
    assert CREDIT in (ROOT / "README.md").read_text()


def test_the_test_commands_parallel_pytest_still_fails_on_a_failing_test(tmp_path):
    """tests/run.py hands pytest to pytest-xdist's workers: a failure there must still
    end the run with pytest's failure code, and a slow test must still run (first)."""
    import subprocess
    import sys

    from tests.run import PARALLEL

    (tmp_path / "test_planted.py").write_text(
        "import pytest\n\n"
        "def test_fine():\n    pass\n\n"
        "@pytest.mark.slow\ndef test_broken():\n    assert 1 + 1 == 3\n"
    )

    def pytest_on_planted(*extra: str) -> subprocess.CompletedProcess[str]:
        quiet = ["-p", "no:cacheprovider", str(tmp_path)]
        return subprocess.run(
            [sys.executable, "-m", "pytest", *PARALLEL, *extra, *quiet],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    # One run on one worker (a worker's failure reaches pytest's code the same way
    # from one worker as from four; each run starts a pytest per worker and one more).
    done = pytest_on_planted("--maxprocesses", "1", "-p", "tests.conftest", "-v")
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    assert "1 failed, 1 passed" in done.stdout and "created: 1/1 worker" in done.stdout
    # On a worker the slow test, collected second, runs first (tests/conftest.py's hook).
    ran = re.findall(r"^\[gw0\] \[ *\d+%\] (?:PASSED|FAILED) \S*::(test_\w+)", done.stdout, re.M)
    assert ran == ["test_broken", "test_fine"], done.stdout[-2000:]


def test_the_test_commands_workers_keep_a_group_together(tmp_path):
    """The screenshot tour's checks of one window size and language share that
    run only on one worker (tests/client/tours.py's ``xdist_group``): pytest-xdist's
    loadgroup must keep a group together, which it stopped doing under pytest 9.2
    (pytest names a test by a field xdist does not set; pyproject.toml pins below it)."""
    import subprocess
    import sys

    from tests.run import PARALLEL

    grouped = "\n\n".join(
        f"@pytest.mark.xdist_group('together')\ndef test_grouped_{n}():\n    pass" for n in range(6)
    )
    loose = "\n\n".join(f"def test_loose_{n}():\n    pass" for n in range(6))
    (tmp_path / "test_planted.py").write_text(f"import pytest\n\n{grouped}\n\n{loose}\n")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            *PARALLEL,
            "-n",
            "2",
            "-v",
            "-p",
            "no:cacheprovider",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    ran = re.findall(r"^\[(gw\d)\] \[ *\d+%\] PASSED \S*::test_grouped_\d", done.stdout, re.M)
    assert len(ran) == 6 and len(set(ran)) == 1, done.stdout[-2000:]


def test_no_module_of_the_game_is_over_500_lines():
    # Small modules with one job each: a module past 500 lines is doing two.
    long = {
        str(p.relative_to(ROOT)): n
        for p in (ROOT / "game").rglob("*.py")
        if (n := len(p.read_text().splitlines())) > 500
    }
    assert not long, f"split these modules: {long}"


def test_nothing_cites_a_file_outside_the_repository():
    """A comment or a page that cites a file on someone's machine (a note in a home or
    work folder) points every other reader at nothing."""
    machine = re.compile(r"(?<![\w.}~])/(?:work|home|Users|root)/[\w.-]+")
    found = []
    for folder in ("game", "docs", "benchmarks", "tools"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".md", ".c", ".h", ".toml"):
                for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                    found += [f"{path.relative_to(ROOT)}:{n}" for _ in machine.findall(line)]
    for name in ("README.md", "build.spec", "setup.py", "pyproject.toml", "mkdocs.yml"):
        if machine.search((ROOT / name).read_text()):
            found.append(name)
    assert found == []
