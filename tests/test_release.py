"""A release says one version everywhere, and each system's build gets what it needs.

build.spec is executed here as PyInstaller executes it, with PyInstaller's build
steps replaced by stubs that record what they were given and ``sys.platform`` set
to each system in turn, so the Windows and macOS branches are checked on Linux:
the icon, the version resource, the manifest, the bundle's plist.
"""

from __future__ import annotations

import plistlib
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import game
from tools import bundle

ROOT = Path(__file__).resolve().parent.parent
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)


def changelog() -> str:
    return (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_the_newest_release_in_the_changelog_is_the_games_version():
    text = changelog()
    releases = RELEASE.findall(text)
    assert releases, "CHANGELOG.md has no release heading such as '## [1.0.0] - 2026-11-29'"
    assert releases[0][0] == game.__version__
    # Newest first, each version and date after the one before it, and the first
    # release kept.
    versions = [tuple(int(n) for n in v.split(".")) for v, _ in releases]
    dates = [d for _, d in releases]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert dates == sorted(dates, reverse=True)
    assert releases[-1][0] == "0.1.0"
    # Keep a Changelog: Unreleased above the releases, and each release's changes
    # under its kinds of change.
    assert text.index("## [Unreleased]") < text.index(f"## [{game.__version__}]")
    for part in re.split(r"^## ", text, flags=re.M)[2:]:
        kinds = re.findall(r"^### (.+)$", part, flags=re.M)
        assert kinds, part.splitlines()[0]
        assert set(kinds) <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_the_wheel_and_the_build_read_the_version_where_the_game_does():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}
    assert bundle.game_version(ROOT) == game.__version__


def test_only_three_numbers_make_a_release_version():
    assert bundle.version_numbers("1.0.0") == (1, 0, 0, 0)
    assert bundle.version_numbers("12.3.45") == (12, 3, 45, 0)
    for bad in ("1.0", "1.0.0rc1", "v1.0.0", "1.0.70000"):
        with pytest.raises(SystemExit, match=re.escape(repr(bad))):
            bundle.version_numbers(bad)


def run_spec(platform: str, work: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Execute build.spec as PyInstaller would on ``platform``: what each build step
    was given, by its name, and the commands it ran."""
    built: dict[str, Any] = {"commands": []}

    def step(name: str):
        def record(*args: Any, **kwargs: Any) -> SimpleNamespace:
            made = SimpleNamespace(args=args, kwargs=kwargs, pure=[], scripts=[], binaries=[])
            made.datas = kwargs.get("datas", [])
            assert name not in built, f"{name} twice"
            built[name] = made
            return made

        return record

    def run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
        built["commands"].append(command)  # the compiler is not run here
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(subprocess, "run", run)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the spec puts the checkout first
    spec = ROOT / "build.spec"
    namespace: dict[str, Any] = {
        "SPEC": str(spec),
        "SPECPATH": str(ROOT),
        "specnm": "build",
        "workpath": str(work),
        "DISTPATH": str(work / "dist"),
        **{name: step(name) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")},
    }
    exec(compile(spec.read_bytes(), str(spec), "exec"), namespace)
    return built


def test_every_build_compiles_the_solver_and_has_no_console_window(tmp_path, monkeypatch):
    for platform in ("win32", "darwin", "linux"):
        built = run_spec(platform, tmp_path / platform, monkeypatch)
        assert any("build_ext" in command for command in built["commands"]), platform
        assert built["EXE"].kwargs["console"] is False
        assert built["EXE"].kwargs["name"] == "Mosaic"
        shipped = {target for _, target in built["Analysis"].kwargs["datas"]}
        assert {"assets", "puzzles", "game/ai", "game/online/templates"} <= shipped


def test_the_web_pages_templates_ship_with_the_package_and_the_executable(tmp_path, monkeypatch):
    """The server runs inside the game: its templates go wherever its code goes."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["game.online"]
    templates = ROOT / "game" / "online" / "templates"
    shipped = {p for pattern in patterns for p in (ROOT / "game" / "online").glob(pattern)}
    assert shipped == set(templates.iterdir()) and shipped
    spec = run_spec("linux", tmp_path, monkeypatch)["Analysis"].kwargs["datas"]
    assert (str(templates), "game/online/templates") in spec


def test_windows_gets_the_icon_the_version_resource_and_the_manifest(tmp_path, monkeypatch):
    from PIL import Image

    exe = run_spec("win32", tmp_path, monkeypatch)["EXE"].kwargs
    icon = Path(exe["icon"])
    assert icon == tmp_path / "Mosaic.ico"
    with Image.open(icon) as ico:
        assert ico.format == "ICO"
        assert {w for w, _ in ico.info["sizes"]} == set(bundle.ICO_SIZES)
    version_file = Path(exe["version"])
    assert version_file == tmp_path / "version_info.txt"
    info = read_version_info(version_file.read_text(encoding="utf-8"))
    numbers = (*(int(n) for n in game.__version__.split(".")), 0)
    assert info["filevers"] == info["prodvers"] == numbers
    assert info["strings"]["ProductName"] == game.CREDIT == "Mosaic by Mark Steere"
    assert info["strings"]["FileDescription"] == game.CREDIT
    assert info["strings"]["FileVersion"] == ".".join(str(n) for n in numbers)
    assert info["strings"]["ProductVersion"] == game.__version__
    assert info["strings"]["OriginalFilename"] == "Mosaic.exe"
    assert "Mark Steere" in info["strings"]["LegalCopyright"]
    assert info["strings"]["CompanyName"]
    assert exe["manifest"] == bundle.MANIFEST
    assert "BUNDLE" not in run_spec("win32", tmp_path / "again", monkeypatch)


def test_the_mac_app_gets_its_version_and_icon_in_its_bundle(tmp_path, monkeypatch):
    from PIL import Image

    built = run_spec("darwin", tmp_path, monkeypatch)
    app = built["BUNDLE"].kwargs
    assert built["BUNDLE"].args == (built["COLLECT"],)
    assert built["COLLECT"].args[0] is built["EXE"]
    assert built["EXE"].kwargs["exclude_binaries"] is True
    assert app["name"] == "Mosaic.app"
    assert app["version"] == game.__version__
    plist = app["info_plist"]
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == game.__version__
    assert plist["NSHighResolutionCapable"] is True
    # PyInstaller writes it with plistlib, as macOS reads it: the same entries back.
    assert plistlib.loads(plistlib.dumps(plist)) == plist
    assert app["icon"] == built["EXE"].kwargs["icon"] == str(tmp_path / "Mosaic.icns")
    with Image.open(app["icon"]) as icns:
        assert icns.format == "ICNS"
        # 512 points at twice the pixels: the largest size macOS shows.
        assert (512, 512, 2) in icns.info["sizes"]
    assert built["EXE"].kwargs.get("version") is None
    assert built["EXE"].kwargs.get("manifest") is None


def test_linux_gets_one_file_without_windows_resources(tmp_path, monkeypatch):
    exe = run_spec("linux", tmp_path, monkeypatch)["EXE"].kwargs
    assert exe["icon"] is None and exe["version"] is None and exe["manifest"] is None
    assert not list(tmp_path.iterdir())  # nothing made for another system


def read_version_info(text: str) -> dict[str, Any]:
    """The version file's numbers and strings, read by evaluating it as PyInstaller
    does, with each of its structures recorded by name."""
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable")
    names += ("StringStruct", "VarFileInfo", "VarStruct")
    made: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def structure(name: str):
        def record(*args: Any, **kwargs: Any) -> str:
            made.append((name, args, kwargs))
            return name

        return record

    assert eval(text, {"__builtins__": {}}, {n: structure(n) for n in names}) == "VSVersionInfo"
    fixed = next(k for n, _, k in made if n == "FixedFileInfo")
    strings = dict(a for n, a, _ in made if n == "StringStruct")
    return {"filevers": fixed["filevers"], "prodvers": fixed["prodvers"], "strings": strings}


def test_pyinstaller_reads_the_version_file_as_written(tmp_path, monkeypatch):
    pytest.importorskip("PyInstaller", reason="the build extra is not installed")
    from PyInstaller import compat

    # The module imports what it needs to write into an executable on Windows
    # (pefile, win32api); reading the text and making the bytes use neither.
    if "pefile" not in sys.modules:
        try:
            import pefile  # noqa: F401
        except ImportError:
            monkeypatch.setitem(sys.modules, "pefile", SimpleNamespace())
    monkeypatch.setattr(compat, "win32api", getattr(compat, "win32api", None), raising=False)
    monkeypatch.delitem(sys.modules, "PyInstaller.utils.win32.versioninfo", raising=False)
    from PyInstaller.utils.win32 import versioninfo

    path = tmp_path / "version_info.txt"
    path.write_text(bundle.version_info("1.2.3"), encoding="utf-8")
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == (1 << 16 | 2, 3 << 16)
    assert (info.ffi.productVersionMS, info.ffi.productVersionLS) == (1 << 16 | 2, 3 << 16)
    raw = info.toRaw()  # the bytes written into the executable
    assert "Mosaic by Mark Steere".encode("utf-16-le") in raw
    assert "1.2.3.0".encode("utf-16-le") in raw


SETTINGS = "{http://schemas.microsoft.com/SMI/%s/WindowsSettings}%s"


def test_the_manifest_asks_for_sharp_pixels_and_no_administrator():
    root = ET.fromstring(bundle.MANIFEST.encode("utf-8"))
    assert root.findtext(f".//{SETTINGS % ('2016', 'dpiAwareness')}") == "PerMonitorV2"
    assert root.findtext(f".//{SETTINGS % ('2005', 'dpiAware')}") == "true/pm"
    level = root.find(".//{urn:schemas-microsoft-com:asm.v3}requestedExecutionLevel")
    assert level is not None and level.get("level") == "asInvoker"


def test_pyinstaller_keeps_the_manifests_settings():
    pytest.importorskip("PyInstaller", reason="the build extra is not installed")
    from PyInstaller.utils.win32 import winmanifest

    written = winmanifest.create_application_manifest(bundle.MANIFEST.encode("utf-8"))
    root = ET.fromstring(written)
    assert root.findtext(f".//{SETTINGS % ('2016', 'dpiAwareness')}") == "PerMonitorV2"
    assert root.findtext(f".//{SETTINGS % ('2016', 'longPathAware')}") == "true"


def test_a_release_page_says_what_its_changelog_entry_says(capsys):
    notes = bundle.release_notes(changelog(), "0.1.0")
    assert notes.startswith("The first release.") and "### Added" in notes
    assert "## [" not in notes and "1,276 puzzles" not in notes  # 1.0.0's, not 0.1.0's
    assert bundle.main([f"v{game.__version__}"]) == 0
    assert capsys.readouterr().out == bundle.release_notes(changelog(), game.__version__)
    with pytest.raises(SystemExit, match="not this game's version"):
        bundle.main(["v0.0.9"])
    with pytest.raises(SystemExit, match=r"no entry '## \[9.9.9\]"):
        bundle.release_notes(changelog(), "9.9.9")


def test_the_windows_build_pins_every_package_the_game_needs():
    """tools/windows/requirements.txt is installed with --no-deps, so a dependency the
    game gains must be named there too, or the Windows build cannot import it."""
    needs = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = {re.split(r"[<>=!~ ;\[]", d)[0].lower() for d in needs["project"]["dependencies"]}
    pins = (ROOT / "tools" / "windows" / "requirements.txt").read_text(encoding="utf-8")
    pinned = {line.split("==")[0].lower() for line in pins.splitlines() if "==" in line}
    assert wanted and wanted <= pinned, wanted - pinned


def test_the_windows_build_pins_what_the_build_extra_adds_on_windows():
    """Speech's pyttsx3 comes into the Windows exe through the build extra's marker;
    the Wine build installs only the pins, with --no-deps: pyttsx3 and what its SAPI
    driver imports must be pinned there."""
    from packaging.requirements import Requirement

    needs = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    windows = {"sys_platform": "win32", "platform_system": "Windows", "extra": ""}
    wanted = {
        r.name.lower()
        for r in map(Requirement, needs["project"]["optional-dependencies"]["build"])
        if r.marker is None or r.marker.evaluate(windows)
    }
    pins = (ROOT / "tools" / "windows" / "requirements.txt").read_text(encoding="utf-8")
    pinned = {line.split("==")[0].lower() for line in pins.splitlines() if "==" in line}
    assert "pyttsx3" in wanted
    assert wanted | {"comtypes", "pywin32"} <= pinned, (wanted | {"comtypes", "pywin32"}) - pinned


def test_the_package_search_never_walks_the_build_folder(tmp_path, monkeypatch):
    """setuptools' search for packages follows links, and the Windows build leaves a
    Wine prefix under build/ whose z: links to /: setup.py build_ext (build.spec
    runs it) walked the whole disk round and round."""
    import setuptools.discovery

    find = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    config = find["tool"]["setuptools"]["packages"]["find"]
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("")
    (tmp_path / "build" / "windows" / "prefix" / "dosdevices").mkdir(parents=True)
    (tmp_path / "build" / "windows" / "prefix" / "dosdevices" / "z:").symlink_to(tmp_path)
    walked: list[str] = []
    real_walk = setuptools.discovery.os.walk

    def walk(top: str, **kw: Any) -> Any:
        for step in real_walk(top, **kw):
            walked.append(step[0])
            if len(walked) > 1000:  # round and round: enough to tell
                return
            yield step

    monkeypatch.setattr(setuptools.discovery.os, "walk", walk)
    found = setuptools.discovery.PEP420PackageFinder.find(
        str(tmp_path), include=config.get("include", ()), exclude=config.get("exclude", ())
    )
    assert found == ["game"]
    assert not [w for w in walked if "build" in Path(w).relative_to(tmp_path).parts], walked[:5]
