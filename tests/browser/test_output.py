"""The browser tests' output directory starts each run empty of an earlier run's screenshots and
measures (issue 18 review, item 4), so what it holds after a run was measured by that run."""

from tests.browser.conftest import MEASURES, fresh_output


def test_a_run_starts_without_the_last_runs_screenshots_and_measures(tmp_path):
    (tmp_path / "screenshots").mkdir()
    (tmp_path / "screenshots" / "paso-desktop.png").write_bytes(b"old")
    for name in MEASURES:
        (tmp_path / name).write_text("{}")
    (tmp_path / "daphne.log").write_text("kept: the server's log is rewritten, not measured")
    fresh_output(tmp_path)
    assert list((tmp_path / "screenshots").iterdir()) == []
    assert not any((tmp_path / name).exists() for name in MEASURES)
    assert (tmp_path / "daphne.log").exists()


def test_a_first_run_makes_the_screenshot_directory(tmp_path):
    fresh_output(tmp_path / "test-output")
    assert (tmp_path / "test-output" / "screenshots").is_dir()
