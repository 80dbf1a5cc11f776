// The Python side of the code sandbox: a warm fork-server, one per worker, inside bubblewrap (or,
// opted in, unisolated). The server is the tester: it holds the tests in memory and its channel to
// Node. Per answer it forks a candidate K (every other fd closed, its own uid when the server may
// switch uids, rlimits, a fresh private work dir) and talks to it over a socket carrying only plain
// data. So K can neither read the tests, nor write the verdict, nor hand the tests an object whose
// `__eq__` lies: every value is rebuilt from builtin types. After each answer the server kills every
// other process it can see (its own PID namespace when isolated) and removes the work dir, so
// nothing of one answer reaches the next. One fork per answer (per stdin case) keeps it fast.
// Protocol with Node: one JSON object a line on stdin (a job), one a line on stdout (its result).
// argv: <mode: priv|same> <candidate uid> <isolated: 1|0> <runs dir> <site dirs, path-separated>.
// In priv mode (bwrap run by root) the server stays root with only CAP_SETUID/SETGID/CHOWN/KILL/
// DAC_OVERRIDE/FOWNER and K runs as its own uid, so K cannot signal or trace the server, and
// RLIMIT_NPROC (which never binds root) bounds K's processes.
import { FORK_SERVER_WIRE } from './forkServerWire';

export const FORK_SERVER_SOURCE =
  FORK_SERVER_WIRE +
  String.raw`
def candidate_main(job, work, chan, script):
    # K: runs the model's program; everything here is hostile from the exec on.
    os.chdir(work)
    os.environ.clear()
    os.environ.update({"HOME": work, "TMPDIR": work, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    code = job["program"]
    if script:
        sys.argv = ["candidate.py"]
        exec(compile(code, "candidate.py", "exec"), {"__name__": "__main__", "__builtins__": builtins})
        sys.stdout.flush()
        return
    ns = {"__name__": "candidate", "__builtins__": builtins}
    try:
        exec(compile(code, "candidate.py", "exec"), ns)
    except BaseException as e:
        send(chan, ["loaderr", type(e).__name__ + ": " + str(e)[:500]])
        return
    send(chan, ["ready", [n for n, v in ns.items() if not n.startswith("__") and callable(v)]])
    while True:
        msg = recv(chan)
        if msg is None:
            return
        name, args, kwargs = msg[1], msg[2], msg[3]
        try:
            target = ns.get(name)
            if not callable(target) and callable(getattr(ns.get("Solution"), name, None)):
                target = getattr(ns["Solution"](), name)
            result = target(*[decode(a) for a in args], **{k: decode(v) for k, v in kwargs.items()})
            reply = ["ok", encode(result)]
        except BaseException as e:
            reply = ["exc", type(e).__name__, str(e)[:500]]
        send(chan, reply)

def start_candidate(job, work, script):
    """Forks K. Module mode: returns (pid, socket); its stdio is /dev/null. Script mode: returns
    (pid, (stdin w, stdout r, stderr r)) for communicate()."""
    chan, theirs = socket.socketpair() if not script else (None, None)
    pipes = [os.pipe() for _ in range(3)] if script else None
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.setpgid(0, 0)
            if script:
                for fd, (r, w) in enumerate(pipes):
                    os.dup2(r if fd == 0 else w, fd)
            else:
                null = os.open("/dev/null", os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
            close_all_but({0, 1, 2} | ({theirs.fileno()} if theirs else set()))
            drop_to(K_UID)
            limit(job, 64)
            candidate_main(job, work, theirs, script)
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        except BaseException:
            traceback.print_exc()
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except BaseException:
                pass
            os._exit(code)
    CANDIDATES.append(pid)
    if script:
        for fd, (r, w) in enumerate(pipes):
            os.close(r if fd == 0 else w)
        return pid, (pipes[0][1], pipes[1][0], pipes[2][0])
    theirs.close()
    return pid, chan

def communicate(fds, stdin_text, limit=1024 * 1024):
    """Feeds stdin and reads stdout/stderr to their ends (kept to limit bytes), without threads."""
    w, out_r, err_r = fds
    pending = stdin_text.encode()
    got = {out_r: [], err_r: []}
    size = {out_r: 0, err_r: 0}
    if not pending:
        os.close(w)
        w = None
    while got and (w is not None or out_r in got or err_r in got):
        readers = [fd for fd in (out_r, err_r) if fd in size and size[fd] >= 0]
        ready_r, ready_w, _ = select.select(readers, [w] if w is not None else [], [])
        if w is not None and ready_w:
            try:
                pending = pending[os.write(w, pending[:65536]):]
            except OSError:
                pending = b""
            if not pending:
                os.close(w)
                w = None
        for fd in ready_r:
            b = os.read(fd, 65536)
            if not b:
                os.close(fd)
                size[fd] = -1
            elif size[fd] < limit:
                got[fd].append(b[: limit - size[fd]])
                size[fd] += len(got[fd][-1])
        if w is None and size[out_r] < 0 and size[err_r] < 0:
            break
    text = lambda fd: b"".join(got[fd]).decode("utf-8", "replace")
    return text(out_r), text(err_r)

EXC = {n: c for n, c in vars(builtins).items() if isinstance(c, type) and issubclass(c, Exception)}

class CandidateGone(Exception):
    pass

class Candidate:
    """The model's program in K, called through proxies that return only plain data."""
    def __init__(self, job, work):
        self.pid, self.chan = start_candidate(job, work, False)
        self.gone = False
        msg = recv(self.chan)
        if msg is None:
            self.gone = True
            raise Failure("the program exited while loading")
        if msg[0] == "loaderr":
            raise Failure("the program raised while loading: " + str(msg[1]))
        self.callables = [n for n in msg[1] if type(n) is str and n.isidentifier()] if msg[0] == "ready" and type(msg[1]) is list else []
    def call(self, name, args, kwargs):
        if self.gone:
            raise CandidateGone("the program is no longer running")
        send(self.chan, ["call", name, [encode(a) for a in args], {k: encode(v) for k, v in kwargs.items()}])
        msg = recv(self.chan)
        if msg is None:
            self.gone = True
            raise CandidateGone("the program exited during a call")
        if msg[0] == "ok":
            return decode(msg[1])
        if msg[0] == "exc":
            cls = EXC.get(str(msg[1]), RuntimeError)
            raise cls(str(msg[1]) + ": " + str(msg[2]) if cls is RuntimeError else str(msg[2]))
        raise CandidateGone("the program sent a malformed reply")
    def proxy(self, name):
        cand = self
        def call(*args, **kwargs):
            return cand.call(name, args, kwargs)
        call.__name__ = name
        return call
    def close(self):
        self.chan.close()

def normalised_lines(text):
    lines = [" ".join(line.split()) for line in text.strip().splitlines()]
    return [line for line in lines]

def same_output(got, want):
    a, b = normalised_lines(got), normalised_lines(want)
    if a == b:
        return True
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        xs, ys = x.split(), y.split()
        if len(xs) != len(ys):
            return False
        try:
            if any(decimal.Decimal(p) != decimal.Decimal(q) for p, q in zip(xs, ys)):
                return False
        except decimal.InvalidOperation:
            return False
    return True

def check_failure(e):
    """The line of the test that failed, from a traceback over the in-memory test source."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == "test_code.py"]
    where = (" at test line " + str(frames[-1].lineno) + ": " + (frames[-1].line or "").strip()) if frames else ""
    text = str(e)[:300]
    return type(e).__name__ + where + (" (" + text + ")" if text else "")

def run_tests(job, work):
    ran = 0
    if job.get("test"):
        cand = Candidate(job, work)
        test = job["test"]
        linecache.cache["test_code.py"] = (len(test), None, test.splitlines(True), "test_code.py")
        ns = {"__name__": "__test__", "__builtins__": builtins}
        for n in cand.callables:
            ns[n] = cand.proxy(n)
        exec(compile(test, "test_code.py", "exec"), ns)
        if not callable(ns.get("check")):
            raise Failure("the test code defines no check(candidate)")
        try:
            ns["check"](cand.proxy(job["entry"]))
        except Exception as e:
            raise Failure(check_failure(e))
        if cand.gone:
            raise Failure("the program exited during the tests")
        cand.close()
        ran += 1
    functional = [c for c in job.get("cases", []) if c["kind"] == "functional"]
    if functional:
        cand = Candidate(job, work)
        for i, case in enumerate(functional):
            args = [json.loads(line) for line in case["input"].split("\n") if line.strip()]
            want = json.loads(case["output"])
            try:
                got = cand.call(job["entry"], args, {})
            except Exception as e:
                raise Failure("case " + str(i + 1) + ": " + type(e).__name__ + ": " + str(e)[:300])
            if isinstance(got, tuple):
                got = list(got)
            if got != want:
                raise Failure("case " + str(i + 1) + ": expected " + case["output"][:200] + ", got " + repr(got)[:200])
            ran += 1
        cand.close()
    for i, case in enumerate([c for c in job.get("cases", []) if c["kind"] == "stdin"]):
        pid, fds = start_candidate(job, work, True)
        got, err = communicate(fds, case["input"])
        _, status = os.waitpid(pid, 0)
        if not same_output(got, case["output"]):
            tail = err.strip().splitlines()[-1:] or ["exit status " + str(os.waitstatus_to_exitcode(status))]
            raise Failure("stdin case " + str(i + 1) + ": expected " + repr(case["output"][:200]) + ", got " + repr(got[:200]) + " (" + tail[0][:200] + ")")
        ran += 1
    if not ran:
        raise Failure("no tests to run")
    return {"status": "pass", "message": "all tests passed" if ran == 1 else "all " + str(ran) + " test groups passed"}

class Timeout(BaseException):
    """The answer's time limit; a BaseException so no "except Exception" in a test can swallow it."""

def on_alarm(signum, frame):
    raise Timeout()

def others():
    me = os.getpid()
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit() and int(d) not in (1, me):
            try:
                with open("/proc/" + d + "/stat") as f:
                    if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                        out.append(int(d))
            except OSError:
                pass
    return out

CANDIDATES = []

def kill_all():
    # Isolated: every process in this PID namespace but init and the server. Unisolated: the
    # candidates' process groups (a candidate that leaves its group can outlive the answer there).
    for _ in range(1000):
        for target in ([-1] if ISOLATED else [-pid for pid in CANDIDATES]):
            try:
                os.kill(target, signal.SIGKILL)
            except OSError:
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            pass
        if not ISOLATED or not others():
            break
    CANDIDATES.clear()

def remove_dir(path):
    # The server may: same uid, or root with CAP_DAC_OVERRIDE/FOWNER. Modes first, for a 0000 dir.
    for root, dirs, _ in os.walk(path):
        for d in dirs:
            try:
                os.chmod(os.path.join(root, d), 0o700)
            except OSError:
                pass
    shutil.rmtree(path, ignore_errors=True)

def run_job(job, seq):
    # The server is the tester: it holds the tests and its channel to Node; candidates are forks.
    work = os.path.join(RUNS, str(seq) + "-" + os.urandom(8).hex())
    os.mkdir(work, 0o700)
    if PRIV:
        os.chown(work, K_UID, K_UID)
    started = time.monotonic()
    cpu_before = cpu_seconds()
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, job["timeoutMs"] / 1000)
            result = run_tests(job, work)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except Timeout:
        result = {"status": "timeout", "message": "stopped after " + str(int((time.monotonic() - started) * 1000)) + " ms (time limit)"}
    except Failure as e:
        result = {"status": "fail", "message": str(e)}
    except BaseException as e:
        result = {"status": "fail", "message": "the tests raised " + check_failure(e)}
    kill_all()
    remove_dir(work)
    result["durationMs"] = int((time.monotonic() - started) * 1000)
    result["cpuMs"] = round((cpu_seconds() - cpu_before) * 1000, 2)
    return result

def cpu_seconds():
    # The server's own CPU and its reaped candidates' (the benchmark reports CPU per answer).
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

WARM_PROGRAM = """
from typing import List
def intersperse(numbers: List[int], delimeter: int) -> List[int]:
    out = []
    for i, x in enumerate(numbers):
        if i:
            out.append(delimeter)
        out.append(x)
    return out
def check(candidate):
    assert candidate([5, 6], 8) == [5, 8, 6], "message"
"""

def warm_up():
    # What a candidate's first compile and first message would set up lazily (about 15 ms of CPU on
    # a loaded 2-core machine) is set up once here, before the forks, instead of once per answer.
    ns = {"__name__": "warm", "__builtins__": builtins}
    exec(compile(WARM_PROGRAM, "candidate.py", "exec"), ns)
    ns["check"](ns["intersperse"])
    value = [1, 2.5, "s", b"b", (1, None), {1: True}, {2}, frozenset(), 3j]
    assert decode(json.loads(json.dumps(encode(value)))) == value

def main():
    set_undumpable()
    signal.signal(signal.SIGALRM, on_alarm)
    sys.path.extend(p for p in SITE_PATHS if p not in sys.path)
    os.makedirs(RUNS, 0o711 if PRIV else 0o700, exist_ok=True)
    chan_in = os.fdopen(os.dup(0), "rb")
    chan_out = os.dup(1)
    null = os.open("/dev/null", os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    def reply(obj):
        data = (json.dumps(obj) + "\n").encode()
        while data:
            data = data[os.write(chan_out, data):]
    warm_up()
    # Forked children inherit a frozen heap: the collector never walks (and copies) it.
    import gc
    gc.collect()
    gc.freeze()
    reply({"ready": True, "pid": os.getpid()})
    seq = 0
    for line in chan_in:
        job = json.loads(line)
        seq += 1
        try:
            result = run_job(job, seq)
        except Exception as e:
            result = {"status": "error", "message": "sandbox error: " + type(e).__name__ + ": " + str(e)}
        result["id"] = job["id"]
        reply(result)

main()
`;
