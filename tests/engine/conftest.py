"""Engine test hooks: the generic contract suite's counts per game in the terminal summary."""

import sys


def pytest_terminal_summary(terminalreporter):
    contract = sys.modules.get("tests.engine.test_contract")
    if contract is not None and contract.REPORT:
        terminalreporter.write_sep("-", "engine contract: counts per game")
        for line in contract.summary():
            terminalreporter.write_line(line)
