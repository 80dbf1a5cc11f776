// The Python side of the code sandbox: a warm fork-server, one per worker, inside bubblewrap (or,
// opted in, unisolated). Per answer it forks a tester T (holds the tests in memory and the result
// pipe to the server); T forks the candidate K (closes every other fd, drops to its own uid when the
// server may switch uids, gets rlimits and a fresh private work dir) and talks to it over a socket
// carrying only plain data. So K can neither read the tests, nor write the verdict, nor hand T an
// object whose `__eq__` lies: T rebuilds every value from builtin types. After each answer the
// server kills every other process it can see (its own PID namespace when isolated) and removes
// the work dir, so nothing of one answer reaches the next.
// Protocol with Node: one JSON object a line on stdin (a job), one a line on stdout (its result).
// argv: <mode: priv|same> <candidate uid> <isolated: 1|0> <runs dir>. In priv mode (bwrap run by root)
// the server and T stay root with only CAP_SETUID/SETGID/CHOWN/KILL, and K runs as its own uid, so K
// cannot signal T or the server, and RLIMIT_NPROC (which never binds root) bounds K's processes.
import { FORK_SERVER_WIRE } from './forkServerWire';

export const FORK_SERVER_SOURCE = FORK_SERVER_WIRE + String.raw`
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

def start_candidate(job, work, script, stdin_text=None):
    """Forks K; returns (pid, chan, stdout drain, stderr drain)."""
    a, b = socket.socketpair() if not script else (None, None)
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    in_r, in_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.dup2(in_r, 0)
            os.dup2(out_w, 1)
            os.dup2(err_w, 2)
            close_all_but({0, 1, 2} | ({b.fileno()} if b else set()))
            drop_to(K_UID)
            limit(job, 64)
            candidate_main(job, work, b, script)
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
    for fd in (in_r, out_w, err_w):
        os.close(fd)
    if b:
        b.close()
    # stdin goes in from a thread, so a program that never reads cannot block T.
    def feed():
        try:
            if stdin_text:
                os.write(in_w, stdin_text.encode())
        except OSError:
            pass
        finally:
            os.close(in_w)
    threading.Thread(target=feed, daemon=True).start()
    return pid, a, Drain(out_r), Drain(err_r)

EXC = {n: c for n, c in vars(builtins).items() if isinstance(c, type) and issubclass(c, Exception)}

class CandidateGone(Exception):
    pass

class Candidate:
    """The model's program in K, called through proxies that return only plain data."""
    def __init__(self, job, work):
        self.pid, self.chan, self.out, self.err = start_candidate(job, work, False)
        self.gone = False
        msg = recv(self.chan)
        if msg is None:
            self.gone = True
            raise Failure("the program exited while loading" + self.stderr_tail())
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
    def stderr_tail(self):
        last = self.err.text().strip().splitlines()[-1:]
        return " (" + last[0][:300] + ")" if last else ""
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
        pid, _, out, err = start_candidate(job, work, True, case["input"])
        _, status = os.waitpid(pid, 0)
        got = out.text()
        if not same_output(got, case["output"]):
            tail = err.text().strip().splitlines()[-1:] or ["exit status " + str(os.waitstatus_to_exitcode(status))]
            raise Failure("stdin case " + str(i + 1) + ": expected " + repr(case["output"][:200]) + ", got " + repr(got[:200]) + " (" + tail[0][:200] + ")")
        ran += 1
    if not ran:
        raise Failure("no tests to run")
    return {"status": "pass", "message": "all tests passed" if ran == 1 else "all " + str(ran) + " test groups passed"}

def tester_main(job, work, w):
    # T: trusted; holds the tests and the write end of the result pipe.
    try:
        os.setsid()
        null = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        close_all_but({0, 1, 2, w})
        limit(job, 256)
        result = run_tests(job, work)
    except Failure as e:
        result = {"status": "fail", "message": str(e)}
    except BaseException as e:
        result = {"status": "fail", "message": "the tests raised " + check_failure(e)}
    data = json.dumps(result).encode()
    while data:
        data = data[os.write(w, data):]
    os._exit(0)

def read_result(r, deadline):
    chunks = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([r], [], [], left)
        if ready:
            b = os.read(r, 65536)
            if not b:
                return b"".join(chunks)
            chunks.append(b)

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

def kill_all(tester_pid):
    # Isolated: every process in this PID namespace but init and the server. Unisolated: T's session.
    for _ in range(1000):
        try:
            if ISOLATED:
                os.kill(-1, signal.SIGKILL)
            else:
                os.killpg(tester_pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            pass
        if not ISOLATED or not others():
            return

def remove_dir(path):
    pid = os.fork()
    if pid == 0:
        try:
            drop_to(K_UID)
            for root, dirs, _ in os.walk(path):
                for d in dirs:
                    try:
                        os.chmod(os.path.join(root, d), 0o700)
                    except OSError:
                        pass
            shutil.rmtree(path, ignore_errors=True)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    shutil.rmtree(path, ignore_errors=True)

def run_job(job, seq):
    work = os.path.join(RUNS, str(seq) + "-" + os.urandom(8).hex())
    os.mkdir(work, 0o700)
    if PRIV:
        os.chown(work, K_UID, K_UID)
    r, w = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        tester_main(job, work, w)
    os.close(w)
    data = read_result(r, started + job["timeoutMs"] / 1000)
    os.close(r)
    kill_all(pid)
    remove_dir(work)
    ms = int((time.monotonic() - started) * 1000)
    if data is None:
        return {"status": "timeout", "message": "stopped after " + str(ms) + " ms (time limit)", "durationMs": ms}
    try:
        result = json.loads(data)
    except ValueError:
        result = {"status": "fail", "message": "the tester ended without a verdict (killed by the program?)"}
    result["durationMs"] = ms
    return result

def main():
    set_undumpable()
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
