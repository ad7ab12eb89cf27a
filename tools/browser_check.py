#!/usr/bin/env python3
"""Opens `cblower layout --format html` reports in headless Chromium and
checks them against the JSON report of the same file:

  * the page loads with no console error;
  * a screenshot is taken (into --out);
  * every member block in the DOM sits where the JSON report says: for each
    leaf (scalar, vector, matrix) of each buffer, under each rule set drawn,
    the blocks with its path start at its offset and end at offset + size
    (positions measured by the browser with getBBox(), converted to bytes with
    the diagram's byte width and row height), and no block is drawn that the
    JSON report does not list.

Usage: browser_check.py --bin target/debug --out DIR [--arg=-IDIR ...] [FILE.hlsl ...]
       (no files: every lit shader the layout command accepts)
       browser_check.py --bin ... --out DIR --self-test
       (moves one block by a byte and fails unless the check notices)
       browser_check.py --bin ... --screenshot FILE.png --width N --height N FILE.hlsl
       (the screenshot of one report, for the docs)

Needs Debian's chromium and chromium-driver and Python selenium (installed by
llvm-config/install.sh --browser).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SE_OFFLINE", "true")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
COMPARE = ["clang-22", "std140"]

# Geometry of every member block and padding run of every diagram, as the
# browser lays it out.
COLLECT_JS = r"""
const out = [];
document.querySelectorAll('section.buffer').forEach((sec, b) => {
  sec.querySelectorAll('div.side').forEach(side => {
    const svg = side.querySelector('svg.rows');
    const d = svg.dataset;
    const blocks = [];
    svg.querySelectorAll('g.member').forEach(g => {
      const rects = [];
      g.querySelectorAll('rect.block').forEach(r => {
        const bb = r.getBBox();
        rects.push([bb.x, bb.y, bb.width, bb.height]);
      });
      blocks.push([g.dataset.path, rects]);
    });
    out.push({buffer: b, rules: side.dataset.rules, rows: +d.rows, bw: +d.byteWidth,
              rh: +d.rowHeight, left: +d.left, top: +d.top, blocks: blocks});
  });
});
return out;
"""

BREAK_JS = r"""
const r = document.querySelector('g.member rect.block');
r.setAttribute('x', +r.getAttribute('x') + +r.closest('svg').dataset.byteWidth);
return r.closest('g').dataset.path;
"""


def driver(width=1200, height=900):
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage", f"--window-size={width},{height}",
              "--hide-scrollbars", "--force-color-profile=srgb"]:
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


EXTRA_ARGS = []


def run(bin_dir, args):
    return subprocess.run([str(Path(bin_dir) / "cblower"), *args, *EXTRA_ARGS],
                          capture_output=True, text=True)


def leaves(members, prefix=""):
    """(path, type, offset, size) of every leaf the JSON report lists, and
    whether it lists them all."""
    out, complete = [], True
    for m in members:
        name = m["name"]
        path = prefix + name if name.startswith("[") or not prefix else prefix + "." + name
        if "elements" in m:
            sub, c = leaves(m["elements"], path)
            out += sub
            complete = complete and c and "elements_omitted" not in m
        elif "fields" in m:
            sub, c = leaves(m["fields"], path)
            out += sub
            complete = complete and c
        else:
            out.append((path, m["type"], m["offset"], m["size"]))
    return out, complete


def check_diagram(diag, buffer, where):
    """Problems found comparing one drawn diagram with its JSON buffer."""
    problems = []
    bw, rh, left, top, rows = diag["bw"], diag["rh"], diag["left"], diag["top"], diag["rows"]
    limit = rows * 16
    drawn = {}
    for path, rects in diag["blocks"]:
        segs = []
        for x, y, w, h in rects:
            col, row, n = (x - left) / bw, (y - top) / rh, w / bw
            if any(abs(v - round(v)) > 1e-3 for v in (col, row, n)) or abs(h - rh) > 1e-3:
                problems.append(f"{where}: block of {path} is off the byte grid: x={x} y={y} w={w} h={h}")
                continue
            start = round(row) * 16 + round(col)
            segs.append((start, start + round(n)))
        drawn.setdefault(path, []).extend(segs)
    want, complete = leaves(buffer["members"])
    # Unnamed members (clang-22's `: 0` and unnamed bitfields) share one
    # path; their blocks together must cover exactly their bytes.
    counts = {}
    for path, _, offset, _ in want:
        if offset < limit:
            counts[path] = counts.get(path, 0) + 1
    shared = {p for p, n in counts.items() if n > 1}
    for path in sorted(shared):
        bytes_json = set()
        for p, _, offset, size in want:
            if p == path:
                bytes_json.update(range(offset, min(offset + size, limit)))
        bytes_drawn = set()
        for s, e in drawn.get(path, []):
            bytes_drawn.update(range(s, e))
        if bytes_drawn != bytes_json:
            problems.append(f"{where}: the unnamed members at {path} cover bytes "
                            f"{sorted(bytes_drawn)[:8]}..., the JSON report says "
                            f"{sorted(bytes_json)[:8]}...")
    listed = set(shared)
    for path, ty, offset, size in want:
        if offset >= limit or path in shared:
            continue
        listed.add(path)
        segs = sorted(drawn.get(path, []))
        if not segs:
            problems.append(f"{where}: {path} ({ty}, offset {offset}, size {size}) has no block")
            continue
        end = min(offset + size, limit)
        first, last = segs[0][0], max(e for _, e in segs)
        matrix = re.search(r"\d+x\d+$", ty) is not None
        # A matrix's size may end in padding after its last column (std140).
        if first != offset or (last > end if matrix else last != end):
            problems.append(f"{where}: {path} ({ty}) drawn at bytes {first}..{last}, "
                            f"the JSON report says {offset}..{offset + size}")
            continue
        covered = sum(e - s for s, e in segs)
        if not matrix and covered != end - offset:
            problems.append(f"{where}: {path} ({ty}) covers {covered} bytes, expected {end - offset}")
        if matrix and any(s < offset or e > end for s, e in segs):
            problems.append(f"{where}: a part of matrix {path} lies outside {offset}..{end}")
    if complete:
        for path in drawn:
            if path not in listed:
                problems.append(f"{where}: block {path} is not a member of the JSON report")
    return problems


def check_file(drv, bin_dir, hlsl, out_dir, break_one=False):
    """Returns (problems, skipped reason or None)."""
    base = run(bin_dir, ["layout", "--format", "json", str(hlsl)])
    if base.returncode != 0:
        return [], "the layout command rejects it"
    json_by_rules = {"cbuffer": json.loads(base.stdout)}
    compare = []
    for r in COMPARE:
        res = run(bin_dir, ["layout", "--format", "json", "--rules", r, str(hlsl)])
        if res.returncode == 0:
            json_by_rules[r] = json.loads(res.stdout)
            compare += ["--compare", r]
    stem = f"{hlsl.parent.name}-{hlsl.stem}"
    html = Path(out_dir) / (stem + ".html")
    res = run(bin_dir, ["layout", "--format", "html", "-o", str(html), *compare, str(hlsl)])
    if res.returncode != 0:
        return [f"{hlsl}: --format html failed: {res.stderr.strip()}"], None
    drv.get(html.resolve().as_uri())
    problems = []
    for entry in drv.get_log("browser"):
        if entry.get("level") == "SEVERE":
            problems.append(f"{hlsl}: console error: {entry.get('message')}")
    if break_one:
        moved = drv.execute_script(BREAK_JS)
        print(f"self-test: moved one block of {moved} by a byte")
    drv.save_screenshot(str(Path(out_dir) / (stem + ".png")))
    for diag in drv.execute_script(COLLECT_JS):
        doc = json_by_rules.get(diag["rules"])
        if doc is None:
            problems.append(f"{hlsl}: a diagram under {diag['rules']} rules that was not asked for")
            continue
        buffers = doc["buffers"]
        if diag["buffer"] >= len(buffers):
            problems.append(f"{hlsl}: diagram of buffer {diag['buffer']} not in the JSON report")
            continue
        where = f"{hlsl.name} buffer {buffers[diag['buffer']]['name']} ({diag['rules']})"
        problems += check_diagram(diag, buffers[diag["buffer"]], where)
    if len(doc_sections := drv.find_elements("css selector", "section.buffer")) != len(
            json_by_rules["cbuffer"]["buffers"]):
        problems.append(f"{hlsl}: {len(doc_sections)} buffer sections, "
                        f"{len(json_by_rules['cbuffer']['buffers'])} buffers in the JSON report")
    return problems, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(REPO / "target" / "debug"))
    ap.add_argument("--out")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--screenshot")
    ap.add_argument("--width", type=int, default=1200)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--arg", action="append", default=[],
                    help="passed to every cblower run (e.g. --arg=-Iinclude)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    EXTRA_ARGS.extend(a.arg)

    if a.screenshot:
        hlsl = Path(a.files[0])
        with tempfile.TemporaryDirectory() as tmp:
            html = Path(tmp) / "report.html"
            res = run(a.bin, ["layout", "--format", "html", "-o", str(html),
                              "--compare", "clang-22", str(hlsl)])
            if res.returncode != 0:
                sys.exit(f"layout failed: {res.stderr}")
            drv = driver(a.width, a.height)
            try:
                drv.get(html.resolve().as_uri())
                drv.save_screenshot(a.screenshot)
            finally:
                drv.quit()
        return

    out_dir = Path(a.out or tempfile.mkdtemp(prefix="cblower-browser-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    drv = driver()
    try:
        if a.self_test:
            hlsl = REPO / "lit-tests" / "layout" / "seed-example-matrices.hlsl"
            problems, _ = check_file(drv, a.bin, hlsl, out_dir, break_one=True)
            if not problems:
                sys.exit("self-test FAILED: a block moved by a byte went unnoticed")
            print(f"self-test: the check caught it: {problems[0]}")
            return
        files = [Path(f) for f in a.files] or sorted(
            p for p in (REPO / "lit-tests").rglob("*.hlsl") if "Inputs" not in p.parts)
        problems, checked, skipped = [], 0, 0
        for f in files:
            p, skip = check_file(drv, a.bin, f, out_dir)
            if skip:
                skipped += 1
                continue
            checked += 1
            problems += p
    finally:
        drv.quit()
    for p in problems:
        print(p)
    print(f"browser check: {checked} reports checked in Chromium, {skipped} shaders the layout "
          f"command rejects skipped, {len(problems)} problems; screenshots in {out_dir}")
    if problems or checked == 0:
        sys.exit(1)


if __name__ == "__main__":
    main()
