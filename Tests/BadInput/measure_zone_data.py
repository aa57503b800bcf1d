#!/usr/bin/env python3
"""Zone data as untrusted input, before and after: each case's exit, wall time and peak RSS
(`/usr/bin/time`, `timeout 10`), as a Markdown table (docs/results/2026-12-03-zone-data-trust.md).

    python3 Tests/BadInput/measure_zone_data.py BEFORE_CHIME AFTER_CHIME

The trees are the battery's (`battery.TREES`), built from the pinned fixtures.
"""
import json, os, shutil, signal, subprocess, sys, tempfile, time
REL = len(sys.argv) > 1 and sys.argv[1] == "--reload"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if not REL:
    import battery as B   # (not in the reload child: its 400 MB of cases would count in the forked child's RSS)
    BIN = {"before": sys.argv[1], "after": sys.argv[2]}
fixtures = None if REL else B.fixtures_tzdir()
trees = None if REL else B.Trees(fixtures, tempfile.mkdtemp(prefix="zt-measure-"))

def tz(name):
    return name if name.startswith("/") else trees.path(name)

CASES = [
    ("FIFO zone file", "zonefile-FIFO-America-New_York", ["zone", "America/New_York"]),
    ("FIFO tzdata.zi", "index-FIFO-tzdata.zi", ["zone", "UTC"]),
    ("FIFO +VERSION", "index-FIFO-+VERSION", ["zone", "UTC"]),
    ("socket zone file", "zonefile-socket-America-New_York", ["zone", "America/New_York"]),
    ("TZDIR=/", "/", ["zone", "UTC"]),
    ("TZDIR=/proc", "/proc", ["zone", "UTC"]),
    ("TZDIR=/sys", "/sys", ["zone", "UTC"]),
    ("TZDIR=/dev", "/dev", ["zone", "UTC"]),
    ("TZDIR=12,000 empty files", "12,000 entries", ["zone", "UTC"]),
    ("walked tree, ten dir loops", "walk-ten dir loops", ["zone", "America/New_York", "--source", "tzif"]),
    ("walked tree, pair loop", "walk-pair loop", ["zone", "America/New_York", "--source", "tzif"]),
    ("walked tree, link to /", "walk-link to /", ["zone", "America/New_York", "--source", "tzif"]),
    ("walked tree, link to /proc", "walk-link to /proc", ["zone", "America/New_York", "--source", "tzif"]),
    ("NY a link to another tree's Tokyo", "escape-absolute link to another tree-True", ["zone", "America/New_York", "--at", "2026-07-01T00:00:00Z"]),
    ("NY a link to host's Tokyo", "escape-link to the host's zoneinfo-True", ["zone", "America/New_York", "--at", "2026-07-01T00:00:00Z"]),
    ("posix/America/New_York", "/usr/share/zoneinfo", ["zone", "posix/America/New_York", "--at", "2026-07-01T00:00:00Z"]),
    ("localtime", "/usr/share/zoneinfo", ["zone", "localtime", "--at", "2026-07-01T00:00:00Z"]),
    ("posixrules", "/usr/share/zoneinfo", ["zone", "posixrules", "--at", "2026-07-01T00:00:00Z"]),
    ("Etc//UTC", "/usr/share/zoneinfo", ["zone", "Etc//UTC", "--at", "2026-07-01T00:00:00Z"]),
    ("America//New_York", "/usr/share/zoneinfo", ["zone", "America//New_York", "--at", "2026-07-01T00:00:00Z"]),
    ("ESC in an abbreviation (zone)", "controls", ["zone", "Test/C0", "--at", "2026-07-01T00:00:00Z"]),
    ("OSC title in an abbreviation (next)", "controls", ["next", "--at", "09:00", "--tz", "Test/C1", "--after", "2026-03-07T12:00:00Z", "--count", "2"]),
]

def run(binary, tzdir, args):
    env = {"PATH": "/usr/bin:/bin", "TZDIR": tzdir, "CHIME_ZONE_SOURCE": "newest", "TZ": "UTC", "LANG": "C.UTF-8"}
    start = time.monotonic()
    p = subprocess.run(["/usr/bin/time", "-f", "%M", "timeout", "10", binary, *args], env=env, capture_output=True, stdin=subprocess.DEVNULL)
    elapsed = time.monotonic() - start
    err = p.stderr.decode("utf-8", "replace").strip().split("\n")
    rss = err[-1].strip() if err and err[-1].strip().isdigit() else "?"
    if "Command exited" in (err[-2] if len(err) > 1 else ""):
        err = err[:-1]
    msg = "\n".join(l for l in err[:-1] if not l.startswith("Command ")).strip()
    out = p.stdout.decode("utf-8", "replace")
    raw = sum(1 for c in out if (ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) < 0xa0)
    status = "timeout" if p.returncode == 124 else f"exit {p.returncode}"
    first = out.split("\n")[2].strip() if out.count("\n") > 2 and args[0] == "zone" else out.split("\n")[-2][:60] if out.strip() else ""
    return status, elapsed, rss, raw, (msg[:150] or first[:90])

def reload_case(binary, to):
    """Runs in a child Python (so RUSAGE_CHILDREN is chime's alone): prints status, seconds, KiB, lines."""
    r = subprocess.run([sys.executable, __file__, "--reload", binary, tz(to), fixtures], capture_output=True, text=True)
    status, elapsed, rss, answered = r.stdout.split()
    return status, float(elapsed), rss, answered

def reload_child(binary, to, fixtures):
    import resource, threading
    link = tempfile.mkdtemp(prefix="zt-link-") + "/link"
    os.symlink(fixtures, link)
    env = {"PATH": "/usr/bin:/bin", "TZDIR": link, "CHIME_ZONE_SOURCE": "tzif", "TZ": "UTC"}
    line = (json.dumps({"id": "r", "zone": "America/New_York", "after": "2026-03-07T12:00:00Z", "count": 2,
                        "trigger": {"calendar": {"components": {"hour": 2, "minute": 30}}}}) + "\n").encode()
    start = time.monotonic()
    p = subprocess.Popen([binary, "batch", "--zone-check-interval", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=env)
    killed = []
    timer = threading.Timer(10, lambda: (killed.append(1), p.kill())); timer.start()
    p.stdin.write(line); p.stdin.flush(); first = p.stdout.readline()
    os.symlink(to, link + ".new"); os.replace(link + ".new", link)
    p.send_signal(signal.SIGHUP)
    try:
        p.stdin.write(line * 2); p.stdin.close()
    except BrokenPipeError:
        pass
    rest = p.stdout.read(); p.wait(); timer.cancel()
    lines = [l for l in (first + rest).split(b"\n") if l]
    same = sum(1 for l in lines if l == lines[0])
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    shutil.rmtree(os.path.dirname(link), ignore_errors=True)
    print("timeout" if killed else f"exit-{p.returncode}", f"{time.monotonic() - start:.2f}", rss, f"{len(lines)}/{same}")

if len(sys.argv) > 1 and sys.argv[1] == "--reload":
    reload_child(*sys.argv[2:5])
    sys.exit(0)

print("| case | before | after |\n| --- | --- | --- |")
for label, tree, args in CASES:
    cells = []
    for which in ("before", "after"):
        status, elapsed, rss, raw, msg = run(BIN[which], tz(tree), args)
        extra = f", {raw} raw control chars" if raw else ""
        cells.append(f"{status}, {elapsed:.2f} s, {int(rss) // 1024 if rss != '?' else '?'} MiB{extra}: {msg.replace('|', '¦')}")
    print(f"| {label} (`chime {' '.join(args)}`) | {cells[0]} | {cells[1]} |")
for to in ["/", "/proc", "index-FIFO-tzdata.zi", "escape-absolute link to another tree-True"]:
    cells = []
    for which in ("before", "after"):
        status, elapsed, rss, answered = reload_case(BIN[which], to)
        cells.append(f"{status.replace('-', ' ')}, {elapsed:.2f} s, {int(rss) // 1024} MiB, {answered.split('/')[0]} of 3 lines answered, {answered.split('/')[1]} as the first (the old data)")
    print(f"| batch, SIGHUP reload onto `{to}` | {cells[0]} | {cells[1]} |")
shutil.rmtree(fixtures); shutil.rmtree(trees.root)
