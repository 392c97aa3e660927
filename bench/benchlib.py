"""What the terminal benches share: youbi (or the C floor) on a fresh pty, read
until a condition holds, and the helpers for their figures.

Every child gets an empty temporary XDG_CONFIG_HOME and XDG_STATE_HOME (ISOLATED),
so a developer's own config or schedule never changes the figures. Only the
python3 standard library.
"""
import atexit
import fcntl
import os
import select
import shutil
import signal
import struct
import tempfile
import termios
import time


CLK_TCK = os.sysconf("SC_CLK_TCK")


ISOLATED = tempfile.mkdtemp(prefix="youbi-bench-home-")
atexit.register(shutil.rmtree, ISOLATED, True)


class Child:
    """youbi on the slave side of a fresh pty of the given size."""

    def __init__(self, binary, args, cols, rows):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ)
        env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.update(
            XDG_CONFIG_HOME=os.path.join(ISOLATED, "config"),
            XDG_STATE_HOME=os.path.join(ISOLATED, "state"),
        )
        env.pop("NO_COLOR", None)
        env.pop("YOUBI_SCHEDULE", None)
        self.t0 = time.monotonic()
        pid = os.fork()
        if pid == 0:  # child
            try:
                os.close(self.master)
                os.login_tty(slave)
                for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGPIPE, signal.SIGTSTP):
                    signal.signal(sig, signal.SIG_DFL)
                os.execve(binary, [binary] + args, env)
            finally:
                os._exit(127)
        os.close(slave)
        self.pid = pid
        self.buffer = bytearray()
        self.watch = None  # bytes whose first appearance time is recorded in self.seen
        self.seen = None
        self.rusage = None
        self.status = None

    def read(self, timeout):
        """Reads what arrives within `timeout` s; returns the bytes (b'' on timeout/EOF)."""
        r, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not r:
            return b""
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the child closed the pty
            return b""
        self.buffer += data
        if self.watch and self.seen is None and self.watch in self.buffer:
            self.seen = time.monotonic()
        return data

    def read_until(self, predicate, timeout):
        """Reads until predicate(buffer) holds; returns the time it did, or None."""
        deadline = time.monotonic() + timeout
        while not predicate(self.buffer):
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            if not self.read(min(left, 0.5)) and self.exited():
                return None
        return time.monotonic()

    def drain_until_quiet(self, quiet, limit=30.0):
        """Reads until nothing arrived for `quiet` s; returns (bytes, bursts)."""
        total, bursts, last = 0, 0, None
        end = time.monotonic() + limit
        while time.monotonic() < end:
            data = self.read(quiet)
            if not data:
                break
            now = time.monotonic()
            if last is None or now - last > 0.004:
                bursts += 1
            last = now
            total += len(data)
        return total, bursts

    def send(self, data):
        os.write(self.master, data)

    def cpu_ms(self):
        """CPU time so far, every thread: from schedstat (nanoseconds) where the kernel
        has it, else utime + stime (clock ticks, 10 ms)."""
        try:
            total = 0
            for task in os.listdir("/proc/%d/task" % self.pid):
                with open("/proc/%d/task/%s/schedstat" % (self.pid, task)) as f:
                    total += int(f.read().split()[0])
            return total / 1e6
        except (OSError, ValueError, IndexError):
            pass
        with open("/proc/%d/stat" % self.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        # fields[0] is the state (field 3); utime and stime are fields 14 and 15
        return (int(fields[11]) + int(fields[12])) * 1000.0 / CLK_TCK

    def exited(self):
        if self.status is not None:
            return True
        pid, status, rusage = os.wait4(self.pid, os.WNOHANG)
        if pid == self.pid:
            self.status, self.rusage = status, rusage
            return True
        return False

    def peak_kib(self):
        """The high-water mark of the child's resident memory (VmHWM), in KiB."""
        try:
            with open("/proc/%d/status" % self.pid) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def quit(self, timeout=5.0):
        """Sends q, waits for the exit; returns the peak RSS in KiB (None if it had to be killed)."""
        peak = self.peak_kib()
        if self.status is None:
            try:
                self.send(b"q")
            except OSError:
                pass
            deadline = time.monotonic() + timeout
            while not self.exited() and time.monotonic() < deadline:
                self.read(0.05)
            if self.status is None:
                os.kill(self.pid, signal.SIGKILL)
                _, self.status, self.rusage = os.wait4(self.pid, 0)
                os.close(self.master)
                return None
        os.close(self.master)
        return peak


def tab_bar(buf):
    return b"Mon" in buf and b"Sun" in buf


def percentile(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def fmt(v):
    if v is None:
        return "n/a"
    if isinstance(v, float):
        return "%.1f" % v if v >= 10 else "%.2f" % v
    return str(v)
