"""Builds libChimeC (Chime's C ABI) with `swift build` and ships it inside the `chime` package.

`pip install ./python` (from the Chime repository) runs

    swift build -c release --product ChimeC

in the repository (the parent of this directory, or $CHIME_SOURCE_ROOT) and copies
.build/release/libChimeC.so next to chime/__init__.py. To ship a library built elsewhere instead,
set CHIME_LIBRARY=/path/to/libChimeC.so while installing (it is then copied, not built);
scripts/dist does so to build the wheel (docs/packaging.md).
"""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

LIBRARY = "libChimeC.dylib" if sys.platform == "darwin" else "libChimeC.so"
HERE = os.path.dirname(os.path.abspath(__file__))


def built_library():
    given = os.environ.get("CHIME_LIBRARY")
    if given:
        if not os.path.isfile(given):
            raise SystemExit(f"CHIME_LIBRARY={given}: no such file")
        return given
    root = os.environ.get("CHIME_SOURCE_ROOT") or os.path.dirname(HERE)
    if not os.path.isfile(os.path.join(root, "Package.swift")):
        raise SystemExit(f"no Package.swift in {root}: set CHIME_SOURCE_ROOT to the Chime repository "
                         "or CHIME_LIBRARY to a built libChimeC")
    subprocess.check_call(["swift", "build", "-c", "release", "--product", "ChimeC"], cwd=root)
    return os.path.join(root, ".build", "release", LIBRARY)


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "chime")
        os.makedirs(target, exist_ok=True)
        shutil.copyfile(built_library(), os.path.join(target, LIBRARY))


class BinaryDistribution(Distribution):
    """The wheel holds a native library: platform-specific, not pure Python."""

    def has_ext_modules(self):
        return True


# chime._speedups: Schedule's per-fire work in C (python/src/chime/_speedups.c). Optional: where no
# compiler or Python headers are found the package is complete without it, only slower.
SPEEDUPS = Extension("chime._speedups", sources=["src/chime/_speedups.c"], optional=True,
                     extra_compile_args=["-O2", "-Wall", "-Werror"])

commands = {"build_py": BuildWithLibrary}
try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools 70.1 and later
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel  # older setuptools: the wheel package's
    except ImportError:
        bdist_wheel = None
if bdist_wheel is not None:
    class PlatformWheel(bdist_wheel):
        """Tagged py3-none-PLATFORM: ctypes loads the library, so the wheel fits any Python 3 (as
        requires-python allows) and only the platform matters, not CPython's ABI. The C speedups
        inside are built for the CPython that built the wheel: another Python does not find its
        file name (`_speedups.cpython-311-…so`) and answers through ctypes, the same answers."""

        def get_tag(self):
            return ("py3", "none", super().get_tag()[2])

    commands["bdist_wheel"] = PlatformWheel

setup(cmdclass=commands, distclass=BinaryDistribution, ext_modules=[SPEEDUPS])
