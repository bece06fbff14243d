"""The sizes the guides give that only a built page shows: how-it-works' runtime size is the example page's, to the
tenth of a KB it writes (1 KB = 1024 bytes, as bench/runtime-size.py's budget counts)."""
import gzip
import re

from conftest import ROOT


def test_how_it_works_gives_the_example_pages_runtime_size(built_site):
    text = (ROOT / "docs" / "how-it-works.md").read_text(encoding="utf-8")
    written = re.search(r"([0-9]+\.[0-9]) KB gzipped on the example page", text)
    assert written, "docs/how-it-works.md no longer says the runtime's size on the example page"
    page = (built_site / "index.html").read_text(encoding="utf-8")
    runtime = [body for attributes, body in re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S) if "type=" not in attributes]
    assert len(runtime) == 1, "expected one inline runtime script"
    measured = len(gzip.compress(runtime[0].encode(), 9)) / 1024
    assert f"{measured:.1f}" == written.group(1), f"the example page's runtime is {measured:.2f} KB gzipped; docs/how-it-works.md says {written.group(1)}"
