"""ctypes over libChimeC (Sources/ChimeC/include/chime.h): bytes for batches; for schedules, a
struct of integers per fire (`CFire`, chime.h's chime_fire)."""
import ctypes
import os
import sys

LIBRARY = "libChimeC.dylib" if sys.platform == "darwin" else "libChimeC.so"

OK = 0
BAD_ARGUMENT = 1
BAD_CONFIGURATION = 2
ERROR = 3


#: chime_fire's fields in order, for struct.unpack_from: one call reads a whole fire.
FIRE_LAYOUT = "<q12i"


class CFire(ctypes.Structure):
    """chime.h's chime_fire."""
    _fields_ = [("utc_seconds", ctypes.c_int64), ("nanosecond", ctypes.c_int32), ("offset_seconds", ctypes.c_int32),
                ("year", ctypes.c_int32), ("month", ctypes.c_int32), ("day", ctypes.c_int32),
                ("hour", ctypes.c_int32), ("minute", ctypes.c_int32), ("second", ctypes.c_int32),
                ("fold", ctypes.c_int32), ("is_dst", ctypes.c_int32), ("adjustment", ctypes.c_int32),
                ("abbreviation", ctypes.c_int32)]

EXPLAIN = 1
SOURCES = {None: 0, "tzif": 2, "icu": 4, "newest": 8}


def library_path():
    """$CHIME_LIBRARY (a development build), else the library installed beside this file."""
    return os.environ.get("CHIME_LIBRARY") or os.path.join(os.path.dirname(os.path.abspath(__file__)), LIBRARY)


def _load():
    lib = ctypes.CDLL(library_path())
    out = ctypes.POINTER(ctypes.c_void_p)
    size = ctypes.POINTER(ctypes.c_size_t)
    lib.chime_version.argtypes = []
    lib.chime_version.restype = ctypes.c_char_p
    lib.chime_batch.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint, out, size]
    lib.chime_batch.restype = ctypes.c_int
    lib.chime_free.argtypes = [ctypes.c_void_p]
    lib.chime_free.restype = None
    lib.chime_batch_open.argtypes = [ctypes.c_uint]
    lib.chime_batch_open.restype = ctypes.c_void_p
    lib.chime_batch_feed.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.chime_batch_feed.restype = ctypes.c_int
    lib.chime_batch_end.argtypes = [ctypes.c_void_p]
    lib.chime_batch_end.restype = ctypes.c_int
    lib.chime_batch_read.argtypes = [ctypes.c_void_p, out, size]
    lib.chime_batch_read.restype = ctypes.c_int
    lib.chime_batch_close.argtypes = [ctypes.c_void_p]
    lib.chime_batch_close.restype = None
    fires = ctypes.POINTER(CFire)
    lib.chime_schedule_open.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint, out, size]
    lib.chime_schedule_open.restype = ctypes.c_void_p
    lib.chime_schedule_info.argtypes = [ctypes.c_void_p, out, size]
    lib.chime_schedule_info.restype = ctypes.c_int
    lib.chime_schedule_instant.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int64),
                                           ctypes.POINTER(ctypes.c_int32), out, size]
    lib.chime_schedule_instant.restype = ctypes.c_int
    lib.chime_schedule_fires.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int32, ctypes.c_int, fires, ctypes.c_size_t,
                                         size, out, size]
    lib.chime_schedule_fires.restype = ctypes.c_int
    lib.chime_schedule_close.argtypes = [ctypes.c_void_p]
    lib.chime_schedule_close.restype = None
    lib.chime_schedule_next.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int32, ctypes.c_int, ctypes.c_void_p]
    lib.chime_schedule_next.restype = ctypes.c_int
    lib.chime_fire_cursor_open.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int32, ctypes.c_int, out, size]
    lib.chime_fire_cursor_open.restype = ctypes.c_void_p
    lib.chime_fire_cursor_next.argtypes = [ctypes.c_void_p, fires, ctypes.c_size_t, size, out, size]
    lib.chime_fire_cursor_next.restype = ctypes.c_int
    lib.chime_fire_cursor_close.argtypes = [ctypes.c_void_p]
    lib.chime_fire_cursor_close.restype = None
    lib.chime_abbreviation.argtypes = [ctypes.c_int32]
    lib.chime_abbreviation.restype = ctypes.c_char_p
    lib.chime_adjustment.argtypes = [ctypes.c_int32]
    lib.chime_adjustment.restype = ctypes.c_char_p
    return lib


lib = _load()


def flags(explain=False, source=None):
    if source not in SOURCES:
        raise ValueError(f"source must be one of tzif, icu, newest (or None), got {source!r}")
    return (EXPLAIN if explain else 0) | SOURCES[source]


def _take(buffer, length):
    """The bytes of a buffer the library handed out, then the buffer released."""
    if not buffer:
        return b""
    try:
        return ctypes.string_at(buffer, length)
    finally:
        lib.chime_free(buffer)


def version():
    return lib.chime_version().decode()


def batch(data, flag_bits=0):
    """(status, response bytes) for JSON Lines `data` (bytes)."""
    buffer, length = ctypes.c_void_p(), ctypes.c_size_t()
    status = lib.chime_batch(data, len(data), flag_bits, ctypes.byref(buffer), ctypes.byref(length))
    return status, _take(buffer.value, length.value)


class Stream:
    """A chime_batch_stream: feed request bytes, read response bytes. Close it (or use `with`)."""

    def __init__(self, flag_bits=0):
        self._handle = lib.chime_batch_open(flag_bits)
        if not self._handle:
            raise ValueError(f"chime_batch_open refused the flags {flag_bits}")

    def feed(self, data):
        return lib.chime_batch_feed(self._handle, data, len(data))

    def end(self):
        return lib.chime_batch_end(self._handle)

    def read(self):
        buffer, length = ctypes.c_void_p(), ctypes.c_size_t()
        lib.chime_batch_read(self._handle, ctypes.byref(buffer), ctypes.byref(length))
        return _take(buffer.value, length.value)

    def close(self):
        if self._handle:
            lib.chime_batch_close(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()
