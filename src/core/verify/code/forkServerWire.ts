// The fork-server's building blocks (see forkServerSource.ts): process set-up (fds, uid, rlimits)
// and the plain-data wire between the tester and the candidate. Values travel as [tag, payload];
// decode() builds builtin types only, so no object the candidate made ever reaches the tests.
export const FORK_SERVER_WIRE = String.raw`import os, sys, json, time, signal, select, socket, struct, builtins, traceback, linecache, resource, shutil, decimal
# Warm only what answers import most: each module makes every fork a little dearer.
for _m in ("typing", "math", "re", "collections", "itertools", "functools", "heapq", "bisect", "string"):
    try:
        __import__(_m)
    except Exception:
        pass

PRIV = sys.argv[1] == "priv"
K_UID = int(sys.argv[2])
ISOLATED = sys.argv[3] == "1"
RUNS = sys.argv[4]
# Run with -S (site's .pth processing is slow and makes every fork dearer): its paths come from Node.
SITE_PATHS = [p for p in sys.argv[5].split(os.pathsep) if p]
MAX_FRAME = 16 * 1024 * 1024

def set_undumpable():
    # Not ptrace-able and /proc/<pid>/{fd,mem,environ} closed to same-uid processes.
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)
    except Exception:
        pass

def close_all_but(keep):
    # close_range(2) in one call per gap: listing /proc/self/fd costs a fork child ~5 ms here.
    low = 0
    for fd in sorted(keep) + [1 << 20]:
        if fd > low:
            os.closerange(low, fd)
        low = fd + 1

def drop_to(uid):
    if PRIV:
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)

def limit(job, nproc):
    mem = int(job["memoryMb"]) * 1024 * 1024
    cpu = int(job["timeoutMs"] / 1000) + 1
    for which, value in ((resource.RLIMIT_AS, mem), (resource.RLIMIT_CPU, cpu), (resource.RLIMIT_FSIZE, 16 * 1024 * 1024), (resource.RLIMIT_CORE, 0), (resource.RLIMIT_NPROC, nproc)):
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):
            pass

# Plain data on the wire: every value is [tag, payload]; decode builds builtin types only.
def encode(v, depth=0):
    if depth > 200:
        raise TypeError("value nested too deeply")
    t = type(v)
    if v is None: return ["n"]
    if t is bool: return ["b", v]
    if t is int: return ["i", hex(v)]
    if t is float: return ["f", v.hex()]
    if t is str: return ["s", v]
    if t is bytes: return ["y", v.hex()]
    if t is complex: return ["c", [v.real.hex(), v.imag.hex()]]
    if t is list: return ["l", [encode(x, depth + 1) for x in v]]
    if t is tuple: return ["t", [encode(x, depth + 1) for x in v]]
    if t is set: return ["S", [encode(x, depth + 1) for x in v]]
    if t is frozenset: return ["F", [encode(x, depth + 1) for x in v]]
    if t is dict: return ["d", [[encode(k, depth + 1), encode(x, depth + 1)] for k, x in v.items()]]
    raise TypeError("not plain data: a value of type " + t.__name__)

def decode(e, depth=0):
    if depth > 200 or type(e) is not list or not e or type(e[0]) is not str:
        raise ValueError("malformed value")
    tag = e[0]
    p = e[1] if len(e) > 1 else None
    if tag == "n": return None
    if tag == "b" and type(p) is bool: return p
    if tag == "i" and type(p) is str: return int(p, 16)
    if tag == "f" and type(p) is str: return float.fromhex(p)
    if tag == "s" and type(p) is str: return p
    if tag == "y" and type(p) is str: return bytes.fromhex(p)
    if tag == "c" and type(p) is list and len(p) == 2: return complex(float.fromhex(p[0]), float.fromhex(p[1]))
    if type(p) is list:
        if tag == "l": return [decode(x, depth + 1) for x in p]
        if tag == "t": return tuple(decode(x, depth + 1) for x in p)
        if tag == "S": return set(decode(x, depth + 1) for x in p)
        if tag == "F": return frozenset(decode(x, depth + 1) for x in p)
        if tag == "d": return {decode(kv[0], depth + 1): decode(kv[1], depth + 1) for kv in p}
    raise ValueError("malformed value")

def send(sock, obj):
    data = json.dumps(obj).encode()
    sock.sendall(struct.pack(">I", len(data)) + data)

def recv_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            return None
        buf += chunk
    return buf

def recv(sock):
    head = recv_exact(sock, 4)
    if head is None:
        return None
    n = struct.unpack(">I", head)[0]
    if n > MAX_FRAME:
        raise ValueError("reply too large")
    body = recv_exact(sock, n)
    return None if body is None else json.loads(body)

class Failure(Exception):
    pass
`;
