/**
 * The users of bench/sunday.ts on a thread of their own (people are on other machines, so their
 * loops must not share the server's event loop). Plain JavaScript: a worker thread does not take
 * tsx's loader here. workerData: { base, users, warmupS, durationS, seed }. Each user signs in,
 * then sends its next call as soon as the last is answered, a call drawn by the weights below.
 * Answers the latencies of the measured window by call, the failures and the seconds measured.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { base, users, warmupS, durationS } = workerData;

/** The mix of a Sunday: what people open most, and the saves leaders and members make. */
const MIX = [
  ['sign-in', 2],
  ['overview', 18],
  ['unread count', 15],
  ['notifications', 10],
  ['member list page', 20],
  ['profile read', 15],
  ['profile save', 10],
  ['attendance save', 10],
];
const TOTAL = MIX.reduce((n, [, w]) => n + w, 0);

/** A small seeded generator: each run draws the same calls in the same order per user. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function draw(next) {
  let r = next() * TOTAL;
  for (const [name, weight] of MIX) if ((r -= weight) < 0) return name;
  return MIX[0][0];
}

async function call(user, method, path, body) {
  calls++;
  const headers = { 'x-forwarded-for': user.address };
  if (user.token) headers.authorization = `Bearer ${user.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text };
}

async function signIn(user) {
  user.token = undefined;
  const res = await call(user, 'POST', '/Auth/Login', { username: user.email, password: user.password });
  if (res.status === 200) user.token = JSON.parse(res.text).data.token;
  return res;
}

/** One call of the mix for this user. */
function run(user, name, next) {
  switch (name) {
    case 'sign-in':
      return signIn(user);
    case 'overview':
      return call(user, 'GET', '/Stats/GetAdminDashboardStats');
    case 'unread count':
      return call(user, 'GET', '/Notification/GetUnreadCount');
    case 'notifications':
      return call(user, 'GET', '/Notification/GetAllNotifications?PageNumber=1&PageSize=10');
    case 'member list page':
      return call(user, 'GET', `/ChurchAffiliation/GetMemberQuery?PageNumber=${1 + Math.floor(next() * 8)}&PageSize=25`);
    case 'profile read':
      return call(user, 'GET', `/Biodata/GetBiodataByUserId?id=${user.userId}`);
    case 'profile save':
      return call(user, 'PUT', '/Biodata/UpdateBiodata', {
        ...user.biodata,
        mobile2: `0809${String(Math.floor(next() * 1e7)).padStart(7, '0')}`,
      });
    case 'attendance save':
      return call(user, 'POST', '/CIHAttendance/Create', {
        centerId: user.centerId,
        meetingDate: user.meetingDate,
        marks: user.memberIds.map((userId) => ({ userId, present: next() < 0.7 })),
        childrenCount: Math.floor(next() * 10),
      });
    default:
      throw new Error(`unknown call ${name}`);
  }
}

const started = performance.now();
const measureFrom = started + warmupS * 1000;
const until = measureFrom + durationS * 1000;
const latencies = Object.fromEntries(MIX.map(([name]) => [name, []]));
const failures = {};
/** Every call, warm-up and first sign-ins included: the calls whose statements bench/sunday.ts replays. */
let calls = 0;

const loops = users.map(async (user, i) => {
  const next = random(workerData.seed + i * 7919);
  await signIn(user);
  while (performance.now() < until) {
    const name = user.token ? draw(next) : 'sign-in';
    const t = performance.now();
    const res = await run(user, name, next).catch((err) => ({ status: 0, text: String(err) }));
    const ms = performance.now() - t;
    if (t < measureFrom) continue;
    latencies[name].push(ms);
    if (res.status < 200 || res.status > 299) {
      const key = `${name} ${res.status}`;
      failures[key] ??= { count: 0, sample: res.text.slice(0, 200) };
      failures[key].count++;
    }
  }
});

await Promise.all(loops);
parentPort.postMessage({ latencies, failures, calls, seconds: (performance.now() - measureFrom) / 1000 });
