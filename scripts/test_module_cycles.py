#!/usr/bin/env python3
"""Tests of module_cycles.py on small made-up crates: `python3 scripts/test_module_cycles.py`."""

import contextlib
import io
import tempfile
import unittest
from pathlib import Path

import module_cycles


def crate(files):
    """A crate folder holding `files` ({path under src: text}); removed on exit."""
    folder = tempfile.TemporaryDirectory()
    for name, text in files.items():
        path = Path(folder.name) / "src" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def run(files, *options):
    """The exit status and printed report of the script on a made-up crate."""
    with crate(files) as folder:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = module_cycles.main([*options, folder])
        return status, out.getvalue().replace(folder, "CRATE")


class ModuleCycles(unittest.TestCase):
    def test_a_two_module_cycle_is_reported_with_its_evidence(self):
        status, report = run({
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": "use crate::b::B;\npub struct A;\n",
            "b.rs": "pub struct B;\nfn f() -> crate::a::A { crate::a::A }\n",
        })
        self.assertEqual(status, 1)
        self.assertIn("cycle at depth 1: a -> b -> a", report)
        self.assertIn("src/a.rs:1: use crate::b::B;", report)
        self.assertIn("src/b.rs:2:", report)

    def test_a_layered_crate_passes(self):
        status, report = run({
            "lib.rs": "pub mod low;\npub mod high;\npub use low::Low;\n",
            "low.rs": "/// Not [`crate::high`]: a comment.\npub struct Low;\n"
                      "const S: &str = \"crate::high::H\";\n",
            "high.rs": "use crate::Low;\npub struct H(Low);\n",
        })
        self.assertEqual(status, 0, report)
        self.assertIn("3 modules, 2 references, no cycle", report)

    def test_reexports_lead_to_the_defining_module(self):
        # `crate::Low` is defined in `low`, re-exported by `hub` and the root.
        status, report = run({
            "lib.rs": "mod low;\nmod hub;\nmod user;\npub use hub::Low;\n",
            "hub.rs": "pub use super::low::Low;\n",
            "low.rs": "pub struct Low;\n",
            "user.rs": "fn f(_: crate::Low) {}\n",
        }, "--edges")
        self.assertEqual(status, 0, report)
        self.assertIn("user -> low", report)
        self.assertNotIn("user -> hub", report)

    def test_sibling_files_and_inline_test_modules_count(self):
        status, report = run({
            "lib.rs": "mod group;\n",
            "group/mod.rs": "mod one;\nmod two;\nfn shared() {}\n",
            "group/one.rs": "use super::shared;\nfn f() { super::two::g(); }\n",
            "group/two.rs": "pub fn g() {}\n#[cfg(test)]\nmod tests {\n"
                            "    use super::super::one::f;\n}\n",
        })
        self.assertEqual(status, 1)
        self.assertIn("cycle at depth 2: group::one -> group::two -> group::one", report)
        self.assertNotIn("depth 1", report)  # children naming their parent do not count

    def test_depth_limits_the_check(self):
        files = {
            "lib.rs": "mod group;\n",
            "group/mod.rs": "mod one;\nmod two;\n",
            "group/one.rs": "use super::two::B;\npub struct A;\n",
            "group/two.rs": "use super::one::A;\npub struct B;\n",
        }
        self.assertEqual(run(files, "--depth", "1")[0], 0)
        self.assertEqual(run(files, "--depth", "2")[0], 1)

    def test_path_attributes_raw_strings_and_lifetimes(self):
        status, report = run({
            "lib.rs": "#[path = \"elsewhere/x.rs\"]\nmod x;\nmod y;\n",
            "elsewhere/x.rs": "fn f<'a>(s: &'a str) -> char { let _ = r#\"crate::y\"#; '{' }\n"
                              "use crate::y::Y;\n",
            "y.rs": "pub struct Y;\n",
        }, "--edges")
        self.assertEqual(status, 0, report)
        self.assertIn("x -> y   CRATE/src/elsewhere/x.rs:2", report)


if __name__ == "__main__":
    unittest.main()
