"""python/README.md's examples run as written (doctest), with their printed answers checked. The
answers there are hand-checked DST facts (New York's 2026 transitions: 2026-03-08 07:00Z, 02:00
EST -> 03:00 EDT; 2026-11-01 06:00Z, 02:00 EDT -> 01:00 EST) or Chime's documented words."""
import doctest

from conftest import REPOSITORY


def test_readme_examples():
    failures, tried = doctest.testfile(str(REPOSITORY / "python/README.md"), module_relative=False,
                                       optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert tried >= 10 and failures == 0
