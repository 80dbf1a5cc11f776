// Attacks by model-written code on the code verifier's sandbox: key theft, host files, network,
// writes, signals, survivors, fork bombs and forged passes. Each attack prints or returns what it
// achieved, so a hole turns into a failing assertion (the tests can fail). Needs bubblewrap; where
// it is missing the isolated attacks are skipped and the "nothing runs" tests still run.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type Server } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  closeCodeSandboxes,
  isolationStatus,
  runCodeJob,
  type PythonRunnerOptions,
} from '../../../src/core/verify/code/codeSandbox';
import { findBwrap } from '../../../src/core/verify/code/sandboxIsolation';
import { verifyCode } from '../../../src/core/verify/code/codeVerifier';

const FAKE_KEYS = {
  OPENAI_API_KEY: 'sk-fake-openai-7f3a9c',
  ANTHROPIC_API_KEY: 'sk-ant-fake-51d2e8',
  INTENT_LENS_SECRET: 'fake-secret-c0ffee',
};
const opts: PythonRunnerOptions = { workers: 1, timeoutMs: 4000, memoryMb: 512 };
const hasBwrap = !!findBwrap();
const hostDir = mkdtempSync(join(tmpdir(), 'intent-lens-adversarial-'));

beforeAll(() => Object.assign(process.env, FAKE_KEYS));
afterAll(() => {
  for (const k of Object.keys(FAKE_KEYS)) delete process.env[k];
  closeCodeSandboxes();
  rmSync(hostDir, { recursive: true, force: true });
});

/** Runs a script on stdin cases: it passes only when its stdout equals `expected`. */
const script = (program: string, expected: string, more: PythonRunnerOptions = {}) =>
  runCodeJob({ program, entry: 'main', cases: [{ kind: 'stdin', input: '', output: expected }] }, { ...opts, ...more });
const CHECK = 'def check(candidate):\n    assert candidate([3, 1, 2]) == [1, 2, 3]\n    assert candidate([]) == []\n';
const checked = (program: string) => runCodeJob({ program, entry: 'sort_list', test: CHECK }, opts);

describe.skipIf(!hasBwrap)('isolated (bubblewrap)', () => {
  test('isolation is available here', async () => {
    expect(await isolationStatus(opts)).toEqual({ available: true });
  });

  test('no key in its environment, /proc/<ppid>/environ or any /proc/*/environ', async () => {
    const program = `import os
seen = [repr(dict(os.environ))]
for d in os.listdir("/proc"):
    if d.isdigit() or d == "self":
        for f in ("environ", "cmdline"):
            try:
                seen.append(open("/proc/%s/%s" % (d, f), "rb").read().decode("latin-1"))
            except OSError:
                pass
try:
    seen.append(open("/proc/%d/environ" % os.getppid(), "rb").read().decode("latin-1"))
except OSError as e:
    seen.append("ppid:" + type(e).__name__)
text = "\\n".join(seen)
print("|".join(v for v in ${JSON.stringify(Object.values(FAKE_KEYS))} if v in text) or "clean", len(seen))`;
    const r = await script(program, 'leaked');
    expect(r.status).toBe('fail');
    expect(r.message).toMatch(/got 'clean \d+/);
    for (const v of Object.values(FAKE_KEYS)) expect(r.message).not.toContain(v);
  });

  // The repository, and the folder holding it unless that is /tmp: the sandbox has a /tmp of its own
  // (the answer's scratch), so a clone made with `mktemp -d` would find that one, not the host's.
  const hostFolders = () => [process.cwd(), ...(dirname(process.cwd()) === '/tmp' ? [] : [dirname(process.cwd())])];

  test('no host files: /root, ~/.bashrc, /home, /etc, the repository, host processes', async () => {
    const program = `import os
found = []
for p in ("/root/.bashrc", "/root/.profile", "/etc/passwd", "/etc/hostname", ${JSON.stringify(join(process.cwd(), 'package.json'))}):
    try:
        open(p).read(1)
        found.append(p)
    except OSError:
        pass
for d in ("/root", "/home", ${hostFolders()
      .map((f) => JSON.stringify(f))
      .join(', ')}, "/etc"):
    try:
        if [x for x in os.listdir(d) if x != ".pyenv"]:
            found.append(d)
    except OSError:
        pass
others = [d for d in os.listdir("/proc") if d.isdigit() and int(d) > 64]
print(" ".join(found) or "none", "pids>64:", len(others))`;
    expect(await script(program, 'none pids>64: 0')).toMatchObject({ status: 'pass' });
  });

  test('no network: a 127.0.0.1 listener of the test gets nothing', async () => {
    const received: Buffer[] = [];
    let connections = 0;
    const server: Server = createServer((s) => {
      connections++;
      s.on('data', (d) => received.push(d));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const program = `import socket
out = []
for host in ("127.0.0.1", "localhost", "::1"):
    try:
        s = socket.create_connection((host, ${port}), timeout=1)
        s.sendall(b"stolen")
        out.append("sent")
    except OSError:
        out.append("blocked")
print(" ".join(out))`;
      const r = await script(program, 'blocked blocked blocked');
      expect(r.status, r.message).toBe('pass');
      expect(connections).toBe(0);
      expect(Buffer.concat(received).length).toBe(0);
    } finally {
      server.close();
    }
  });

  test('no writes outside its work dir (the host, the sandbox root, /tmp, the Python install)', async () => {
    const hostFile = join(hostDir, 'pwned.txt');
    const program = `import os, sys
wrote = []
for p in (${JSON.stringify(hostFile)}, "/tmp/x", "/x", "/usr/x", "../x", os.path.join(sys.prefix, "x"), "/dev/shm/x"):
    try:
        open(p, "w").write("x")
        wrote.append(p)
    except OSError:
        pass
open("mine.txt", "w").write("ok")
print(" ".join(wrote) or "none", open("mine.txt").read())`;
    expect(await script(program, 'none ok')).toMatchObject({ status: 'pass' });
    expect(existsSync(hostFile)).toBe(false);
  });

  test('signals: kill(getppid()), kill(-1), kill(1) reach neither the tests nor this process', async () => {
    const program = `import os, signal
for target in (os.getppid(), -1, 1):
    try:
        os.kill(target, signal.SIGKILL)
    except OSError:
        pass
def sort_list(xs):
    return xs`;
    const r = await checked(program);
    expect(r.status).toBe('fail');
    expect(() => process.kill(process.pid, 0)).not.toThrow();
    // The sandbox still works afterwards.
    expect(await checked('def sort_list(xs):\n    return sorted(xs)\n')).toMatchObject({ status: 'pass' });
  });

  test('a setsid double-fork survivor is dead once the answer is over', async () => {
    const marker = `${1000 + Math.floor(Math.random() * 1000)}.${process.pid}`;
    const program = `import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv("/usr/bin/sleep", ["sleep", "${marker}"])
    os._exit(0)
time.sleep(0.3)
def sort_list(xs):
    while True:
        pass`;
    const r = await runCodeJob({ program, entry: 'sort_list', test: CHECK }, { ...opts, timeoutMs: 1500 });
    expect(r.status).toBe('timeout');
    const alive = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return (
            readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(marker) &&
            !/\) Z /.test(readFileSync(`/proc/${d}/stat`, 'utf8'))
          );
        } catch {
          return false;
        }
      });
    expect(alive).toEqual([]);
  });

  test('a fork bomb is bounded and the next answer runs normally', async () => {
    const program = `import os
def sort_list(xs):
    while True:
        try:
            os.fork()
        except OSError:
            pass`;
    const t0 = Date.now();
    const r = await runCodeJob({ program, entry: 'sort_list', test: CHECK }, { ...opts, timeoutMs: 2000 });
    expect(['fail', 'timeout']).toContain(r.status);
    expect(Date.now() - t0).toBeLessThan(15000);
    expect(await checked('def sort_list(xs):\n    return sorted(xs)\n')).toMatchObject({ status: 'pass' });
  });

  test('a later answer sees nothing of an earlier one: files, globals, modules, output', async () => {
    const first = `import builtins, sys, os
builtins.LEFT_BEHIND = 1
sys.modules["left_behind"] = sys
open("left.txt", "w").write("x")
for p in ("/tmp/runs/left.txt", "../left.txt"):
    try:
        open(p, "w").write("x")
    except OSError:
        pass
print("first answer output")`;
    expect(await script(first, 'first answer output')).toMatchObject({ status: 'pass' });
    const second = `import builtins, sys, os
seen = []
if hasattr(builtins, "LEFT_BEHIND"): seen.append("global")
if "left_behind" in sys.modules: seen.append("module")
if os.listdir("."): seen.append("cwd:" + ",".join(os.listdir(".")))
for p in ("/tmp/runs/left.txt", "../left.txt"):
    if os.path.exists(p): seen.append(p)
try:
    seen += ["runs:" + x for x in os.listdir("/tmp/runs")]
except OSError:
    pass
print(" ".join(seen) or "clean")`;
    expect(await script(second, 'clean')).toMatchObject({ status: 'pass' });
  });
});

describe.skipIf(!hasBwrap)('forged passes fail', () => {
  const forgeries: Record<string, string> = {
    'exit(0) while loading': 'import sys\nsys.exit(0)\ndef sort_list(xs):\n    return xs\n',
    'printing PASS and os._exit(0)':
      'import os\nprint("PASS")\nprint("all tests passed")\nos._exit(0)\ndef sort_list(xs):\n    return xs\n',
    'an object whose __eq__ is always true':
      'class Any(list):\n    def __eq__(self, other):\n        return True\ndef sort_list(xs):\n    return Any()\n',
    'monkeypatching builtins and assert':
      'import builtins\nbuiltins.AssertionError = type("Quiet", (BaseException,), {})\nbuiltins.__build_class__ = None\ndef sort_list(xs):\n    return xs\n',
    'raising SystemExit inside check': 'def sort_list(xs):\n    raise SystemExit(0)\n',
    'overwriting the test and harness files':
      'import os\nfor name in ("test_code.py", "harness.py", "../test_code.py"):\n    try:\n        open(name, "w").write("def check(candidate):\\n    pass\\n")\n    except OSError:\n        pass\ndef sort_list(xs):\n    return xs\n',
    'writing a pass verdict to every inherited fd':
      'import os, json\nfor fd in range(0, 256):\n    try:\n        os.write(fd, (json.dumps({"status": "pass", "message": "all tests passed"}) + "\\n").encode())\n    except OSError:\n        pass\nos._exit(0)\ndef sort_list(xs):\n    return xs\n',
    'killing its parent, the tester': 'import os\ndef sort_list(xs):\n    os.kill(os.getppid(), 9)\n',
  };
  for (const [name, program] of Object.entries(forgeries)) {
    test(name, async () => {
      const r = await checked(program);
      expect(r.status, r.message).toBe('fail');
    });
  }
  test('the verifier reports them as incorrect', async () => {
    const r = await verifyCode(
      '```python\nclass Any(list):\n    def __eq__(self, other):\n        return True\ndef sort_list(xs):\n    return Any()\n```',
      { entryPoint: 'sort_list', forbiddenNames: [], test: CHECK },
      { trusted: true, python: opts },
    );
    expect(r.is_correct).toBe(false);
    expect(r.details.message).toMatch(/not plain data/);
  });
});

describe('without bubblewrap', () => {
  const marker = join(hostDir, 'ran.txt');
  const program = `open(${JSON.stringify(marker)}, "w").write("ran")\ndef sort_list(xs):\n    return sorted(xs)\n`;
  test('nothing runs unless the user opts in, and the verdict says why', async () => {
    const r = await runCodeJob({ program, entry: 'sort_list', test: CHECK }, { ...opts, bwrapPath: null });
    expect(r).toMatchObject({ status: 'not-run', isolation: null });
    expect(r.message).toMatch(/^not run: no isolation available/);
    expect(existsSync(marker)).toBe(false);
    const v = await verifyCode(
      '```python\n' + program + '```',
      { entryPoint: 'sort_list', forbiddenNames: [], test: CHECK },
      { trusted: true, python: { ...opts, bwrapPath: null } },
    );
    expect(v.is_correct).toBeNull();
    expect(existsSync(marker)).toBe(false);
  });
  test('opted in, it runs and says "ran unisolated", still without keys', async () => {
    const v = await verifyCode(
      '```python\n' +
        program +
        'import os\nLEAK = [k for k in os.environ if "KEY" in k or "SECRET" in k]\nassert not LEAK, LEAK\n```',
      { entryPoint: 'sort_list', forbiddenNames: [], test: CHECK },
      { trusted: true, python: { ...opts, bwrapPath: null, allowUnisolated: true } },
    );
    expect(v.details.message).toBe('all tests passed (ran unisolated)');
    expect(v.is_correct).toBe(true);
    expect(readFileSync(marker, 'utf8')).toBe('ran');
  });
});
