"""Engine test hooks: the generic contract suites' counts per game in the terminal summary."""

from tests.engine import contract


def pytest_terminal_summary(terminalreporter):
    for suite in contract.REPORTS:
        terminalreporter.write_sep("-", f"engine contract ({suite}): counts per game")
        for line in contract.summary(suite):
            terminalreporter.write_line(line)
