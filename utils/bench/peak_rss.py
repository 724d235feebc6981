"""Peak resident memory and wall time of one child process, for the
benchmark scripts in utils/bench."""

import os
import subprocess
import tempfile
import time


def measure(argv):
    """Runs `argv` (stdout discarded); returns (exit status, wall seconds,
    peak RSS in bytes, stderr text). wait4 gives this child's own rusage
    (getrusage(RUSAGE_CHILDREN) would be the maximum over every child so
    far); stderr goes to a file so that a chatty child cannot block."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode(errors="replace")
    # ru_maxrss is in KiB on Linux.
    return child.returncode, wall, usage.ru_maxrss * 1024, text
