import os
import pathlib

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


def chime_cli():
    """The `chime` executable the library's answers are held against: $CHIME_CLI, else the
    repository's release build, else its debug build."""
    for path in (os.environ.get("CHIME_CLI"), REPOSITORY / ".build/release/chime", REPOSITORY / ".build/debug/chime"):
        if path and os.access(path, os.X_OK):
            return str(path)
    return None


@pytest.fixture(scope="session")
def cli():
    path = chime_cli()
    if path is None:
        pytest.fail("no chime executable: run `swift build` (or set CHIME_CLI)")
    return path
