"""The header is the interface: a C program compiled against Sources/ChimeC/include/chime.h
(with -Wall -Werror) and linked with libChimeC answers as `chime batch` does."""
import os
import shutil
import subprocess

import pytest

import chime
from chime import _native
from conftest import REPOSITORY
from test_against_cli import generated_requests, run_cli


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    compiler = shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler")
    library = os.path.realpath(_native.library_path())
    directory = tmp_path_factory.mktemp("c")
    linked = directory / os.path.basename(library)
    os.symlink(library, linked)
    binary = directory / "batch_stdin"
    subprocess.run([compiler, "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", str(REPOSITORY / "Sources/ChimeC/include"),
                    str(REPOSITORY / "python/tests/c/batch_stdin.c"), "-L", str(directory), "-lChimeC",
                    f"-Wl,-rpath,{directory}", "-o", str(binary)], check=True)
    return str(binary)


@pytest.mark.parametrize("one_call", [False, True])
def test_c_program_answers_as_the_cli(cli, program, one_call):
    data = generated_requests(600, seed=21) + b"\n" + (REPOSITORY / "examples/requests.jsonl").read_bytes()
    result = subprocess.run([program] + (["whole"] if one_call else []), input=data, capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout == run_cli(cli, data)
    if not one_call:
        assert result.stderr.decode().strip() == chime.version()


@pytest.mark.parametrize("one_call", [False, True])
def test_an_overlong_line_is_refused_as_the_cli_refuses_it(cli, program, one_call):
    # docs/contract.md, "Limits": a request line longer than 64 MiB gets lineTooLong, without being
    # held, and the lines after it are answered. The stream is fed in pieces, so the long line
    # arrives over many feeds; the one call gets it whole. Both must answer as `chime batch`.
    valid = (REPOSITORY / "examples/requests.jsonl").read_bytes().splitlines()[0]
    data = valid + b"\n" + b"x" * (64 * 1024 * 1024 + 5) + b"\r\n" + valid + b"\n" + b" " * (64 * 1024 * 1024 + 1)
    result = subprocess.run([program] + (["whole"] if one_call else []), input=data, capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr
    expected = run_cli(cli, data)
    assert result.stdout == expected
    lines = expected.decode().splitlines()
    assert len(lines) == 4 and '"lineTooLong"' in lines[1] and "67108869 bytes" in lines[1] and '"lineTooLong"' in lines[3]
